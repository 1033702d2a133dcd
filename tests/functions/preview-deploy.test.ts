/**
 * Deploy previews and branch deploys never touch production's leads (src/server/deploy-context.ts):
 * with CONTEXT=deploy-preview or branch-deploy, a lead goes to the preview store, the team is not
 * e-mailed (only LEADS_PREVIEW_NOTIFY_TO, when set), and the export and erasure see the preview
 * store alone. Production, `dev` (npm start) and no CONTEXT at all work on the real store.
 */
import { getStore } from '@netlify/blobs';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import leads from '../../netlify/functions/leads.mts';
import { PREVIEW_LEADS_STORE, PREVIEW_PHOTOS_STORE } from '../../src/server/store.ts';
import { PREVIEW_SUMMARY_LINE } from '../../src/server/notify.ts';
import { sweepPending } from '../../src/server/sweep.ts';
import type { LocalBlobs } from '../../harness/local-blobs.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { challengeIssuedAgo, send, sendRequest, validBankLoan, validRealEstate } from '../support/enquiry-requests.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';

const TOKEN = 'preview-test-token-0123456789abcdefgh';
let blobs: LocalBlobs;
let standIn: EmailJsStandIn;
useFreshLocalServers((servers) => ({ blobs, standIn } = servers));

const previewLeads = () => getStore({ name: PREVIEW_LEADS_STORE, consistency: 'strong' });
const previewPhotos = () => getStore({ name: PREVIEW_PHOTOS_STORE, consistency: 'strong' });
const keysOf = async (store: ReturnType<typeof getStore>) => (await store.list()).blobs.map((b) => b.key);

beforeEach(async () => {
  process.env.LEADS_EXPORT_TOKEN = TOKEN;
  await previewLeads().deleteAll();
  await previewPhotos().deleteAll();
});
afterEach(() => {
  delete process.env.CONTEXT;
  delete process.env.LEADS_PREVIEW_NOTIFY_TO;
});

const exportIds = async () => {
  const response = await leads(new Request('http://localhost/api/leads?format=json', { headers: { authorization: `Bearer ${TOKEN}` } }));
  expect(response.status).toBe(200);
  return ((await response.json()) as { leads: { id: string }[] }).leads.map((lead) => lead.id);
};
const erase = (id: string) =>
  leads(new Request(`http://localhost/api/leads/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${TOKEN}` } }));

describe.each(['deploy-preview', 'branch-deploy'])('CONTEXT=%s', (context) => {
  beforeEach(() => {
    process.env.CONTEXT = context;
  });

  test('a lead goes to the preview store, with its photos; production keeps nothing; nobody is e-mailed', async () => {
    const enquiry = validRealEstate({ page: '/Sellflats', intent: 'sell', property: 'Sell' });
    const form = new FormData();
    form.set('data', JSON.stringify({ ...enquiry, challenge: challengeIssuedAgo() }));
    form.append('files', new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'front.jpg', { type: 'image/jpeg' }));
    const answer = await sendRequest('realestate', new Request('http://localhost/api/realestate', { method: 'POST', body: form }));
    expect(answer.status).toBe(201);

    expect(await blobs.keys(blobs.leads())).toEqual([]);
    expect(await blobs.keys(blobs.photos())).toEqual([]);
    const stored = await keysOf(previewLeads());
    expect(stored).toContain(`ids/${enquiry.submissionId}`);
    expect(stored.some((key) => key.startsWith(`realestate/`) && key.endsWith(enquiry.submissionId))).toBe(true);
    expect(await keysOf(previewPhotos())).toEqual([`${enquiry.submissionId}/1.jpg`]);
    expect(standIn.received).toEqual([]);
    expect(standIn.requests).toEqual([]);
  });

  test('the sweep of a preview e-mails nobody either', async () => {
    const enquiry = validBankLoan();
    await send('bankloan', enquiry);
    const key = `pending/${enquiry.submissionId}`;
    const entry = (await previewLeads().get(key, { type: 'json' })) as Record<string, unknown>;
    await previewLeads().setJSON(key, { ...entry, nextAt: new Date(Date.now() - 60_000).toISOString() }); // due now
    const report = await sweepPending();
    expect(report.due).toBe(1);
    expect(report.sent).toBe(0);
    expect(standIn.requests).toEqual([]);
  });

  test('with LEADS_PREVIEW_NOTIFY_TO, the e-mail goes to that address only, and says it came from a preview', async () => {
    process.env.LEADS_PREVIEW_NOTIFY_TO = 'reviewer@example.com';
    const enquiry = validBankLoan();
    expect((await send('bankloan', enquiry)).status).toBe(201);
    expect(standIn.received).toHaveLength(1);
    const params = standIn.received[0].template_params;
    expect(params.to_email).toBe('reviewer@example.com');
    expect(String(params.summary).startsWith(PREVIEW_SUMMARY_LINE)).toBe(true);
    expect(params.Username).toBe(enquiry.Username);
  });

  test('the export and erasure see the preview store only: a production lead is neither listed nor erasable', async () => {
    delete process.env.CONTEXT;
    const real = validBankLoan();
    expect((await send('bankloan', real)).status).toBe(201);
    process.env.CONTEXT = context;
    const test = validBankLoan();
    expect((await send('bankloan', test)).status).toBe(201);

    expect(await exportIds()).toEqual([test.submissionId]);
    expect((await erase(real.submissionId as string)).status).toBe(404);
    expect((await erase(test.submissionId as string)).status).toBe(204);
    expect(await exportIds()).toEqual([]);

    delete process.env.CONTEXT;
    expect(await exportIds()).toEqual([real.submissionId]);
  });
});

describe.each([undefined, 'production', 'dev'])('CONTEXT=%s (production, npm start)', (context) => {
  test('a lead goes to the real store and the team is e-mailed', async () => {
    if (context) process.env.CONTEXT = context;
    process.env.LEADS_PREVIEW_NOTIFY_TO = 'reviewer@example.com'; // ignored outside a preview
    const enquiry = validBankLoan();
    expect((await send('bankloan', enquiry)).status).toBe(201);
    expect(await blobs.keys(blobs.leads())).toContain(`ids/${enquiry.submissionId}`);
    expect(await keysOf(previewLeads())).toEqual([]);
    expect(standIn.received).toHaveLength(1);
    expect(standIn.received[0].template_params.to_email).toBeUndefined();
  });
});
