/**
 * GET /api/leads and `npm run leads:export`: token, filters, CSV safety. Real database.
 */
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import exportLeads from '../../netlify/functions/leads.mts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { CSV_COLUMNS, csvCell, toCsv } from '../../src/server/team/csv.ts';
import { withDatabase } from '../../src/server/db/connection.ts';
import { insertLead } from '../../src/server/db/leads.ts';
import type { LeadRecord } from '../../src/lib/enquiry/lead-record.ts';

const TOKEN = 'a-long-random-export-token-0123456789';

let db: TestDatabase;
useFreshLocalServers((servers) => ({ db } = servers));
beforeEach(() => {
  process.env.LEADS_EXPORT_TOKEN = TOKEN;
  delete process.env.LEADS_OWNER_TOKEN;
});

/** A lead's id from a short name ('a1'), and back: the names keep the expectations readable. */
const idOf = (name: string) => `${Buffer.from(name).toString('hex').padStart(8, '0')}-0000-4000-8000-000000000000`;
const nameOf = (id: string) => Buffer.from(id.slice(0, 8).replace(/^0+/, ''), 'hex').toString();

const lead = (over: Record<string, unknown> & { id: string; kind: LeadRecord['kind']; receivedAt: string }): LeadRecord =>
  ({
    consentAt: over.receivedAt,
    page: '/x',
    via: 'js',
    Username: 'Priya Raman',
    phone: '9876543210',
    email: 'priya@example.com',
    currentdate: 'Mon, Jan 01 2024',
    notified: false,
    ...over,
    id: idOf(over.id),
  }) as unknown as LeadRecord;

const seed = async (records: LeadRecord[]) => {
  for (const record of records) await withDatabase(() => insertLead(record));
};

const get = async (query = '', headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }, method = 'GET') => {
  const response = await exportLeads(new Request(`http://localhost/api/leads${query}`, { method, headers }));
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: new TextDecoder().decode(bytes) };
};

const rows = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
const idsOf = (csv: string) =>
  rows(csv)
    .slice(1)
    .map((row) => nameOf(row.split(',')[0]));

const SAMPLE = [
  lead({ id: 'a1', kind: 'bankloan', receivedAt: '2025-01-31T23:59:59.000Z', Loantype: 'Home Loan' }),
  lead({ id: 'b2', kind: 'finance', receivedAt: '2025-02-01T00:00:00.000Z', Planning: 'AIF' }),
  lead({
    id: 'c3',
    kind: 'realestate',
    receivedAt: '2025-02-15T10:00:00.000Z',
    intent: 'sell',
    category: 'flats',
    photos: ['c3/1.jpg', 'c3/2.png'],
  }),
  lead({ id: 'd4', kind: 'bankloan', receivedAt: '2025-03-01T08:00:00.000Z', Loantype: 'Gold Loan' }),
  lead({ id: 's5', kind: 'bankloan', receivedAt: '2025-02-10T08:00:00.000Z', spam: 'honeypot', notified: false }),
];

describe('authorisation', () => {
  test('no token configured → 404, nothing disclosed', async () => {
    await seed(SAMPLE);
    delete process.env.LEADS_EXPORT_TOKEN;
    const answer = await get();
    expect(answer.status).toBe(404);
    expect(answer.text).not.toContain(idOf('a1'));
  });

  test.each([
    ['shorter than 32 characters', 'x7Kp2'.repeat(6) + 'q', /token-refused.*31 characters; at least 32 are needed/],
    ['32 times one letter', 'y'.repeat(32), /token-refused.*too easy to guess \(about 0 bits/],
    ['a short pattern repeated', 'ab'.repeat(20), /token-refused.*too easy to guess \(about 40 bits/],
  ])('a token %s is refused: 404 even with that very token, and the log says why', async (_name, weak, logged) => {
    await seed(SAMPLE);
    process.env.LEADS_EXPORT_TOKEN = weak;
    const log = vi.spyOn(console, 'log');
    const answer = await get('', { authorization: `Bearer ${weak}` });
    expect(answer.status).toBe(404);
    expect(answer.text).not.toContain(idOf('a1'));
    expect(log.mock.calls.map(([line]) => String(line)).join('\n')).toMatch(logged);
    log.mockRestore();
    const strong = randomBytes(32).toString('hex');
    process.env.LEADS_EXPORT_TOKEN = strong;
    expect((await get('', { authorization: `Bearer ${strong}` })).status).toBe(200);
  });

  test("the owner's key under its name LEADS_OWNER_TOKEN opens the API; with both names set, the new one is the key", async () => {
    await seed(SAMPLE);
    const owner = randomBytes(32).toString('hex');
    delete process.env.LEADS_EXPORT_TOKEN;
    process.env.LEADS_OWNER_TOKEN = owner;
    const answer = await get('', { authorization: `Bearer ${owner}` });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(idOf('a1'));
    process.env.LEADS_EXPORT_TOKEN = TOKEN;
    expect((await get('', { authorization: `Bearer ${owner}` })).status).toBe(200);
    expect((await get('', { authorization: `Bearer ${TOKEN}` })).status).toBe(401);
  });

  test.each([
    ['missing', {}],
    ['wrong', { authorization: 'Bearer not-the-token' }],
    ['a prefix of it', { authorization: `Bearer ${TOKEN.slice(0, -1)}` }],
    ['the token with extra', { authorization: `Bearer ${TOKEN}x` }],
    ['not bearer', { authorization: `Basic ${TOKEN}` }],
    ['empty bearer', { authorization: 'Bearer ' }],
  ])('%s token → 401', async (_name, headers) => {
    await seed(SAMPLE);
    const answer = await get('', headers);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe('Bearer');
    expect(answer.text).not.toContain('Priya');
  });

  test('right token → 200 CSV attachment', async () => {
    await seed(SAMPLE);
    const answer = await get();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  test('POST → 405 with Allow: GET', async () => {
    const answer = await get('', { authorization: `Bearer ${TOKEN}` }, 'POST');
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET');
  });
});

describe('filters', () => {
  beforeEach(async () => {
    await seed(SAMPLE);
  });

  test('all kinds, oldest first, spam left out', async () => {
    expect(idsOf((await get()).text)).toEqual(['a1', 'b2', 'c3', 'd4']);
  });

  test('kind', async () => {
    expect(idsOf((await get('?kind=bankloan')).text)).toEqual(['a1', 'd4']);
    expect(idsOf((await get('?kind=finance')).text)).toEqual(['b2']);
  });

  test('from/to are inclusive UTC dates on receivedAt', async () => {
    expect(idsOf((await get('?from=2025-02-01&to=2025-02-15')).text)).toEqual(['b2', 'c3']);
    expect(idsOf((await get('?to=2025-01-31')).text)).toEqual(['a1']);
    expect(idsOf((await get('?from=2025-03-01')).text)).toEqual(['d4']);
    expect(idsOf((await get('?from=2025-02-16&to=2025-02-28')).text)).toEqual([]);
  });

  test('spam=1 includes spam', async () => {
    expect(idsOf((await get('?spam=1&kind=bankloan')).text)).toEqual(['a1', 's5', 'd4']);
  });

  test('format=json', async () => {
    const answer = await get('?format=json&kind=realestate');
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = JSON.parse(answer.text);
    expect(body.count).toBe(1);
    expect(body.leads[0]).toMatchObject({ id: idOf('c3'), photos: ['c3/1.jpg', 'c3/2.png'] });
  });

  test.each([
    ['?from=2025-13-01', ['from']],
    ['?from=01-02-2025', ['from']],
    ['?to=2025-02-30', ['to']],
    ['?from=2025-03-01&to=2025-02-01', ['to']],
    ['?kind=loans&format=xml&spam=yes', ['kind', 'format', 'spam']],
  ])('%s → 400 naming %j', async (query, names) => {
    const answer = await get(query);
    expect(answer.status).toBe(400);
    expect(Object.keys(JSON.parse(answer.text).fields).sort()).toEqual([...names].sort());
  });
});

describe('CSV', () => {
  test('UTF-8 with BOM, header row, one CRLF row per lead, lists joined', async () => {
    await seed([SAMPLE[2], lead({ id: 'e5', kind: 'finance', receivedAt: '2025-04-01T00:00:00.000Z', Username: 'முருகன் செல்வம்' })]);
    const answer = await get();
    expect([...answer.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = rows(answer.text);
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',"c3/1.jpg, c3/2.png"');
    expect(lines[2]).toContain('முருகன் செல்வம்');
  });

  test.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+91 call me', "'+91 call me"],
    ['-1+2', "'-1+2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line one\nline two', '"line one\nline two"'],
    ['a = b', 'a = b'],
    ['10; 20', '"10; 20"'],
    ['=1;2', `"'=1;2"`],
  ])('cell %j → %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  test('a dangerous message survives the round trip through the export intact but inert', async () => {
    await seed([lead({ id: 'x1', kind: 'realestate', receivedAt: '2025-05-05T05:05:05.000Z', message: '=1+1, "quoted"\nnext line' })]);
    const csv = (await get()).text;
    expect(csv).toContain(`"'=1+1, ""quoted""\nnext line"`);
  });

  test('toCsv of nothing is the header only', () => {
    expect(toCsv([])).toBe(`\uFEFF${CSV_COLUMNS.join(',')}\r\n`);
  });
});

describe('npm run leads:export', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'leads-export-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const run = (args: string[]) =>
    promisify(execFile)(process.execPath, ['scripts/leads-export.ts', ...args], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, NETLIFY_DB_URL: db.local.url },
    });

  test('writes the same CSV as the endpoint from the local database', async () => {
    await seed(SAMPLE);
    const out = path.join(dir, 'leads.csv');
    const { stderr } = await run(['--out', out, '--kind', 'bankloan', '--spam']);
    expect(stderr).toContain('Wrote 3 lead(s)');
    const file = new Uint8Array(await readFile(out));
    expect(file).toEqual((await get('?kind=bankloan&spam=1')).bytes);
    expect(idsOf(new TextDecoder().decode(file))).toEqual(['a1', 's5', 'd4']);
  });

  test('prints JSON to stdout with --format json and date filters', async () => {
    await seed(SAMPLE);
    const { stdout } = await run(['--format', 'json', '--from', '2025-02-01', '--to', '2025-02-28']);
    expect(JSON.parse(stdout).leads.map((l: LeadRecord) => nameOf(l.id))).toEqual(['b2', 'c3']);
  });

  test('bad arguments exit with a message naming them', async () => {
    await expect(run(['--from', 'yesterday'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--from') });
  });
});
