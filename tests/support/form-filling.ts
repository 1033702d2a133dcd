/**
 * The 23 form pages and how a visitor fills each one: the values typed and chosen, and the
 * fields the stored lead must then hold. Shared by the form e2e specs.
 */
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { realEstateFieldsFor } from '../../src/lib/enquiry/realestate.ts';
import type { Category, Intent } from '../../src/lib/enquiry/options.ts';
import { LOANS, PLANS, PROPERTIES } from './form-pages.ts';
import { FORM_TEXT } from './words.ts';
import type { EnquiryKind } from '../../src/lib/enquiry/kinds.ts';
import { E2E_CHALLENGE_SECRET, E2E_MIN_FILL_MS, EXPORT_TOKEN } from '../../playwright.config.ts';
import { issueChallenge, issueConfirmation } from '../../src/server/intake/challenge.ts';
import { wakeIslands } from './islands.ts';
import { uniqueLetters } from './unique.ts';

/** One step of filling a form: type into a labelled field, pick an option, or check a radio chip. */
export type Step =
  { type: 'text'; label: string; value: string } | { type: 'select'; label: string; value: string } | { type: 'radio'; value: string };

export interface FormPage {
  path: string;
  kind: EnquiryKind;
  steps: Step[];
  /** What the stored lead must hold (normalised as the server stores it). */
  expected: Record<string, unknown>;
}

const PEOPLE = [
  { name: 'Priya Raman', phone: '98765 43210', stored: '9876543210', email: 'Priya.Raman@Example.com' },
  { name: 'ஆனந்த் குமார்', phone: '+91 63012-34567', stored: '6301234567', email: 'anand@example.in' },
  { name: 'శ్రీనివాస్ రావు', phone: '07012345678', stored: '7012345678', email: 'srinivas.rao@example.com' },
  { name: 'ಕಾವ್ಯಾ ಶೆಟ್ಟಿ', phone: '8123456789', stored: '8123456789', email: 'Kavya@Example.org' },
];
const PLACES = [
  ['Tamil Nadu', 'Madurai'],
  ['Andhra Pradesh', 'Vijayawada'],
  ['Karnataka', 'Mysuru'],
  ['Telangana', 'Warangal'],
] as const;

const details = (n: number, withMessage: string | null): { steps: Step[]; expected: Record<string, unknown> } => {
  const person = PEOPLE[n % PEOPLE.length];
  const steps: Step[] = [
    { type: 'text', label: FORM_TEXT.fields.Username.label, value: person.name },
    { type: 'text', label: FORM_TEXT.fields.phone.label, value: person.phone },
    { type: 'text', label: FORM_TEXT.fields.email.label, value: person.email },
  ];
  // The call language is left as the form starts it: the page's (English here).
  const expected: Record<string, unknown> = {
    Username: person.name,
    phone: person.stored,
    email: person.email.toLowerCase(),
    callLanguage: 'English',
  };
  if (withMessage !== null) {
    steps.push({ type: 'text', label: FORM_TEXT.fields.message.label, value: withMessage });
    expected.message = withMessage;
  }
  return { steps, expected };
};

const place = (n: number) => {
  const [state, city] = PLACES[n % PLACES.length];
  return {
    steps: [
      { type: 'select', label: FORM_TEXT.fields.selectedState.label, value: state },
      { type: 'select', label: FORM_TEXT.fields.selectedCity.label, value: city },
    ] as Step[],
    expected: { selectedState: state, selectedCity: city },
  };
};

const propertyPage = ([path, intent, category]: (typeof PROPERTIES)[number], n: number): FormPage => {
  const spec = realEstateFieldsFor(intent, category);
  const steps: Step[] = [];
  const expected: Record<string, unknown> = { intent, category, property: spec.property, page: path };
  if (spec.listing) {
    steps.push({ type: 'radio', value: spec.listing[n % 2] });
    expected.listing = spec.listing[n % 2];
  }
  if (spec.type) {
    steps.push({ type: 'radio', value: spec.type[n % spec.type.length] });
    expected.type = spec.type[n % spec.type.length];
  }
  const cost = spec.cost[(n + 1) % spec.cost.length];
  steps.push(
    { type: 'select', label: FORM_TEXT.fields.cost.label, value: cost },
    { type: 'radio', value: spec.time[n % spec.time.length] },
  );
  Object.assign(expected, { cost, time: spec.time[n % spec.time.length] });
  const where = place(n);
  const who = details(n, `Enquiry ${n}: ${intent} ${category} near the bus stand, பேருந்து நிலையம் அருகில்.`);
  return {
    path,
    kind: 'realestate',
    steps: [...steps, ...where.steps, ...who.steps],
    expected: { ...expected, ...where.expected, ...who.expected },
  };
};

const loanPage = ([path, loanType]: (typeof LOANS)[number], n: number): FormPage => {
  const where = place(n + 1);
  const who = details(n + 1, null);
  return {
    path,
    kind: 'bankloan',
    steps: [
      { type: 'select', label: FORM_TEXT.fields.Amount.label, value: '25 to 50 lakhs' },
      { type: 'radio', value: n % 2 ? 'NBFS' : 'Private banks' },
      { type: 'radio', value: n % 2 ? 'Business' : 'Salaried' },
      ...where.steps,
      ...who.steps,
    ],
    // Loantype is never typed: the page's preselection is what must be stored.
    expected: {
      page: path,
      Loantype: loanType,
      Amount: '25 to 50 lakhs',
      Banktype: n % 2 ? 'NBFS' : 'Private banks',
      Profession: n % 2 ? 'Business' : 'Salaried',
      ...where.expected,
      ...who.expected,
    },
  };
};

const planPage = ([path, planning]: (typeof PLANS)[number], n: number): FormPage => {
  const who = details(n + 2, null);
  return { path, kind: 'finance', steps: who.steps, expected: { page: path, Planning: planning, ...who.expected } };
};

export const CONTACT_PAGE: FormPage = (() => {
  const who = details(3, 'Please call me about the corporate training programme. நன்றி!');
  return { path: '/Contactus', kind: 'contact', steps: who.steps, expected: { page: '/Contactus', ...who.expected } };
})();

export const ENQUIRY_PAGES: FormPage[] = [...PROPERTIES.map(propertyPage), ...LOANS.map(loanPage), ...PLANS.map(planPage)];
export const FORM_PAGES: FormPage[] = [...ENQUIRY_PAGES, CONTACT_PAGE];

/** What a visitor sees of a page's form: its kind, and for property pages the fields their intent and category give. */
const formVariant = (form: FormPage) => {
  if (form.kind !== 'realestate') return form.kind;
  const { property: _property, ...fields } = realEstateFieldsFor(form.expected.intent as Intent, form.expected.category as Category);
  return JSON.stringify(fields);
};
/**
 * One page for each form a visitor can meet: pages whose forms differ only in what
 * their page sets (the hidden intent, the loan type, the plan) share one. tests/dist/forms.test.ts
 * reads those settings and the fields on every page, in every language.
 */
export const FORM_VARIANTS: FormPage[] = FORM_PAGES.filter(
  (form, i) => FORM_PAGES.findIndex((other) => formVariant(other) === formVariant(form)) === i,
);

/**
 * Presses on the form's introduction, as a visitor reaching for the form does (the island hydrates
 * on that first interaction; no field is focused, so none is touched), wakes any other island, and
 * waits until the form has hydrated.
 */
export const hydrated = async (page: Page) => {
  const intro = page.locator('form.enquiry-form .enquiry-form__intro');
  if ((await intro.count()) > 0) await intro.click();
  await wakeIslands(page);
  await page.locator('astro-island:not([ssr]) form.enquiry-form').waitFor();
};

/** The name a radio chip shows for a wire value on an English page (a plot size adds its unit). */
export const radioName = (value: string): string => (FORM_TEXT.options as Record<string, string>)[value] ?? value;

export const fill = async (page: Page, steps: Step[]) => {
  const form = page.locator('form.enquiry-form');
  for (const step of steps) {
    if (step.type === 'text') await form.getByLabel(step.label, { exact: true }).fill(step.value);
    else if (step.type === 'select') await form.getByLabel(step.label, { exact: true }).selectOption(step.value);
    else await form.getByRole('radio', { name: radioName(step.value), exact: true }).check();
  }
  await form.getByRole('checkbox', { name: /I agree/ }).check();
};

/** A JSON enquiry with the challenge its form (of `kind`) would have fetched `agoMs` earlier, for direct API posts. */
export const withChallenge = <T extends object>(kind: EnquiryKind, body: T, agoMs = 20_000) => ({
  ...body,
  challenge: issueChallenge(E2E_CHALLENGE_SECRET, kind, Date.now() - agoMs),
});

/** A finance lead sent straight to the served API (as a form would, signed challenge included); answered 201. */
export const sendFinanceLead = async (request: APIRequestContext, over: Record<string, unknown> = {}) => {
  const body = {
    Planning: 'Mutual Funds',
    Username: `Meena ${uniqueLetters(8)}`,
    phone: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
    // Her own address: the same e-mail is the same person, whose leads a search by phone finds together.
    email: `meena.${uniqueLetters(8)}@example.com`,
    currentdate: 'Wed, Nov 25 2026',
    consent: true,
    page: '/Mutualfunds',
    submissionId: randomUUID(),
    company_website: '',
    elapsedMs: 20_000,
    ...over,
  };
  expect((await request.post('/api/finance', { data: withChallenge('finance', body) })).status()).toBe(201);
  return body;
};

/** Native form fields with the token of their confirmation (what the confirm page's one click posts, read for 20 s). */
export const confirmed = (fields: Record<string, string>) => ({
  ...fields,
  confirmToken: issueConfirmation(E2E_CHALLENGE_SECRET, fields, Date.now() - 20_000),
});

/**
 * Faster submissions than the served site's minimum fill time are treated as spam. The form sends
 * the time since the page started loading (performance.now()), so wait until that is past it.
 */
export const humanPause = (page: Page) =>
  // Polled from here, not with waitForFunction: on a page without JavaScript the headless shell
  // draws no further frames, so a frame-driven wait would never look again.
  expect.poll(() => page.evaluate(() => performance.now()), { intervals: [100] }).toBeGreaterThan(E2E_MIN_FILL_MS + 300);

/**
 * Opens a form page and fills it as its steps say, with an e-mail address of its own (`<prefix>-…@example.com`)
 * so that the test can find its lead among the others, then waits out the minimum fill time.
 */
export const fillWithUniqueEmail = async (page: Page, form: FormPage, prefix: string) => {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  await page.goto(form.path);
  await hydrated(page);
  await fill(
    page,
    form.steps.map((s) => (s.type === 'text' && s.label === 'E-mail' ? { ...s, value: email } : s)),
  );
  await humanPause(page);
  return email;
};

/**
 * A person reading the confirm page before the click (a click sooner than the served site's
 * minimum fill time after the page was served gets the page again, with nothing sent). Without JavaScript the page's own clock
 * cannot be asked, so the test's clock counts, from when the page was shown.
 */
export const readingPause = (shownAt = Date.now()) =>
  expect.poll(() => Date.now() - shownAt, { intervals: [100] }).toBeGreaterThan(E2E_MIN_FILL_MS + 300);

export const submitButton = (page: Page, kind: EnquiryKind) =>
  page.locator('form.enquiry-form').getByRole('button', { name: kind === 'contact' ? FORM_TEXT.submitContact : FORM_TEXT.submit });

/** The reference the thank-you shows (first 8 characters of the lead's id). */
export const shownReference = async (page: Page) => {
  const text = await page.locator('.enquiry-form__reference').textContent();
  const match = /([0-9a-f]{8})/.exec(text ?? '');
  expect(match, `reference in "${text}"`).not.toBeNull();
  return match![1];
};

/** The leads of a kind, as the team's export gives them (JSON), following its pages to the end. */
export const exportedLeads = async (request: APIRequestContext, kind: EnquiryKind): Promise<Record<string, unknown>[]> => {
  const leads: Record<string, unknown>[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `kind=${kind}&format=json&limit=2000${cursor ? `&cursor=${cursor}` : ''}`;
    const answer = await request.get(`/api/leads?${query}`, { headers: { authorization: `Bearer ${EXPORT_TOKEN}` } });
    expect(answer.status()).toBe(200);
    const page = (await answer.json()) as { leads: Record<string, unknown>[]; nextCursor: string | null };
    leads.push(...page.leads);
    cursor = page.nextCursor;
  } while (cursor);
  return leads;
};

export const leadsWithReference = async (request: APIRequestContext, kind: EnquiryKind, reference: string) =>
  (await exportedLeads(request, kind)).filter((lead) => String(lead.id).startsWith(reference));
