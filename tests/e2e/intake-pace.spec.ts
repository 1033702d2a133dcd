/**
 * The intake's defences against scripts (single-use challenges bound to their kind and good for
 * 2 hours, the confirm page's minimum time) never stand in a person's way: a visitor sending the
 * contact form at a person's pace, with JavaScript and without, gets through; a form left open for
 * hours fetches a fresh challenge when it is sent, and the visitor notices nothing.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import {
  CONTACT_PAGE,
  exportedLeads,
  fill,
  humanPause,
  hydrated,
  shownReference,
  submitButton,
  readingPause,
} from '../support/form-filling.ts';
import { FORM_TEXT } from '../support/words.ts';
import { E2E_CHALLENGE_SECRET } from '../../playwright.config.ts';
import { issueConfirmation } from '../../src/server/intake/challenge.ts';

/** The contact form's steps with a unique e-mail, to find the lead in the export afterwards. */
const withEmail = (email: string) =>
  CONTACT_PAGE.steps.map((step) =>
    step.type === 'text' && step.label === FORM_TEXT.fields.email.label ? { ...step, value: email } : step,
  );

const storedAsLead = async (page: Page, email: string) =>
  (await exportedLeads(page.request, 'contact')).filter((lead) => lead.email === email && !lead.spam);

test('with JavaScript, at a person’s pace: sent, thanked, stored as a lead', async ({ page }) => {
  const email = `pace-js-${randomUUID().slice(0, 8)}@example.com`;
  await page.goto(CONTACT_PAGE.path);
  await hydrated(page);
  await fill(page, withEmail(email));
  await humanPause(page);
  await submitButton(page, 'contact').click();
  const reference = await shownReference(page);
  const leads = await storedAsLead(page, email);
  expect(leads).toHaveLength(1);
  expect(String(leads[0].id).startsWith(reference)).toBe(true);
});

test('a form left open for three hours (a computer that slept) fetches a fresh challenge when sent; the visitor notices nothing', async ({
  page,
}) => {
  const email = `pace-open-${randomUUID().slice(0, 8)}@example.com`;
  await page.clock.install();
  const fetched: string[] = [];
  page.on('response', async (response) => {
    if (response.request().method() === 'GET' && new URL(response.url()).pathname === '/api/contact')
      fetched.push(((await response.json()) as { challenge: string }).challenge);
  });
  await page.goto(CONTACT_PAGE.path);
  await hydrated(page);
  await expect.poll(() => fetched.length).toBe(1);
  await fill(page, withEmail(email));
  await humanPause(page);
  // The wall clock jumps three hours, as after a sleep: no timer fired meanwhile.
  await page.clock.setSystemTime(Date.now() + 3 * 60 * 60 * 1000);
  const posted = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/contact');
  await submitButton(page, 'contact').click();
  const body = (await posted).postDataJSON() as { challenge: string };
  expect(fetched).toHaveLength(2);
  expect(body.challenge).toBe(fetched[1]);
  await shownReference(page);
  expect(await storedAsLead(page, email)).toHaveLength(1);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('at a person’s pace: the confirm page, one click after reading it, /Thankyou, stored as a lead', async ({ page }) => {
    const email = `pace-nojs-${randomUUID().slice(0, 8)}@example.com`;
    await page.goto(CONTACT_PAGE.path);
    await fill(page, withEmail(email));
    await submitButton(page, 'contact').click();
    await expect(page.locator('h1')).toHaveText('Confirm your enquiry');
    await readingPause();
    await page.getByRole('button', { name: 'Confirm and send my enquiry' }).click();
    await page.waitForURL('**/Thankyou');
    const leads = await storedAsLead(page, email);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ via: 'html' });
  });

  test('a click on Confirm at once is asked again, nothing sent; the second click after reading stores it', async ({ page }) => {
    const email = `pace-fast-${randomUUID().slice(0, 8)}@example.com`;
    await page.goto(CONTACT_PAGE.path);
    await fill(page, withEmail(email));
    await submitButton(page, 'contact').click();
    await expect(page.locator('h1')).toHaveText('Confirm your enquiry');
    // The served site's minimum is 400 ms, less than a test takes to find the button: the click
    // reaches the server as if the page had been served that instant (its token issued now).
    await page.route(
      '**/api/contact',
      (route) => {
        const fields = Object.fromEntries(new URLSearchParams(route.request().postData() ?? ''));
        const { confirmToken: _served, ...asSent } = fields;
        const postData = new URLSearchParams({ ...asSent, confirmToken: issueConfirmation(E2E_CHALLENGE_SECRET, asSent) }).toString();
        return route.continue({ postData });
      },
      { times: 1 },
    );
    // Sooner than the minimum fill time: the page again, with a line saying so.
    await page.getByRole('button', { name: 'Confirm and send my enquiry' }).click();
    await expect(page.getByRole('status')).toHaveText(/sooner than we expected, so nothing has been sent yet/);
    await expect(page.locator('h1')).toHaveText('Confirm your enquiry');
    expect(await exportedLeads(page.request, 'contact').then((leads) => leads.filter((lead) => lead.email === email))).toEqual([]);
    await readingPause();
    await page.getByRole('button', { name: 'Confirm and send my enquiry' }).click();
    await page.waitForURL('**/Thankyou');
    expect(await storedAsLead(page, email)).toEqual([expect.objectContaining({ via: 'html' })]);
  });
});
