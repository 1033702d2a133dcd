/**
 * Exports leads, following the pages to the end: from the local database (the one `npm start`
 * serves, .netlify/db) with the same code as GET /api/leads, or with --url from a deployed site's
 * GET /api/leads (the key in LEADS_OWNER_TOKEN, or its old name LEADS_EXPORT_TOKEN).
 *
 *   npm run leads:export -- --out leads.csv [--kind bankloan] [--from 2025-01-01] [--to 2025-01-31]
 *                           [--format csv|json] [--spam] [--limit 2000]
 *   LEADS_OWNER_TOKEN=… npm run leads:export -- --url https://<site> --out leads.csv
 *
 * Without --out the export is printed to stdout: one CSV file (one header), or one
 * { count, leads } JSON document, whatever the number of pages.
 */
import { appendFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { openProjectDatabase } from '../harness/database.ts';
import { closeDatabase, withDatabase } from '../src/server/db/connection.ts';
import type { LeadRecord } from '../src/lib/enquiry/lead-record.ts';
import { csvHead, csvRows } from '../src/server/team/csv.ts';
import { decodeCursor, encodeCursor, parsePageQuery } from '../src/server/team/lead-query.ts';
import { readPage, type PageQuery } from '../src/server/db/lead-pages.ts';
import { ownerTokenSetting } from '../src/server/settings.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    kind: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    format: { type: 'string' },
    spam: { type: 'boolean', default: false },
    limit: { type: 'string', default: '2000' },
    url: { type: 'string' },
  },
});

const params = new URLSearchParams();
for (const name of ['kind', 'from', 'to', 'format', 'limit'] as const) if (values[name]) params.set(name, values[name]);
if (values.spam) params.set('spam', '1');
const parsed = parsePageQuery(params);
if ('errors' in parsed) {
  for (const [name, message] of Object.entries(parsed.errors)) console.error(`--${name}: ${message}`);
  process.exit(2);
}
const query = parsed.query;

interface Fetched {
  records: LeadRecord[];
  nextCursor: string | null;
}

/** One page from the local database. */
const localPage = async (cursor: string | null): Promise<Fetched> => {
  const pageQuery: PageQuery = { ...query, ...(cursor ? { after: decodeCursor(cursor) ?? undefined } : {}) };
  const page = await withDatabase(() => readPage(pageQuery), 60_000);
  return { records: page.records, nextCursor: page.next ? encodeCursor(page.next) : null };
};

/** One page (as JSON) from a deployed site; waits out Netlify's rate limit (429) if it is hit. */
const remotePage = async (cursor: string | null): Promise<Fetched> => {
  const url = new URL('/api/leads', values.url);
  url.search = new URLSearchParams([...params, ['format', 'json'], ...(cursor ? [['cursor', cursor]] : [])]).toString();
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(url, { headers: { authorization: `Bearer ${ownerTokenSetting().value}` } });
    if (response.status === 429 && attempt < 5) {
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') || 60) * 1000));
      continue;
    }
    const body = await response.text();
    if (!response.ok) throw new Error(`${url.origin} answered ${response.status}: ${body.slice(0, 300)}`);
    const { leads, nextCursor } = JSON.parse(body) as { leads: LeadRecord[]; nextCursor: string | null };
    return { records: leads, nextCursor };
  }
};

const database = values.url ? null : await openProjectDatabase();
try {
  const fetchPage = values.url ? remotePage : localPage;
  const write = async (text: string, first: boolean) => {
    if (!values.out) process.stdout.write(text);
    else await (first ? writeFile : appendFile)(values.out, text);
  };
  const leads: LeadRecord[] = [];
  let cursor: string | null = null;
  let total = 0;
  if (query.format === 'csv') await write(csvHead(), true);
  do {
    const page: Fetched = await fetchPage(cursor);
    total += page.records.length;
    if (query.format === 'json') leads.push(...page.records);
    else await write(csvRows(page.records), false);
    cursor = page.nextCursor;
  } while (cursor);
  if (query.format === 'json') await write(JSON.stringify({ count: leads.length, leads }, null, 2), true);
  if (values.out) console.error(`Wrote ${total} lead(s) to ${values.out}`);
} finally {
  await closeDatabase();
  await database?.close();
}
