/**
 * The Blobs store's fault switch (harness/blobs-faults.ts, used by `npm start`): a proxy in
 * front of a real Blobs server that fails ('down'), stalls ('hang') or forwards ('up'), for the
 * whole store or only for blob paths containing a given text. Photos live in Blobs: a photo
 * write that fails is a 503, and no lead is stored without its photos.
 */
import { setEnvironmentContext } from '@netlify/blobs';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { startLocalBlobs, type LocalBlobs } from '../../harness/local-blobs.ts';
import { startTestDatabase, type TestDatabase } from '../support/database.ts';
import { useEmailJsStandIn } from '../../harness/emailjs-standin.ts';
import { challengeIssuedAgo, send, sendRequest, validFinance, validRealEstate } from '../support/enquiry-requests.ts';
import { startBlobsFaultProxy, type BlobsFaultProxy } from '../../harness/blobs-faults.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';

let blobs: LocalBlobs;
let db: TestDatabase;
let standIn: EmailJsStandIn;
let proxy: BlobsFaultProxy;
beforeAll(async () => {
  [blobs, db, standIn] = await Promise.all([startLocalBlobs(), startTestDatabase(), useEmailJsStandIn()]);
  proxy = await startBlobsFaultProxy(blobs.url);
  // The functions' Blobs context goes through the proxy, as serve.ts sets it up.
  setEnvironmentContext({ edgeURL: proxy.origin, uncachedEdgeURL: proxy.origin, siteID: 'test-site', token: 'local-test-token' });
  // Starting a database takes seconds of CPU, more than the default 10 s on a loaded machine (as servers.ts allows).
}, 60_000);
afterEach(() => {
  proxy.set('up');
});
afterAll(async () => {
  await proxy.close();
  await standIn.close();
  await blobs.stop();
  await db.stop();
});

const photoPost = (enquiry: ReturnType<typeof validRealEstate>) => {
  const form = new FormData();
  form.set('data', JSON.stringify({ ...enquiry, challenge: challengeIssuedAgo('realestate') }));
  for (const name of ['front.jpg', 'hall.jpg'])
    form.append('files', new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type: 'image/jpeg' }));
  return sendRequest('realestate', new Request('http://localhost/api/realestate', { method: 'POST', body: form }));
};
const sellFlat = () => validRealEstate({ page: '/Sellflats', intent: 'sell', property: 'Sell' });
const stored = async (id: string) => (await db.rows('SELECT id FROM leads WHERE id = $1', [id])).length;

test('up: photos pass through to the store', async () => {
  const enquiry = sellFlat();
  expect((await photoPost(enquiry)).status).toBe(201);
  expect(await blobs.keys(blobs.photos())).toEqual([`${enquiry.submissionId}/1.jpg`, `${enquiry.submissionId}/2.jpg`]);
});

test('down: a photo write fails, the API answers 503 with Retry-After and stores no lead; switched up again, it is stored once', async () => {
  const enquiry = sellFlat();
  expect(proxy.set('down')).toEqual([{ store: 'down', match: '' }]);
  const down = await photoPost(enquiry);
  expect(down.status).toBe(503);
  expect(down.headers.get('retry-after')).toBe('30');
  expect(await stored(enquiry.submissionId)).toBe(0);

  expect(proxy.set('up')).toEqual([]);
  expect((await photoPost(enquiry)).status).toBe(201);
  expect(await stored(enquiry.submissionId)).toBe(1);
});

test('hang: the store never answers and the deadline turns it into a 503', async () => {
  // A deadline shorter than the default 6 s. Only this test has it: the first lead of the file,
  // with its cold start, took more than 2 s on a loaded machine.
  process.env.LEADS_STORE_TIMEOUT_MS = '2000';
  try {
    proxy.set('hang');
    const started = Date.now();
    const answer = await photoPost(sellFlat());
    expect(answer.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(6000);
  } finally {
    delete process.env.LEADS_STORE_TIMEOUT_MS;
  }
});

test('a rule with match fails only the blob paths that contain it; a lead without photos never needs the store', async () => {
  const target = sellFlat();
  const bystander = sellFlat();
  proxy.set('down', target.submissionId);
  expect((await photoPost(target)).status).toBe(503);
  expect((await photoPost(bystander)).status).toBe(201);
  proxy.set('down');
  expect((await send('finance', validFinance())).status).toBe(201);
  proxy.set('up');
  expect((await photoPost(target)).status).toBe(201);
});
