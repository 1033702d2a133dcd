/**
 * The local database's fault switch (harness/database.ts, used by `npm start` and the fault
 * benchmark) and what the pipeline does under each fault: refused connections, a statement that
 * fails after the lead's row is written, an answer lost after the commit, a database that hangs.
 * A lead is never answered 201 before its row is committed, and a retry never stores it twice.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { challengeIssuedAgo, send, sendRequest, validFinance, validRealEstate } from '../support/enquiry-requests.ts';
import type { LocalBlobs } from '../../harness/local-blobs.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';

let db: TestDatabase;
let blobs: LocalBlobs;
let standIn: EmailJsStandIn;
useFreshLocalServers((servers) => ({ db, blobs, standIn } = servers));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
beforeEach(() => {
  // Short enough for the hang test, long enough for a new lead's transaction on a busy machine.
  process.env.LEADS_STORE_TIMEOUT_MS = '2000';
});
afterEach(() => {
  db.local.faults.set('up');
  delete process.env.LEADS_STORE_TIMEOUT_MS;
});

const stored = async (id: string) => (await db.rows('SELECT id FROM leads WHERE id = $1', [id])).length;

test('down: connections are refused and the API answers 503 with Retry-After; up again, the same enquiry is stored once', async () => {
  const enquiry = validFinance();
  expect(db.local.faults.set('down')).toEqual([{ mode: 'down', match: '' }]);
  const down = await send('finance', enquiry);
  expect(down.status).toBe(503);
  expect(down.headers.get('retry-after')).toBe('30');
  expect(db.local.faults.set('up')).toEqual([]);
  expect((await send('finance', enquiry)).status).toBe(201);
  expect(await stored(enquiry.submissionId)).toBe(1);
});

test('a rule with match fails only the statements that contain it', async () => {
  const target = validFinance();
  const bystander = validFinance();
  db.local.faults.set('down', target.submissionId);
  expect((await send('finance', target)).status).toBe(503);
  expect((await send('finance', bystander)).status).toBe(201);
  expect(await stored(target.submissionId)).toBe(0);
  db.local.faults.set('up', target.submissionId);
  expect((await send('finance', target)).status).toBe(201);
});

test("a statement failing after the lead's row is written rolls the row back: 503, and the retry stores it with its deliveries", async () => {
  const enquiry = validFinance();
  db.local.faults.set('down', 'INSERT INTO deliveries');
  expect((await send('finance', enquiry)).status).toBe(503);
  expect(await stored(enquiry.submissionId)).toBe(0);
  db.local.faults.set('up');
  expect((await send('finance', enquiry)).status).toBe(201);
  expect(Object.keys(await db.deliveries(enquiry.submissionId))).toEqual(['team']);
});

test('an answer lost after the commit: the visitor gets 503, the retry gets the first receipt, and the lead is stored once', async () => {
  const enquiry = validFinance();
  const challenge = challengeIssuedAgo('finance');
  db.local.faults.set('lost', 'COMMIT');
  expect((await send('finance', { ...enquiry, challenge })).status).toBe(503);
  db.local.faults.set('up');
  expect(await stored(enquiry.submissionId)).toBe(1);
  const retry = await send('finance', { ...enquiry, challenge });
  expect(retry.status).toBe(201);
  const [row] = await db.rows<{ received_at: Date }>('SELECT received_at FROM leads WHERE id = $1', [enquiry.submissionId]);
  expect(retry.body.receivedAt).toBe(row.received_at.toISOString());
  expect(await stored(enquiry.submissionId)).toBe(1);
});

test('hang: the database never answers and the deadline turns it into a 503; nothing is left half-written', async () => {
  const enquiry = validFinance();
  db.local.faults.set('hang', enquiry.submissionId);
  const started = Date.now();
  expect((await send('finance', enquiry)).status).toBe(503);
  expect(Date.now() - started).toBeLessThan(6000);
  db.local.faults.set('up');
  expect(await stored(enquiry.submissionId)).toBe(0);
  expect((await send('finance', enquiry)).status).toBe(201);
});

test('an attempt answered 503 writes nothing once the database comes back', async () => {
  const enquiry = validFinance();
  db.local.faults.set('hang', enquiry.submissionId);
  expect((await send('finance', enquiry)).status).toBe(503);
  db.local.faults.set('up'); // the held statement's connection is cut; the server rolled its transaction back
  await sleep(500);
  expect(await stored(enquiry.submissionId)).toBe(0);
  expect(standIn.received).toHaveLength(0);
});

test('two attempts answered 503, then the database comes back: the retry stores the lead once, e-mails it once, and its receipt is the stored one', async () => {
  const enquiry = validFinance();
  db.local.faults.set('hang', enquiry.submissionId);
  expect((await send('finance', enquiry)).status).toBe(503);
  expect((await send('finance', enquiry)).status).toBe(503);
  db.local.faults.set('up');
  await sleep(500);
  const retry = await send('finance', enquiry);
  expect(retry.status).toBe(201);
  await sleep(300);
  const lead = await db.record(enquiry.submissionId);
  expect(lead).toMatchObject({ receivedAt: retry.body.receivedAt, notified: true });
  expect(standIn.received.filter((email) => email.template_params.id === enquiry.submissionId)).toHaveLength(1);
});

test('photos written before a lead write that fails are taken back; the retry stores the lead with its photos', async () => {
  const enquiry = validRealEstate({ page: '/Sellflats', intent: 'sell', property: 'Sell' });
  const post = () => {
    const form = new FormData();
    form.set('data', JSON.stringify({ ...enquiry, challenge: challengeIssuedAgo('realestate') }));
    for (const name of ['front.jpg', 'hall.jpg'])
      form.append('files', new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type: 'image/jpeg' }));
    return sendRequest('realestate', new Request('http://localhost/api/realestate', { method: 'POST', body: form }));
  };
  db.local.faults.set('down', 'INSERT INTO leads');
  expect((await post()).status).toBe(503);
  const photos = async () => (await blobs.keys(blobs.photos())).filter((key) => key.includes(enquiry.submissionId));
  expect(await photos()).toEqual([]);
  expect(await stored(enquiry.submissionId)).toBe(0);

  db.local.faults.set('up');
  expect((await post()).status).toBe(201);
  expect(await photos()).toEqual([`${enquiry.submissionId}/1.jpg`, `${enquiry.submissionId}/2.jpg`]);
  expect((await db.record(enquiry.submissionId))?.photos).toEqual([`${enquiry.submissionId}/1.jpg`, `${enquiry.submissionId}/2.jpg`]);
});

test('a send whose bookkeeping fails once is still recorded (tried again after a pause): the sweep will not send it again', async () => {
  process.env.LEADS_BOOKKEEPING_RETRY_MS = '5';
  try {
    const enquiry = validFinance();
    expect(db.local.faults.set('down', "SET state = 'sent'", 1)).toEqual([{ mode: 'down', match: "SET state = 'sent'" }]);
    expect((await send('finance', enquiry)).status).toBe(201);
    expect(db.local.faults.rules()).toEqual([]); // the one failure happened, and the rule lifted
    expect(await db.deliveries(enquiry.submissionId)).toMatchObject({ team: { state: 'sent', attempts: 1 } });
    expect(standIn.received.filter((email) => email.template_params.id === enquiry.submissionId)).toHaveLength(1);
  } finally {
    delete process.env.LEADS_BOOKKEEPING_RETRY_MS;
  }
});

test('a send whose bookkeeping cannot be written at all (the database out) is noted in Blobs; the sweep records it and never sends it again', async () => {
  process.env.LEADS_BOOKKEEPING_RETRY_MS = '5';
  try {
    const enquiry = validFinance();
    db.local.faults.set('down', "SET state = 'sent'", 3); // every try at recording the send
    expect((await send('finance', enquiry)).status).toBe(201);
    expect(db.local.faults.rules()).toEqual([]);
    expect(await db.deliveries(enquiry.submissionId)).toMatchObject({ team: { state: 'pending' } });
    const unrecorded = async () => (await blobs.keys(blobs.outbound())).filter((key) => key.startsWith('unrecorded-sent/'));
    expect(await unrecorded()).toHaveLength(1);
    const { sweepPending } = await import('../../src/server/jobs/sweep.ts');
    await sweepPending({ wake: true });
    expect(await db.deliveries(enquiry.submissionId)).toMatchObject({ team: { state: 'sent' } });
    expect(await unrecorded()).toEqual([]);
    expect(standIn.received.filter((email) => email.template_params.id === enquiry.submissionId)).toHaveLength(1);
  } finally {
    delete process.env.LEADS_BOOKKEEPING_RETRY_MS;
  }
});

test('text Postgres cannot hold (U+0000) that reaches it anyway is a 400, not a 503 asking to try the same again', async () => {
  const { query, withDatabase } = await import('../../src/server/db/connection.ts');
  for (const [sql, value] of [
    ['SELECT $1::text AS t', 'a\u0000b'],
    ['SELECT $1::jsonb AS t', JSON.stringify({ note: 'a\u0000b' })],
  ]) {
    const failed = await withDatabase(() => query(sql, [value])).catch((error: unknown) => error);
    expect(failed, sql).toMatchObject({ status: 400, message: expect.stringMatching(/U\+0000/) });
  }
});
