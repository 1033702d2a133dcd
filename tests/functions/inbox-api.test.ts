/**
 * The inbox's calls on /api/leads (src/server/team/work.ts, leads-api.ts): filters and
 * newest-first paging of the export, one lead with its version, status and note as one
 * compare-and-set on the version (412 on a stale save) under the name of the key's owner, "not
 * spam" (e-mailed once), photos behind the key, and the slow answer to a wrong key. Real database and Blobs store, EmailJS stand-in.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import leads from '../../netlify/functions/leads.mts';
import { signInDelayMs } from '../../src/server/team/auth.ts';
import { answerOf, teamKeys } from '../support/team.ts';
import type { TestDatabase } from '../support/database.ts';
import { csvRecords } from '../support/csv.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { challengeIssuedAgo, send, sendRequest, validBankLoan, validFinance, validRealEstate } from '../support/enquiry-requests.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';

const TOKEN = 'inbox-test-token-k7Qm2xR9vT4pW8nZ3bY6';
let db: TestDatabase;
let standIn: EmailJsStandIn;
useFreshLocalServers((servers) => ({ db, standIn } = servers));
const team = teamKeys();
beforeEach(() => {
  process.env.LEADS_EXPORT_TOKEN = TOKEN;
  team.forget();
});

const call = async (path: string, init: RequestInit & { member?: string } = {}) => {
  const headers = new Headers(init.headers);
  // A member's own key (a sales person of that name); else the owner's first key.
  if (init.member !== undefined) headers.set('authorization', `Bearer ${await team.keyOf(init.member)}`);
  if (!headers.has('authorization')) headers.set('authorization', `Bearer ${TOKEN}`);
  const response = await leads(new Request(`http://localhost${path}`, { ...init, headers }));
  return answerOf(response);
};
const patch = (id: string, change: unknown, etag: string, member = 'Kavya') =>
  call(`/api/leads/${id}`, {
    method: 'PATCH',
    member,
    headers: { 'if-match': `"${etag}"`, 'content-type': 'application/json' },
    body: JSON.stringify(change),
  });

describe('the list: newest first, paged, filtered', () => {
  test('order=newest pages backwards through every lead exactly once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const enquiry = validFinance();
      await send('finance', enquiry);
      ids.push(enquiry.submissionId);
    }
    const seen: string[] = [];
    let cursor = '';
    do {
      const page = await call(`/api/leads?format=json&order=newest&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.leads.map((lead: { id: string }) => lead.id));
      cursor = page.body.nextCursor ?? '';
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
  });

  test('q finds a lead by phone (with or without +91 and spaces, or part of it), name in any script or e-mail; page and status filter', async () => {
    const flat = validRealEstate({ Username: 'Arun Venkat', phone: '91234 56789', email: 'arun@example.com' });
    const loan = validBankLoan();
    const tamil = validFinance({ Username: 'முருகன் செல்வம்', phone: '7011122233', email: 'murugan@example.com' });
    await send('realestate', flat);
    await send('bankloan', loan);
    await send('finance', tamil);
    const ids = async (query: string) =>
      (await call(`/api/leads?format=json&order=newest&${query}`)).body.leads.map((l: { id: string }) => l.id);
    for (const q of ['9123456789', '+91 91234 56789', '91234%2056789', '3456', 'arun', 'venkat', 'ARUN@EXAMPLE', 'arun%20venkat'])
      expect(await ids(`q=${q}`), q).toEqual([flat.submissionId]);
    for (const q of ['ருகன்', 'முருகன்%20செல்வம்'])
      expect(await ids(`q=${encodeURIComponent(decodeURIComponent(q))}`), q).toEqual([tamil.submissionId]);
    expect(await ids('q=%25')).toEqual([]); // a LIKE wildcard is looked for as itself
    expect(await ids('q=nobody-has-this')).toEqual([]);
    expect(await ids('page=/Vehicleloan')).toEqual([loan.submissionId]);
    expect(await ids('status=new')).toHaveLength(3);
    expect(await ids('status=contacted')).toEqual([]);
  });

  test('part of a name that more leads share than a page holds: newest first, paged, none missed or repeated, others left out', async () => {
    // Five pages of two: the first pages come from the newest leads read one by one, the last
    // (fewer matches left than a page) from the trigram index.
    const shared: string[] = [];
    for (let i = 0; i < 9; i++) {
      const enquiry = validFinance({ Username: i % 2 === 0 ? `Lakshmi Narayanan ${'abcdefghi'[i]}` : 'Ravi Kumar' });
      await send('finance', enquiry);
      if (i % 2 === 0) shared.push(enquiry.submissionId);
    }
    const seen: string[] = [];
    let cursor = '';
    do {
      const page = await call(`/api/leads?format=json&order=newest&limit=2&q=shmina${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.leads.map((lead: { id: string }) => lead.id));
      cursor = page.body.nextCursor ?? '';
    } while (cursor);
    expect(seen).toEqual([...shared].reverse());
  });

  test('spam=only lists spam alone', async () => {
    const spam = validBankLoan({ company_website: 'http://spam.example' });
    await send('bankloan', spam);
    await send('finance', validFinance());
    const page = await call('/api/leads?format=json&spam=only');
    expect(page.body.leads.map((l: { id: string }) => l.id)).toEqual([spam.submissionId]);
  });

  test.each([
    ['?status=done', 'status'],
    ['?order=random', 'order'],
    ['?spam=maybe', 'spam'],
    ['?page=javascript:alert(1)', 'page'],
    [`?q=${'x'.repeat(101)}`, 'q'],
    ['?q=a%00b', 'q'], // Postgres text cannot hold U+0000
    ['?to=9999-12-31', 'to'], // the day after it is no date Postgres reads
  ])('%s → 400 naming %s', async (query, field) => {
    const answer = await call(`/api/leads${query}`);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.fields)).toEqual([field]);
  });
});

describe('one lead: status and note', () => {
  test('GET gives the lead and its version; PATCH sets status and note, recording who and when; the export shows them', async () => {
    const enquiry = validBankLoan();
    await send('bankloan', enquiry);
    const read = await call(`/api/leads/${enquiry.submissionId}`);
    expect(read.status).toBe(200);
    expect(read.body.lead).toMatchObject({ id: enquiry.submissionId, Username: 'Priya Raman', Loantype: 'Vehicle Loan' });
    // Contacted needs its next follow-up: refused without one, naming it; nothing changed.
    const without = await patch(enquiry.submissionId, { status: 'contacted', note: 'Called' }, read.body.etag, 'Kavya Rao');
    expect(without.status).toBe(400);
    expect(Object.keys(without.body.fields)).toEqual(['followUpAt']);
    expect((await db.record(enquiry.submissionId)).status).toBeUndefined();
    const followUpAt = read.body.followUpPicks.tomorrowMorning;
    const changed = await patch(
      enquiry.submissionId,
      { status: 'contacted', note: 'Called, wants a callback Friday', followUpAt },
      read.body.etag,
      'Kavya Rao',
    );
    expect(changed.status).toBe(200);
    expect(changed.body.lead).toMatchObject({
      status: 'contacted',
      note: 'Called, wants a callback Friday',
      statusBy: 'Kavya Rao',
      followUpAt,
    });
    expect(changed.body.lead.history).toEqual([expect.objectContaining({ status: 'contacted', by: 'Kavya Rao' })]);
    expect(changed.body.etag).not.toBe(read.body.etag);

    const rows = csvRecords((await call('/api/leads?status=contacted')).body as string);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: enquiry.submissionId,
      status: 'contacted',
      note: 'Called, wants a callback Friday',
      statusBy: 'Kavya Rao',
      followUpAt,
    });
  });

  test('two people change one lead from the same version: the second gets 412 with the lead as it is now, and nothing is overwritten', async () => {
    const enquiry = validFinance();
    await send('finance', enquiry);
    const { etag } = (await call(`/api/leads/${enquiry.submissionId}`)).body;
    expect((await patch(enquiry.submissionId, { status: 'won', note: 'Signed' }, etag, 'Kavya')).status).toBe(200);
    const second = await patch(enquiry.submissionId, { status: 'lost', lostReason: 'not-reachable', note: 'No answer' }, etag, 'Ravi');
    expect(second.status).toBe(412);
    expect(second.body.error).toMatch(/^Kavya changed this lead/);
    expect(second.body.lead).toMatchObject({ status: 'won', note: 'Signed' });
    expect(second.body.etag).not.toBe(etag);
    expect(second.headers.get('etag')).toBe(`"${second.body.etag}"`);
    expect((await call(`/api/leads/${enquiry.submissionId}`)).body.lead).toMatchObject({
      status: 'won',
      note: 'Signed',
      statusBy: 'Kavya',
    });
    // Saved again on the version it was given, the change goes through, after the first.
    const third = await patch(
      enquiry.submissionId,
      { status: 'lost', lostReason: 'not-reachable', note: 'No answer' },
      second.body.etag,
      'Ravi',
    );
    expect(third.status).toBe(200);
    expect(third.body.lead.history.map((entry: { by: string }) => entry.by)).toEqual(['Kavya', 'Ravi']);
  });

  test('bad changes get a 4xx naming the problem', async () => {
    const enquiry = validFinance();
    await send('finance', enquiry);
    const { etag } = (await call(`/api/leads/${enquiry.submissionId}`)).body;
    expect((await patch(enquiry.submissionId, { status: 'maybe' }, etag)).body.fields).toHaveProperty('status');
    expect((await patch(enquiry.submissionId, { note: 'x'.repeat(1001) }, etag)).body.fields).toHaveProperty('note');
    const nul = await patch(enquiry.submissionId, { note: 'Call\u0000back' }, etag);
    expect([nul.status, nul.body.fields]).toEqual([400, { note: 'note must not hold U+0000 (NUL)' }]);
    // The name comes from the key: a name the caller types in a header counts for nothing.
    const typed = await call(`/api/leads/${enquiry.submissionId}`, {
      method: 'PATCH',
      headers: { 'x-team-member': 'Mallory', 'if-match': `"${etag}"`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'won' }),
    });
    expect(typed.body.lead).toMatchObject({ status: 'won', statusBy: 'Owner' });
    expect(JSON.stringify(await db.rows('SELECT * FROM team_log'))).not.toContain('Mallory');
    const noVersion = await call(`/api/leads/${enquiry.submissionId}`, { method: 'PATCH', member: 'Kavya', body: '{"status":"won"}' });
    expect([noVersion.status, Object.keys(noVersion.body.fields)]).toEqual([428, ['If-Match']]);
    expect((await call('/api/leads/not-a-uuid')).status).toBe(400);
    expect((await call(`/api/leads/${crypto.randomUUID()}`)).status).toBe(404);
  });
});

describe('not spam', () => {
  test('moves the lead into the inbox and e-mails the team about it, once', async () => {
    const spam = validBankLoan({ company_website: 'http://spam.example' });
    await send('bankloan', spam);
    expect(standIn.received).toHaveLength(0);
    const released = await call(`/api/leads/${spam.submissionId}/release`, { method: 'POST', member: 'Kavya' });
    expect(released.status).toBe(200);
    expect(released.body.lead).toMatchObject({ id: spam.submissionId, releasedBy: 'Kavya', notified: true });
    expect(released.body.lead).not.toHaveProperty('spam');
    expect(standIn.received.map((email) => email.template_params.id)).toEqual([spam.submissionId]);
    expect(await db.records('spam')).toEqual([]);
    expect(await db.records('leads')).toEqual([
      expect.objectContaining({ id: spam.submissionId, spamReason: 'honeypot', releasedBy: 'Kavya' }),
    ]);
    const inbox = await call('/api/leads?format=json');
    expect(inbox.body.leads.map((l: { id: string }) => l.id)).toEqual([spam.submissionId]);

    const again = await call(`/api/leads/${spam.submissionId}/release`, { method: 'POST', member: 'Ravi' });
    expect(again.status).toBe(409);
    expect(standIn.received).toHaveLength(1);
  });
});

describe('photos and the token', () => {
  test('a photo is served to the token only, and only one the lead has', async () => {
    const enquiry = validRealEstate({ page: '/Sellflats', intent: 'sell', property: 'Sell' });
    const form = new FormData();
    form.set('data', JSON.stringify({ ...enquiry, challenge: challengeIssuedAgo('realestate') }));
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    form.append('files', new File([jpeg], 'front.jpg', { type: 'image/jpeg' }));
    expect((await sendRequest('realestate', new Request('http://localhost/api/realestate', { method: 'POST', body: form }))).status).toBe(
      201,
    );

    const photo = await leads(
      new Request(`http://localhost/api/leads/${enquiry.submissionId}/photos/1.jpg`, { headers: { authorization: `Bearer ${TOKEN}` } }),
    );
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(photo.headers.get('cache-control')).toBe('private, no-store');
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(jpeg);
    expect((await call(`/api/leads/${enquiry.submissionId}/photos/2.jpg`)).status).toBe(404);
    expect((await call(`/api/leads/${enquiry.submissionId}/photos/1.jpg`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(
      401,
    );
  });

  test('a wrong key gets nothing, and only after a pause', async () => {
    await send('finance', validFinance());
    const started = Date.now();
    const answer = await call('/api/leads?format=json', { headers: { authorization: 'Bearer not-the-token' } });
    expect(answer.status).toBe(401);
    expect(JSON.stringify(answer.body)).not.toContain('Priya');
    expect(Date.now() - started).toBeGreaterThanOrEqual(signInDelayMs(1) - 50);
  });
});
