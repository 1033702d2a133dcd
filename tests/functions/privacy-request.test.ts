/**
 * The privacy request (kind `privacy`, /api/privacy) through the real functions and a real local
 * Blobs store: stored with the day it must be answered by, e-mailed to the team as a privacy
 * request with that day, never acknowledged to the visitor, exported, erasable; refused with a
 * 422 naming the fields in the visitor's language; and the same without JavaScript (the confirm
 * page, then the page that says what happens next).
 */
import { beforeEach, describe, expect, test } from 'vitest';
import leads from '../../netlify/functions/leads.mts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { useAcknowledgements } from '../support/acknowledgements.ts';
import { EMAILJS_ENV } from '../../harness/emailjs-standin.ts';
import { csvRecords } from '../support/csv.ts';
import { BROWSER_NAVIGATION_ACCEPT, nativeForm, send, sendForm, validPrivacy } from '../support/enquiry-requests.ts';
import { messagesIn } from '../support/words.ts';
import { dictionary } from '../../src/i18n/index.ts';
import { site } from '../../src/config/site.ts';
import { localizePath } from '../../src/lib/routing/index.ts';
import { PRIVACY_VERIFY_LINE } from '../../src/lib/enquiry/index.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';

const TOKEN = 'privacy-test-token-k7Qm2xR9vT4pW8nZ3bY6';
const ACK_TEMPLATE = 'template_ack_privacy_test';
const NAVIGATION = {
  accept: BROWSER_NAVIGATION_ACCEPT,
  'sec-fetch-mode': 'navigate',
  'sec-fetch-site': 'same-origin',
  origin: 'http://localhost',
};
const DAY = 86_400_000;

let db: TestDatabase;
let standIn: EmailJsStandIn;
useFreshLocalServers((servers) => ({ db, standIn } = servers));
// The acknowledgement is on, so a test can see that a privacy request does not get one.
const { acks } = useAcknowledgements(ACK_TEMPLATE, () => standIn);
beforeEach(() => {
  process.env.LEADS_EXPORT_TOKEN = TOKEN;
});

const api = (path: string, method = 'GET') =>
  leads(new Request(`http://localhost${path}`, { method, headers: { authorization: `Bearer ${TOKEN}` } }));
const onlyRequest = async () => {
  const stored = await db.leadsOf('privacy');
  expect(stored).toHaveLength(1);
  return stored[0];
};

describe('a privacy request with JavaScript (JSON)', () => {
  test('stored with the day it must be answered by, and no consent of its own', async () => {
    const request = validPrivacy();
    const answer = await send('privacy', request);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ ok: true, id: request.submissionId });

    const stored = await onlyRequest();
    expect(stored).toMatchObject({
      id: request.submissionId,
      kind: 'privacy',
      request: 'withdraw-and-erase',
      reference: '3f2a9c1e',
      phone: '9876543210',
      email: 'priya.raman@example.com',
      message: 'Please stop calling me and delete my number.',
      notified: true,
    });
    const days = site.grievance.responseDays;
    expect(stored.replyBy).toBe(new Date(Date.parse(stored.receivedAt) + days * DAY).toISOString().slice(0, 10));
    expect(stored).not.toHaveProperty('consentAt');
    expect(stored).not.toHaveProperty('consent');
  });

  test('the team e-mail says it is a privacy request and gives the deadline; the visitor gets no acknowledgement', async () => {
    const request = validPrivacy({ request: 'access', locale: 'ta' });
    expect((await send('privacy', request)).status).toBe(201);
    const stored = await onlyRequest();

    expect(standIn.received).toHaveLength(1);
    const [email] = standIn.received;
    expect(email.template_id).toBe(EMAILJS_ENV.EMAILJS_TEMPLATE_ID);
    const params = email.template_params as Record<string, string>;
    expect(params).toMatchObject({ kind: 'privacy', request: 'access', replyBy: stored.replyBy });
    const summary = params.summary.split('\n');
    expect(summary[0]).toBe(`Privacy request ${request.submissionId}: access`);
    expect(summary[1]).toBe(`Answer due by: ${stored.replyBy} (${site.grievance.responseDays} days; India's DPDP Act)`);
    // How to check it is them, in one line: the contact details already held, never those only in the request.
    expect(summary[2]).toBe(PRIVACY_VERIFY_LINE);
    expect(summary[2]).toMatch(/call the phone number or reply to the e-mail address we already hold/);
    expect(summary[2]).toMatch(/never send their data to a phone or address that appears only in this request/);
    expect(summary[3]).toBe('Preferred language: Tamil');
    expect(summary).not.toContainEqual(expect.stringMatching(/^Call:/));
    expect(acks()).toEqual([]);
  });

  test('one of phone and e-mail is enough; no consent box is needed', async () => {
    const { consent: _consent, ...withoutConsent } = validPrivacy();
    expect((await send('privacy', { ...withoutConsent, phone: '', email: 'only.mail@example.com' })).status).toBe(201);
    expect((await send('privacy', validPrivacy({ email: '', reference: '' }))).status).toBe(201);
    const stored = await db.leadsOf('privacy');
    expect(stored).toHaveLength(2);
    expect(stored.find((one) => one.email === 'only.mail@example.com')).not.toHaveProperty('phone');
    expect(stored.find((one) => one.phone === '9876543210')).not.toHaveProperty('reference');
  });

  test.each(['en', 'ta', 'te', 'kn'] as const)(
    'bad input in %s: a 422 naming each field in that language, nothing stored',
    async (locale) => {
      const M = messagesIn(locale);
      const answer = await send(
        'privacy',
        validPrivacy({ locale, phone: '', email: '', reference: 'not a reference!', request: 'delete-everything' }),
      );
      expect(answer.status).toBe(422);
      expect(answer.body.fields).toEqual({ phone: M.phoneOrEmail, reference: M.reference, request: M.privacyRequest });
      expect(await db.leadsOf('privacy')).toEqual([]);
      expect(standIn.received).toEqual([]);
    },
  );

  test('the whole id as reference is kept too, lower-cased and without spaces', async () => {
    const id = crypto.randomUUID().toUpperCase();
    expect((await send('privacy', validPrivacy({ reference: ` ${id} ` }))).status).toBe(201);
    expect((await onlyRequest()).reference).toBe(id.toLowerCase());
  });
});

describe('the team works with it like any lead', () => {
  test('exported (kind=privacy) with its request, reference and answer day, and erased on request', async () => {
    const request = validPrivacy({ request: 'correct', message: 'My name is spelt Priya, not Prya.' });
    expect((await send('privacy', request)).status).toBe(201);
    const stored = await onlyRequest();

    const csv = await api('/api/leads?kind=privacy&format=csv');
    expect(csv.status).toBe(200);
    expect(csvRecords(await csv.text())).toEqual([
      expect.objectContaining({
        id: request.submissionId,
        kind: 'privacy',
        request: 'correct',
        reference: '3f2a9c1e',
        replyBy: stored.replyBy,
        message: 'My name is spelt Priya, not Prya.',
        consentAt: '',
      }),
    ]);

    expect((await api(`/api/leads/${request.submissionId}`, 'DELETE')).status).toBe(204);
    expect(await db.leadsOf('privacy')).toEqual([]);
    expect(await db.record(request.submissionId)).toBeNull();
  });
});

describe('a privacy request without JavaScript', () => {
  test.each(['en', 'ta'] as const)(
    'in %s: the confirm page asks about the request, and the confirmed post lands on the privacy thank-you',
    async (locale) => {
      const words = dictionary(locale).problem;
      const fields = nativeForm('privacy', { locale, page: localizePath('/Privacyrequest', locale) });
      const first = await sendForm('privacy', fields, { confirmed: false, headers: NAVIGATION });
      expect(first.status).toBe(200);
      expect(first.text).toContain(words.confirmPrivacy.title);
      expect(first.text).toContain(words.confirmPrivacy.button);
      expect(first.text).not.toContain(words.confirm.button);
      expect(first.text).toContain('action="/api/privacy"');
      expect(await db.leadsOf('privacy')).toEqual([]);

      const confirmed = await sendForm('privacy', fields, { headers: NAVIGATION });
      expect(confirmed.status).toBe(303);
      expect(confirmed.headers.get('location')).toBe(localizePath('/Privacyrequestsent', locale));
      expect(await onlyRequest()).toMatchObject({ via: 'html', locale, request: 'withdraw-and-erase' });
    },
  );

  test('bad input: the problem page in the visitor language names the fields', async () => {
    const words = dictionary('kn').problem;
    const M = messagesIn('kn');
    const answer = await sendForm('privacy', nativeForm('privacy', { locale: 'kn', phone: '', email: '', request: undefined }), {
      headers: NAVIGATION,
    });
    expect(answer.status).toBe(422);
    expect(answer.text).toContain(`<li><strong>${words.fields.phone}:</strong> ${M.phoneOrEmail}</li>`);
    expect(answer.text).toContain(`<li><strong>${words.fields.request}:</strong> ${M.privacyRequest}</li>`);
  });
});
