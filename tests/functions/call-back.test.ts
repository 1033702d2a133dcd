/**
 * When and in which language to call back (`callTime`, `callLanguage`), optional on every kind,
 * through the real functions and a real local Blobs store: stored as sent, exported as the CSV's
 * last two columns, near the top of the team's e-mail (the EmailJS stand-in keeps what it got),
 * refused with a 422 naming the field in the visitor's language when unknown, and carried by a
 * plain HTML form post (the confirm page keeps them for the confirmation).
 */
import { beforeEach, describe, expect, test } from 'vitest';
import exportLeads from '../../netlify/functions/leads.mts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { EMAILJS_ENV } from '../../harness/emailjs-standin.ts';
import { csvRecords, parseCsv } from '../support/csv.ts';
import { BROWSER_NAVIGATION_ACCEPT, nativeForm, send, sendForm, valid, type Kind } from '../support/enquiry-requests.ts';
import { messagesIn } from '../support/words.ts';
import { dictionary } from '../../src/i18n/index.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';

const TOKEN = 'call-back-test-token-k7Qm2xR9vT4pW8nZ3bY6';
let db: TestDatabase;
let standIn: EmailJsStandIn;
useFreshLocalServers((servers) => ({ db, standIn } = servers));
beforeEach(() => {
  Object.assign(process.env, EMAILJS_ENV, { EMAILJS_API_ORIGIN: standIn.origin, LEADS_EXPORT_TOKEN: TOKEN });
  delete process.env.LEADS_MIN_FILL_MS;
});

const KINDS: Kind[] = ['realestate', 'bankloan', 'finance', 'contact'];
const NAVIGATION = {
  accept: BROWSER_NAVIGATION_ACCEPT,
  'sec-fetch-mode': 'navigate',
  'sec-fetch-site': 'same-origin',
  origin: 'http://localhost',
};

const exportCsv = async () => {
  const response = await exportLeads(
    new Request('http://localhost/api/leads?format=csv', { headers: { authorization: `Bearer ${TOKEN}` } }),
  );
  expect(response.status).toBe(200);
  return response.text();
};

const onlyLead = async (kind: Kind) => {
  const leads = await db.leadsOf(kind);
  expect(leads).toHaveLength(1);
  return leads[0];
};

describe.each(KINDS)('%s', (kind) => {
  test('a lead with both is stored with them, exported in the columns at the end, and the e-mail leads with them', async () => {
    const enquiry = valid[kind]({ locale: 'ta', callTime: 'Evening (16:00-19:00)', callLanguage: 'Tamil' });
    expect((await send(kind, enquiry)).status).toBe(201);

    expect(await onlyLead(kind)).toMatchObject({ id: enquiry.submissionId, callTime: 'Evening (16:00-19:00)', callLanguage: 'Tamil' });

    const text = await exportCsv();
    const [header] = parseCsv(text);
    // After every kind's own fields, among the columns added later: then Monthly, ackedAt, the privacy request's three, the person's and the assignee's.
    const at = header.indexOf('callTime');
    expect(header.slice(at, at + 2)).toEqual(['callTime', 'callLanguage']);
    expect(at).toBeGreaterThan(header.indexOf('message'));
    expect(csvRecords(text)).toEqual([
      expect.objectContaining({ id: enquiry.submissionId, callTime: 'Evening (16:00-19:00)', callLanguage: 'Tamil' }),
    ]);

    expect(standIn.received).toHaveLength(1);
    const params = standIn.received[0].template_params;
    expect(params).toMatchObject({
      callTime: 'Evening (16:00-19:00)',
      callLanguage: 'Tamil',
      callBack: 'Evening (16:00-19:00), in Tamil',
    });
    const summary = String(params.summary).split('\n');
    // Near the top: right after the title and the page's language.
    expect(summary.slice(1, 3)).toEqual(['Preferred language: Tamil', 'Call: Evening (16:00-19:00), in Tamil']);
    expect(summary).toEqual(expect.arrayContaining(['Best time to call: Evening (16:00-19:00)', 'Language for the call: Tamil']));
  });

  test('an unknown time or language is a 422 naming each field, in the page’s language; nothing is stored or e-mailed', async () => {
    const answer = await send(kind, valid[kind]({ locale: 'kn', callTime: 'Night (19:00-23:00)', callLanguage: 'Malayalam' }));
    expect(answer.status).toBe(422);
    const M = messagesIn('kn');
    expect(answer.body.fields).toEqual({ callTime: M.callTime, callLanguage: M.callLanguage });
    expect(M.callTime).not.toBe(messagesIn('en').callTime);
    expect(await db.leadsOf(kind)).toEqual([]);
    expect(standIn.requests).toHaveLength(0);
  });
});

test('neither chosen ("any time", empty): accepted, empty CSV cells, the e-mail says any time within the hours in the page’s language', async () => {
  const enquiry = valid.bankloan({ locale: 'te', callTime: '', callLanguage: '' });
  expect((await send('bankloan', enquiry)).status).toBe(201);
  const lead = await onlyLead('bankloan');
  expect(lead).not.toHaveProperty('callTime');
  expect(lead).not.toHaveProperty('callLanguage');
  expect(csvRecords(await exportCsv())[0]).toMatchObject({ id: enquiry.submissionId, callTime: '', callLanguage: '' });
  const params = standIn.received[0].template_params;
  expect(params.callBack).toBe('any time (9:30-19:00), in Telugu');
  expect(String(params.summary).split('\n')[2]).toBe('Call: any time (9:30-19:00), in Telugu');
});

test('a call language other than the page’s (Hindi from an English page) is what the e-mail says', async () => {
  expect((await send('finance', valid.finance({ locale: 'en', callTime: 'Morning (9:30-12:00)', callLanguage: 'Hindi' }))).status).toBe(
    201,
  );
  expect(String(standIn.received[0].template_params.summary).split('\n')[2]).toBe('Call: Morning (9:30-12:00), in Hindi');
});

describe('without JavaScript (form-encoded)', () => {
  test('the first post’s confirm page keeps both, and the confirmed post stores them; 303 to the page’s /Thankyou', async () => {
    const form = nativeForm('bankloan', {
      locale: 'ta',
      page: '/ta/Vehicleloan',
      callTime: 'Afternoon (12:00-16:00)',
      callLanguage: 'Kannada',
    });
    const first = await sendForm('bankloan', form, { headers: NAVIGATION, confirmed: false });
    expect(first.status).toBe(200);
    expect(first.text).toContain('<input type="hidden" name="callTime" value="Afternoon (12:00-16:00)">');
    expect(first.text).toContain('<input type="hidden" name="callLanguage" value="Kannada">');
    expect(await db.leadsOf('bankloan')).toEqual([]);

    const confirmed = await sendForm('bankloan', form, { headers: NAVIGATION });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('/ta/Thankyou');
    expect(await onlyLead('bankloan')).toMatchObject({ via: 'html', callTime: 'Afternoon (12:00-16:00)', callLanguage: 'Kannada' });
    expect(String(standIn.received[0].template_params.summary)).toContain('Call: Afternoon (12:00-16:00), in Kannada');
  });

  test('the "any time" chip posts an empty callTime, which is accepted and not stored', async () => {
    const answer = await sendForm('contact', nativeForm('contact', { callTime: '', callLanguage: 'English' }), { headers: NAVIGATION });
    expect(answer.status).toBe(303);
    const lead = await onlyLead('contact');
    expect(lead).not.toHaveProperty('callTime');
    expect(lead.callLanguage).toBe('English');
  });

  test('an unknown value gets the problem page naming the field in the page’s language', async () => {
    const answer = await sendForm('realestate', nativeForm('realestate', { locale: 'te', page: '/te/Flats', callLanguage: 'French' }), {
      headers: NAVIGATION,
    });
    expect(answer.status).toBe(422);
    const words = dictionary('te');
    expect(answer.text).toContain(`<li><strong>${words.problem.fields.callLanguage}:</strong> ${words.messages.callLanguage}</li>`);
    expect(await db.leadsOf('realestate')).toEqual([]);
  });
});
