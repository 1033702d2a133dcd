/**
 * Place names in the page's script, in real Chromium against the served site: a Tamil, a Telugu and
 * a Kannada visitor see the states and cities in their script, find their city by typing its name in
 * English or in their script, get the server's message about the city in their script, and send the
 * form; the team's export keeps the English names. The translated privacy page says which version
 * prevails, and the address is in the page's script.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { ENQUIRY_PAGES, exportedLeads, hydrated, humanPause, type FormPage } from '../support/form-filling.ts';
import { formTextIn, messagesIn } from '../support/words.ts';
import { dictionary, format, type Locale } from '../../src/i18n/index.ts';
import { placeNamesIn } from '../../src/i18n/places.ts';
import { STATES } from '../../src/data/locations.ts';
import { contactLinks } from '../../src/lib/contact-links.ts';
import { localizePath } from '../../src/lib/routing/index.ts';
import { postalAddress } from '../../src/lib/postal-address.ts';

interface Visit {
  locale: Exclude<Locale, 'en'>;
  path: string;
  state: string;
  city: string;
  /** What the visitor types in the box to find the city. */
  typed: string;
  /** A city of another state, which the server must refuse with a message naming the state. */
  elsewhere: string;
}

const VISITS: Visit[] = [
  { locale: 'ta', path: '/Flats', state: 'Tamil Nadu', city: 'Hosur', typed: 'Hosur', elsewhere: 'Mysuru' },
  { locale: 'te', path: '/Vehicleloan', state: 'Telangana', city: 'Warangal', typed: 'వరం', elsewhere: 'Chennai' },
  { locale: 'kn', path: '/Plots', state: 'Karnataka', city: 'Mysuru', typed: 'Mysuru', elsewhere: 'Hyderabad' },
];

/** Fills the form's other fields as a visitor reading `locale` does: by their labels in that language. */
const fillOthers = async (page: Page, locale: Locale, form: FormPage, email: string) => {
  const english = dictionary('en').form;
  const words = dictionary(locale).form;
  const skip = new Set([english.fields.selectedState.label, english.fields.selectedCity.label]);
  const labelIn = (label: string) =>
    Object.entries(english.fields).find(([, text]) => text.label === label)?.[0] as keyof typeof words.fields | undefined;
  const enquiry = page.locator('form.enquiry-form');
  for (const step of form.steps) {
    if (step.type === 'radio') {
      await enquiry.getByRole('radio', { name: (words.options as Record<string, string>)[step.value] ?? step.value, exact: true }).check();
      continue;
    }
    if (skip.has(step.label)) continue;
    const key = labelIn(step.label);
    expect(key, step.label).toBeTruthy();
    const field = enquiry.getByLabel(words.fields[key!].label, { exact: true });
    if (step.type === 'select') await field.selectOption(step.value);
    else await field.fill(key === 'email' ? email : step.value);
  }
  await enquiry.getByRole('checkbox', { name: format(words.consentLabel, { brand: contactLinks.brand }) }).check();
};

for (const visit of VISITS) {
  const { locale } = visit;
  const places = placeNamesIn(locale);
  const words = formTextIn(locale);
  const path = localizePath(visit.path, locale);

  test(`${path}: states and cities in the script, found by typing "${visit.typed}", the server's message in the script; the export in English`, async ({
    page,
  }) => {
    const form = ENQUIRY_PAGES.find((candidate) => candidate.path === visit.path)!;
    const email = `places-${locale}-${randomUUID().slice(0, 8)}@example.com`;
    await page.goto(path);
    await hydrated(page);
    const enquiry = page.locator('form.enquiry-form');
    const state = enquiry.getByLabel(words.fields.selectedState.label, { exact: true });
    const city = enquiry.getByLabel(words.fields.selectedCity.label, { exact: true });

    // The states in the script, each sending its English name.
    const stateOptions = state.locator('option:not([value=""])');
    await expect(stateOptions).toHaveText(STATES.map((name) => places[name]));
    expect(await stateOptions.evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))).toEqual([...STATES]);
    await state.selectOption({ label: places[visit.state] });

    // The box finds the city by what the visitor types; the list keeps it alone, in the script.
    await enquiry.getByRole('searchbox', { name: words.findCity.label }).fill(visit.typed);
    await expect(city.locator('option:not([value=""])')).toHaveText([places[visit.city]]);
    await expect(enquiry.getByRole('status').filter({ hasText: words.findCityOne })).toBeAttached();
    await city.selectOption({ label: places[visit.city] });
    await fillOthers(page, locale, form, email);

    // On its way the city becomes one of another state: the server refuses it, naming the state in the script.
    await page.route(`**/api/${form.kind}`, async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}');
      await route.continue({ postData: JSON.stringify({ ...body, selectedCity: visit.elsewhere }) });
    });
    await humanPause(page);
    const send = enquiry.getByRole('button', { name: words.submit });
    await send.click();
    const message = messagesIn(locale).cityOfState(visit.state);
    expect(message).toContain(places[visit.state]);
    await expect(page.locator('#enquiry-selectedCity-error')).toHaveText(message);

    await page.unroute(`**/api/${form.kind}`);
    // The visitor leaves the city field (its message goes, as the city shown is right), then sends again.
    await city.blur();
    await expect(page.locator('#enquiry-selectedCity-error')).toHaveCount(0);
    await send.click();
    await expect(page.getByRole('heading', { name: words.success.title })).toBeVisible();
    const leads = (await exportedLeads(page.request, form.kind)).filter((lead) => lead.email === email);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ selectedState: visit.state, selectedCity: visit.city, locale });
  });
}

test('the translated pages: the address in the script, and the privacy page says the English version prevails', async ({ page }) => {
  for (const { locale } of VISITS) {
    const address = postalAddress(locale);
    await page.goto(localizePath('/Contactus', locale));
    await expect(page.locator('main')).toContainText(address.locality);
    await expect(page.locator('footer')).toContainText(`${address.street}, ${address.locality} ${address.postcode}`);
    await page.goto(localizePath('/Privacy', locale));
    const { bindingVersion, englishVersion } = dictionary(locale).site.privacy;
    await expect(page.locator('main')).toContainText(bindingVersion);
    await expect(page.getByRole('link', { name: englishVersion })).toHaveAttribute('href', '/Privacy');
  }
});
