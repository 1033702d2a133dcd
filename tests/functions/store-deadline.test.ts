/**
 * An attempt that ran out of its store deadline (answered 503) must not write afterwards.
 * `npm run bench:faults` found it did: the Blobs client kept retrying the attempt's calls after
 * the 503, so when the store came back the old attempt wrote its claim, queue entry and lead
 * while the visitor's retry was writing the same lead: two e-mails for one lead, and a receipt
 * that differed from the stored lead. Now the store calls made under a deadline are aborted when
 * it passes. Driven through the local fault switch in front of a real Blobs server.
 *
 * With that, a claim (`ids/<id>`) can stay behind without its lead. A retry that found such a
 * claim answered 201 at once, as a duplicate, although nothing was stored: the lead was lost.
 * Now a retry answers a duplicate only when the lead is stored; it waits while the claim's
 * attempt may still write, and takes the claim over once that attempt is past its deadline.
 */
import { setEnvironmentContext } from '@netlify/blobs';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import { startLocalBlobs, type LocalBlobs } from '../../harness/local-blobs.ts';
import { useEmailJsStandIn, type EmailJsStandIn } from '../../harness/emailjs-standin.ts';
import { send, validFinance } from '../support/enquiry-requests.ts';
import { startBlobsFaultProxy, type BlobsFaultProxy } from '../../harness/blobs-faults.ts';

let blobs: LocalBlobs;
let standIn: EmailJsStandIn;
let proxy: BlobsFaultProxy;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  blobs = await startLocalBlobs();
  standIn = await useEmailJsStandIn();
  proxy = await startBlobsFaultProxy(blobs.url);
});
beforeEach(async () => {
  blobs.use();
  await blobs.clear();
  standIn.received.length = 0;
  // The pipeline reaches the store through the fault switch, as under `npm start`.
  setEnvironmentContext({ edgeURL: proxy.origin, uncachedEdgeURL: proxy.origin, siteID: 'test-site', token: 'local-test-token' });
  process.env.LEADS_STORE_TIMEOUT_MS = '300';
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

const keysOf = async (id: string) => {
  blobs.use();
  const keys = (await blobs.keys(blobs.leads())).filter((key) => key.includes(id));
  setEnvironmentContext({ edgeURL: proxy.origin, uncachedEdgeURL: proxy.origin, siteID: 'test-site', token: 'local-test-token' });
  return keys;
};

test('an attempt answered 503 writes nothing once the store comes back', async () => {
  const enquiry = validFinance();
  proxy.set('hang', enquiry.submissionId);
  expect((await send('finance', enquiry)).status).toBe(503);
  proxy.set('up'); // the held calls fail now; the Blobs client would retry them at once
  await sleep(500);
  expect(await keysOf(enquiry.submissionId)).toEqual([]);
  expect(standIn.received).toHaveLength(0);
});

test('two attempts answered 503, then the store comes back: the retry stores the lead once, e-mails it once, and its receipt is the stored one', async () => {
  const enquiry = validFinance();
  proxy.set('hang', enquiry.submissionId);
  expect((await send('finance', enquiry)).status).toBe(503);
  expect((await send('finance', enquiry)).status).toBe(503);
  proxy.set('up');
  await sleep(500);

  const retry = await send('finance', enquiry);
  expect(retry.status).toBe(201);
  await sleep(300);
  const keys = await keysOf(enquiry.submissionId);
  expect(keys.filter((key) => key.startsWith('finance/'))).toHaveLength(1);
  blobs.use();
  const [lead] = await blobs.records('finance/');
  expect(lead.receivedAt).toBe(retry.body.receivedAt);
  expect(lead.notified).toBe(true);
  expect(keys.filter((key) => key.startsWith('pending/'))).toEqual([]);
  expect(standIn.received.filter((email) => email.template_params.id === enquiry.submissionId)).toHaveLength(1);
});

test('a claim without its lead: the retry never answers 201 for it unstored; once the claim is abandoned, the retry stores the lead', async () => {
  blobs.use();
  const enquiry = validFinance();
  const claimedAt = new Date().toISOString();
  // An attempt that claimed the id just now, and has not written (or never will write) the lead.
  await blobs.leads().setJSON(`ids/${enquiry.submissionId}`, {
    id: enquiry.submissionId,
    receivedAt: claimedAt,
    key: `finance/${claimedAt.slice(0, 7)}/${enquiry.submissionId}`,
  });

  const early = await send('finance', enquiry);
  expect(early.status).toBe(503); // its own deadline (300 ms) ends while the claim's attempt may still write
  expect((await keysOf(enquiry.submissionId)).filter((key) => key.startsWith('finance/'))).toEqual([]);

  await sleep(1400); // the claim's attempt is past its deadline and the margin for its last write
  const retry = await send('finance', enquiry);
  expect(retry.status).toBe(201);
  expect(retry.body.receivedAt).not.toBe(claimedAt);
  blobs.use();
  const [lead] = await blobs.records('finance/');
  expect(lead).toMatchObject({ id: enquiry.submissionId, receivedAt: retry.body.receivedAt, notified: true });
  expect(standIn.received).toHaveLength(1);
});

test('a claim whose attempt writes the lead a moment later: the retry waits and answers with that lead', async () => {
  blobs.use();
  process.env.LEADS_STORE_TIMEOUT_MS = '2000';
  const enquiry = validFinance();
  const claimedAt = new Date().toISOString();
  const key = `finance/${claimedAt.slice(0, 7)}/${enquiry.submissionId}`;
  await blobs.leads().setJSON(`ids/${enquiry.submissionId}`, { id: enquiry.submissionId, receivedAt: claimedAt, key });
  const { consent: _c, company_website: _h, elapsedMs: _e, submissionId: _s, ...fields } = enquiry;
  const owner = sleep(400).then(() =>
    blobs.leads().setJSON(key, {
      id: enquiry.submissionId,
      kind: 'finance',
      receivedAt: claimedAt,
      consentAt: claimedAt,
      via: 'js',
      ...fields,
      notified: true,
    }),
  );

  const retry = await send('finance', enquiry);
  // When the 201 comes, the lead it names is stored.
  const storedAtAnswer = (await keysOf(enquiry.submissionId)).filter((k) => k.startsWith('finance/'));
  await owner;
  expect(retry.status).toBe(201);
  expect(retry.body.receivedAt).toBe(claimedAt);
  expect(storedAtAnswer).toEqual([key]);
});
