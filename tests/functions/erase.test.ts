/**
 * Erasure on request: DELETE /api/leads/<id> with the export token removes the lead, its
 * deliveries, history and photos, and its id and details in the team's log (204), or answers 404;
 * `npm run leads:erase` does the same locally. Real database and Blobs store.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeEach, describe, expect, test } from 'vitest';
import leads from '../../netlify/functions/leads.mts';
import type { LocalBlobs } from '../../harness/local-blobs.ts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { challengeIssuedAgo, send, sendRequest, validBankLoan, validRealEstate } from '../support/enquiry-requests.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';

const TOKEN = 'erase-test-token-k7Qm2xR9vT4pW8nZ3bY6';
let db: TestDatabase;
let blobs: LocalBlobs;
let standIn: EmailJsStandIn;
useFreshLocalServers((servers) => ({ db, blobs, standIn } = servers));
beforeEach(() => {
  process.env.LEADS_EXPORT_TOKEN = TOKEN;
});

const erase = (id: string, { token = TOKEN, method = 'DELETE' }: { token?: string | null; method?: string } = {}) =>
  leads(new Request(`http://localhost/api/leads/${id}`, { method, headers: token ? { authorization: `Bearer ${token}` } : {} }));

/** A Sell Flats lead with two photos, stored through the real pipeline. */
const leadWithPhotos = async () => {
  const enquiry = validRealEstate({ page: '/Sellflats', intent: 'sell', property: 'Sell' });
  const form = new FormData();
  form.set('data', JSON.stringify({ ...enquiry, challenge: challengeIssuedAgo('realestate') }));
  for (const name of ['front.jpg', 'hall.jpg'])
    form.append('files', new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type: 'image/jpeg' }));
  const answer = await sendRequest('realestate', new Request('http://localhost/api/realestate', { method: 'POST', body: form }));
  expect(answer.status).toBe(201);
  return enquiry.submissionId as string;
};

/** Every row that names a lead, and every photo. */
const everything = async () => {
  const named = await db.rows<{ what: string }>(
    `SELECT 'lead:' || id AS what FROM leads
     UNION ALL SELECT 'delivery:' || lead_id || ':' || channel FROM deliveries
     UNION ALL SELECT 'history:' || lead_id FROM lead_history
     UNION ALL SELECT 'token:' || submission_id FROM used_tokens
     UNION ALL SELECT 'log:' || lead_id FROM team_log WHERE lead_id IS NOT NULL`,
  );
  return [...named.map((row) => row.what), ...(await blobs.keys(blobs.photos())).map((key) => `photo:${key}`)].sort();
};

describe('DELETE /api/leads/<id>', () => {
  test('with the token: 204, and the lead, its deliveries, history, photos and log details are gone; other leads stay', async () => {
    const id = await leadWithPhotos();
    standIn.setBehaviour({ status: 500 }); // so the other lead keeps a pending delivery
    const other = validBankLoan();
    await send('bankloan', other);
    // The team worked it: a history entry and a line in the team's log that names it.
    const read = await leads(new Request(`http://localhost/api/leads/${id}`, { headers: { authorization: `Bearer ${TOKEN}` } }));
    const { etag } = (await read.json()) as { etag: string };
    const worked = await leads(
      new Request(`http://localhost/api/leads/${id}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${TOKEN}`, 'if-match': `"${etag}"` },
        body: JSON.stringify({
          status: 'contacted',
          note: 'Spoke to Priya Raman on 98765 43210',
          followUpAt: new Date(Date.now() + 86_400_000).toISOString(),
        }),
      }),
    );
    expect(worked.status).toBe(200);
    // The lead, its team e-mail, its history, its challenge, its line in the log, two photos.
    expect((await everything()).filter((key) => key.includes(id))).toHaveLength(7);
    const before = (await everything()).filter((key) => !key.includes(id));

    const response = await erase(id);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(await everything()).toEqual(before);
    expect(before).toEqual(expect.arrayContaining([`lead:${other.submissionId}`, `delivery:${other.submissionId}:team`]));
    // The log keeps that someone worked a lead and that it was erased, never which or what the note said.
    const log = await db.rows<{ action: string; detail: object }>('SELECT action, detail FROM team_log ORDER BY id');
    expect(log).toEqual([
      { action: 'work', detail: {} },
      { action: 'erase', detail: {} },
    ]);
    expect(JSON.stringify(await db.rows('SELECT * FROM team_log'))).not.toContain('Priya');
  });

  test('an id with no lead: 404; erasing twice: 204 then 404', async () => {
    expect((await erase(randomUUID())).status).toBe(404);
    const id = await leadWithPhotos();
    expect((await erase(id)).status).toBe(204);
    expect((await erase(id)).status).toBe(404);
  });

  test('an id sent in upper case is stored lower-case, and erased whatever case is asked', async () => {
    const upper = randomUUID().toUpperCase();
    standIn.setBehaviour({ status: 500 }); // so it keeps a pending entry
    const answer = await send('bankloan', validBankLoan({ submissionId: upper }));
    expect(answer.status).toBe(201);
    const lower = upper.toLowerCase();
    expect((answer.body as { id: string }).id).toBe(lower);
    expect(await everything()).toEqual([`delivery:${lower}:team`, `lead:${lower}`, `token:${lower}`]);

    expect((await erase(upper)).status).toBe(204);
    expect(await everything()).toEqual([]);
  });

  test.each([
    ['the e-mail goes', 200],
    ['the e-mail fails', 500],
  ])('erased while the team is being e-mailed (%s): the bookkeeping afterwards does not bring the lead back', async (_, status) => {
    standIn.setBehaviour({ status, delayMs: 1500 });
    const enquiry = validBankLoan();
    const sending = send('bankloan', enquiry);
    // The lead is stored before the e-mail call starts; erase it while that call is in flight.
    await expect.poll(async () => (await db.records()).length, { timeout: 5000 }).toBe(1);
    expect((await erase(enquiry.submissionId)).status).toBe(204);
    expect((await sending).status).toBe(201);
    expect(await everything()).toEqual([]);
    expect((await erase(enquiry.submissionId)).status).toBe(404);
  });

  test('photos left behind by an attempt whose lead was never stored are erased too (204), not reported as 404', async () => {
    const id = randomUUID();
    await blobs.photos().set(`${id}/1.jpg`, 'jpeg bytes');
    expect((await erase(id)).status).toBe(204);
    expect(await everything()).toEqual([]);
  });

  test('a post kept as spam and then retried is one record, and goes with one erasure', async () => {
    const enquiry = validBankLoan();
    await send('bankloan', { ...enquiry, challenge: challengeIssuedAgo('bankloan', 100) }); // too fast: kept as spam
    await send('bankloan', enquiry); // its retry: the first answer, nothing overwritten
    expect((await db.records()).map((lead) => [lead.id, lead.spam])).toEqual([[enquiry.submissionId, 'challenge-too-fast']]);
    expect((await erase(enquiry.submissionId)).status).toBe(204);
    expect(await everything()).toEqual([]);
  });

  test('spam is erased like a lead', async () => {
    const spam = validBankLoan({ company_website: 'http://spam.example' });
    await send('bankloan', spam);
    expect((await erase(spam.submissionId)).status).toBe(204);
    expect(await everything()).toEqual([]);
  });

  test.each([
    ['no token', null],
    ['a wrong token', 'not-the-token'],
  ])('%s: 401 and nothing erased', async (_name, token) => {
    const id = await leadWithPhotos();
    const before = await everything();
    const response = await erase(id, { token });
    expect(response.status).toBe(401);
    expect(await everything()).toEqual(before);
  });

  test('no token configured: 404, nothing erased', async () => {
    const id = await leadWithPhotos();
    delete process.env.LEADS_EXPORT_TOKEN;
    expect((await erase(id)).status).toBe(404);
    expect((await everything()).some((key) => key.includes(id))).toBe(true);
  });

  test('an id that is not a UUID: 400 naming id', async () => {
    const response = await erase('not-an-id');
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()).fields)).toEqual(['id']);
  });

  test.each(['POST', 'PUT'])('%s on a lead: 405 with Allow: GET, PATCH, DELETE', async (method) => {
    const response = await erase(randomUUID(), { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, PATCH, DELETE');
  });

  test('DELETE on /api/leads itself: 405 with Allow: GET', async () => {
    const response = await leads(
      new Request('http://localhost/api/leads', { method: 'DELETE', headers: { authorization: `Bearer ${TOKEN}` } }),
    );
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });
});

// Each case starts Node with the script (seconds on a loaded machine, which the default 20 s did not always cover).
describe('npm run leads:erase', { timeout: 90_000 }, () => {
  const run = (args: string[]) =>
    promisify(execFile)(process.execPath, ['scripts/leads-erase.ts', '--dir', blobs.directory, '--site', 'test-site', ...args], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, NETLIFY_DB_URL: db.local.url },
    });

  test('erases a lead of the local database with its photos', async () => {
    const id = await leadWithPhotos();
    const { stdout } = await run([id]);
    expect(stdout).toContain(`Erased lead ${id}`);
    expect(await everything()).toEqual([]);
  });

  test('an unknown id exits 1; no id exits 2', async () => {
    await expect(run([randomUUID()])).rejects.toMatchObject({ code: 1, stdout: expect.stringContaining('No lead has the id') });
    await expect(run([])).rejects.toMatchObject({ code: 2 });
  });
});
