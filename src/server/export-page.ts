/**
 * Paged export: GET /api/leads answers at most `limit` leads (default 500, at most 2,000) and,
 * when there are more, an opaque cursor for the next page (header X-Next-Cursor, and
 * `nextCursor` in JSON). The CSV header (and BOM) comes with the first page only, so the pages
 * joined are one CSV file.
 *
 * Order: month of receipt (from the key), then kind, then lead before spam, then id; each page
 * then shows its leads oldest first. A cursor is the key of the last lead handed out, so every
 * lead stored when the export began comes exactly once, and leads stored meanwhile come at most
 * once (a new lead this month sorts in by its id).
 * Each page lists only the month folders it reads and stops under 4 MB, below the 6 MB a Netlify
 * function may answer. The cursor also names the export, so later pages served by the same warm
 * instance reuse its month listings instead of listing a big month again for every page.
 */
import type { Store } from '@netlify/blobs';
import { ENQUIRY_KINDS, type EnquiryKind } from '../lib/enquiry/index.ts';
import { CONSENT_VERSIONS } from '../lib/consent.ts';
import { csvHead, csvRows, matchesQuery, parseExportQuery, type ExportQuery } from './export.ts';
import { listAll } from './pending.ts';
import type { LeadRecord } from './record.ts';

export const PAGE_LIMIT = { default: 500, max: 2000 } as const;
/** A page stops growing past this many bytes of leads. */
export const PAGE_MAX_BYTES = 4 * 1024 * 1024;

export interface PageQuery extends ExportQuery {
  limit: number;
  /** Key of the last lead of the previous page. */
  after?: string;
  /** order=newest: when that lead was received. */
  at?: string;
  /** Names one export from its first page to its last (random). */
  session: string;
}

const KEY_PATTERN = new RegExp(`^(spam/)?(${ENQUIRY_KINDS.join('|')})/(\\d{4}-\\d{2})/([^/]+)$`);

/** Sort position of a lead key: month, kind, lead before spam, id. */
const position = (key: string): string => {
  const [, spam, kind, month, id] = KEY_PATTERN.exec(key) ?? [];
  return `${month}|${ENQUIRY_KINDS.indexOf(kind as EnquiryKind)}|${spam ? 1 : 0}|${id}`;
};

export interface Cursor {
  after: string;
  session: string;
  /** order=newest: when the last lead handed out was received (the walk goes by time). */
  at?: string;
}

export const encodeCursor = ({ after, session, at }: Cursor) =>
  Buffer.from(JSON.stringify({ after, session, ...(at ? { at } : {}) })).toString('base64url');

export const decodeCursor = (cursor: string): Cursor | null => {
  try {
    const { after, session, at } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<Record<keyof Cursor, unknown>>;
    const validAt = at === undefined || (typeof at === 'string' && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(at));
    return typeof after === 'string' && KEY_PATTERN.test(after) && typeof session === 'string' && /^[\w-]{1,64}$/.test(session) && validAt
      ? { after, session, ...(typeof at === 'string' ? { at } : {}) }
      : null;
  } catch {
    return null;
  }
};

/** The export parameters plus limit and cursor; errors name each bad parameter. */
export const parsePageQuery = (params: URLSearchParams): { query: PageQuery } | { errors: Record<string, string> } => {
  const parsed = parseExportQuery(params);
  const errors: Record<string, string> = 'errors' in parsed ? { ...parsed.errors } : {};
  const limitText = params.get('limit') ?? '';
  const limit = limitText === '' ? PAGE_LIMIT.default : Number(limitText);
  if (!/^\d*$/.test(limitText) || !Number.isInteger(limit) || limit < 1 || limit > PAGE_LIMIT.max) {
    errors.limit = `limit must be a whole number from 1 to ${PAGE_LIMIT.max}`;
  }
  const cursorText = params.get('cursor') ?? '';
  const cursor = cursorText === '' ? undefined : decodeCursor(cursorText);
  if (cursor === null) errors.cursor = 'cursor must be the nextCursor of an earlier page, unchanged';
  if (Object.keys(errors).length > 0 || 'errors' in parsed) return { errors };
  return { query: { ...parsed.query, limit, ...(cursor ?? { session: crypto.randomUUID() }) } };
};

/** Parses `consentNotice=<version>`: which notice's text to show instead of leads. */
export const consentNoticeParam = (params: URLSearchParams): { version: string } | { errors: Record<string, string> } | null => {
  const version = params.get('consentNotice');
  if (version === null) return null;
  return (CONSENT_VERSIONS as readonly string[]).includes(version)
    ? { version }
    : { errors: { consentNotice: `consentNotice must be one of ${CONSENT_VERSIONS.join(', ')}` } };
};

export interface Page {
  /** Oldest first (by receivedAt, then id). */
  records: LeadRecord[];
  /** Key of the last lead handed out, when more may follow. */
  nextAfter?: string;
  /** order=newest: when that lead was received. */
  nextAt?: string;
}

const READ_BATCH = 25;

// Month listings of the exports this instance served lately, by session, then folder.
const SESSION_TTL_MS = 10 * 60_000;
const MAX_SESSIONS = 8;
const sessions = new Map<string, { expires: number; listings: Map<string, string[]> }>();

const listingsOf = (session: string): Map<string, string[]> => {
  const now = Date.now();
  for (const [id, entry] of sessions) if (entry.expires < now) sessions.delete(id);
  let entry = sessions.get(session);
  if (!entry) {
    if (sessions.size >= MAX_SESSIONS) sessions.delete(sessions.keys().next().value as string);
    entry = { expires: 0, listings: new Map() };
    sessions.set(session, entry);
  }
  entry.expires = now + SESSION_TTL_MS;
  return entry.listings;
};

/**
 * The keys of a month folder. A listing made during this export holds every lead stored before
 * the export began, so reusing it keeps "every such lead exactly once"; leads stored since may
 * be missed, which the contract allows.
 */
const folderKeys = async (store: Store, folder: string, listings: Map<string, string[]>) => {
  let keys = listings.get(folder);
  if (!keys) {
    keys = (await listAll(store, `${folder}/`)).map(({ key }) => key);
    listings.set(folder, keys);
  }
  return keys;
};

const byTime = (a: LeadRecord, b: LeadRecord) => a.receivedAt.localeCompare(b.receivedAt) || a.id.localeCompare(b.id);

/** One page of leads after `query.after`; shown oldest first, or newest first for order=newest. */
export const readPage = async (store: Store, query: PageQuery, maxBytes = PAGE_MAX_BYTES): Promise<Page> => {
  const page = await collectPage(store, query, maxBytes);
  page.records.sort(query.order === 'newest' ? (a, b) => byTime(b, a) : byTime);
  return page;
};

/** The leads after `query.after` in export (key) order, up to the limit or the byte budget. */
const collectPage = async (store: Store, query: PageQuery, maxBytes: number): Promise<Page> => {
  const newest = query.order === 'newest';
  const prefixes = query.kinds.flatMap((kind) =>
    query.spam === 'only' ? [`spam/${kind}/`] : query.spam ? [`${kind}/`, `spam/${kind}/`] : [`${kind}/`],
  );
  const afterPosition = query.after ? position(query.after) : '';
  const afterMonth = newest ? (query.at ?? '').slice(0, 7) : afterPosition.slice(0, 7);
  const folders = (await Promise.all(prefixes.map((prefix) => store.list({ prefix, directories: true })))).flatMap((l) => l.directories);
  const byMonth = new Map<string, string[]>();
  for (const folder of folders) {
    const month = folder.split('/').at(-1) ?? '';
    const wanted =
      (afterMonth === '' || (newest ? month <= afterMonth : month >= afterMonth)) &&
      (!query.from || month >= query.from.slice(0, 7)) &&
      (!query.to || month <= query.to.slice(0, 7));
    if (wanted) byMonth.set(month, [...(byMonth.get(month) ?? []), folder]);
  }
  const months = [...byMonth.keys()].sort();
  if (newest) months.reverse();

  const listings = listingsOf(query.session);
  if (newest) return collectNewest(store, query, months, byMonth, listings, maxBytes);
  const records: LeadRecord[] = [];
  let bytes = 0;
  let lastConsumed: string | undefined;
  for (const [m, month] of months.entries()) {
    const keys = (await Promise.all((byMonth.get(month) ?? []).map((folder) => folderKeys(store, folder, listings))))
      .flat()
      .filter((key) => KEY_PATTERN.test(key))
      .map((key) => ({ key, at: position(key) }))
      .filter(({ at }) => at > afterPosition)
      .sort((a, b) => (a.at < b.at ? -1 : 1))
      .map(({ key }) => key);
    for (let i = 0; i < keys.length; i += READ_BATCH) {
      const batch = keys.slice(i, i + READ_BATCH);
      const read = await Promise.all(batch.map((key) => store.get(key, { type: 'json' }) as Promise<LeadRecord | null>));
      for (const [j, record] of read.entries()) {
        if (record && matchesQuery(record, query)) {
          const size = Buffer.byteLength(JSON.stringify(record));
          if (records.length > 0 && bytes + size > maxBytes) return { records, nextAfter: lastConsumed };
          records.push(record);
          bytes += size;
        }
        lastConsumed = batch[j];
        const isLast = m === months.length - 1 && i + j === keys.length - 1;
        if (records.length === query.limit) return isLast ? { records } : { records, nextAfter: lastConsumed };
      }
    }
  }
  return { records };
};

/**
 * order=newest (the inbox): months latest first; within a month every matching lead is read and
 * sorted by time, latest first, since a key carries the month but not the time. The cursor is
 * the last lead's time and id, so a page starts just before it.
 */
const collectNewest = async (
  store: Store,
  query: PageQuery,
  months: string[],
  byMonth: Map<string, string[]>,
  listings: Map<string, string[]>,
  maxBytes: number,
): Promise<Page> => {
  const stamp = (record: LeadRecord) => `${record.receivedAt}|${record.id}`;
  const before = query.at && query.after ? `${query.at}|${query.after.split('/').at(-1)}` : '';
  const records: LeadRecord[] = [];
  let bytes = 0;
  let lastKey = '';
  for (const month of months) {
    const keys = (await Promise.all((byMonth.get(month) ?? []).map((folder) => folderKeys(store, folder, listings))))
      .flat()
      .filter((key) => KEY_PATTERN.test(key));
    const found: { key: string; record: LeadRecord }[] = [];
    for (let i = 0; i < keys.length; i += READ_BATCH) {
      const batch = keys.slice(i, i + READ_BATCH);
      const read = await Promise.all(batch.map((key) => store.get(key, { type: 'json' }) as Promise<LeadRecord | null>));
      for (const [j, record] of read.entries()) if (record && matchesQuery(record, query)) found.push({ key: batch[j], record });
    }
    const ordered = found
      .filter(({ record }) => before === '' || stamp(record) < before)
      .sort((a, b) => (stamp(a.record) < stamp(b.record) ? 1 : -1));
    for (const { key, record } of ordered) {
      const size = Buffer.byteLength(JSON.stringify(record));
      if (records.length === query.limit || (records.length > 0 && bytes + size > maxBytes)) {
        return { records, nextAfter: lastKey, nextAt: (records.at(-1) as LeadRecord).receivedAt };
      }
      records.push(record);
      bytes += size;
      lastKey = key;
    }
  }
  return { records };
};

/** The body of one page: CSV rows (BOM and header on the first page only) or JSON. */
export const renderPage = (page: Page, query: PageQuery): { body: string; contentType: string; nextCursor: string | null } => {
  const nextCursor = page.nextAfter ? encodeCursor({ after: page.nextAfter, session: query.session, at: page.nextAt }) : null;
  if (query.format === 'json') {
    const body = JSON.stringify({ count: page.records.length, nextCursor, leads: page.records }, null, 2);
    return { body, contentType: 'application/json; charset=utf-8', nextCursor };
  }
  return { body: (query.after ? '' : csvHead()) + csvRows(page.records), contentType: 'text/csv; charset=utf-8', nextCursor };
};
