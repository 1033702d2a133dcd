/**
 * The forms in each language, in real Chromium against the served site. Per language, one form of
 * each family (property, loan, planning, contact; a different page of the family per language, so
 * the languages together sample more pages), filled by finding every field by its label in that
 * language: a wrong mobile number gets the message in that language, the sent form the success
 * text in that language, and the lead is in the team's export with its English wire values and
 * its `locale`. With JavaScript off, one form per language: the server's problem page in that
 * language, then the confirm page and that language's /Thankyou.
 *
 * Every expected word comes from the language's dictionary (src/i18n), so the spec checks the
 * translations as they land. E2E_LOCALES picks the languages (default: all), e.g. E2E_LOCALES=en.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL } from '../../playwright.config.ts';
import {
  CONTACT_PAGE,
  ENQUIRY_PAGES,
  exportedLeads,
  hydrated,
  humanPause,
  type FormPage,
  type Step,
  readingPause,
} from '../support/form-filling.ts';
import { formTextIn, messagesIn } from '../support/words.ts';
import { DEFAULT_LOCALE, LANGUAGE_NAMES_EN, LOCALES, dictionary, format, isLocale, type Locale } from '../../src/i18n/index.ts';
import { contactLinks } from '../../src/lib/contact-links.ts';
import { localizePath } from '../../src/lib/routing/index.ts';
import { INDIC_FONT_SOURCES, isIndicLocale } from '../../src/styles/indic-font-sources.ts';

const CHOSEN = (process.env.E2E_LOCALES ?? LOCALES.join(',')).split(',').map((l) => l.trim());
const locales = LOCALES.filter((locale) => CHOSEN.includes(locale));
for (const locale of CHOSEN) if (!isLocale(locale)) throw new Error(`E2E_LOCALES: "${locale}" is not one of ${LOCALES.join(', ')}`);

/** A route in a language: /Flats, /ta/Flats. */

const byKind = (kind: FormPage['kind']) => ENQUIRY_PAGES.filter((form) => form.kind === kind);
/** One page of each family; the n-th language takes the n-th page of each family. */
const familiesFor = (n: number): FormPage[] => [
  byKind('realestate')[(n * 3) % byKind('realestate').length],
  byKind('bankloan')[(n * 3 + 1) % byKind('bankloan').length],
  byKind('finance')[n % byKind('finance').length],
  CONTACT_PAGE,
];

/** A unicode-range as Chromium gives it back ("U+B82-BFA, U+20B9"), from ours ("U+0B82-0BFA,U+20B9"). */
const normalRange = (range: string) =>
  range
    .split(',')
    .map(
      (part) =>
        `U+${part
          .trim()
          .replace(/^U\+/i, '')
          .split('-')
          .map((hex) => parseInt(hex, 16).toString(16).toUpperCase())
          .join('-')}`,
    )
    .join(', ');

/** The ranges of the site's Indic faces the server's page has loaded (none on an English page). */
const loadedIndicRanges = (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts]
      .filter((face) => face.family.replace(/"/g, '') === 'Site Indic' && face.status === 'loaded')
      .map((face) => face.unicodeRange);
  });

/** What a server page in `locale` must have loaded: its own script's font, and no other. */
const ownScriptFont = (locale: Locale) => (isIndicLocale(locale) ? [normalRange(INDIC_FONT_SOURCES[locale].unicodeRange)] : []);

/** Fills a form the way a visitor reading `locale` does: every field by its label in that language. */
const fillIn = async (page: Page, locale: Locale, steps: Step[], email: string) => {
  const { form: words } = dictionary(locale);
  const labels = new Map<string, string>();
  for (const [field, text] of Object.entries(dictionary(DEFAULT_LOCALE).form.fields)) {
    labels.set(text.label, (words.fields as Record<string, { label: string }>)[field].label);
  }
  const form = page.locator('form.enquiry-form');
  for (const step of steps) {
    if (step.type === 'radio') {
      const shown = (words.options as Record<string, string>)[step.value];
      await form.getByRole('radio', { name: shown, exact: true }).check();
      continue;
    }
    const label = labels.get(step.label);
    expect(label, `a translated label for "${step.label}"`).toBeTruthy();
    const field = form.getByLabel(label!, { exact: true });
    const value = label === words.fields.email.label ? email : step.value;
    // A select is chosen by its wire value: what is sent never changes with the language.
    if (step.type === 'select') await field.selectOption(value);
    else await field.fill(value);
  }
  await form.getByRole('checkbox', { name: format(words.consentLabel, { brand: contactLinks.brand }) }).check();
};

const leadByEmail = async (page: Page, form: FormPage, email: string) =>
  (await exportedLeads(page.request, form.kind)).filter((lead) => lead.email === email);

locales.forEach((locale) => {
  const n = LOCALES.indexOf(locale);
  const words = formTextIn(locale);
  const messages = messagesIn(locale);

  test.describe(`${locale}: with JavaScript`, () => {
    for (const form of familiesFor(n)) {
      const path = localizePath(form.path, locale);
      test(`${path}: labels, messages and success in the language; the lead with English wire values and its locale`, async ({ page }) => {
        const email = `lang-${locale}-${randomUUID().slice(0, 8)}@example.com`;
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${locale}`));
        await hydrated(page);
        await fillIn(page, locale, form.steps, email);

        const phone = page.locator('form.enquiry-form').getByLabel(words.fields.phone.label, { exact: true });
        await phone.fill('12345');
        await page
          .locator('form.enquiry-form')
          .getByRole('button', { name: form.kind === 'contact' ? words.submitContact : words.submit })
          .click();
        await expect(page.locator('#enquiry-phone-error')).toHaveText(messages.phone);
        await expect(phone).toBeFocused();

        await phone.fill(String(form.expected.phone));
        await humanPause(page);
        await page
          .locator('form.enquiry-form')
          .getByRole('button', { name: form.kind === 'contact' ? words.submitContact : words.submit })
          .click();
        await expect(page.getByRole('heading', { name: words.success.title })).toBeVisible();

        const leads = await leadByEmail(page, form, email);
        expect(leads).toHaveLength(1);
        // `page` is a wire value: the English route, whatever the language (the lead's `locale` says which).
        expect(leads[0]).toMatchObject({
          ...form.expected,
          email,
          page: form.path,
          locale,
          callLanguage: LANGUAGE_NAMES_EN[locale],
          via: 'js',
        });
      });
    }
  });

  test.describe(`${locale}: without JavaScript`, () => {
    test.use({ javaScriptEnabled: false });
    const form = familiesFor(n)[n % 4];
    const path = localizePath(form.path, locale);
    test(`${path}: the problem page in the language, then its /Thankyou`, async ({ page }) => {
      const problem = dictionary(locale).problem;
      const email = `nojs-${locale}-${randomUUID().slice(0, 8)}@example.com`;
      await page.goto(path);
      await fillIn(page, locale, form.steps, email);
      // The browser's own check passes a message the server refuses: only spaces.
      const textArea = page.locator('form.enquiry-form textarea[name="message"]');
      const refused = (await textArea.count()) > 0 ? 'message' : 'Username';
      await page.locator(`form.enquiry-form [name="${refused}"]`).fill('   ');
      await page
        .locator('form.enquiry-form')
        .getByRole('button', { name: form.kind === 'contact' ? words.submitContact : words.submit })
        .click();

      await expect(page.locator('html')).toHaveAttribute('lang', `${locale}-IN`);
      await expect(page.locator('h1')).toHaveText(problem.headings[422]);
      // Its words are set in the site's own font of the script, as the form's page was.
      expect(await loadedIndicRanges(page)).toEqual(ownScriptFont(locale));
      const expected = refused === 'message' ? messages.messageMissing : messages.nameMissing;
      await expect(page.locator('li')).toHaveText([`${(problem.fields as Record<string, string>)[refused]}: ${expected}`]);
      await page.getByRole('link', { name: problem.backLink }).click();
      await expect(page).toHaveURL(`${BASE_URL}${path}`);

      await fillIn(page, locale, form.steps, email);
      await page
        .locator('form.enquiry-form')
        .getByRole('button', { name: form.kind === 'contact' ? words.submitContact : words.submit })
        .click();
      // The server asks once to confirm, in the language; nothing is stored until then.
      await expect(page.locator('html')).toHaveAttribute('lang', `${locale}-IN`);
      await expect(page.locator('h1')).toHaveText(problem.confirm.title);
      expect(await loadedIndicRanges(page)).toEqual(ownScriptFont(locale));
      expect(await leadByEmail(page, form, email)).toEqual([]);
      // A person reads the page before the click (a click sooner than the minimum fill time gets the page again).
      await readingPause();
      await page.getByRole('button', { name: problem.confirm.button }).click();
      await page.waitForURL(`**${localizePath('/Thankyou', locale)}`);
      await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${locale}`));
      const leads = await leadByEmail(page, form, email);
      expect(leads).toHaveLength(1);
      expect(leads[0]).toMatchObject({
        ...form.expected,
        email,
        page: form.path,
        locale,
        callLanguage: LANGUAGE_NAMES_EN[locale],
        via: 'html',
      });
    });
  });
});
