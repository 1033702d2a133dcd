// @vitest-environment jsdom
/** The browser's e-mail fallback against the EmailJS stand-in: what it sends and how each status reads. */
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { startEmailJsStandIn, type EmailJsStandIn } from '../../harness/emailjs-standin.ts';
import {
  emailStatusMessage,
  fallbackParams,
  missingSettings,
  sendByEmail,
  type FallbackSettings,
} from '../../src/islands/forms/fallback.ts';
import { FORM_TEXT } from '../support/words.ts';
import { en } from '../../src/i18n/en.ts';
import { enquirySchemas } from '../../src/lib/enquiry/index.ts';
import { validFinance, validPrivacy } from '../../harness/sample-enquiries.ts';

let standIn: EmailJsStandIn;
let settings: FallbackSettings;
beforeAll(async () => {
  standIn = await startEmailJsStandIn();
  settings = { publicKey: 'public_local', serviceId: 'service_local', templateId: 'template_fallback_local', origin: standIn.origin };
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.received.length = 0;
  standIn.setBehaviour({ status: 200, delayMs: 0 });
});

const enquiry = validFinance({ Username: 'Priya', phone: '98765 43210', utm_source: '', locale: 'ta' });
// Whatever else the payload carries (a script's extra fields, the fill time) is not sent.
const params = fallbackParams(
  'finance',
  enquirySchemas.finance,
  { ...enquiry, extra: '<b>not a field</b>', elapsedMs: 9000 },
  { photos: 2, preferredLanguage: 'Tamil' },
);

test("sends only the fields the kind's schema accepted, the kind and a readable summary, to the fallback's own template", async () => {
  expect(await sendByEmail(params, en.form, settings)).toEqual({ sent: true });
  expect(standIn.received).toHaveLength(1);
  const email = standIn.received[0];
  expect(email).toMatchObject({ service_id: 'service_local', template_id: 'template_fallback_local', user_id: 'public_local' });
  expect(email.template_params).toMatchObject({
    kind: 'finance',
    via: 'browser-fallback',
    Username: 'Priya',
    phone: '9876543210',
    submissionId: enquiry.submissionId,
  });
  for (const left of ['extra', 'elapsedMs', 'utm_source']) expect(email.template_params).not.toHaveProperty(left);
  expect(String(email.template_params.summary)).not.toContain('not a field');
  expect(String(email.template_params.summary)).toMatch(/photos: 2 chosen, not attached/);
  // The team calls back in the visitor's language, as with the server's own e-mail.
  expect(email.template_params).toMatchObject({ locale: 'ta', preferredLanguage: 'Tamil' });
  expect(String(email.template_params.summary)).toContain('Preferred language: Tamil');
  // Nothing chosen: any time within the calling hours, in the page's language.
  expect(email.template_params.callBack).toBe('any time (9:30-19:00), in Tamil');
});

test('the time and language to call go with it, near the top of the summary, as in the server’s e-mail', () => {
  const chosen = fallbackParams(
    'finance',
    enquirySchemas.finance,
    { ...validFinance({ locale: 'te', callTime: 'Evening (16:00-19:00)', callLanguage: 'Hindi' }) },
    { preferredLanguage: 'Telugu' },
  );
  expect(chosen).toMatchObject({ callTime: 'Evening (16:00-19:00)', callLanguage: 'Hindi', callBack: 'Evening (16:00-19:00), in Hindi' });
  expect(String(chosen.summary).split('\n').slice(1, 3)).toEqual(['Preferred language: Telugu', 'Call: Evening (16:00-19:00), in Hindi']);
});

test('a privacy request asks for no call: its summary has no call line', () => {
  const request = fallbackParams('privacy', enquirySchemas.privacy, validPrivacy({ locale: 'ta' }), { preferredLanguage: 'Tamil' });
  expect(request).toMatchObject({ kind: 'privacy', request: 'withdraw-and-erase', reference: '3f2a9c1e', callBack: '' });
  expect(String(request.summary).split('\n').slice(1)).not.toContainEqual(expect.stringMatching(/^Call:/));
});

describe.each([451, 403, 429, 500])('EmailJS answers %i', (status) => {
  test('the visitor gets plain words for it', async () => {
    standIn.setBehaviour({ status });
    const result = await sendByEmail(params, en.form, settings);
    const expected = status === 500 ? FORM_TEXT.emailStatus.other : FORM_TEXT.emailStatus[status as 451 | 403 | 429];
    expect(result).toEqual({ sent: false, status, message: expected });
  });
});

test('an unreachable e-mail service is status 0, "offline"', async () => {
  const result = await sendByEmail(params, en.form, { ...settings, origin: 'http://127.0.0.1:9' });
  expect(result).toEqual({ sent: false, status: 0, message: FORM_TEXT.emailStatus[0] });
  expect(emailStatusMessage(en.form, 0)).toMatch(/offline/);
});

test('missing settings: a plain message for the visitor, and the console names each missing one', async () => {
  const log = vi.spyOn(console, 'error').mockImplementation(() => {});
  const result = await sendByEmail(params, en.form, { ...settings, serviceId: '', templateId: ' ' });
  expect(result).toEqual({ sent: false, status: 'not-configured', message: FORM_TEXT.emailStatus.notConfigured });
  expect(log).toHaveBeenCalledWith(expect.stringContaining('PUBLIC_EMAILJS_SERVICE_ID, PUBLIC_EMAILJS_FALLBACK_TEMPLATE_ID'));
  expect(missingSettings({ ...settings, publicKey: '' })).toEqual(['PUBLIC_EMAILJS_PUBLIC_KEY']);
  expect(standIn.received).toHaveLength(0);
  log.mockRestore();
});
