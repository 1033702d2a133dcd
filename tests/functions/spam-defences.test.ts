/**
 * Spam a script can send, and what stops it (src/server/intake/challenge.ts, confirm-page.ts,
 * daily-limits.ts): a script posting JSON with any fill time, or plain form posts, gets no e-mail
 * to the team; a person without JavaScript confirms with one click; one phone or e-mail is
 * e-mailed about at most three times a day per kind.
 */
import { csvRecords, parseCsv } from '../support/csv.ts';
import { describe, expect, test, vi } from 'vitest';
import type { LocalBlobs } from '../../harness/local-blobs.ts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import {
  BROWSER_NAVIGATION_ACCEPT,
  asNativeForm,
  multipartFormRequest,
  nativeForm,
  send,
  sendForm,
  sendRequest,
  validBankLoan,
  validContact,
  validFinance,
  validPrivacy,
  validSellFlats,
} from '../support/enquiry-requests.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';
import { sweepPending } from '../../src/server/jobs/sweep.ts';
import { deleteExpiredLeads } from '../../src/server/jobs/retention.ts';
import exportLeads from '../../netlify/functions/leads.mts';
import { dictionary } from '../../src/i18n/index.ts';
import { messagesIn } from '../support/words.ts';

const EXPORT_TOKEN = 'spam-defences-export-token-0123456789';
const exportCsv = async () => {
  process.env.LEADS_EXPORT_TOKEN = EXPORT_TOKEN;
  const answer = await exportLeads(
    new Request('http://localhost/api/leads?kind=bankloan', { headers: { authorization: `Bearer ${EXPORT_TOKEN}` } }),
  );
  expect(answer.status).toBe(200);
  return answer.text();
};

let db: TestDatabase;
let blobs: LocalBlobs;
let standIn: EmailJsStandIn;
useFreshLocalServers((servers) => ({ db, blobs, standIn } = servers));
const leadsOf = async (kind: string) => (await db.records('leads')).filter((lead) => lead.kind === kind);

const NAVIGATION = { accept: BROWSER_NAVIGATION_ACCEPT, 'sec-fetch-mode': 'navigate' };

/** The hidden fields of the confirm page's form, as a browser would post them. */
const confirmPageFields = (html: string): Array<[string, string]> => {
  const unescape = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map(([, name, value]) => [
    unescape(name),
    unescape(value),
  ]);
};

/** What a person does on the confirm page: reads it for a few seconds (or `ms`), then clicks. */
const afterReading = async <T>(click: () => Promise<T>, ms = 5_000): Promise<T> => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms });
  try {
    return await click();
  } finally {
    vi.useRealTimers();
  }
};

describe('a script', () => {
  test('50 JSON posts with any elapsedMs and 50 form posts, from one client: the team gets 0 e-mails', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 50; i++) {
      const { challenge: _none, ...enquiry } = validBankLoan({ elapsedMs: [999_999, 20_000, 3_001, 5][i % 4] });
      answers.push((await send('bankloan', { ...enquiry, challenge: undefined })).status);
    }
    for (let i = 0; i < 50; i++) {
      // Half ask for JSON, half for HTML, like a script pretending to be a browser.
      const headers = i % 2 ? NAVIGATION : { accept: 'application/json' };
      answers.push((await sendForm('finance', nativeForm('finance', { elapsedMs: '999999' }), { confirmed: false, headers })).status);
    }
    // Told nothing useful: success, or the confirm page a person would see.
    expect(new Set(answers)).toEqual(new Set([201, 200]));
    expect(standIn.requests).toHaveLength(0);
    // Nothing is a lead; what was kept is kept apart as spam (the HTML half stored nothing at all).
    expect(await db.records('leads')).toEqual([]);
    expect(await db.records('spam')).toHaveLength(75);
    // And the sweep has nothing to send either.
    await sweepPending({ wake: true });
    expect(standIn.requests).toHaveLength(0);
  });
});

describe('a person without JavaScript', () => {
  test('gets "Confirm your enquiry" first (nothing stored yet); one click stores it, e-mails the team and shows /Thankyou', async () => {
    const form = nativeForm('finance');
    const first = await sendForm('finance', form, { confirmed: false, headers: NAVIGATION });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(first.headers.get('cache-control')).toMatch(/no-store/);
    expect(first.headers.get('content-security-policy')).toMatch(/form-action 'self'/);
    expect(first.text).toContain('<h1>Confirm your enquiry</h1>');
    expect(first.text).toContain('<form method="post" action="/api/finance">');
    expect(first.text).toContain('Confirm and send my enquiry');
    expect(await db.records()).toEqual([]);
    expect(standIn.requests).toHaveLength(0);

    const fields = confirmPageFields(first.text);
    // Every field as sent, and the id the server made for it (a native post has none of its own).
    const id = Object.fromEntries(fields).submissionId;
    expect(Object.fromEntries(fields)).toMatchObject({
      ...form,
      submissionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      confirmToken: expect.any(String),
    });
    const confirmed = await afterReading(() => sendForm('finance', fields, { confirmed: false, headers: NAVIGATION }));
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('/Thankyou');
    const [lead] = await leadsOf('finance');
    expect(lead).toMatchObject({ id, via: 'html', Username: 'Priya Raman', notified: true });
    expect(standIn.received).toHaveLength(1);

    // The confirmation serves once: the same token with the same fields again is the same lead
    // (a double click); another submission carrying it is spam.
    expect((await afterReading(() => sendForm('finance', fields, { confirmed: false, headers: NAVIGATION }))).status).toBe(303);
    expect(await leadsOf('finance')).toHaveLength(1);
    expect(standIn.received).toHaveLength(1);
  });

  test('a confirmation sooner than the minimum fill time is asked again with a fresh token, never stored as spam; the next click after reading stores it', async () => {
    const first = await sendForm('finance', nativeForm('finance', { locale: 'ta' }), { confirmed: false, headers: NAVIGATION });
    const fields = confirmPageFields(first.text);
    const id = Object.fromEntries(fields).submissionId;
    // A person who expects the button clicks after a second (the minimum is 3 s).
    const clicked = await afterReading(() => sendForm('finance', fields, { confirmed: false, headers: NAVIGATION }), 1_000);
    expect(clicked.status).toBe(200);
    expect(clicked.text).toContain(dictionary('ta').problem.confirm.title);
    expect(clicked.text).toContain(dictionary('ta').problem.confirm.again);
    expect(first.text).not.toContain(dictionary('ta').problem.confirm.again);
    const again = Object.fromEntries(confirmPageFields(clicked.text));
    expect(again.confirmToken).not.toBe(Object.fromEntries(fields).confirmToken);
    expect(again).toMatchObject({ ...Object.fromEntries(fields), confirmToken: again.confirmToken });
    expect(await db.records()).toEqual([]);
    expect(standIn.requests).toHaveLength(0);

    const stored = await afterReading(() => sendForm('finance', Object.entries(again), { confirmed: false, headers: NAVIGATION }));
    expect(stored.status).toBe(303);
    expect(stored.headers.get('location')).toBe('/ta/Thankyou');
    expect(await leadsOf('finance')).toEqual([expect.objectContaining({ id, via: 'html', notified: true })]);
    expect(await db.records('spam')).toEqual([]);
  });

  test('a too-fast confirmation of Sell Flats keeps its staged photos for the next click', async () => {
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'front.jpg', { type: 'image/jpeg' });
    const first = await sendRequest(
      'realestate',
      multipartFormRequest('realestate', asNativeForm(validSellFlats()), [jpeg], { confirmed: false, headers: NAVIGATION }),
    );
    const fields = confirmPageFields(first.text);
    const id = Object.fromEntries(fields).submissionId;
    const clicked = await sendForm('realestate', fields, { confirmed: false, headers: NAVIGATION });
    expect(clicked.status).toBe(200);
    const again = confirmPageFields(clicked.text);
    expect(Object.fromEntries(again).stagedPhotos).toBe(Object.fromEntries(fields).stagedPhotos);
    expect((await afterReading(() => sendForm('realestate', again, { confirmed: false, headers: NAVIGATION }))).status).toBe(303);
    expect(await leadsOf('realestate')).toEqual([expect.objectContaining({ id, photos: [`${id}/1.jpg`] })]);
    expect(await blobs.keys(blobs.photos())).toEqual([`${id}/1.jpg`]);
  });

  test('a script that confirms at once and asks for JSON is kept apart, as before', async () => {
    const first = await sendForm('finance', nativeForm('finance'), { confirmed: false, headers: NAVIGATION });
    const fields = confirmPageFields(first.text);
    const id = Object.fromEntries(fields).submissionId;
    const clicked = await sendForm('finance', fields, { confirmed: false, headers: { accept: 'application/json' } });
    expect(clicked.status).toBe(201);
    expect(await leadsOf('finance')).toEqual([]);
    expect(await db.records('spam')).toEqual([expect.objectContaining({ id, spam: 'confirm-too-fast' })]);
    expect(standIn.requests).toHaveLength(0);
  });

  test('a confirmation whose fields were changed, or that is over an hour old, is asked again and nothing is stored', async () => {
    const first = await sendForm('finance', nativeForm('finance'), { confirmed: false, headers: NAVIGATION });
    const fields = confirmPageFields(first.text);
    const changed = fields.map(([name, value]): [string, string] => [name, name === 'phone' ? '9123456789' : value]);
    const again = await sendForm('finance', changed, { confirmed: false, headers: NAVIGATION });
    expect(again.status).toBe(200);
    expect(again.text).toContain('Confirm your enquiry');

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60_000 });
    try {
      const late = await sendForm('finance', fields, { confirmed: false, headers: NAVIGATION });
      expect(late.status).toBe(200);
      expect(late.text).toContain('Confirm your enquiry');
    } finally {
      vi.useRealTimers();
    }
    expect(await db.records()).toEqual([]);
    expect(standIn.requests).toHaveLength(0);
  });

  test('Sell Flats with photos: the photos are staged while the visitor confirms, under a key the token binds; the lead lists them', async () => {
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'front.jpg', { type: 'image/jpeg' });
    const form = asNativeForm(validSellFlats());
    const first = await sendRequest(
      'realestate',
      multipartFormRequest('realestate', form, [jpeg], { confirmed: false, headers: NAVIGATION }),
    );
    expect(first.status).toBe(200);
    const fields = confirmPageFields(first.text);
    const id = Object.fromEntries(fields).submissionId;
    // Staged under a key of the server's, bound by the confirm token; nothing under the lead yet.
    const staged = await blobs.keys(blobs.stagedPhotos());
    expect(staged).toEqual([expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}\/[0-9a-f-]{36}\/1\.jpg$/)]);
    expect(staged[0].startsWith(id)).toBe(false);
    expect(Object.fromEntries(fields).stagedPhotos).toBe(staged[0]);
    expect(await blobs.keys(blobs.photos())).toEqual([]);
    expect(await db.records()).toEqual([]);

    // A confirmation that names other staged photos is not the one the page gave: asked again.
    const claimed = fields.map(([name, value]): [string, string] => [
      name,
      name === 'stagedPhotos' ? `${crypto.randomUUID()}/1.jpg` : value,
    ]);
    expect((await afterReading(() => sendForm('realestate', claimed, { confirmed: false, headers: NAVIGATION }))).status).toBe(200);
    expect(await db.records()).toEqual([]);

    const confirmed = await afterReading(() => sendForm('realestate', fields, { confirmed: false, headers: NAVIGATION }));
    expect(confirmed.status).toBe(303);
    const [lead] = await leadsOf('realestate');
    expect(lead).toMatchObject({ id, via: 'html', photos: [`${id}/1.jpg`] });
    expect(lead).not.toHaveProperty('stagedPhotos');
    expect(await blobs.keys(blobs.photos())).toEqual([`${id}/1.jpg`]);
    expect(await blobs.keys(blobs.stagedPhotos())).toEqual([]);
  });

  test('photos of a plain form never confirmed leave no bytes: the retention job deletes them once the confirm page expired', async () => {
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'front.jpg', { type: 'image/jpeg' });
    const first = await sendRequest(
      'realestate',
      multipartFormRequest('realestate', asNativeForm(validSellFlats()), [jpeg], { confirmed: false, headers: NAVIGATION }),
    );
    expect(first.status).toBe(200);
    expect(await blobs.keys(blobs.stagedPhotos())).toHaveLength(1);
    await deleteExpiredLeads({ now: new Date(Date.now() + 30 * 60_000) });
    expect(await blobs.keys(blobs.stagedPhotos())).toHaveLength(1);
    await deleteExpiredLeads({ now: new Date(Date.now() + 3 * 3600_000) });
    expect(await blobs.keys(blobs.stagedPhotos())).toEqual([]);
    expect(await blobs.keys(blobs.photos())).toEqual([]);
  });

  test('the clean-up deletes staged photos a whole expired hour at a time, within its time budget: 600 of a flood go in one run, this hour’s stay', async () => {
    const { deleteStagedPhotosBefore } = await import('../../src/server/db/photos.ts');
    const store = blobs.stagedPhotos();
    const put = (key: string, storedAt: string) => store.set(key, new Uint8Array([0xff, 0xd8]).buffer, { metadata: { storedAt } });
    // A flood staged at 03:00–04:59 (300 uploads an hour), one upload of 09:10, and one staged before the hours' groups.
    const flood = [];
    for (const hour of ['2026-12-02T03', '2026-12-02T04'])
      for (let n = 0; n < 300; n++) flood.push(put(`${hour}/${crypto.randomUUID()}/1.jpg`, `${hour}:30:00.000Z`));
    await Promise.all(flood);
    const recent = `2026-12-02T09/${crypto.randomUUID()}/1.jpg`;
    await put(recent, '2026-12-02T09:10:00.000Z');
    const legacy = `${crypto.randomUUID()}/1.jpg`;
    await put(legacy, '2026-12-02T02:00:00.000Z');

    // Out of time before it starts: nothing is read or deleted.
    expect(await deleteStagedPhotosBefore(new Date('2026-12-02T10:00:00Z'), () => false)).toBe(0);
    expect(await blobs.keys(store)).toHaveLength(602);
    // At 10:00 everything staged before 09:00 has expired: the two hours go whole, with the old photo; 09's stays.
    expect(await deleteStagedPhotosBefore(new Date('2026-12-02T09:00:00Z'))).toBe(601);
    expect(await blobs.keys(store)).toEqual([recent]);
    // An hour whose end has not passed is kept, even when some of its photos are older than the cut.
    expect(await deleteStagedPhotosBefore(new Date('2026-12-02T09:30:00Z'))).toBe(0);
    expect(await blobs.keys(store)).toEqual([recent]);
  });

  test('each client has a daily cap on photo bytes staged (LEADS_STAGED_PHOTO_DAILY_BYTES): past it, 429 and nothing staged; an IPv6 /64 is one client', async () => {
    process.env.LEADS_STAGED_PHOTO_DAILY_BYTES = '10';
    try {
      const jpeg = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'front.jpg', { type: 'image/jpeg' });
      const post = (ip: string, locale = 'en', headers: Record<string, string> = {}) =>
        sendRequest(
          'realestate',
          multipartFormRequest('realestate', { ...asNativeForm(validSellFlats()), locale }, [jpeg()], {
            confirmed: false,
            headers: { ...NAVIGATION, ...headers },
          }),
          ip,
        );
      expect((await post('203.0.113.7')).status).toBe(200);
      // Refused in the page's language, next to the photos.
      const refused = await post('203.0.113.7', 'ta');
      expect(refused.status).toBe(429);
      expect(refused.text).toContain(`<strong>${dictionary('ta').problem.fields.photos}:</strong> ${messagesIn('ta').photosDailyLimit}`);
      expect(await blobs.keys(blobs.stagedPhotos())).toHaveLength(1);
      // A header the client writes itself names no other client.
      expect((await post('203.0.113.7', 'en', { 'x-nf-client-connection-ip': '192.0.2.99', 'x-forwarded-for': '192.0.2.98' })).status).toBe(
        429,
      );
      // Another client has its own allowance.
      expect((await post('198.51.100.2')).status).toBe(200);
      // Twelve addresses of one IPv6 /64 are one client: the first stages, the others are refused.
      const rotated = [];
      for (let n = 1; n <= 12; n++) rotated.push((await post(`2001:db8:2:2::${n.toString(16)}`)).status);
      expect(rotated).toEqual([200, ...Array(11).fill(429)]);
      expect((await post('2001:db8:2:3::1')).status).toBe(200);
      // Kept by an HMAC of the client, never the address.
      const rows = await db.rows<{ client: string; bytes: string }>(
        "SELECT client, bytes::text FROM photo_staging WHERE client <> 'site' ORDER BY client",
      );
      expect(rows.map((row) => row.bytes)).toEqual(['7', '7', '7', '7']);
      for (const row of rows) expect(row.client).not.toMatch(/203\.0|2001/);
    } finally {
      delete process.env.LEADS_STAGED_PHOTO_DAILY_BYTES;
    }
  });

  test('the whole site has a daily cap on photo bytes staged (LEADS_STAGED_PHOTO_SITE_DAILY_BYTES), whatever the clients', async () => {
    process.env.LEADS_STAGED_PHOTO_SITE_DAILY_BYTES = '20';
    try {
      const jpeg = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'front.jpg', { type: 'image/jpeg' });
      const post = (n: number, locale = 'en') =>
        sendRequest(
          'realestate',
          multipartFormRequest('realestate', { ...asNativeForm(validSellFlats()), locale }, [jpeg()], {
            confirmed: false,
            headers: NAVIGATION,
          }),
          `198.51.100.${n}`,
        );
      const statuses = [];
      for (let n = 1; n <= 4; n++) statuses.push((await post(n)).status);
      expect(statuses).toEqual([200, 200, 429, 429]);
      const refused = await post(9, 'kn');
      expect(refused.text).toContain(messagesIn('kn').photosSiteDailyLimit);
      expect(await blobs.keys(blobs.stagedPhotos())).toHaveLength(2);
    } finally {
      delete process.env.LEADS_STAGED_PHOTO_SITE_DAILY_BYTES;
    }
  });
});

describe('one contact, a few e-mails a day', () => {
  test('the limit is counted atomically: 8 parallel posts from one phone get the team 3 e-mails, the rest held', async () => {
    delete process.env.LEADS_CONTACT_DAILY_LIMIT; // the default, 3
    try {
      const posts = Array.from({ length: 8 }, (_, i) => send('bankloan', validBankLoan({ email: `parallel${i}@example.com` })));
      expect((await Promise.all(posts)).map((answer) => answer.status)).toEqual(Array(8).fill(201));
      expect(standIn.received).toHaveLength(3);
      expect((await leadsOf('bankloan')).filter((lead) => lead.notifyHeld === 'repeat-contact')).toHaveLength(5);
    } finally {
      process.env.LEADS_CONTACT_DAILY_LIMIT = '100000';
    }
  });

  test('privacy requests are never held by the limit: someone who already sent three enquiries today is still heard', async () => {
    delete process.env.LEADS_CONTACT_DAILY_LIMIT;
    try {
      for (let i = 0; i < 3; i++) await send('privacy', validPrivacy());
      await Promise.all([send('privacy', validPrivacy()), send('privacy', validPrivacy())]);
      expect(standIn.received).toHaveLength(5);
      expect((await leadsOf('privacy')).filter((lead) => lead.notifyHeld)).toEqual([]);
    } finally {
      process.env.LEADS_CONTACT_DAILY_LIMIT = '100000';
    }
  });

  test('the same phone is e-mailed about at most 3 times a day per kind; the rest are stored, marked and never e-mailed', async () => {
    delete process.env.LEADS_CONTACT_DAILY_LIMIT; // the default, 3
    try {
      const sent = [];
      for (let i = 0; i < 5; i++) sent.push(validBankLoan({ email: `someone${i}@example.com` }));
      for (const enquiry of sent) expect((await send('bankloan', enquiry)).status).toBe(201);
      expect(standIn.received).toHaveLength(3);
      const leads = await leadsOf('bankloan');
      expect(leads).toHaveLength(5);
      expect(leads.filter((lead) => lead.notifyHeld === 'repeat-contact')).toHaveLength(2);
      // Held leads are not pending: the sweep never sends them.
      expect(await db.rows(`SELECT 1 FROM deliveries WHERE state = 'pending'`)).toEqual([]);
      await sweepPending({ wake: true });
      expect(standIn.received).toHaveLength(3);
      // The team sees them in the export, in the notifyHeld column.
      const csv = await exportCsv();
      expect(parseCsv(csv)[0]).toContain('notifyHeld');
      expect(csvRecords(csv).filter((row) => row.notifyHeld === 'repeat-contact')).toHaveLength(2);
      // Another kind of enquiry from the same phone is e-mailed.
      await send('finance', validFinance());
      expect(standIn.received).toHaveLength(4);
      // The same e-mail address counts too, whatever the phone.
      for (let i = 0; i < 4; i++) await send('contact', validContact({ phone: `98765 4321${i}` }));
      expect(standIn.received).toHaveLength(7);
    } finally {
      process.env.LEADS_CONTACT_DAILY_LIMIT = '100000';
    }
  });
});
