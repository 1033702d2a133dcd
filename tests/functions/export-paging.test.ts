/**
 * Exports that scale: GET /api/leads pages with `limit` and an opaque `cursor`; the CSV header
 * comes on the first page only; every lead comes exactly once even while leads are added; and
 * `npm run leads:export` follows the cursors to the end.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import leads from '../../netlify/functions/leads.mts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { csvRecords, parseCsv } from '../support/csv.ts';
import { toWebRequest } from '../../harness/warm-functions.ts';
import { CSV_COLUMNS } from '../../src/server/team/csv.ts';
import { parsePageQuery } from '../../src/server/team/lead-query.ts';
import { readPage, type Cursor, type PageQuery } from '../../src/server/db/lead-pages.ts';
import { withDatabase } from '../../src/server/db/connection.ts';
import { insertLead } from '../../src/server/db/leads.ts';
import { ENQUIRY_KINDS } from '../../src/lib/enquiry/index.ts';
import type { LeadRecord } from '../../src/lib/enquiry/lead-record.ts';

const TOKEN = 'paging-test-token-k7Qm2xR9vT4pW8nZ3bY6';
let db: TestDatabase;
useFreshLocalServers((servers) => ({ db } = servers));
beforeEach(() => {
  process.env.LEADS_EXPORT_TOKEN = TOKEN;
});

const MONTHS = ['2026-09', '2026-10', '2026-11'];
let serial = 0;

/** Stores a lead as the pipeline would. */
const seedLead = async (over: Record<string, unknown> = {}) => {
  serial += 1;
  const kind = over.kind ?? ENQUIRY_KINDS[serial % ENQUIRY_KINDS.length];
  const receivedAt =
    (over.receivedAt as string) ?? `${MONTHS[serial % MONTHS.length]}-${String((serial % 28) + 1).padStart(2, '0')}T10:00:00.000Z`;
  const record = {
    id: randomUUID(),
    kind,
    receivedAt,
    consentAt: receivedAt,
    page: '/x',
    via: 'js',
    Username: `Lead ${serial}`,
    notified: false,
    ...over,
  } as unknown as LeadRecord;
  await withDatabase(() => insertLead(record));
  return record;
};
const seedMany = async (n: number, over: Record<string, unknown> = {}) => {
  const seeded: LeadRecord[] = [];
  for (let i = 0; i < n; i += 50) seeded.push(...(await Promise.all(Array.from({ length: Math.min(50, n - i) }, () => seedLead(over)))));
  return seeded;
};

const get = async (query: string) => {
  const response = await leads(new Request(`http://localhost/api/leads${query}`, { headers: { authorization: `Bearer ${TOKEN}` } }));
  // Decoded keeping the BOM (Response.text() would drop it).
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
  return { status: response.status, cursor: response.headers.get('x-next-cursor'), text };
};

/** Follows the cursors; `between` runs after each page. */
const pages = async (query: string, between: (n: number) => Promise<void> = async () => {}) => {
  const all: { cursor: string | null; text: string }[] = [];
  let cursor: string | null = null;
  do {
    const page = await get(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(page.status).toBe(200);
    all.push(page);
    cursor = page.cursor;
    await between(all.length);
  } while (cursor);
  return all;
};

const countIds = (ids: string[]) => ids.reduce((counts, id) => counts.set(id, (counts.get(id) ?? 0) + 1), new Map<string, number>());

describe('GET /api/leads pages', () => {
  test('limit=5 returns every lead once, header and BOM on the first page only', async () => {
    const seeded = await seedMany(23);
    const result = await pages('?limit=5');
    expect(result).toHaveLength(5);
    expect(result[0].text.startsWith(`\uFEFF${CSV_COLUMNS.join(',')}\r\n`)).toBe(true);
    for (const page of result.slice(1)) expect(page.text.startsWith('\uFEFF')).toBe(false);
    const joined = result.map((page) => page.text).join('');
    expect(parseCsv(joined).filter((row) => row[0] === 'id')).toHaveLength(1);
    const rows = csvRecords(joined);
    expect(rows.map((row) => row.id).sort()).toEqual(seeded.map((lead) => lead.id).sort());
    expect(result.map((page) => parseCsv(page.text).length - (page === result[0] ? 1 : 0))).toEqual([5, 5, 5, 5, 3]);
    expect(result.at(-1)?.cursor).toBeNull();
  });

  test('leads added during the export: every earlier lead exactly once, no lead twice', async () => {
    const seeded = await seedMany(30);
    const added: LeadRecord[] = [];
    const result = await pages('?limit=4&format=json', async (n) => {
      if (n % 2 === 1) {
        // New leads land in every month: before, at and after the cursor's position.
        added.push(...(await Promise.all(MONTHS.map((month) => seedLead({ receivedAt: `${month}-15T12:00:00.000Z` })))));
        added.push(await seedLead({ receivedAt: new Date().toISOString() }));
      }
    });
    const ids = result.flatMap((page) => (JSON.parse(page.text) as { leads: LeadRecord[] }).leads.map((lead) => lead.id));
    const counts = countIds(ids);
    for (const lead of seeded) expect(counts.get(lead.id)).toBe(1);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    expect(added.length).toBeGreaterThan(0);
    expect(ids.length).toBeGreaterThanOrEqual(seeded.length);
  });

  test('filters page too: kind, spam, and from/to cutting through a month', async () => {
    const bankloans = await seedMany(9, { kind: 'bankloan' });
    const spam = await seedMany(3, { kind: 'bankloan', spam: 'honeypot' });
    await seedMany(6, { kind: 'finance' });
    const all = csvRecords((await pages('?kind=bankloan&spam=1&limit=2')).map((page) => page.text).join(''));
    expect(all.map((row) => row.id).sort()).toEqual([...bankloans, ...spam].map((lead) => lead.id).sort());

    const from = '2026-10-10';
    const to = '2026-11-05';
    const inRange = bankloans.filter((lead) => lead.receivedAt.slice(0, 10) >= from && lead.receivedAt.slice(0, 10) <= to);
    const ranged = (await pages(`?kind=bankloan&from=${from}&to=${to}&limit=1&format=json`)).flatMap(
      (page) => JSON.parse(page.text).leads as LeadRecord[],
    );
    expect(ranged.map((lead) => lead.id).sort()).toEqual(inRange.map((lead) => lead.id).sort());
  });

  test('JSON pages carry nextCursor, null on the last', async () => {
    await seedMany(3);
    const [first, last] = await pages('?format=json&limit=2');
    expect(JSON.parse(first.text)).toMatchObject({ count: 2, nextCursor: first.cursor });
    expect(JSON.parse(last.text)).toMatchObject({ count: 1, nextCursor: null });
  });

  test('500 by default, up to 2,000 when asked', async () => {
    await seedMany(501);
    const first = await get('?format=json');
    expect(JSON.parse(first.text).count).toBe(500);
    expect(first.cursor).not.toBeNull();
    const big = await get('?format=json&limit=2000');
    expect(JSON.parse(big.text)).toMatchObject({ count: 501, nextCursor: null });
  });

  test.each([
    ['?limit=0', ['limit']],
    ['?limit=2001', ['limit']],
    ['?limit=ten', ['limit']],
    ['?limit=1.5', ['limit']],
    ['?cursor=not-a-cursor', ['cursor']],
    [`?cursor=${Buffer.from(JSON.stringify({ after: 'ids/x' })).toString('base64url')}`, ['cursor']],
    [`?cursor=${Buffer.from(JSON.stringify({ at: '2026-01-01T00:00:00.000Z', id: "x' OR 1=1" })).toString('base64url')}`, ['cursor']],
    ['?limit=-1&kind=loans', ['kind', 'limit']],
    // Times and dates Postgres cannot read are the caller's mistake (400), never a 503.
    [`?cursor=${Buffer.from(JSON.stringify({ at: '2026-99-99T99:99:99Z', id: crypto.randomUUID() })).toString('base64url')}`, ['cursor']],
    [
      `?cursor=${Buffer.from(JSON.stringify({ at: '0000-01-01T00:00:00.000Z', id: crypto.randomUUID() })).toString('base64url')}`,
      ['cursor'],
    ],
    [
      `?cursor=${Buffer.from(JSON.stringify({ at: '2026-02-30T00:00:00.000Z', id: crypto.randomUUID() })).toString('base64url')}`,
      ['cursor'],
    ],
    ['?format=json&limit=20&from=0000-01-01', ['from']],
    ['?from=2026-02-30', ['from']],
  ])('%s → 400 naming %j', async (query, names) => {
    const answer = await get(query);
    expect(answer.status).toBe(400);
    expect(Object.keys(JSON.parse(answer.text).fields).sort()).toEqual(names);
  });

  test('a page stops before its byte budget and the next page carries on', async () => {
    const seeded = await seedMany(12, { message: 'x'.repeat(1000) });
    const query = (parsePageQuery(new URLSearchParams('limit=2000')) as { query: PageQuery }).query;
    const ids: string[] = [];
    let after: Cursor | undefined;
    let count = 0;
    do {
      const page = await withDatabase(() => readPage({ ...query, ...(after ? { after } : {}) }, 3500));
      expect(page.records.length).toBeGreaterThan(0);
      expect(page.records.length).toBeLessThanOrEqual(3);
      ids.push(...page.records.map((lead) => lead.id));
      after = page.next;
      count += 1;
    } while (after);
    expect(count).toBeGreaterThanOrEqual(4);
    expect(ids.sort()).toEqual(seeded.map((lead) => lead.id).sort());
  });
});

describe('npm run leads:export follows the cursors', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'leads-paging-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const run = (args: string[], env: Record<string, string> = {}) =>
    promisify(execFile)(process.execPath, ['scripts/leads-export.ts', ...args], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, NETLIFY_DB_URL: db.local.url, ...env },
    });

  test('from the local database: every lead in one CSV with one header, or one JSON document', async () => {
    const seeded = await seedMany(11);
    const out = path.join(dir, 'local.csv');
    const { stderr } = await run(['--limit', '3', '--out', out]);
    expect(stderr).toContain('Wrote 11 lead(s)');
    const text = await readFile(out, 'utf8');
    expect(parseCsv(text).filter((row) => row[0] === 'id')).toHaveLength(1);
    expect(
      csvRecords(text)
        .map((row) => row.id)
        .sort(),
    ).toEqual(seeded.map((lead) => lead.id).sort());

    const { stdout } = await run(['--limit', '4', '--format', 'json']);
    expect(
      JSON.parse(stdout)
        .leads.map((lead: LeadRecord) => lead.id)
        .sort(),
    ).toEqual(seeded.map((lead) => lead.id).sort());
  });

  test('with --url from a site: the same file, page by page over HTTP', async () => {
    await seedMany(7);
    const server = http.createServer((req, res) => {
      void (async () => {
        const response = await leads(toWebRequest(req, 'http://127.0.0.1'));
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const remote = path.join(dir, 'remote.csv');
      const local = path.join(dir, 'local-2.csv');
      await run(['--url', url, '--limit', '2', '--out', remote], { LEADS_EXPORT_TOKEN: TOKEN });
      await run(['--limit', '2', '--out', local]);
      expect(await readFile(remote, 'utf8')).toBe(await readFile(local, 'utf8'));
      expect(csvRecords(await readFile(remote, 'utf8'))).toHaveLength(7);
      await expect(run(['--url', url, '--out', remote], { LEADS_EXPORT_TOKEN: 'wrong' })).rejects.toMatchObject({
        stderr: expect.stringContaining('answered 401'),
      });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 90_000); // three script runs: a busy machine takes a while to start each
});
