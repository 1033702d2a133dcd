/**
 * The second way in: a native HTML form post (before the script has loaded, or without
 * JavaScript), form-encoded or, on Sell Flats, multipart with plain fields. Same schema, same
 * store; the lead says `via: "html"`. A browser navigating gets a 303 to /Thankyou or an HTML
 * page of problems; JSON callers still get JSON.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import type { LocalBlobs } from '../../harness/local-blobs.ts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import {
  BROWSER_NAVIGATION_ACCEPT,
  asNativeForm,
  handlers,
  multipartFormRequest,
  nativeForm,
  newSubmissionId,
  send,
  sendForm,
  sendRequest,
  valid,
  validSellFlats,
  type Kind,
} from '../support/enquiry-requests.ts';
import { enquirySchemas, formatCurrentDate } from '../../src/lib/enquiry/index.ts';
import { MESSAGES, messagesIn } from '../support/words.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';

let db: TestDatabase;
let blobs: LocalBlobs;
let standIn: EmailJsStandIn;
useFreshLocalServers((servers) => ({ db, blobs, standIn } = servers));
beforeEach(() => {
  delete process.env.LEADS_MIN_FILL_MS;
});

const KINDS: Kind[] = ['realestate', 'bankloan', 'finance', 'contact'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** What a browser sends with a native form post. */
const NAVIGATION = {
  accept: BROWSER_NAVIGATION_ACCEPT,
  'sec-fetch-mode': 'navigate',
  'sec-fetch-site': 'same-origin',
  origin: 'http://localhost',
};

const onlyLead = async (kind: Kind) => {
  const leads = await db.leadsOf(kind);
  expect(leads).toHaveLength(1);
  return leads[0];
};

describe.each(KINDS)('%s: a form-encoded post', (kind) => {
  test('is stored with via "html" and every field as sent (normalised by the same schema as JSON)', async () => {
    const form = nativeForm(kind);
    const answer = await sendForm(kind, form);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ ok: true, id: expect.stringMatching(UUID), receivedAt: expect.any(String) });

    const lead = await onlyLead(kind);
    // What the JSON way in stores for the same fields (the schema's output), minus what the server made.
    const expected = enquirySchemas[kind].parse({
      ...form,
      consent: true,
      submissionId: answer.body.id,
      currentdate: formatCurrentDate(),
    }) as Record<string, unknown>;
    const { consent: _c, submissionId: _s, company_website: _h, page, ...fields } = expected;
    expect(lead).toMatchObject({
      id: answer.body.id,
      kind,
      via: 'html',
      page,
      consentAt: answer.body.receivedAt,
      notified: true,
      ...fields,
    });
    expect(lead.phone).toBe('9876543210');
    expect(lead.email).toBe('priya.raman@example.com');
    expect(standIn.received).toHaveLength(1);
    expect(standIn.received[0].template_params).toMatchObject({ kind, via: 'html', id: answer.body.id });
  });
});

test('the same enquiry as JSON is stored with via "js" and the same fields', async () => {
  const enquiry = valid.finance();
  const json = await send('finance', enquiry);
  const form = await sendForm('finance', { ...asNativeForm(enquiry), submissionId: newSubmissionId(), currentdate: enquiry.currentdate });
  const [a, b] = await Promise.all([json, form].map((answer) => db.record(answer.body.id)));
  expect(a.via).toBe('js');
  expect(b.via).toBe('html');
  // The second repeats the first (the same person, the same kind): repeatOf names it. Times of its
  // own (the routing's ones count from the receipt); the same owner, both ways.
  const strip = ({
    id: _i,
    receivedAt: _r,
    consentAt: _c,
    notifiedAt: _n,
    via: _v,
    repeatOf: _p,
    assignedAt: _a,
    firstContactDueAt: _d,
    ...rest
  }: Record<string, unknown>) => rest;
  expect(strip(b)).toEqual(strip(a));
});

describe('what the server fills in for a native post', () => {
  test('consent "on" (and "true") means given; absent or anything else is refused with the consent message', async () => {
    expect((await sendForm('finance', nativeForm('finance', { consent: 'on' }))).status).toBe(201);
    expect((await sendForm('finance', nativeForm('finance', { consent: 'true' }))).status).toBe(201);
    for (const consent of [undefined, 'off', 'false', '']) {
      const answer = await sendForm('finance', nativeForm('finance', { consent }));
      expect(answer.status, String(consent)).toBe(422);
      expect(answer.body.fields).toEqual({ consent: MESSAGES.consent });
    }
    expect(await db.leadsOf('finance')).toHaveLength(2);
  });

  test('a missing submissionId is a fresh UUID; a missing currentdate is today, formatted like the forms', async () => {
    const first = await sendForm('bankloan', nativeForm('bankloan'));
    const second = await sendForm('bankloan', nativeForm('bankloan', { submissionId: '', currentdate: '' }));
    expect(first.body.id).toMatch(UUID);
    expect(second.body.id).toMatch(UUID);
    expect(second.body.id).not.toBe(first.body.id);
    const leads = await db.leadsOf('bankloan');
    expect(leads.map((lead) => lead.currentdate)).toEqual([formatCurrentDate(), formatCurrentDate()]);
  });

  test('a submissionId and currentdate that are sent are kept, so a resent native form is stored once', async () => {
    const submissionId = newSubmissionId();
    const form = nativeForm('finance', { submissionId, currentdate: 'Tue, Feb 04 2025' });
    const first = await sendForm('finance', form);
    const again = await sendForm('finance', form);
    expect(first.body).toMatchObject({ id: submissionId });
    expect(again.body).toEqual(first.body);
    expect(await onlyLead('finance')).toMatchObject({ id: submissionId, currentdate: 'Tue, Feb 04 2025' });
    expect(standIn.received).toHaveLength(1);
  });

  test('a repeated field counts with its first value', async () => {
    const form = Object.entries(nativeForm('bankloan'));
    const answer = await sendForm('bankloan', [...form, ['Loantype', 'Gold Loan'], ['Username', 'Second Name'], ['consent', 'off']]);
    expect(answer.status).toBe(201);
    expect(await onlyLead('bankloan')).toMatchObject({ Loantype: 'Vehicle Loan', Username: 'Priya Raman' });

    const firstBad = await sendForm('bankloan', [['phone', '123'], ...form]);
    expect(firstBad.status).toBe(422);
    expect(firstBad.body.fields).toEqual({ phone: MESSAGES.phone });
  });

  test('unknown fields are dropped, as with JSON', async () => {
    expect((await sendForm('finance', { ...nativeForm('finance'), via: 'js', isAdmin: 'yes' })).status).toBe(201);
    const lead = await onlyLead('finance');
    expect(lead.via).toBe('html');
    expect(lead).not.toHaveProperty('isAdmin');
  });
});

describe('spam on the native way in', () => {
  test('a confirmed native post is not spam: stored and e-mailed', async () => {
    expect((await sendForm('finance', nativeForm('finance'))).status).toBe(201);
    expect(await db.ids('spam')).toEqual([]);
    expect(standIn.received).toHaveLength(1);
  });

  test('a filled honeypot is spam: answered like success, kept apart, not e-mailed', async () => {
    const answer = await sendForm('finance', nativeForm('finance', { company_website: 'http://spam.example' }));
    expect(answer.status).toBe(201);
    expect(await db.ids('finance')).toEqual([]);
    expect((await db.records('spam'))[0]).toMatchObject({ spam: 'honeypot', via: 'html' });
    expect(standIn.requests).toHaveLength(0);
  });

  test('the fill time a post claims counts for nothing: an unconfirmed post from a script is spam, whatever elapsedMs says', async () => {
    const answer = await sendForm('finance', nativeForm('finance', { elapsedMs: '999999' }), {
      confirmed: false,
      headers: { accept: 'application/json' },
    });
    expect(answer.status).toBe(201);
    expect((await db.records('spam'))[0]).toMatchObject({ spam: 'unconfirmed', via: 'html' });
    expect(standIn.requests).toHaveLength(0);
  });
});

describe('Sell Flats as a native multipart post (plain fields and photos named files)', () => {
  const jpeg = (name: string, size = 4096) => {
    const bytes = new Uint8Array(size);
    bytes.set([0xff, 0xd8, 0xff, 0xe0]);
    return new File([bytes], name, { type: 'image/jpeg' });
  };

  test('stores the lead with via "html", every field as sent, and its photos', async () => {
    const form = asNativeForm(validSellFlats());
    const answer = await sendRequest('realestate', multipartFormRequest('realestate', form, [jpeg('front.jpg'), jpeg('hall.jpg', 9000)]));
    expect(answer.status).toBe(201);
    const id = answer.body.id;
    expect(await blobs.keys(blobs.photos())).toEqual([`${id}/1.jpg`, `${id}/2.jpg`]);
    expect(await onlyLead('realestate')).toMatchObject({
      id,
      via: 'html',
      page: '/Sellflats',
      intent: 'sell',
      category: 'flats',
      property: 'Sell',
      listing: form.listing,
      type: form.type,
      cost: form.cost,
      time: form.time,
      selectedState: form.selectedState,
      selectedCity: form.selectedCity,
      message: form.message,
      Username: form.Username,
      photos: [`${id}/1.jpg`, `${id}/2.jpg`],
    });
  });

  test('no photo chosen (one empty file part) is a lead without photos; a navigation is sent to /Thankyou', async () => {
    const request = multipartFormRequest(
      'realestate',
      asNativeForm(validSellFlats()),
      [new File([], '', { type: 'application/octet-stream' })],
      { headers: NAVIGATION },
    );
    const answer = await sendRequest('realestate', request);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/Thankyou');
    expect(await onlyLead('realestate')).not.toHaveProperty('photos');
  });

  test('multipart stays refused where photos are not taken', async () => {
    const answer = await sendRequest('bankloan', multipartFormRequest('bankloan', nativeForm('bankloan')));
    expect(answer.status).toBe(415);
  });

  test('plain fields over 32 KB → 413', async () => {
    const form = { ...asNativeForm(validSellFlats()), message: 'x'.repeat(33 * 1024) };
    expect((await sendRequest('realestate', multipartFormRequest('realestate', form))).status).toBe(413);
  });
});

describe('the answer to a browser navigation', () => {
  test.each([
    ['Sec-Fetch-Mode: navigate', { 'sec-fetch-mode': 'navigate' }],
    ['an Accept that prefers HTML', { accept: BROWSER_NAVIGATION_ACCEPT }],
    ['Accept: text/html', { accept: 'text/html' }],
  ])('success with %s → 303 to /Thankyou, nothing else in the answer', async (_name, headers) => {
    const answer = await sendForm('finance', nativeForm('finance'), { headers });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/Thankyou');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.text).toBe('');
    expect(await onlyLead('finance')).toMatchObject({ via: 'html' });
  });

  test('spam is sent to /Thankyou too (answered like success)', async () => {
    const answer = await sendForm('finance', nativeForm('finance', { company_website: 'x' }), { headers: NAVIGATION });
    expect(answer.status).toBe(303);
    expect(await db.ids('spam')).toHaveLength(1);
  });

  test.each([
    ['no Accept', {}],
    ['Accept: */*', { accept: '*/*' }],
    ['Accept: application/json', { accept: 'application/json' }],
    ['JSON preferred over HTML', { accept: 'application/json, text/html;q=0.9' }],
  ])('%s → JSON 201', async (_name, headers) => {
    const answer = await sendForm('finance', nativeForm('finance'), { headers });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  });

  test('422 → an HTML page listing each problem under its field label, with a link back to the form', async () => {
    const form = nativeForm('bankloan', { phone: '12345', selectedCity: 'Hyderabad', consent: undefined, Loantype: 'Loan Type' });
    const answer = await sendForm('bankloan', form, { headers: NAVIGATION });
    expect(answer.status).toBe(422);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.text).toMatch(/^<!doctype html>/);
    expect(answer.text).toContain('<title>Some details need attention | Aranya Group</title>');
    const items = [...answer.text.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]).sort();
    expect(items).toEqual([
      `<strong>City:</strong> ${MESSAGES.cityOfState('Karnataka')}`,
      `<strong>Consent:</strong> ${MESSAGES.consent}`,
      `<strong>Loan type:</strong> ${MESSAGES.loanType}`,
      `<strong>Mobile number:</strong> ${MESSAGES.phone}`,
    ]);
    expect(answer.text).toContain('<a class="button" href="/Vehicleloan">Back to the form</a>');
    expect(answer.text).toContain('href="tel:+919000000000"');
    expect(await db.ids()).toEqual([]);
    expect(standIn.requests).toHaveLength(0);
  });

  test.each([
    ['flats', 'en', 'Bedrooms', 'bedrooms'],
    ['flats', 'ta', 'படுக்கையறைகள்', 'bedrooms'],
    ['plots', 'en', 'Size', 'size'],
    ['agricultural', 'kn', 'ಜಮೀನಿನ ವಿಸ್ತೀರ್ಣ', 'landSize'],
  ] as const)('the %s form (%s) names its unchosen type as the form does: %s', async (category, locale, label, key) => {
    const form = nativeForm('realestate', { category, locale, type: '', listing: category === 'agricultural' ? undefined : 'OTHERS' });
    const answer = await sendForm('realestate', form, { headers: NAVIGATION });
    expect(answer.status).toBe(422);
    const items = [...answer.text.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]);
    expect(items).toEqual([`<strong>${label}:</strong> ${messagesIn(locale)[key]}`]);
  });

  test('an invalid page field links back to the home page', async () => {
    for (const page of ['https://elsewhere.example/', '/\\elsewhere.example', '//elsewhere.example']) {
      const answer = await sendForm('finance', nativeForm('finance', { page, phone: '1' }), { headers: NAVIGATION });
      expect(answer.status).toBe(422);
      expect(answer.text, page).toContain('<a class="button" href="/">Back to the form</a>');
    }
  });

  test('what the visitor sent is escaped on the page (a photo named like markup)', async () => {
    const gif = new File([new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0])], '<img src=x onerror=alert(1)>.gif', {
      type: 'image/gif',
    });
    const request = multipartFormRequest('realestate', asNativeForm(validSellFlats()), [gif], { headers: NAVIGATION });
    const answer = await sendRequest('realestate', request);
    expect(answer.status).toBe(415);
    expect(answer.text).toContain(
      '<strong>Photos:</strong> &quot;&lt;img src=x onerror=alert(1)&gt;.gif&quot; is not a JPEG, PNG or WebP image',
    );
    expect(answer.text).not.toContain('<img');
  });

  test.each([
    [
      '415 (a content type we do not take)',
      () =>
        new Request('http://localhost/api/finance', {
          method: 'POST',
          headers: { ...NAVIGATION, 'content-type': 'text/plain' },
          body: 'x',
        }),
      415,
    ],
    [
      '413 (a form over 32 KB)',
      () =>
        new Request('http://localhost/api/finance', {
          method: 'POST',
          headers: { ...NAVIGATION, 'content-type': 'application/x-www-form-urlencoded' },
          body: `message=${'x'.repeat(33 * 1024)}`,
        }),
      413,
    ],
    [
      '400 (not UTF-8)',
      () =>
        new Request('http://localhost/api/finance', {
          method: 'POST',
          headers: { ...NAVIGATION, 'content-type': 'application/x-www-form-urlencoded' },
          body: new Uint8Array([0x61, 0x3d, 0xff, 0xfe]),
        }),
      400,
    ],
    ['405 (a PUT)', () => new Request('http://localhost/api/finance', { method: 'PUT', headers: NAVIGATION }), 405],
  ])('%s → the same HTML page with that status', async (_name, request, status) => {
    const answer = await sendRequest('finance', request());
    expect(answer.status).toBe(status);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.text).toContain('<a class="button" href="/">Back to the form</a>');
    if (status === 405) expect(answer.headers.get('allow')).toBe('GET, POST');
  });

  test('JSON callers get the 422 JSON exactly as before', async () => {
    const answer = await sendForm('bankloan', nativeForm('bankloan', { phone: '12345', consent: undefined }), {
      headers: { accept: 'application/json' },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ error: 'Some fields need attention.', fields: { phone: MESSAGES.phone, consent: MESSAGES.consent } });
  });
});

describe('a cross-site post → 403', () => {
  const post = (kind: Kind, headers: Record<string, string>) => send(kind, valid[kind](), { headers });

  test.each([
    ['an Origin of another site', { origin: 'https://attacker.example' }],
    ['an Origin of another port', { origin: 'http://localhost:9999' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site', origin: 'https://shop.localhost' }],
    ['Origin: null without Sec-Fetch-Site: same-origin', { origin: 'null' }],
    ['a matching Origin but Sec-Fetch-Site: cross-site', { origin: 'http://localhost', 'sec-fetch-site': 'cross-site' }],
  ])('%s → 403 JSON, nothing stored or sent', async (_name, headers) => {
    const answer = await post('bankloan', headers);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ error: expect.stringMatching(/another website/) });
    expect(await db.ids()).toEqual([]);
    expect(standIn.requests).toHaveLength(0);
  });

  test('a native cross-site post gets the HTML page with 403', async () => {
    const answer = await sendForm('finance', nativeForm('finance'), {
      headers: { ...NAVIGATION, origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.text).toContain('Your enquiry was not accepted');
    expect(await db.ids()).toEqual([]);
  });

  test.each([
    ['same-origin with its Origin', { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' }],
    ['an Origin naming the Host header (the site reached by another name)', { origin: 'http://127.0.0.1:8888', host: '127.0.0.1:8888' }],
    ['Origin: null with Sec-Fetch-Site: same-origin (Referrer-Policy: no-referrer)', { origin: 'null', 'sec-fetch-site': 'same-origin' }],
    ['neither header (curl, server to server)', {}],
  ])('%s → accepted', async (_name, headers) => {
    expect((await post('contact', headers)).status).toBe(201);
    expect(await db.leadsOf('contact')).toHaveLength(1);
  });
});

test('every kind refuses a cross-site post', async () => {
  for (const kind of KINDS) {
    const response = await handlers[kind](
      new Request(`http://localhost/api/${kind}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
        body: JSON.stringify(valid[kind]()),
      }),
    );
    expect(response.status, kind).toBe(403);
  }
});
