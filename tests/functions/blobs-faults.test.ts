/**
 * The local store's fault switch (harness/blobs-faults.ts, used by `npm start`): a proxy in
 * front of a real Blobs server that fails ('down'), stalls ('hang') or forwards ('up'), for the
 * whole store or only for blob paths containing a given text.
 */
import { setEnvironmentContext } from '@netlify/blobs';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { startLocalBlobs, type LocalBlobs } from '../../harness/local-blobs.ts';
import { useEmailJsStandIn, type EmailJsStandIn } from '../../harness/emailjs-standin.ts';
import { challengeIssuedAgo, send, sendRequest, validFinance, validRealEstate } from '../support/enquiry-requests.ts';
import { startBlobsFaultProxy, type BlobsFaultProxy } from '../../harness/blobs-faults.ts';

let blobs: LocalBlobs;
let standIn: EmailJsStandIn;
let proxy: BlobsFaultProxy;
beforeAll(async () => {
  blobs = await startLocalBlobs();
  standIn = await useEmailJsStandIn();
  proxy = await startBlobsFaultProxy(blobs.url);
  // The functions' Blobs context goes through the proxy, as serve.ts sets it up.
  setEnvironmentContext({ edgeURL: proxy.origin, uncachedEdgeURL: proxy.origin, siteID: 'test-site', token: 'local-test-token' });
  // Short enough for the hang test, long enough for a new lead's few writes on a busy machine.
  process.env.LEADS_STORE_TIMEOUT_MS = '2000';
});
afterEach(() => {
  proxy.set('up');
});
afterAll(async () => {
  delete process.env.LEADS_STORE_TIMEOUT_MS;
  await proxy.close();
  await standIn.close();
  await blobs.stop();
});

test('up: requests pass through to the store', async () => {
  const enquiry = validFinance();
  expect((await send('finance', enquiry)).status).toBe(201);
  expect(await blobs.keys(blobs.leads(), 'finance/')).toContainEqual(expect.stringContaining(enquiry.submissionId));
});

test('down: the API answers 503 with Retry-After; switched up again, the same enquiry is stored once', async () => {
  const enquiry = validFinance();
  expect(proxy.set('down')).toEqual([{ store: 'down', match: '' }]);
  const down = await send('finance', enquiry);
  expect(down.status).toBe(503);
  expect(down.headers.get('retry-after')).toBe('30');

  expect(proxy.set('up')).toEqual([]);
  expect((await send('finance', enquiry)).status).toBe(201);
  const stored = (await blobs.keys(blobs.leads(), 'finance/')).filter((key) => key.endsWith(enquiry.submissionId));
  expect(stored).toHaveLength(1);
});

test('hang: the store never answers and the deadline turns it into a 503', async () => {
  proxy.set('hang');
  const started = Date.now();
  const answer = await send('finance', validFinance());
  expect(answer.status).toBe(503);
  expect(Date.now() - started).toBeLessThan(6000);
});

test('a rule with match fails only the blob paths that contain it', async () => {
  const target = validFinance();
  const bystander = validFinance();
  proxy.set('down', target.submissionId);
  expect((await send('finance', target)).status).toBe(503);
  expect((await send('finance', bystander)).status).toBe(201);
  expect(proxy.set('up', target.submissionId)).toEqual([]);
  expect((await send('finance', target)).status).toBe(201);
});

test('photos written before a lead write that fails are taken back; the retry stores the lead with its photos', async () => {
  const enquiry = validRealEstate({ page: '/Sellflats', intent: 'sell', property: 'Sell' });
  const post = () => {
    const form = new FormData();
    form.set('data', JSON.stringify({ ...enquiry, challenge: challengeIssuedAgo() }));
    for (const name of ['front.jpg', 'hall.jpg'])
      form.append('files', new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type: 'image/jpeg' }));
    return sendRequest('realestate', new Request('http://localhost/api/realestate', { method: 'POST', body: form }));
  };
  // Only the lead's own record fails (its key holds "realestate/"); the photos' writes succeed.
  proxy.set('down', 'realestate/');
  expect((await post()).status).toBe(503);
  const of = async (store: ReturnType<typeof blobs.photos>) =>
    (await blobs.keys(store)).filter((key) => key.includes(enquiry.submissionId));
  expect(await of(blobs.photos())).toEqual([]);
  expect(await of(blobs.leads())).toEqual([]);

  proxy.set('up');
  expect((await post()).status).toBe(201);
  expect(await of(blobs.photos())).toEqual([`${enquiry.submissionId}/1.jpg`, `${enquiry.submissionId}/2.jpg`]);
});
