/**
 * The enquiry functions end to end: real Request objects into the real handlers, a real local
 * database (Postgres: PGlite) behind them and the EmailJS stand-in recording what the team would receive.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, test } from 'vitest';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import {
  handlers,
  jsonRequest,
  send,
  sendRequest,
  valid,
  validBankLoan,
  validFinance,
  validRealEstate,
  type Kind,
  challengeIssuedAgo,
  TEST_CHALLENGE_SECRET,
} from '../support/enquiry-requests.ts';
import { checkChallenge, issueChallenge } from '../../src/server/intake/challenge.ts';
import { withDatabase } from '../../src/server/db/connection.ts';
import { buildLeadRecord } from '../../src/server/db/lead-record.ts';
import { insertLead } from '../../src/server/db/leads.ts';
import { insertDeliveries } from '../../src/server/db/deliveries.ts';
import { enquirySchemas } from '../../src/lib/enquiry/index.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';

let db: TestDatabase;
let standIn: EmailJsStandIn;
useFreshLocalServers((servers) => ({ db, standIn } = servers));
beforeEach(() => {
  delete process.env.LEADS_MIN_FILL_MS;
});

const leadsOf = async (kind: Kind) => (await db.records('leads')).filter((lead) => lead.kind === kind);
const KINDS: Kind[] = ['realestate', 'bankloan', 'finance', 'contact'];

describe.each(KINDS)('%s: a valid enquiry', (kind) => {
  test('is stored as one row with its team e-mail, notified once and answered 201', async () => {
    const enquiry = valid[kind]();
    const before = Date.now();
    const answer = await send(kind, enquiry);

    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ ok: true, id: enquiry.submissionId, receivedAt: expect.any(String) });
    const receivedAt = Date.parse(answer.body.receivedAt);
    expect(receivedAt).toBeGreaterThanOrEqual(before - 1);
    expect(receivedAt).toBeLessThanOrEqual(Date.now());

    expect((await db.records()).map((lead) => lead.id)).toEqual([enquiry.submissionId]);
    expect(await db.deliveries(enquiry.submissionId)).toEqual({ team: expect.objectContaining({ state: 'sent', attempts: 1 }) });
    const stored = await db.record(enquiry.submissionId);
    expect(stored).toMatchObject({
      id: enquiry.submissionId,
      kind,
      receivedAt: answer.body.receivedAt,
      consentAt: answer.body.receivedAt,
      page: enquiry.page,
      Username: 'Priya Raman',
      phone: '9876543210',
      email: 'priya.raman@example.com',
      currentdate: 'Mon, Jan 01 2024',
      notified: true,
    });
    // Wire-only fields are not kept as lead fields.
    expect(stored).not.toHaveProperty('consent');
    expect(stored).not.toHaveProperty('submissionId');
    expect(stored).not.toHaveProperty('company_website');
    expect(stored).not.toHaveProperty('elapsedMs');

    expect(standIn.received).toHaveLength(1);
    const email = standIn.received[0];
    expect(email).toMatchObject({
      service_id: 'service_test',
      template_id: 'template_test',
      user_id: 'public_test',
      accessToken: 'private_test',
    });
    expect(email.template_params).toMatchObject({
      kind,
      id: enquiry.submissionId,
      Username: 'Priya Raman',
      phone: '9876543210',
      email: 'priya.raman@example.com',
    });
    expect(email.template_params.summary).toContain('Name: Priya Raman\nPhone: 9876543210\nE-mail: priya.raman@example.com');
  });
});

test('a real-estate lead keeps only the fields of its category', async () => {
  const enquiry = validRealEstate({ intent: 'buy', category: 'individual', property: 'Buy', listing: 'GATED', type: 'Double Bed Room' });
  expect((await send('realestate', enquiry)).status).toBe(201);
  const [lead] = await leadsOf('realestate');
  expect(lead).toMatchObject({
    intent: 'buy',
    category: 'individual',
    property: 'Buy',
    cost: '50 to 75 Lakhs',
    time: 'Immediate',
    message: enquiry.message,
  });
  expect(lead).not.toHaveProperty('listing');
  expect(lead).not.toHaveProperty('type');
  expect(standIn.received[0].template_params.summary).toContain('Message: Looking for a 2 bedroom flat');
});

describe('status codes', () => {
  test.each(['PUT', 'DELETE', 'PATCH'])('%s → 405 with Allow: GET, POST', async (method) => {
    const response = await handlers.bankloan(new Request('http://localhost/api/bankloan', { method }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, POST');
    expect(await response.json()).toEqual({ error: expect.any(String) });
  });

  test.each(['text/plain', 'application/xml', ''])('content type %j → 415', async (type) => {
    const request = new Request('http://localhost/api/finance', {
      method: 'POST',
      headers: type ? { 'content-type': type } : {},
      body: JSON.stringify(validFinance()),
    });
    if (!type) request.headers.delete('content-type');
    const answer = await sendRequest('finance', request);
    expect(answer.status).toBe(415);
    expect(answer.body.error).toMatch(/JSON/);
  });

  test('multipart is 415 where photos are not accepted', async () => {
    const form = new FormData();
    form.set('data', JSON.stringify({ ...validBankLoan(), challenge: challengeIssuedAgo('bankloan') }));
    const answer = await sendRequest('bankloan', new Request('http://localhost/api/bankloan', { method: 'POST', body: form }));
    expect(answer.status).toBe(415);
  });

  test('application/json; charset=utf-8 is JSON', async () => {
    const answer = await send('finance', validFinance(), { headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(answer.status).toBe(201);
  });

  test('a body over 32 KB → 413 (by the bytes read, whatever Content-Length says)', async () => {
    const big = JSON.stringify(validFinance({ Username: 'x'.repeat(33 * 1024) }));
    const answer = await sendRequest('finance', jsonRequest('finance', big));
    expect(answer.status).toBe(413);
    expect(answer.body.error).toMatch(/32 KB/);

    // A stream with no Content-Length: only counting the bytes catches it.
    const chunk = new TextEncoder().encode('x'.repeat(8 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 10) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const streamed = new Request('http://localhost/api/finance', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.headers.get('content-length')).toBeNull();
    expect((await sendRequest('finance', streamed)).status).toBe(413);
    expect(await db.records()).toEqual([]);
  });

  test('a declared Content-Length over 32 KB → 413 before reading', async () => {
    const request = jsonRequest('finance', validFinance(), { headers: { 'content-length': String(40 * 1024) } });
    expect((await sendRequest('finance', request)).status).toBe(413);
  });

  test('exactly at the limit is still read', async () => {
    const enquiry = validFinance();
    const filler = 32 * 1024 - JSON.stringify({ ...enquiry, pad: '' }).length;
    const body = JSON.stringify({ ...enquiry, pad: 'x'.repeat(filler) });
    expect(new TextEncoder().encode(body).length).toBe(32 * 1024);
    expect((await sendRequest('finance', jsonRequest('finance', body))).status).toBe(201);
  });

  test.each(['{"Username": ', 'not json', '', '[1,2]', '"text"', 'null'])('JSON %j → 400', async (body) => {
    const answer = await sendRequest('finance', jsonRequest('finance', body));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: expect.any(String) });
  });

  test('invalid UTF-8 → 400', async () => {
    const bytes = new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    const request = new Request('http://localhost/api/finance', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: bytes,
    });
    expect((await sendRequest('finance', request)).status).toBe(400);
  });

  test('schema failure → 422 naming each field in plain words, nothing stored or sent', async () => {
    const answer = await send(
      'bankloan',
      validBankLoan({ Loantype: 'Loan Type', phone: '12345', selectedCity: 'Chennai', consent: false }),
    );
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      error: 'Some fields need attention.',
      fields: {
        Loantype: 'Choose a loan type',
        phone: 'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9',
        selectedCity: 'Choose a city in Karnataka',
        consent: expect.stringMatching(/^Tick the box/),
      },
    });
    expect(await db.records()).toEqual([]);
    expect(standIn.requests).toHaveLength(0);
  });

  test('no answer carries a stack trace', async () => {
    for (const body of ['{', '[]', JSON.stringify({})]) {
      const answer = await sendRequest('realestate', jsonRequest('realestate', body));
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.text).not.toMatch(/at .*\.ts|Error:|node_modules/);
    }
  });
});

describe('spam', () => {
  test('a filled honeypot is answered like success, kept as spam and not notified', async () => {
    const enquiry = validBankLoan({ company_website: 'http://cheap-pills.example' });
    const answer = await send('bankloan', enquiry);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ ok: true, id: enquiry.submissionId, receivedAt: expect.any(String) });

    expect(await db.records('leads')).toEqual([]);
    const [kept] = await db.records('spam');
    expect(kept).toMatchObject({ id: enquiry.submissionId, kind: 'bankloan', spam: 'honeypot', notified: false, phone: '9876543210' });
    expect(await db.deliveries(enquiry.submissionId)).toEqual({});
    expect(standIn.requests).toHaveLength(0);
  });

  test.each([
    ['issued under 3 s (the default LEADS_MIN_FILL_MS) before the post', () => challengeIssuedAgo('finance', 2_900), 'challenge-too-fast'],
    ['missing (whatever elapsedMs the post claims)', () => undefined, 'challenge-missing'],
    [
      'signed with another secret',
      () => issueChallenge('another-secret-0123456789abcdefghijkl', 'finance', Date.now() - 20_000),
      'challenge-forged',
    ],
    [
      'altered (an earlier time written in)',
      () => challengeIssuedAgo('finance', 1000).replace(/^finance\.(\d+)/, (_, issued) => `finance.${Number(issued) - 60_000}`),
      'challenge-forged',
    ],
    ['altered (another kind written in)', () => challengeIssuedAgo('contact').replace(/^contact\./, 'finance.'), 'challenge-forged'],
    ['fetched by the contact form (bound to its kind)', () => challengeIssuedAgo('contact'), 'challenge-wrong-kind'],
    ['older than 2 hours', () => challengeIssuedAgo('finance', 2 * 3600_000 + 60_000), 'challenge-stale'],
  ])('a JSON post whose challenge is %s is spam: answered like success, kept apart, not e-mailed', async (_, challenge, reason) => {
    const enquiry = validFinance({ elapsedMs: 999_999, challenge: challenge() });
    expect((await send('finance', enquiry)).status).toBe(201);
    expect(await db.records('leads')).toEqual([]);
    expect((await db.records('spam'))[0]).toMatchObject({ spam: reason });
    expect(standIn.requests).toHaveLength(0);
  });

  test('the minimum fill time is configurable (LEADS_MIN_FILL_MS)', async () => {
    process.env.LEADS_MIN_FILL_MS = '500';
    expect((await send('finance', validFinance({ challenge: challengeIssuedAgo('finance', 600) }))).status).toBe(201);
    expect(await db.records('spam')).toEqual([]);
    expect(await leadsOf('finance')).toHaveLength(1);
    expect(standIn.received).toHaveLength(1);
  });

  test('a challenge issued 3 s before the post is a person', async () => {
    expect((await send('finance', validFinance({ challenge: challengeIssuedAgo('finance', 3_000) }))).status).toBe(201);
    expect(await leadsOf('finance')).toHaveLength(1);
  });

  test('GET gives the form a fresh challenge: not yet good, good after the minimum fill time', async () => {
    const answer = await sendRequest('finance', new Request('http://localhost/api/finance'));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toMatch(/no-store/);
    expect(answer.body).toEqual({
      challenge: expect.stringMatching(/^finance\.\d+\.[\w-]+\.[\w-]+$/),
      minFillMs: 3000,
      maxAgeMs: 2 * 3600_000,
    });
    expect(checkChallenge(TEST_CHALLENGE_SECRET, 'finance', answer.body.challenge)).toBe('too-fast');
    expect(checkChallenge(TEST_CHALLENGE_SECRET, 'finance', answer.body.challenge, Date.now() + 3000)).toBe('ok');
    expect(checkChallenge(TEST_CHALLENGE_SECRET, 'finance', answer.body.challenge, Date.now() + 2 * 3600_000 - 1000)).toBe('ok');
    expect(checkChallenge(TEST_CHALLENGE_SECRET, 'finance', answer.body.challenge, Date.now() + 2 * 3600_000 + 1000)).toBe('stale');
    expect(checkChallenge(TEST_CHALLENGE_SECRET, 'bankloan', answer.body.challenge, Date.now() + 3000)).toBe('wrong-kind');
  });

  test('a retry of a post kept as spam gets the first answer and overwrites nothing: the record stays spam, nobody is e-mailed', async () => {
    const enquiry = validFinance();
    const first = await send('finance', { ...enquiry, challenge: challengeIssuedAgo('finance', 1000) }); // too fast
    const retry = await send('finance', enquiry);
    expect(retry.status).toBe(first.status);
    expect(retry.body).toEqual(first.body);
    expect(await leadsOf('finance')).toHaveLength(0);
    expect(await db.records('spam')).toEqual([expect.objectContaining({ id: enquiry.submissionId, spam: 'challenge-too-fast' })]);
    expect(standIn.received).toHaveLength(0);
  });

  test('a challenge serves one submission: another submission with it is spam, the same one retried is not', async () => {
    const challenge = challengeIssuedAgo('finance');
    const first = validFinance({ challenge });
    const second = validFinance({ challenge });
    expect((await send('finance', first)).status).toBe(201);
    expect((await send('finance', first)).status).toBe(201);
    expect((await send('finance', second)).status).toBe(201);
    expect((await db.records('leads')).map((lead) => lead.id)).toEqual([first.submissionId]);
    expect(await db.records('spam')).toEqual([expect.objectContaining({ id: second.submissionId, spam: 'challenge-reused' })]);
    expect(standIn.received).toHaveLength(1);
  });
});

describe('idempotency', () => {
  test('the same submissionId twice stores one lead and answers the first result', async () => {
    const enquiry = validRealEstate();
    const first = await send('realestate', enquiry);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await send('realestate', { ...enquiry, message: 'Sent again' });

    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    const leads = await leadsOf('realestate');
    expect(leads).toHaveLength(1);
    expect(leads[0].message).toBe(enquiry.message);
    expect(standIn.received).toHaveLength(1);
  });

  test('two identical submissions in flight at once store one lead and notify once', async () => {
    const enquiry = validBankLoan();
    standIn.setBehaviour({ delayMs: 50 });
    const [a, b] = await Promise.all([send('bankloan', enquiry), send('bankloan', enquiry)]);
    expect(a.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expect(await leadsOf('bankloan')).toHaveLength(1);
    expect(standIn.received).toHaveLength(1);
  });

  test('ten concurrent copies and other leads alongside: one lead per id', async () => {
    const repeated = validFinance();
    const others = Array.from({ length: 5 }, () => validFinance());
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => send('finance', repeated)),
      ...others.map((o) => send('finance', o)),
    ]);
    expect(answers.every((a) => a.status === 201)).toBe(true);
    expect(new Set(answers.slice(0, 10).map((a) => a.body.receivedAt)).size).toBe(1);
    const ids = (await leadsOf('finance')).map((lead) => lead.id).sort();
    expect(ids).toEqual([repeated, ...others].map((o) => o.submissionId).sort());
    expect(standIn.received).toHaveLength(6);
  });

  /** A lead stored `ageMs` ago, as an earlier attempt (maybe on another instance) left it, with its team e-mail. */
  const storedEarlier = async (ageMs: number, team: { attempts?: number; claimedForMs?: number; error?: string } = {}) => {
    const enquiry = validFinance();
    const receivedAt = new Date(Date.now() - ageMs).toISOString();
    const record = buildLeadRecord('finance', enquirySchemas.finance.parse(enquiry), receivedAt, { via: 'js' });
    await withDatabase(async () => {
      await insertLead(record);
      const [delivery] = await insertDeliveries(record.id, [
        {
          channel: 'team',
          nextAttemptAt: new Date(Date.parse(receivedAt) + 600_000).toISOString(),
          claimedUntil: new Date(Date.now() + (team.claimedForMs ?? -1000)).toISOString(),
        },
      ]);
      if (team.attempts)
        await db.rows('UPDATE deliveries SET attempts = $2, last_error = $3 WHERE id = $1', [delivery.id, team.attempts, team.error]);
    });
    return { enquiry, receivedAt };
  };

  test('a retry long after finds the first lead by its id and gets its receipt', async () => {
    const { enquiry, receivedAt } = await storedEarlier(400 * 86_400_000, { attempts: 1 });
    const answer = await send('finance', enquiry);
    expect(answer.body).toEqual({ ok: true, id: enquiry.submissionId, receivedAt });
    expect(await leadsOf('finance')).toHaveLength(1);
    expect(standIn.requests).toHaveLength(0);
  });

  describe('a lead stored but never e-mailed (its first attempt answered 503 or died)', () => {
    test('the retry sends the e-mail the first attempt owed, once', async () => {
      const { enquiry, receivedAt } = await storedEarlier(60_000);
      const answer = await send('finance', enquiry);
      expect(answer.status).toBe(201);
      expect(answer.body.receivedAt).toBe(receivedAt);
      expect(standIn.received).toHaveLength(1);
      expect(standIn.received[0].template_params.id).toBe(enquiry.submissionId);
      expect(await db.record(enquiry.submissionId)).toMatchObject({ notified: true });
      await send('finance', enquiry);
      expect(standIn.received).toHaveLength(1);
    });

    test('a lead its first attempt may still be notifying is left alone', async () => {
      const { enquiry } = await storedEarlier(1_000, { claimedForMs: 10_000 });
      expect((await send('finance', enquiry)).status).toBe(201);
      expect(standIn.received).toHaveLength(0);
    });

    test('a notification that was tried and failed is not repeated by a retry', async () => {
      const { enquiry } = await storedEarlier(60_000, { attempts: 1, error: 'EmailJS answered 500' });
      expect((await send('finance', enquiry)).status).toBe(201);
      expect(standIn.received).toHaveLength(0);
    });
  });

  test('different ids are different leads', async () => {
    await send('finance', validFinance());
    await send('finance', validFinance({ submissionId: randomUUID() }));
    expect(await leadsOf('finance')).toHaveLength(2);
  });
});
