// @vitest-environment jsdom
// @vitest-environment-options {"url":"http://127.0.0.1:47123/"}
/**
 * The form islands in jsdom, posting with their real XMLHttpRequest to the real enquiry
 * functions (behind a local HTTP server, storing in a real local database and Blobs server).
 * The e-mail fallback goes to the EmailJS stand-in.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { closedPort, startLocalBlobs, type LocalBlobs } from '../../harness/local-blobs.ts';
import { startTestDatabase, type TestDatabase } from '../support/database.ts';
import { startApiServer, type ApiServer } from '../support/api-server.ts';
import { startEmailJsStandIn, type EmailJsStandIn } from '../../harness/emailjs-standin.ts';
import LoanForm from '../../src/islands/forms/LoanForm.tsx';
import PlanForm from '../../src/islands/forms/PlanForm.tsx';
import PropertyForm from '../../src/islands/forms/PropertyForm.tsx';
import SellFlatsForm from '../../src/islands/forms/SellFlatsForm.tsx';
import ContactForm from '../../src/islands/forms/ContactForm.tsx';
import { CITIES } from '../../src/data/locations.ts';
import { FORM_TEXT, MESSAGES } from '../support/words.ts';
import type { ContactLinks } from '../../src/lib/contact-links.ts';
import { CONSENT_NOTICE, consentPlainText } from '../../src/lib/consent.ts';
import { ATTRIBUTION_STORAGE_KEY } from '../../src/lib/attribution.ts';
import { formLanguage } from '../../src/islands/forms/props.ts';

// A busy CI machine can take more than the default second for a round trip through the real functions.
configure({ asyncUtilTimeout: 10_000 });

/** jsdom's XMLHttpRequest keeps the environment's origin, so the API listens on that very origin. */
const API_PORT = 47123;

const contact: ContactLinks = {
  brand: 'Aranya',
  phone: '+91 90000 00000',
  telHref: 'tel:+919000000000',
  whatsappHref: 'https://wa.me/919000000000',
  email: 'info@example.com',
};

/** What an English page gives its form island. */
const english = formLanguage('en');

let blobs: LocalBlobs;
let db: TestDatabase;
let api: ApiServer;
let standIn: EmailJsStandIn;
// Started together, with 60 s as tests/support/servers.ts allows: a database takes seconds of CPU,
// and the default 10 s ran out on a loaded machine.
beforeAll(async () => {
  [blobs, db, api, standIn] = await Promise.all([startLocalBlobs(), startTestDatabase(), startApiServer(API_PORT), startEmailJsStandIn()]);
}, 60_000);
afterAll(async () => {
  await api.close();
  await standIn.close();
  await blobs.stop();
  await db.stop();
});
beforeEach(() => {
  blobs.use();
  db.use();
  api.hits.length = 0;
  standIn.received.length = 0;
  standIn.setBehaviour({ status: 200, delayMs: 0 });
  process.env.LEADS_MIN_FILL_MS = '0';
});
afterEach(async () => {
  cleanup();
  vi.unstubAllEnvs();
  blobs.use();
  db.use();
  await Promise.all([blobs.clear(), db.clear()]);
  delete process.env.LEADS_STORE_TIMEOUT_MS;
});

/** Every stored record (jsdom's fetch cannot get the form its challenge, so its posts are kept as spam). */
const storedLeads = () => db.records();
/** The functions' database refuses every connection. */
const useUnreachableDatabase = async () => {
  process.env.NETLIFY_DB_URL = `postgres://postgres@127.0.0.1:${await closedPort()}/postgres`;
};

const fillDetails = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(screen.getByLabelText('Your name'), 'Priya Raman');
  await user.type(screen.getByLabelText('Mobile number'), '98765 43210');
  await user.type(screen.getByLabelText('E-mail'), 'Priya@Example.com');
  await user.click(screen.getByLabelText(/I agree that Aranya may use these details/));
};

const chooseLocation = async (user: ReturnType<typeof userEvent.setup>, state: string, city: string) => {
  await user.selectOptions(screen.getByLabelText('State'), state);
  await user.selectOptions(screen.getByLabelText('City'), city);
};

describe('loan form', () => {
  test('preselects its own loan type, and that is what is stored', async () => {
    const user = userEvent.setup();
    render(<LoanForm {...english} loanType="Gold Loan" page="/Goldloan" contact={contact} />);
    expect(screen.getByLabelText<HTMLSelectElement>('Loan type').value).toBe('Gold Loan');
    await user.selectOptions(screen.getByLabelText('Loan amount'), '10 to 25 lakhs');
    await user.click(screen.getByRole('radio', { name: 'Private banks' }));
    await user.click(screen.getByRole('radio', { name: 'Salaried' }));
    await chooseLocation(user, 'Karnataka', 'Mysuru');
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: FORM_TEXT.submit }));

    await screen.findByText(FORM_TEXT.success.title);
    const [lead] = await storedLeads();
    expect(lead).toMatchObject({
      kind: 'bankloan',
      page: '/Goldloan',
      Loantype: 'Gold Loan',
      Amount: '10 to 25 lakhs',
      Banktype: 'Private banks',
      Profession: 'Salaried',
      selectedState: 'Karnataka',
      selectedCity: 'Mysuru',
      Username: 'Priya Raman',
      phone: '9876543210',
      email: 'priya@example.com',
    });
    // The reference is the first 8 characters of the stored id.
    expect(screen.getByText(FORM_TEXT.success.reference(String(lead.id).slice(0, 8)))).toBeTruthy();
    expect(String(lead.currentdate)).toMatch(/^(Sun|Mon|Tue|Wed|Thu|Fri|Sat), [A-Z][a-z]{2} \d{2} \d{4}$/);
    // The next step offered is WhatsApp, with a first message that quotes the reference.
    const next = screen.getByText(FORM_TEXT.success.next, { exact: false });
    const chat = new URL(
      within(next)
        .getByRole('link', { name: /WhatsApp/ })
        .getAttribute('href') ?? '',
    );
    expect(`${chat.origin}${chat.pathname}`).toBe('https://wa.me/919000000000');
    expect(chat.searchParams.get('text')).toContain(String(lead.id).slice(0, 8));
  });

  test('after success the form is empty again, with its preselection and a new submissionId', async () => {
    const user = userEvent.setup();
    render(<LoanForm {...english} loanType="Vehicle Loan" page="/Vehicleloan" contact={contact} />);
    const send = async () => {
      await user.selectOptions(screen.getByLabelText('Loan amount'), '10 lakhs & below');
      await user.click(screen.getByRole('radio', { name: 'Govt Banks' }));
      await user.click(screen.getByRole('radio', { name: 'Business' }));
      await chooseLocation(user, 'Tamil Nadu', 'Hosur');
      await fillDetails(user);
      await user.click(screen.getByRole('button', { name: FORM_TEXT.submit }));
      await screen.findByText(FORM_TEXT.success.title);
    };
    await send();
    await user.click(screen.getByRole('button', { name: FORM_TEXT.success.another }));
    expect(screen.getByLabelText<HTMLInputElement>('Your name').value).toBe('');
    expect(screen.getByLabelText<HTMLSelectElement>('Loan type').value).toBe('Vehicle Loan');
    await send();
    const ids = (await storedLeads()).map((lead) => lead.id);
    expect(new Set(ids).size).toBe(2);
  });
});

test('the call-back choices: what the visitor picks is stored; untouched, the page’s language and no time; they reset after success', async () => {
  const user = userEvent.setup();
  render(<LoanForm {...english} loanType="Vehicle Loan" page="/Vehicleloan" contact={contact} />);
  const send = async (choose: () => Promise<void>) => {
    await user.selectOptions(screen.getByLabelText('Loan amount'), '10 lakhs & below');
    await user.click(screen.getByRole('radio', { name: 'Govt Banks' }));
    await user.click(screen.getByRole('radio', { name: 'Business' }));
    await chooseLocation(user, 'Tamil Nadu', 'Hosur');
    await fillDetails(user);
    await choose();
    await user.click(screen.getByRole('button', { name: FORM_TEXT.submit }));
    await screen.findByText(FORM_TEXT.success.title);
  };
  await send(async () => {
    const times = screen.getByRole('group', { name: FORM_TEXT.fields.callTime.label });
    await user.click(within(times).getByRole('radio', { name: 'Evening, 4–7 pm' }));
    // From English (the page's language, checked) to Tamil. (The keyboard is tried in Chromium: tests/e2e/call-back.spec.ts.)
    const languages = screen.getByRole('group', { name: FORM_TEXT.fields.callLanguage.label });
    expect(within(languages).getByRole<HTMLInputElement>('radio', { name: 'English' }).checked).toBe(true);
    await user.click(within(languages).getByRole('radio', { name: 'Tamil' }));
  });
  const [first] = await storedLeads();
  expect(first).toMatchObject({ callTime: 'Evening (16:00-19:00)', callLanguage: 'Tamil' });

  await user.click(screen.getByRole('button', { name: FORM_TEXT.success.another }));
  expect(screen.getByRole<HTMLInputElement>('radio', { name: FORM_TEXT.callAnyTime }).checked).toBe(true);
  expect(screen.getByRole<HTMLInputElement>('radio', { name: 'English' }).checked).toBe(true);
  await db.clear();
  await send(async () => {});
  const [second] = await storedLeads();
  expect(second).toMatchObject({ callLanguage: 'English' });
  expect(second).not.toHaveProperty('callTime');
});

test('the lead carries the consent notice version shown and where the visit came from', async () => {
  sessionStorage.setItem(
    ATTRIBUTION_STORAGE_KEY,
    JSON.stringify({ landingPath: '/Buy?utm_source=news', utm_source: 'newsletter', utm_campaign: 'diwali' }),
  );
  const user = userEvent.setup();
  render(<PlanForm {...english} planning="AIF" page="/AIF" contact={contact} />);
  await fillDetails(user);
  await user.click(screen.getByRole('button', { name: FORM_TEXT.submit }));
  await screen.findByText(FORM_TEXT.success.title);
  expect((await storedLeads())[0]).toMatchObject({
    consentNotice: CONSENT_NOTICE.version,
    utm_source: 'newsletter',
    utm_campaign: 'diwali',
    landingPath: '/Buy?utm_source=news',
  });
  sessionStorage.clear();
});

test('planning form: the page preselects its option', async () => {
  const user = userEvent.setup();
  render(<PlanForm {...english} planning="PMS" page="/PMS" contact={contact} />);
  expect(screen.getByRole<HTMLInputElement>('radio', { name: 'PMS' }).checked).toBe(true);
  await fillDetails(user);
  await user.click(screen.getByRole('button', { name: FORM_TEXT.submit }));
  await screen.findByText(FORM_TEXT.success.title);
  expect((await storedLeads())[0]).toMatchObject({ kind: 'finance', Planning: 'PMS', page: '/PMS' });
});

describe('state and city', () => {
  test('the city list is empty until a state is chosen, then lists that state only, and resets when the state changes', async () => {
    const user = userEvent.setup();
    render(<LoanForm {...english} loanType="Gold Loan" page="/Goldloan" contact={contact} />);
    const city = screen.getByLabelText<HTMLSelectElement>('City');
    expect(
      within(city)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a state first']);
    await user.selectOptions(screen.getByLabelText('State'), 'Karnataka');
    expect(within(city).getAllByRole('option')).toHaveLength(CITIES.Karnataka.length + 1);
    await user.selectOptions(city, 'Mysuru');
    await user.selectOptions(screen.getByLabelText('State'), 'Telangana');
    expect(city.value).toBe('');
    expect(within(city).queryByRole('option', { name: 'Mysuru' })).toBeNull();
    expect(within(city).getByRole('option', { name: 'Warangal' })).toBeTruthy();
  });
});

describe('messages at the fields', () => {
  test('on blur: plain words next to the field, linked with aria-invalid and aria-describedby', async () => {
    const user = userEvent.setup();
    render(<ContactForm {...english} page="/Contactus" contact={contact} />);
    const phone = screen.getByLabelText('Mobile number');
    await user.type(phone, '12345');
    await user.tab();
    const message = await screen.findByText(MESSAGES.phone);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(phone.getAttribute('aria-describedby')).toContain(message.id);
    // Fixing it clears the message as the visitor types.
    await user.clear(phone);
    await user.type(phone, '6123456789');
    await waitFor(() => expect(screen.queryByText(MESSAGES.phone)).toBeNull());
  });

  test('on submit: every problem shows, focus goes to the first field, one live region counts them', async () => {
    const user = userEvent.setup();
    render(<ContactForm {...english} page="/Contactus" contact={contact} />);
    await user.type(screen.getByLabelText('E-mail'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: FORM_TEXT.submitContact }));
    await screen.findByText(MESSAGES.nameMissing);
    expect(screen.getByText(MESSAGES.phoneMissing)).toBeTruthy();
    expect(screen.getByText(MESSAGES.email)).toBeTruthy();
    expect(screen.getByText(MESSAGES.messageMissing)).toBeTruthy();
    expect(screen.getByText(MESSAGES.consent)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Your name'));
    expect(screen.getByRole('status').textContent).toBe(FORM_TEXT.errorsSummary(5));
    // Nothing was sent, and what was typed is kept.
    expect(api.hits).toEqual([]);
    expect(screen.getByLabelText<HTMLInputElement>('E-mail').value).toBe('not-an-email');
  });

  test('nothing is said while the visitor first types in a field; after a try to send, every change is checked at once', async () => {
    const user = userEvent.setup();
    render(<ContactForm {...english} page="/Contactus" contact={contact} />);
    const phone = screen.getByLabelText('Mobile number');
    await user.type(phone, '12345');
    // Still in the field: no message yet (it comes when the visitor leaves it).
    expect(screen.queryByText(MESSAGES.phone)).toBeNull();
    expect(phone.getAttribute('aria-invalid')).toBeNull();

    await user.click(screen.getByRole('button', { name: FORM_TEXT.submitContact }));
    await screen.findByText(MESSAGES.phone);
    const email = screen.getByLabelText('E-mail');
    expect(screen.getByText(MESSAGES.emailMissing)).toBeTruthy();
    // After the try, typing fixes a field's message without leaving it, and a wrong value shows one.
    await user.click(email);
    await user.type(email, 'priya@example.com');
    await waitFor(() => expect(screen.queryByText(MESSAGES.emailMissing)).toBeNull());
    expect(document.activeElement).toBe(email);
    await user.type(email, '@');
    await screen.findByText(MESSAGES.email);
  });

  test('the message counts its 2,000 characters', async () => {
    const user = userEvent.setup();
    render(<ContactForm {...english} page="/Contactus" contact={contact} />);
    expect(screen.getByText('0 of 2,000 characters')).toBeTruthy();
    await user.type(screen.getByLabelText('Message'), 'Hello team');
    expect(screen.getByText('10 of 2,000 characters')).toBeTruthy();
    expect(screen.getByLabelText('Message').getAttribute('maxlength')).toBe('2000');
  });
});

describe('fields', () => {
  test('mobile, e-mail and name use the right type, inputmode and autocomplete; the mobile shows +91', () => {
    render(<ContactForm {...english} page="/Contactus" contact={contact} />);
    const phone = screen.getByLabelText('Mobile number');
    expect([phone.getAttribute('type'), phone.getAttribute('inputmode'), phone.getAttribute('autocomplete')]).toEqual([
      'tel',
      'numeric',
      'tel',
    ]);
    expect(phone.closest('.field__prefixed')?.textContent).toContain('+91');
    const email = screen.getByLabelText('E-mail');
    expect([email.getAttribute('type'), email.getAttribute('inputmode'), email.getAttribute('autocomplete')]).toEqual([
      'email',
      'email',
      'email',
    ]);
    expect(screen.getByLabelText('Your name').getAttribute('autocomplete')).toBe('name');
  });

  test('the honeypot is hidden from people and screen readers, untabbable and never autofilled', () => {
    const { container } = render(<ContactForm {...english} page="/Contactus" contact={contact} />);
    const honeypot = container.querySelector<HTMLInputElement>('input[name="company_website"]')!;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.getAttribute('autocomplete')).toBe('off');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  test('consent: unticked, with its one-sentence notice and a link to /Privacy', () => {
    render(<ContactForm {...english} page="/Contactus" contact={contact} />);
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: /I agree/ });
    expect(box.checked).toBe(false);
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/Privacy');
    expect(document.getElementById('enquiry-consent-hint')?.textContent).toBe(consentPlainText(CONSENT_NOTICE.text));
  });

  test('a select placeholder is never a valid value', async () => {
    const user = userEvent.setup();
    render(<LoanForm {...english} loanType="Gold Loan" page="/Goldloan" contact={contact} />);
    await user.click(screen.getByRole('button', { name: FORM_TEXT.submit }));
    expect(await screen.findByText(MESSAGES.amount)).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Loan amount').value).toBe('');
  });

  test.each([
    ['buy', 'commercial', ['Budget'], ['Listing', 'Size', 'Photos (optional)']],
    ['sell', 'flats', ['Listing', 'Bedrooms', 'Budget', 'Photos (optional)'], []],
    ['buy', 'agricultural', ['Land size', 'Budget'], ['Listing']],
    ['buy', 'individual', ['Budget'], ['Listing', 'Size', 'Bedrooms']],
  ] as const)('property form %s %s shows the fields of realEstateFieldsFor', (intent, category, shown, absent) => {
    // The page's island: Sell Flats, the one with photos, has its own (it carries the photo field).
    const Form = intent === 'sell' && category === 'flats' ? SellFlatsForm : PropertyForm;
    render(<Form {...english} intent={intent} category={category} page="/x" contact={contact} />);
    for (const label of shown) expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    for (const label of absent) expect(screen.queryByText(label)).toBeNull();
  });
});

test('no double submit: a second click while sending sends nothing more', async () => {
  const user = userEvent.setup();
  render(<PlanForm {...english} planning="AIF" page="/AIF" contact={contact} />);
  await fillDetails(user);
  const button = screen.getByRole('button', { name: FORM_TEXT.submit });
  await Promise.all([user.click(button), user.click(button), user.dblClick(button)]);
  await screen.findByText(FORM_TEXT.success.title);
  expect(api.hits.filter((hit) => hit.startsWith('POST'))).toHaveLength(1);
  expect(await storedLeads()).toHaveLength(1);
});

describe('when our API cannot be reached', () => {
  const useFallback = () => {
    vi.stubEnv('PUBLIC_EMAILJS_PUBLIC_KEY', 'public_local');
    vi.stubEnv('PUBLIC_EMAILJS_SERVICE_ID', 'service_local');
    vi.stubEnv('PUBLIC_EMAILJS_FALLBACK_TEMPLATE_ID', 'template_fallback_local');
    vi.stubEnv('PUBLIC_EMAILJS_API_ORIGIN', standIn.origin);
  };

  test('503 twice: retried once with the same id, then e-mailed to the team, and the visitor is told so', async () => {
    useFallback();
    await useUnreachableDatabase();
    const user = userEvent.setup();
    render(<PlanForm {...english} planning="Mutual Funds" page="/Mutualfunds" contact={contact} />);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: FORM_TEXT.submit }));
    await screen.findByText(FORM_TEXT.success.byEmail, undefined, { timeout: 10_000 });
    expect(api.hits).toEqual(['POST /api/finance', 'POST /api/finance']);
    expect(standIn.received).toHaveLength(1);
    expect(standIn.received[0].template_params).toMatchObject({
      kind: 'finance',
      Planning: 'Mutual Funds',
      Username: 'Priya Raman',
      via: 'browser-fallback',
    });
  });

  test('fallback fails too: a plain failure with every value kept and the links; Retry then stores exactly once', async () => {
    useFallback();
    await useUnreachableDatabase();
    standIn.setBehaviour({ status: 451 });
    const user = userEvent.setup();
    render(<PlanForm {...english} planning="Mutual Funds" page="/Mutualfunds" contact={contact} />);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: FORM_TEXT.submit }));
    const alert = await screen.findByRole('alert', undefined, { timeout: 10_000 });
    expect(alert.textContent).toContain(FORM_TEXT.failure.title);
    expect(alert.textContent).toContain(FORM_TEXT.emailStatus[451]);
    expect(
      within(alert)
        .getByRole('link', { name: /Call \+91 90000 00000/ })
        .getAttribute('href'),
    ).toBe('tel:+919000000000');
    expect(
      within(alert)
        .getByRole('link', { name: /WhatsApp/ })
        .getAttribute('href'),
    ).toBe('https://wa.me/919000000000');
    expect(within(alert).getByRole('link', { name: /E-mail info@example.com/ })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Your name').value).toBe('Priya Raman');
    expect(screen.getByLabelText<HTMLInputElement>('Mobile number').value).toBe('98765 43210');

    db.use(); // the database is back
    await user.click(screen.getByRole('button', { name: FORM_TEXT.failure.retry }));
    await screen.findByText(FORM_TEXT.success.title);
    expect(screen.queryByText(FORM_TEXT.success.byEmail)).toBeNull();
    const leads = await storedLeads();
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ Planning: 'Mutual Funds', Username: 'Priya Raman' });
  });

  test('fallback not configured: the failure says so', async () => {
    await useUnreachableDatabase();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    render(<PlanForm {...english} planning="AIF" page="/AIF" contact={contact} />);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: FORM_TEXT.submit }));
    const alert = await screen.findByRole('alert', undefined, { timeout: 10_000 });
    expect(alert.textContent).toContain(FORM_TEXT.emailStatus.notConfigured);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('PUBLIC_EMAILJS_PUBLIC_KEY'));
    log.mockRestore();
  });
});

test('an unchosen radio group gets its own message (bedrooms, listing), not a generic one', async () => {
  const user = userEvent.setup();
  render(<SellFlatsForm {...english} intent="sell" category="flats" page="/Sellflats" contact={contact} />);
  await user.click(screen.getByRole('button', { name: FORM_TEXT.submit }));
  expect(await screen.findByText(MESSAGES.bedrooms)).toBeTruthy();
  expect(screen.getByText(MESSAGES.listingFlats)).toBeTruthy();
  expect(screen.getByText(MESSAGES.time)).toBeTruthy();
});
