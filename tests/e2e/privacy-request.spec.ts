/**
 * The privacy request in Chromium against `npm start`: reached from the footer, the privacy page
 * and under every form's consent box; sent with JavaScript (the thanks says by which day we
 * answer) and without (the confirm page, then /Privacyrequestsent), in English and Tamil; bad
 * input told next to the fields in the page's language; and the request in the team's export.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { dictionary, format, type Locale } from '../../src/i18n/index.ts';
import { dayMonthYear } from '../../src/i18n/format.ts';
import { site } from '../../src/config/site.ts';
import { localizePath } from '../../src/lib/routing/index.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { exportedLeads, humanPause, hydrated, readingPause } from '../support/form-filling.ts';

test.describe.configure({ timeout: 60_000 });

const DAYS = site.grievance.responseDays;
const form = (page: Page) => page.locator('form.enquiry-form');
const requestOf = async (page: Page, email: string) =>
  (await exportedLeads(page.request, 'privacy')).filter((lead) => lead.email === email);

/** Fills the request: name, e-mail only (no phone), a reference, the request and a note. */
const fillRequest = async (page: Page, locale: Locale, email: string) => {
  const words = dictionary(locale).form;
  await form(page).getByRole('radio', { name: words.options['withdraw-and-erase'], exact: true }).check();
  await form(page).getByLabel(words.fields.reference.label, { exact: true }).fill('3F2A 9C1E');
  await form(page).getByLabel(words.fields.requestDetails.label, { exact: true }).fill('Please stop calling me.');
  await form(page)
    .getByLabel(words.fields.Username.label, { exact: true })
    .fill(locale === 'ta' ? 'செல்வி முருகன்' : 'Selvi Murugan');
  await form(page).getByLabel(words.fields.privacyEmail.label, { exact: true }).fill(email);
};

test('the privacy request form is linked from the footer, the privacy page and under the consent box of every form', async ({ page }) => {
  for (const locale of ['en', 'ta'] as const) {
    const target = localizePath('/Privacyrequest', locale);
    await page.goto(localizePath('/Vehicleloan', locale));
    await expect(page.locator('footer').getByRole('link', { name: dictionary(locale).site.footer.privacyRequest })).toHaveAttribute(
      'href',
      target,
    );
    // Under the consent box, in the plain form before any script.
    await expect(form(page).getByRole('link', { name: dictionary(locale).form.consentWithdraw })).toHaveAttribute('href', target);
    await page.goto(localizePath('/Contactus', locale));
    await expect(form(page).getByRole('link', { name: dictionary(locale).form.consentWithdraw })).toHaveAttribute('href', target);
    await page.goto(localizePath('/Privacy', locale));
    await expect(page.locator('main').locator(`a[href="${target}"]`)).toHaveCount(1);
  }
  // The link leads to the form, which has no consent box and no call-back choices of its own.
  await page.goto('/Privacy');
  await page.locator('main').locator('a[href="/Privacyrequest"]').click();
  await expect(page).toHaveURL(/\/Privacyrequest$/);
  await expect(form(page)).toHaveAttribute('action', '/api/privacy');
  // No consent box: only the two purposes one may withdraw, neither ticked.
  await expect(form(page).getByRole('checkbox')).toHaveCount(2);
  for (const name of [dictionary('en').form.withdrawGroup, dictionary('en').form.withdrawWhatsapp])
    await expect(form(page).getByRole('checkbox', { name, exact: true })).not.toBeChecked();
  await expect(form(page).getByRole('group', { name: dictionary('en').form.fields.callTime.label })).toHaveCount(0);
});

for (const locale of ['en', 'ta'] as const) {
  test(`with JavaScript (${locale}): problems next to the fields, then the thanks says by which day we answer; the team's export has it`, async ({
    page,
  }) => {
    const words = dictionary(locale).form;
    const messages = dictionary(locale).messages;
    const email = `privacy-${randomUUID().slice(0, 8)}@example.com`;
    await page.goto(localizePath('/Privacyrequest', locale));
    await hydrated(page);
    await humanPause(page);

    // Nothing chosen, no phone and no e-mail: told next to the fields, in the page's language.
    await form(page).getByLabel(words.fields.Username.label, { exact: true }).fill('Selvi Murugan');
    await form(page).getByRole('button', { name: words.submitPrivacy }).click();
    await expect(form(page).locator('#enquiry-phone-error')).toHaveText(messages.phoneOrEmail);
    await expect(form(page).locator('#enquiry-request-error')).toHaveText(messages.privacyRequest);
    await expectNoAxeViolations(page, `${locale} privacy request with problems `);

    await fillRequest(page, locale, email);
    await form(page).getByRole('button', { name: words.submitPrivacy }).click();
    const thanks = form(page).locator('.enquiry-form__success');
    await expect(thanks.getByRole('heading', { name: words.success.privacyTitle })).toBeFocused();
    const date = dayMonthYear(new Date(Date.now() + DAYS * 86_400_000), locale);
    await expect(thanks).toContainText(format(words.success.privacyNext, { date, days: DAYS }));

    const [stored] = await requestOf(page, email);
    expect(stored).toMatchObject({
      kind: 'privacy',
      via: 'js',
      locale,
      request: 'withdraw-and-erase',
      reference: '3f2a9c1e',
      message: 'Please stop calling me.',
    });
    expect(stored).not.toHaveProperty('phone');
    expect(String(stored.replyBy)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const locale of ['en', 'ta'] as const) {
    test(`(${locale}): the confirm page, then the page that says what happens next; the team's export has it`, async ({ page }) => {
      const words = dictionary(locale);
      const email = `privacy-nojs-${randomUUID().slice(0, 8)}@example.com`;
      await page.goto(localizePath('/Privacyrequest', locale));
      await fillRequest(page, locale, email);
      await form(page).getByRole('button', { name: words.form.submitPrivacy }).click();
      await expect(page.locator('h1')).toHaveText(words.problem.confirmPrivacy.title);
      // A person reads the page before the click (a click sooner than the minimum fill time gets the page again).
      await readingPause();
      await page.getByRole('button', { name: words.problem.confirmPrivacy.button }).click();
      await page.waitForURL(`**${localizePath('/Privacyrequestsent', locale)}`);
      await expect(page.locator('main')).toContainText(format(words.site.privacyRequest.sentWithin, { days: DAYS }));

      const leads = await requestOf(page, email);
      expect(leads).toHaveLength(1);
      expect(leads[0]).toMatchObject({ via: 'html', locale, request: 'withdraw-and-erase', reference: '3f2a9c1e' });
    });
  }

  test('a request with neither phone nor e-mail gets the problem page naming the field, and nothing is stored', async ({ page }) => {
    const words = dictionary('ta');
    await page.goto('/ta/Privacyrequest');
    await form(page).getByLabel(words.form.fields.Username.label, { exact: true }).fill('செல்வி முருகன்');
    await form(page).getByRole('radio', { name: words.form.options.access, exact: true }).check();
    await form(page).getByRole('button', { name: words.form.submitPrivacy }).click();
    await expect(page.locator('h1')).toHaveText(words.problem.headings[422]);
    await expect(page.locator('main')).toContainText(`${words.problem.fields.phone}: ${words.messages.phoneOrEmail}`);
  });
});
