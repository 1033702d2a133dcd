/**
 * The visitor's language through the enquiry pipeline, against the real functions and a real
 * local Blobs store: the 422's field messages, the no-JavaScript problem page and thank-you page
 * in the language of the page the form was on (its `locale` field); the lead keeps `locale` and
 * the consent notice's version and language; the CSV has them as its last columns; the team's
 * e-mail names the language to call back in. Wire values stay English.
 *
 * Expected words are read from the dictionaries (tests/support/words.ts), and each is checked to
 * differ from the English one, so a test passes only in the language the `locale` chose.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import exportLeads from '../../netlify/functions/leads.mts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { csvRecords, parseCsv } from '../support/csv.ts';
import {
  BROWSER_NAVIGATION_ACCEPT,
  handlers,
  nativeForm,
  send,
  sendForm,
  validBankLoan,
  validContact,
  validFinance,
  validRealEstate,
} from '../support/enquiry-requests.ts';
import { formTextIn, messagesIn } from '../support/words.ts';
import { LANGUAGE_NAMES_EN, dictionary, type Locale } from '../../src/i18n/index.ts';
import { CONSENT_NOTICE } from '../../src/lib/consent.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';

let db: TestDatabase;
let standIn: EmailJsStandIn;
useFreshLocalServers((servers) => ({ db, standIn } = servers));
beforeEach(() => {
  process.env.LEADS_EXPORT_TOKEN = 'languages-test-token-k7Qm2xR9vT4pW8nZ3bY6';
  delete process.env.LEADS_MIN_FILL_MS;
});

const NAVIGATION = {
  accept: BROWSER_NAVIGATION_ACCEPT,
  'sec-fetch-mode': 'navigate',
  'sec-fetch-site': 'same-origin',
  origin: 'http://localhost',
};
const NEW_LOCALES = ['ta', 'te', 'kn'] as const;
/** A name in each language's own script. */
const NAMES: Record<Locale, string> = { en: 'Priya Raman', ta: 'ஆனந்த் குமார்', te: 'శ్రీనివాస్ రావు', kn: 'ಕಾವ್ಯಾ ಶೆಟ್ಟಿ' };

const exportCsv = async () => {
  const response = await exportLeads(
    new Request('http://localhost/api/leads?format=csv', {
      headers: { authorization: 'Bearer languages-test-token-k7Qm2xR9vT4pW8nZ3bY6' },
    }),
  );
  expect(response.status).toBe(200);
  return response.text();
};

describe.each(NEW_LOCALES)('%s', (locale) => {
  const M = messagesIn(locale);

  test('the 422 names each field in the language of the page, with placeholders filled', async () => {
    const enquiry = validBankLoan({ locale, phone: '12345', selectedCity: 'Hyderabad', Loantype: 'Loan Type' });
    const answer = await send('bankloan', enquiry);
    expect(answer.status).toBe(422);
    expect(answer.body.fields).toEqual({ phone: M.phone, selectedCity: M.cityOfState('Karnataka'), Loantype: M.loanType });
    expect(answer.body.fields.phone).not.toBe(messagesIn('en').phone);
    expect(await db.leadsOf('bankloan')).toEqual([]);
  });

  test('a name in its own script is accepted; the lead keeps locale, the consent version and language, English wire values', async () => {
    const enquiry = validBankLoan({ locale, Username: NAMES[locale], consentLocale: locale });
    const answer = await send('bankloan', enquiry);
    expect(answer.status).toBe(201);
    const [lead] = await db.leadsOf('bankloan');
    expect(lead).toMatchObject({
      Username: NAMES[locale],
      locale,
      consentNotice: CONSENT_NOTICE.version,
      consentLocale: locale,
      Loantype: 'Vehicle Loan',
      Amount: '10 to 25 lakhs',
      selectedCity: 'Mysuru',
    });
  });

  test("the team's e-mail says the preferred language by its English name", async () => {
    const enquiry = validContact({ locale, Username: NAMES[locale] });
    expect((await send('contact', enquiry)).status).toBe(201);
    expect(standIn.received).toHaveLength(1);
    const params = standIn.received[0].template_params;
    expect(params).toMatchObject({ locale, preferredLanguage: LANGUAGE_NAMES_EN[locale] });
    const summary = String(params.summary).split('\n');
    expect(summary[1]).toBe(`Preferred language: ${LANGUAGE_NAMES_EN[locale]}`);
  });

  test('without JavaScript: the problem page in that language, then its own /Thankyou', async () => {
    const words = dictionary(locale).problem;
    expect(words.headings[422]).not.toBe(dictionary('en').problem.headings[422]);
    expect(words.backLink).not.toBe(dictionary('en').problem.backLink);
    const bad = await sendForm('contact', nativeForm('contact', { locale, page: `/${locale}/Contactus`, phone: '1' }), {
      headers: NAVIGATION,
    });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain(`<html lang="${locale}-IN">`);
    expect(bad.text).toContain(`<h1>${words.headings[422]}</h1>`);
    expect(bad.text).toContain(`<li><strong>${words.fields.phone}:</strong> ${M.phone}</li>`);
    expect(bad.text).toContain(`<a class="button" href="/${locale}/Contactus">${words.backLink}</a>`);

    const good = await sendForm('contact', nativeForm('contact', { locale, page: `/${locale}/Contactus` }), { headers: NAVIGATION });
    expect(good.status).toBe(303);
    expect(good.headers.get('location')).toBe(`/${locale}/Thankyou`);
    const [lead] = await db.leadsOf('contact');
    expect(lead).toMatchObject({ via: 'html', locale, consentLocale: locale });
  });

  test('a photo problem is told in that language too', async () => {
    // Photos only go with Sell Flats: sent with another property enquiry, they are refused.
    const data = new FormData();
    data.append('data', JSON.stringify(validRealEstate({ locale })));
    data.append('files', new File([new Uint8Array([0xff, 0xd8, 0xff, 0])], 'a.jpg'));
    const refused = await handlers.realestate(new Request('http://localhost/api/realestate', { method: 'POST', body: data }));
    expect(refused.status).toBe(422);
    expect((await refused.json()).fields).toEqual({ photos: M.photosNotAllowed });
    expect(M.photosNotAllowed).not.toBe(messagesIn('en').photosNotAllowed);
  });
});

describe('a form that does not say its language', () => {
  test.each([
    ['missing', undefined],
    ['unknown', 'fr'],
    ['not text', 7],
  ])('%s locale: English messages, and the lead is stored as English', async (_name, locale) => {
    const bad = await send('finance', validFinance({ locale, phone: '1' }));
    expect(bad.status).toBe(422);
    expect(bad.body.fields.phone).toBe(messagesIn('en').phone);
    const enquiry = validBankLoan({ locale });
    expect((await send('bankloan', enquiry)).status).toBe(201);
    expect((await db.leadsOf('bankloan'))[0]).toMatchObject({ locale: 'en', consentLocale: 'en' });
  });

  test('a consent language that is not sent is the page language', async () => {
    expect((await send('bankloan', validBankLoan({ locale: 'kn' }))).status).toBe(201);
    expect((await db.leadsOf('bankloan'))[0]).toMatchObject({ locale: 'kn', consentLocale: 'kn' });
  });
});

test('the CSV keeps its columns in their places and adds locale and consentLocale after them', async () => {
  expect((await send('bankloan', validBankLoan({ locale: 'ta', consentLocale: 'en' }))).status).toBe(201);
  const text = await exportCsv();
  const [header] = parseCsv(text);
  // The columns the sales team's tools read, in their order before the languages came.
  const before = [
    'id', 'kind', 'receivedAt', 'consentAt', 'page', 'via', 'notified', 'notifyError', 'notifyAttempts', 'notifyGaveUp', 'spam',
    'Username', 'phone', 'email', 'intent', 'category', 'property', 'listing', 'type', 'cost', 'time', 'Loantype', 'Banktype',
    'Amount', 'Profession', 'Planning', 'selectedState', 'selectedCity', 'message', 'currentdate', 'photos', 'consentNotice',
    'landingPath', 'referrer', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid',
  ]; // prettier-ignore
  expect(header.slice(0, before.length + 3)).toEqual([...before, 'notifyHeld', 'locale', 'consentLocale']);
  expect(csvRecords(text)[0]).toMatchObject({ Loantype: 'Vehicle Loan', locale: 'ta', consentLocale: 'en' });
});

test('the form words used here are the dictionary’s: English stays as it was', () => {
  expect(formTextIn('en').success.title).toBe('Thank You for Submitting Query! We will contact you shortly');
  expect(messagesIn('en').cityOfState('Tamil Nadu')).toBe('Choose a city in Tamil Nadu');
  expect(messagesIn('en').photosCount(5)).toBe('Attach at most 5 photos');
});
