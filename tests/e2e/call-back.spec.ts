/**
 * When and in which language to call back, in Chromium against `npm start`: the call language
 * starts on the page's language (English, Tamil), with and without JavaScript; a visitor picks a
 * time with the mouse and a language with the keyboard, sends, and the team's export (JSON and
 * the CSV's last columns) has both; a Tamil visitor without JavaScript does the same through
 * the confirm page. axe is clean and nothing overflows at 390 px.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { EXPORT_TOKEN } from '../../playwright.config.ts';
import { dictionary, type Locale } from '../../src/i18n/index.ts';
import { csvRecords, parseCsv } from '../support/csv.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import {
  FORM_PAGES,
  exportedLeads,
  fill,
  humanPause,
  hydrated,
  shownReference,
  submitButton,
  type FormPage,
  readingPause,
} from '../support/form-filling.ts';
import { FORM_TEXT } from '../support/words.ts';

test.describe.configure({ timeout: 60_000 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const LOAN = FORM_PAGES.find((form) => form.path === '/Vehicleloan') as FormPage;

const callTimeGroup = (page: Page, locale: Locale) =>
  page.locator('form.enquiry-form').getByRole('group', { name: dictionary(locale).form.fields.callTime.label, exact: true });
const callLanguageGroup = (page: Page, locale: Locale) =>
  page.locator('form.enquiry-form').getByRole('group', { name: dictionary(locale).form.fields.callLanguage.label, exact: true });

/** The value of the checked radio of a group (empty for "any time"). */
const checkedValue = (group: ReturnType<typeof callTimeGroup>) => group.locator('input[type=radio]:checked').getAttribute('value');

const csvRowsOf = async (request: APIRequestContext) => {
  let text = '';
  let cursor: string | undefined;
  do {
    const answer = await request.get(`/api/leads?kind=bankloan&format=csv&limit=2000${cursor ? `&cursor=${cursor}` : ''}`, {
      headers: { authorization: `Bearer ${EXPORT_TOKEN}` },
    });
    expect(answer.status()).toBe(200);
    text += await answer.text();
    cursor = answer.headers()['x-next-cursor'];
  } while (cursor);
  return { header: parseCsv(text)[0], rows: csvRecords(text) };
};

/** The loan form's steps with a unique e-mail, to find the lead in the export. */
const withEmail = (form: FormPage, email: string) =>
  form.steps.map((step) => (step.type === 'text' && step.label === FORM_TEXT.fields.email.label ? { ...step, value: email } : step));

for (const [locale, path, language] of [
  ['en', '/Vehicleloan', 'English'],
  ['ta', '/ta/Vehicleloan', 'Tamil'],
] as const) {
  test(`${path}: the call language starts on ${language}, the time on "any time", with and without JavaScript`, async ({ browser }) => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(path);
      if (javaScriptEnabled) await hydrated(page);
      const languages = callLanguageGroup(page, locale);
      await expect(languages).toBeVisible();
      expect(await checkedValue(languages)).toBe(language);
      // Its label is in the page's language.
      await expect(
        languages.getByRole('radio', { name: (dictionary(locale).form.options as Record<string, string>)[language] }),
      ).toBeChecked();
      expect(await checkedValue(callTimeGroup(page, locale))).toBe('');
      await expect(callTimeGroup(page, locale).getByRole('radio', { name: dictionary(locale).form.callAnyTime })).toBeChecked();
      await context.close();
    }
  });
}

test('a visitor picks the evening with the mouse and Hindi with the keyboard; the export has both, the CSV in its last columns', async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto(LOAN.path);
  await hydrated(page);
  const email = `call-${randomUUID().slice(0, 8)}@example.com`;
  await fill(page, withEmail(LOAN, email));
  await callTimeGroup(page, 'en').getByRole('radio', { name: 'Evening, 4–7 pm' }).check();
  // Arrow keys move through the languages, as in any radio group: English → … → Hindi (the last).
  await callLanguageGroup(page, 'en').getByRole('radio', { name: 'English' }).focus();
  for (let step = 0; step < 4; step += 1) await page.keyboard.press('ArrowRight');
  await expect(callLanguageGroup(page, 'en').getByRole('radio', { name: 'Hindi' })).toBeChecked();
  await expect(callLanguageGroup(page, 'en').getByRole('radio', { name: 'Hindi' })).toBeFocused();

  // Nothing spills sideways at 390 px, and axe is clean with the groups filled in, at both widths.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page, '390: ');
  await page.setViewportSize(DESKTOP);
  await expectNoAxeViolations(page, '1280: ');

  await humanPause(page);
  await submitButton(page, 'bankloan').click();
  await expect(page.getByRole('heading', { name: FORM_TEXT.success.title })).toBeVisible();
  const reference = await shownReference(page);

  const leads = (await exportedLeads(request, 'bankloan')).filter((lead) => lead.email === email);
  expect(leads).toHaveLength(1);
  expect(String(leads[0].id).startsWith(reference)).toBe(true);
  expect(leads[0]).toMatchObject({ ...LOAN.expected, email, callTime: 'Evening (16:00-19:00)', callLanguage: 'Hindi', via: 'js' });

  const csv = await csvRowsOf(request);
  // After every kind's own fields, among the columns added later (then the privacy request's three, the person's and the assignee's).
  const at = csv.header.indexOf('callTime');
  expect(csv.header.slice(at, at + 4)).toEqual(['callTime', 'callLanguage', 'Monthly', 'ackedAt']);
  expect(at).toBeGreaterThan(csv.header.indexOf('message'));
  expect(csv.rows.filter((row) => row.email === email)).toEqual([
    expect.objectContaining({ callTime: 'Evening (16:00-19:00)', callLanguage: 'Hindi', locale: 'en' }),
  ]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a Tamil visitor picks the morning; the page’s Tamil goes with it through the confirm page into the export', async ({ page }) => {
    const email = `call-nojs-${randomUUID().slice(0, 8)}@example.com`;
    await page.goto('/ta/Vehicleloan');
    const form = page.locator('form.enquiry-form');
    const words = dictionary('ta').form;
    await form.getByLabel(words.fields.Amount.label, { exact: true }).selectOption('25 to 50 lakhs');
    await form.getByRole('radio', { name: words.options['Private banks'], exact: true }).check();
    await form.getByRole('radio', { name: words.options.Salaried, exact: true }).check();
    await form.getByLabel(words.fields.selectedState.label, { exact: true }).selectOption('Tamil Nadu');
    await form.getByLabel(words.fields.selectedCity.label, { exact: true }).selectOption('Hosur');
    await form.getByLabel(words.fields.Username.label, { exact: true }).fill('ஆனந்த் குமார்');
    await form.getByLabel(words.fields.phone.label, { exact: true }).fill('9876543210');
    await form.getByLabel(words.fields.email.label, { exact: true }).fill(email);
    await callTimeGroup(page, 'ta').getByRole('radio', { name: words.options['Morning (9:30-12:00)'] }).check();
    await form.locator('input[name="consent"]').check();
    await form.getByRole('button', { name: words.submit }).click();
    await expect(page.locator('h1')).toHaveText(dictionary('ta').problem.confirm.title);
    // A person reads the page before the click (a click sooner than the minimum fill time gets the page again).
    await readingPause();
    await page.getByRole('button', { name: dictionary('ta').problem.confirm.button }).click();
    await page.waitForURL('**/ta/Thankyou');

    const leads = (await exportedLeads(page.request, 'bankloan')).filter((lead) => lead.email === email);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ via: 'html', locale: 'ta', callTime: 'Morning (9:30-12:00)', callLanguage: 'Tamil' });
  });
});
