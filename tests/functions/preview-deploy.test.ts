/**
 * Deploy previews and branch deploys never touch production's leads. Netlify gives a preview
 * its own database branch (a copy of production's, in NETLIFY_DB_URL), so the code has no
 * preview switch for the leads. What the code does for a preview (src/server/deploy-context.ts):
 * the team is not e-mailed (only LEADS_PREVIEW_NOTIFY_TO, when set), nothing goes to visitors or
 * the webhook, and photos are written and deleted in a store of the deploy's own: the branch's
 * copies of production's leads show their photos, and erasing one never deletes production's.
 */
import { getDeployStore } from '@netlify/blobs';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import leads from '../../netlify/functions/leads.mts';
import { PREVIEW_SUMMARY_LINE } from '../../src/server/outbound/team-email.ts';
import { isProductionDeploy } from '../../src/server/deploy-context.ts';
import { sweepPending } from '../../src/server/jobs/sweep.ts';
import type { LocalBlobs } from '../../harness/local-blobs.ts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { challengeIssuedAgo, send, sendRequest, validBankLoan, validRealEstate } from '../support/enquiry-requests.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';

const TOKEN = 'preview-test-token-k7Qm2xR9vT4pW8nZ3bY6';
let db: TestDatabase;
let blobs: LocalBlobs;
let standIn: EmailJsStandIn;
useFreshLocalServers((servers) => ({ db, blobs, standIn } = servers));

const deployPhotos = () => getDeployStore({ name: 'lead-photos', consistency: 'strong' });
const keysOf = async (store: ReturnType<typeof deployPhotos>) => (await store.list()).blobs.map((b) => b.key);

beforeEach(async () => {
  process.env.LEADS_EXPORT_TOKEN = TOKEN;
  await deployPhotos().deleteAll();
});
afterEach(() => {
  process.env.CONTEXT = 'dev';
  delete process.env.LEADS_PREVIEW_NOTIFY_TO;
});

const withPhoto = (enquiry: ReturnType<typeof validRealEstate>) => {
  const form = new FormData();
  form.set('data', JSON.stringify({ ...enquiry, challenge: challengeIssuedAgo('realestate') }));
  form.append('files', new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'front.jpg', { type: 'image/jpeg' }));
  return sendRequest('realestate', new Request('http://localhost/api/realestate', { method: 'POST', body: form }));
};
const sellFlat = () => validRealEstate({ page: '/Sellflats', intent: 'sell', property: 'Sell' });
const asTeam = (path: string, method = 'GET') =>
  leads(new Request(`http://localhost${path}`, { method, headers: { authorization: `Bearer ${TOKEN}` } }));

describe.each(['deploy-preview', 'branch-deploy'])('CONTEXT=%s', (context) => {
  beforeEach(() => {
    process.env.CONTEXT = context;
  });

  test("a lead goes to the branch's database, its photos to the deploy's own store; nobody is e-mailed", async () => {
    const enquiry = sellFlat();
    expect((await withPhoto(enquiry)).status).toBe(201);
    expect((await db.records()).map((lead) => lead.id)).toEqual([enquiry.submissionId]);
    expect(await blobs.keys(blobs.photos())).toEqual([]);
    expect(await keysOf(deployPhotos())).toEqual([`${enquiry.submissionId}/1.jpg`]);
    expect(standIn.requests).toEqual([]);
    expect(await blobs.outbound().get('pending')).toBeNull(); // a preview's deliveries are never swept
  });

  test('the sweep of a preview e-mails nobody either', async () => {
    const enquiry = validBankLoan();
    await send('bankloan', enquiry);
    await db.rows('UPDATE deliveries SET next_attempt_at = $1', [new Date(Date.now() - 60_000).toISOString()]);
    const report = await sweepPending({ wake: true });
    expect(report).toMatchObject({ sent: 0, skipped: 'EmailJS is not configured' });
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

  test("a production lead copied into the branch shows its photo, and erasing it there never deletes production's photo", async () => {
    process.env.CONTEXT = 'production';
    const real = sellFlat();
    expect((await withPhoto(real)).status).toBe(201);
    process.env.CONTEXT = context;

    const photo = await asTeam(`/api/leads/${real.submissionId}/photos/1.jpg`);
    expect(photo.status).toBe(200);
    expect((await asTeam(`/api/leads/${real.submissionId}`, 'DELETE')).status).toBe(204);
    expect(await db.records()).toEqual([]);
    expect(await blobs.keys(blobs.photos())).toEqual([`${real.submissionId}/1.jpg`]);
  });
});

describe.each(['production', 'dev'])('CONTEXT=%s (production, npm start)', (context) => {
  test('a lead is stored, its photos go to the site store, and the team is e-mailed', async () => {
    process.env.CONTEXT = context;
    process.env.LEADS_PREVIEW_NOTIFY_TO = 'reviewer@example.com'; // ignored outside a preview
    const enquiry = sellFlat();
    expect((await withPhoto(enquiry)).status).toBe(201);
    expect(await blobs.keys(blobs.photos())).toEqual([`${enquiry.submissionId}/1.jpg`]);
    expect(await keysOf(deployPhotos())).toEqual([]);
    expect(standIn.received).toHaveLength(1);
    expect(standIn.received[0].template_params.to_email).toBeUndefined();
  });
});

describe('a missing or unknown context is not production', () => {
  test.each([undefined, '', 'staging'])(
    'CONTEXT=%j: the team is not e-mailed, no visitor is written to, photos stay in the deploy store',
    async (context) => {
      if (context === undefined) delete process.env.CONTEXT;
      else process.env.CONTEXT = context;
      process.env.EMAILJS_ACK_TEMPLATE_ID = 'template_ack_test';
      try {
        const enquiry = sellFlat();
        expect((await withPhoto(enquiry)).status).toBe(201);
        expect(standIn.received).toEqual([]);
        expect(await blobs.keys(blobs.photos())).toEqual([]);
        expect(await keysOf(deployPhotos())).toHaveLength(1);
      } finally {
        delete process.env.EMAILJS_ACK_TEMPLATE_ID;
      }
    },
  );

  test('a context that says production, and only that, is production', () => {
    const cases: Array<[string | undefined, boolean]> = [
      ['production', true],
      ['dev', false],
      ['deploy-preview', false],
      ['branch-deploy', false],
      [undefined, false],
    ];
    for (const [context, production] of cases) {
      if (context === undefined) delete process.env.CONTEXT;
      else process.env.CONTEXT = context;
      expect(isProductionDeploy()).toBe(production);
    }
  });
});
