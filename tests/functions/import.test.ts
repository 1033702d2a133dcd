/**
 * `npm run leads:import`: an export (CSV or JSON) comes back whole, every column as it was;
 * twice gives the same rows; a row that fails is reported with its line and field and nothing is
 * imported; and the leads of a Blobs store of an earlier site come in with --from-blobs. Real
 * database and Blobs store; the command runs in this process, and the script as a child process,
 * as from the command line, where the environment it finds is what is tested.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { getStore } from '@netlify/blobs';
import { afterAll, beforeAll, beforeEach, expect, inject, test } from 'vitest';
import leads from '../../netlify/functions/leads.mts';
import type { LocalBlobs } from '../../harness/local-blobs.ts';
import { readTemplate, serveProjectDatabase, startLocalDatabase } from '../../harness/database.ts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import {
  challengeIssuedAgo,
  send,
  sendRequest,
  validBankLoan,
  validFinance,
  validPrivacy,
  validRealEstate,
} from '../support/enquiry-requests.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';
import { leadsImport } from '../../scripts/leads-import.ts';

const TOKEN = 'import-test-token-k7Qm2xR9vT4pW8nZ3bY6';
let db: TestDatabase;
let blobs: LocalBlobs;
let standIn: EmailJsStandIn;
useFreshLocalServers((servers) => ({ db, blobs, standIn } = servers));
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'leads-import-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
beforeEach(() => {
  process.env.LEADS_EXPORT_TOKEN = TOKEN;
});

const asTeam = (pathname: string, init: RequestInit = {}) =>
  leads(new Request(`http://localhost${pathname}`, { ...init, headers: { authorization: `Bearer ${TOKEN}`, ...init.headers } }));
const exportOf = async (format: 'csv' | 'json') => {
  const response = await asTeam(`/api/leads?format=${format}&spam=1&limit=2000`);
  expect(response.status).toBe(200);
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
  return format === 'json' ? JSON.stringify(JSON.parse(text).leads) : text;
};
/**
 * The import of a file into this file's database, in this process (`leadsImport`, what the script
 * runs), its output collected as a process's would be; failing like execFile on a non-zero status.
 * The tests of the project's database and of --from-blobs run the script as a process of its own,
 * as from the command line (each changes what the process's environment points at).
 */
const importFile = async (file: string) => {
  const out = { stdout: '', stderr: '' };
  const code = await leadsImport([file], {
    log: (line) => (out.stdout += `${line}\n`),
    error: (line) => (out.stderr += `${line}\n`),
    progress: (text) => (out.stderr += text),
  });
  if (code !== 0) throw Object.assign(new Error(`npm run leads:import -- ${file}: exit ${code}`), { code, ...out });
  return out;
};

/** Leads of every kind and state: worked by the team, released from spam, spam, e-mail failed, a photo, a privacy request. */
const seedEveryKind = async () => {
  await send('bankloan', validBankLoan({ Username: 'முருகன் செல்வம்', utm_source: 'google', message: undefined }));
  await send('finance', validFinance({ Username: 'వెంకట రమణ', email: 'venkat@example.com', phone: '9123456780' }));
  standIn.setBehaviour({ status: 500 });
  await send('finance', validFinance({ Username: 'ಮಂಜುನಾಥ', email: 'manju@example.com', phone: '9123456781' }));
  standIn.setBehaviour({ status: 200 });
  await send('privacy', validPrivacy());
  await send('bankloan', validBankLoan({ company_website: 'http://spam.example', email: 'bot@example.com' }));
  const released = validBankLoan({ company_website: 'http://spam.example', email: 'released@example.com', phone: '9123456782' });
  await send('bankloan', released);
  expect((await asTeam(`/api/leads/${released.submissionId}/release`, { method: 'POST' })).status).toBe(200);
  const flat = validRealEstate({ page: '/Sellflats', intent: 'sell', property: 'Sell', message: '=1+1, "quoted"\nnext line' });
  const form = new FormData();
  form.set('data', JSON.stringify({ ...flat, challenge: challengeIssuedAgo('realestate') }));
  form.append('files', new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1])], 'front.jpg', { type: 'image/jpeg' }));
  expect((await sendRequest('realestate', new Request('http://localhost/api/realestate', { method: 'POST', body: form }))).status).toBe(
    201,
  );
  const { etag } = (await (await asTeam(`/api/leads/${flat.submissionId}`)).json()) as { etag: string };
  const worked = await asTeam(`/api/leads/${flat.submissionId}`, {
    method: 'PATCH',
    headers: { 'if-match': `"${etag}"`, 'content-type': 'application/json' },
    body: JSON.stringify({
      status: 'contacted',
      note: 'Called; visiting Saturday',
      followUpAt: new Date(Date.now() + 86_400_000).toISOString(),
    }),
  });
  expect(worked.status).toBe(200);
};

test.each(['csv', 'json'] as const)(
  'export, erase everything, import the %s: the export comes back the same, every column',
  async (format) => {
    await seedEveryKind();
    const before = await exportOf(format);
    const file = path.join(dir, `leads.${format}`);
    await writeFile(file, before);
    await db.clear();
    expect(await db.records()).toEqual([]);

    const { stdout, stderr } = await importFile(file);
    expect(stdout).toContain('Imported 7 new lead(s); 0 were there already.');
    expect(stderr).toContain('imported 7 of 7');
    expect(await exportOf(format)).toBe(before);
    // Nothing is owed by an import: no e-mail goes to the team for leads it already had.
    expect(await db.rows(`SELECT 1 FROM deliveries WHERE state = 'pending' AND next_attempt_at IS NOT NULL`)).toEqual([]);
  },
  60_000, // seven enquiries and an import: slow on a busy machine
);

test('twice gives the same rows', async () => {
  await seedEveryKind();
  const file = path.join(dir, 'twice.csv');
  await writeFile(file, await exportOf('csv'));
  const rows = () => db.rows('SELECT * FROM leads ORDER BY id');
  const deliveries = () => db.rows('SELECT lead_id, channel, state, attempts FROM deliveries ORDER BY lead_id, channel');
  const [leadRows, deliveryRows] = [await rows(), await deliveries()];
  const { stdout } = await importFile(file);
  expect(stdout).toContain('Imported 0 new lead(s); 7 were there already.');
  expect(await rows()).toEqual(leadRows);
  expect(await deliveries()).toEqual(deliveryRows);
});

test("against npm start's database, whether the site is running or not: the same rows", async () => {
  await send('finance', validFinance());
  await send('bankloan', validBankLoan());
  const [first, second] = (JSON.parse(await exportOf('json')) as { id: string }[]).map((lead, n) => {
    const file = path.join(dir, `one-${n}.json`);
    return { id: lead.id, file, written: writeFile(file, JSON.stringify([lead])) };
  });
  await Promise.all([first.written, second.written]);
  // The project's database in a folder of its own; the script finds it as it finds .netlify/db. It
  // starts migrated, as .netlify/db is after the first `npm start` (making one from nothing, initdb
  // and the migrations, is what the served tests' site and the e2e run's `npm run serve` do first).
  const projectDir = path.join(dir, 'project-db');
  await (
    await startLocalDatabase({ directory: projectDir, template: await readTemplate(inject('databaseTemplate')), migrate: false })
  ).close();
  const env = { ...process.env, LOCAL_DB_DIR: projectDir, NETLIFY_DB_URL: '' };
  const run = (file: string) =>
    promisify(execFile)(process.execPath, ['scripts/leads-import.ts', file], { cwd: path.resolve(import.meta.dirname, '../..'), env });

  // Not running: the script opens the folder itself.
  expect((await run(first.file)).stdout).toContain('Imported 1 new lead(s); 0 were there already.');
  // Running (as `npm start` serves it): the script connects to it, where the first import is.
  const saved = process.env.LOCAL_DB_DIR;
  process.env.LOCAL_DB_DIR = projectDir;
  const served = await serveProjectDatabase();
  try {
    expect((await run(second.file)).stdout).toContain('Imported 1 new lead(s); 0 were there already.');
    const rows = await served.exclusive((pglite) => pglite.query<{ id: string }>('SELECT id FROM leads ORDER BY id'));
    expect(rows.rows.map((row) => row.id)).toEqual([first.id, second.id].sort());
  } finally {
    await served.close();
    if (saved === undefined) delete process.env.LOCAL_DB_DIR;
    else process.env.LOCAL_DB_DIR = saved;
  }
}, 90_000); // two runs of the script, each a Node process opening PGlite: slow on a busy machine

test('a row that fails names its line and field, and nothing is imported', async () => {
  await send('finance', validFinance());
  await send('finance', validFinance({ phone: '9123456789', email: 'second@example.com' }));
  const csv = (await exportOf('csv')).replace('9123456789', '12345');
  const file = path.join(dir, 'broken.csv');
  await writeFile(file, csv);
  await db.clear();
  const failed = await importFile(file).catch((error: { code: number; stderr: string }) => error);
  expect(failed).toMatchObject({ code: 1 });
  expect((failed as { stderr: string }).stderr).toMatch(/^line 3: phone: Enter a 10-digit Indian mobile number/m);
  expect((failed as { stderr: string }).stderr).toContain('Nothing imported: 1 problem(s) in 2 row(s).');
  expect(await db.records()).toEqual([]);
});

test('--from-blobs: the leads of a Blobs store come in, photos stay where they are', async () => {
  const store = getStore({ name: 'leads', consistency: 'strong' });
  const id = crypto.randomUUID();
  const spamId = crypto.randomUUID();
  const lead = {
    id,
    kind: 'contact',
    receivedAt: '2026-03-01T10:00:00.000Z',
    consentAt: '2026-03-01T10:00:00.000Z',
    page: '/Contactus',
    via: 'js',
    Username: 'Priya Raman',
    phone: '9876543210',
    email: 'priya@example.com',
    currentdate: 'Sun, Mar 01 2026',
    message: 'Please call',
    locale: 'ta',
    consentLocale: 'ta',
    consentNotice: '2026-11-v1',
    notified: true,
    status: 'won',
    note: 'Signed',
    statusBy: 'Kavya',
    statusAt: '2026-03-02T10:00:00.000Z',
    history: [{ status: 'won', note: 'Signed', by: 'Kavya', at: '2026-03-02T10:00:00.000Z' }],
  };
  await store.setJSON(`contact/2026-03/${id}`, lead);
  await store.setJSON(`spam/contact/2026-03/${spamId}`, {
    ...lead,
    id: spamId,
    spam: 'honeypot',
    notified: false,
    status: undefined,
    statusAt: undefined,
    history: undefined,
  });
  await store.setJSON(`ids/${id}`, { id, key: `contact/2026-03/${id}` });
  await store.setJSON(`pending/${id}`, { id });
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['scripts/leads-import.ts', '--from-blobs', '--dir', blobs.directory, '--site', 'test-site'],
    {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, NETLIFY_DB_URL: db.local.url },
    },
  );
  expect(stdout).toContain('Imported 2 new lead(s)');
  expect(await db.record(id)).toMatchObject({
    id,
    kind: 'contact',
    locale: 'ta',
    // A contact message won before each division had its stages is closed now; its history keeps the old status.
    status: 'closed',
    statusBy: 'Kavya',
    notified: true,
    history: lead.history,
  });
  expect(await db.record(spamId)).toMatchObject({ id: spamId, spam: 'honeypot' });
});
