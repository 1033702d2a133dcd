/**
 * What a person agrees to, in Chromium against the served site: every form shows the two
 * purposes besides the enquiry (the group's other divisions, WhatsApp updates), each a box of its
 * own, never ticked, in the page's language, with and without JavaScript, and what was ticked is
 * what the person's consent says; the withdrawal page of the acknowledgement's link lists what
 * they agreed to in their language and withdraws one purpose with one button, without script.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_CHALLENGE_SECRET, EXPORT_TOKEN } from '../../playwright.config.ts';
import { dictionary, type Locale } from '../../src/i18n/index.ts';
import { localizePath } from '../../src/lib/routing/index.ts';
import { consentLinkToken } from '../../src/server/outbound/consent-link.ts';
import { exportedLeads, humanPause, hydrated, readingPause } from '../support/form-filling.ts';
import { expectNoAxeViolations } from '../support/axe.ts';

test.describe.configure({ timeout: 60_000 });

const form = (page: Page) => page.locator('form.enquiry-form');
const team = { authorization: `Bearer ${EXPORT_TOKEN}` };

/** The person of the finance lead sent with `email`, and where their purposes stand. */
const personOf = async (request: APIRequestContext, email: string) => {
  const [lead] = (await exportedLeads(request, 'finance')).filter((one) => one.email === email);
  expect(lead, `a lead from ${email}`).toBeTruthy();
  const answer = await request.get(`/api/people/${String(lead.personId)}`, { headers: team });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { person: { id: string; consent: Record<string, string> } };
};

/** Fills the planning form of /Mutualfunds in the page's language, ticking only the WhatsApp box. */
const fillPlan = async (page: Page, locale: Locale, email: string) => {
  const words = dictionary(locale).form;
  await form(page)
    .getByLabel(words.fields.Username.label, { exact: true })
    .fill(locale === 'ta' ? 'செல்வி முருகன்' : 'Selvi Murugan');
  await form(page)
    .getByLabel(words.fields.phone.label, { exact: true })
    .fill(`9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`);
  await form(page).getByLabel(words.fields.email.label, { exact: true }).fill(email);
  const group = form(page).getByRole('checkbox', { name: words.consentGroup, exact: true });
  const whatsapp = form(page).getByRole('checkbox', { name: words.consentWhatsapp, exact: true });
  await expect(group).not.toBeChecked();
  await expect(whatsapp).not.toBeChecked();
  await whatsapp.check();
  await form(page)
    .getByRole('checkbox', { name: /I agree|ஒப்புக்கொள்கிறேன்/ })
    .check();
};

for (const locale of ['en', 'ta'] as const) {
  test.describe(`the two purposes (${locale})`, () => {
    test('with JavaScript: each its own box, never ticked; what was ticked is what the person agreed to', async ({ page }) => {
      const email = `consent-js-${randomUUID().slice(0, 8)}@example.com`;
      await page.goto(localizePath('/Mutualfunds', locale));
      await hydrated(page);
      await humanPause(page);
      await expect(form(page).getByRole('group', { name: dictionary(locale).form.consentMore })).toBeVisible();
      await fillPlan(page, locale, email);
      await expectNoAxeViolations(page, `${locale} form with the two purposes `);
      await form(page)
        .getByRole('button', { name: dictionary(locale).form.submit })
        .click();
      await expect(form(page).locator('.enquiry-form__success')).toBeVisible();
      const { person } = await personOf(page.request, email);
      expect(person.consent).toEqual({ enquiry: 'granted', group: 'refused', whatsapp: 'granted' });
    });

    test('without JavaScript: the same boxes in the plain form, sent as "on"', async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const email = `consent-nojs-${randomUUID().slice(0, 8)}@example.com`;
      await page.goto(localizePath('/Mutualfunds', locale));
      await expect(form(page).locator('input[type="checkbox"][name="consentGroup"]')).not.toBeChecked();
      await fillPlan(page, locale, email);
      await form(page)
        .getByRole('button', { name: dictionary(locale).form.submit })
        .click();
      const shown = Date.now();
      await readingPause(shown);
      await page.getByRole('button', { name: dictionary(locale).problem.confirm.button }).click();
      await page.waitForURL(`**${localizePath('/Thankyou', locale)}`);
      const { person } = await personOf(page.request, email);
      expect(person.consent).toEqual({ enquiry: 'granted', group: 'refused', whatsapp: 'granted' });
      await context.close();
    });
  });
}

test('the withdrawal page of the acknowledgement’s link, without script: what they agreed to, in Tamil, one button per purpose', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = `consent-link-${randomUUID().slice(0, 8)}@example.com`;
  await page.goto(localizePath('/Mutualfunds', 'ta'));
  await fillPlan(page, 'ta', email);
  await form(page)
    .getByRole('button', { name: dictionary('ta').form.submit })
    .click();
  await readingPause(Date.now());
  await page.getByRole('button', { name: dictionary('ta').problem.confirm.button }).click();
  await page.waitForURL(`**${localizePath('/Thankyou', 'ta')}`);
  const { person } = await personOf(page.request, email);

  // The acknowledgement's link (tests/functions/consent-ledger.test.ts proves the e-mail carries it).
  const words = dictionary('ta').withdrawal;
  await page.goto(`/api/consent/${consentLinkToken(E2E_CHALLENGE_SECRET, person.id, 'ta')}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta-IN');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.title);
  const whatsapp = page.getByRole('region', { name: words.purposes.whatsapp });
  await expect(page.getByRole('region', { name: words.purposes.group })).toContainText(words.notGranted);
  await expect(page.getByRole('button', { name: words.button })).toHaveCount(2); // the enquiry and WhatsApp
  await whatsapp.getByRole('button', { name: words.button }).click();
  await expect(page.getByRole('status')).toHaveText(words.done);
  await expect(whatsapp.getByRole('button')).toHaveCount(0);
  expect((await personOf(page.request, email)).person.consent).toEqual({ enquiry: 'granted', group: 'refused', whatsapp: 'withdrawn' });
  await context.close();
});
