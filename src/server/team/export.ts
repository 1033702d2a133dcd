/**
 * Export of leads for the team: the query's filters, the pages, and the CSV format. Used by
 * GET /api/leads (the inbox's list and the CSV download) and by `npm run leads:export`.
 *
 * A page holds at most `limit` leads (default 500, at most 2,000) and stops under 4 MB, below
 * the 6 MB a Netlify function may answer; when more follow, an opaque cursor (header
 * X-Next-Cursor, and `nextCursor` in JSON) names the last lead handed out. The walk goes by
 * receipt time and id (an index of the leads table), oldest first or, for the inbox, newest
 * first, so every lead stored when the export began comes exactly once. The CSV header (and BOM)
 * comes with the first page only, so the pages joined are one CSV file.
 */
import { ENQUIRY_KINDS, LEAD_FIELDS, type EnquiryKind, type LabelledField } from '../../lib/enquiry/index.ts';
import type { RecordField } from '../../lib/enquiry/lead-record.ts';
import { CONSENT_VERSIONS } from '../../lib/consent.ts';
import { query } from '../db/connection.ts';
import { deliveriesOf, historyOf, recordFromRow, type LeadRow } from '../db/leads.ts';
import { displayValue } from '../db/lead-record.ts';
import { LEAD_STATUSES, fieldOf, type LeadRecord, type LeadStatus } from '../../lib/enquiry/lead-record.ts';


export interface ExportQuery {
  kinds: readonly EnquiryKind[];
  /** Inclusive UTC dates, YYYY-MM-DD. */
  from?: string;
  to?: string;
  format: 'csv' | 'json';
  /** Spam too (true), or spam only ('only', the inbox's spam view). */
  spam: boolean | 'only';
  /** The page the enquiry was sent from, e.g. /Flats. */
  page?: string;
  status?: LeadStatus;
  /** Text looked for in the name, phone and e-mail (case and spaces ignored; a phone with or without +91). */
  text?: string;
  /** Oldest first (the export, default) or newest first (the inbox). */
  order: 'oldest' | 'newest';
}

/** The last day a range may name: the day after it must still be a date Postgres reads (year 9999). */
export const LAST_DAY = '9999-12-30';
/**
 * The first day a range may name. Postgres has no year 0000, and India's midnight of 0001-01-01
 * is still in it; no lead is older than the site, so a range begins in 1900 at the earliest.
 */
export const FIRST_DAY = '1900-01-01';

const isDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** Why a date parameter is refused, or null: written YYYY-MM-DD, a real day, FIRST_DAY to LAST_DAY. */
export const dateProblem = (name: string, value: string): string | null => {
  if (!isDate(value)) return `${name} must be a date written YYYY-MM-DD`;
  if (value < FIRST_DAY) return `${name} must be no earlier than ${FIRST_DAY}`;
  if (value > LAST_DAY) return `${name} must be no later than ${LAST_DAY}`;
  return null;
};

/** Parses kind, from, to, format, spam, page, status, q and order; the errors name each bad parameter. */
export const parseExportQuery = (params: URLSearchParams): { query: ExportQuery } | { errors: Record<string, string> } => {
  const errors: Record<string, string> = {};
  const kind = params.get('kind') ?? '';
  if (kind !== '' && !(ENQUIRY_KINDS as readonly string[]).includes(kind)) errors.kind = `kind must be one of ${ENQUIRY_KINDS.join(', ')}`;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  for (const [name, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    const problem = value === '' ? null : dateProblem(name, value);
    if (problem) errors[name] = problem;
  }
  if (!errors.from && !errors.to && from && to && from > to) errors.to = 'to must not be before from';
  const format = params.get('format') || 'csv';
  if (format !== 'csv' && format !== 'json') errors.format = 'format must be csv or json';
  const spam = params.get('spam') ?? '';
  if (!['', '0', '1', 'true', 'false', 'only'].includes(spam)) errors.spam = 'spam must be 1, 0 or only';
  const page = params.get('page') ?? '';
  if (page !== '' && !/^\/[\w/-]{0,100}$/.test(page)) errors.page = 'page must be a page address such as /Flats';
  const status = params.get('status') ?? '';
  if (status !== '' && !(LEAD_STATUSES as readonly string[]).includes(status))
    errors.status = `status must be one of ${LEAD_STATUSES.join(', ')}`;
  const text = (params.get('q') ?? '').trim();
  if (text.length > 100) errors.q = 'q must be at most 100 characters';
  else if (text.includes('\u0000')) errors.q = 'q must not hold U+0000 (NUL)';
  const order = params.get('order') || 'oldest';
  if (order !== 'oldest' && order !== 'newest') errors.order = 'order must be oldest or newest';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    query: {
      kinds: kind ? [kind as EnquiryKind] : ENQUIRY_KINDS,
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      format: format as 'csv' | 'json',
      spam: spam === 'only' ? 'only' : spam === '1' || spam === 'true',
      ...(page ? { page } : {}),
      ...(status ? { status: status as LeadStatus } : {}),
      ...(text ? { text } : {}),
      order: order as 'oldest' | 'newest',
    },
  };
};

/** Metadata columns of the CSV, before the wire fields (the record's own, src/lib/enquiry/lead-record.ts). */
export const CSV_META_COLUMNS = [
  'id',
  'kind',
  'receivedAt',
  'consentAt',
  'page',
  'via',
  'notified',
  'notifyError',
  'notifyAttempts',
  'notifyGaveUp',
  'spam',
] as const satisfies readonly RecordField[];

/**
 * Columns added after the first release go at the end, so the team's sheets and macros that read
 * columns by position keep working. notifyHeld: "repeat-contact" when the daily e-mail limit per
 * contact held the team's e-mail (src/server/intake/daily-limits.ts); locale and consentLocale: the
 * visitor's language and the language of the consent notice shown; webhookSent, webhookError and
 * webhookGaveUp: the webhook's delivery (src/server/outbound/webhook.ts), empty while it is off; status, note,
 * statusBy, statusAt: the team's work on the lead in the inbox (src/server/team/work.ts), status
 * empty for a lead nobody has touched ("new"); releasedBy: who moved it out of spam; callTime and
 * callLanguage: when and in which language the visitor asked to be called (empty when not chosen);
 * Monthly: the planning form's monthly investment band (optional); ackedAt: when the visitor's
 * acknowledgement e-mail went (src/server/outbound/ack.ts), empty when it did not (off, no e-mail, once a day);
 * request, reference and replyBy: a privacy request's ask, the enquiry it names, and the day it must
 * be answered by (src/lib/enquiry/privacy.ts), empty on every other kind.
 */
export const CSV_LATER_COLUMNS: readonly (RecordField | LabelledField)[] = [
  'notifyHeld',
  'locale',
  'consentLocale',
  'webhookSent',
  'webhookError',
  'webhookGaveUp',
  'status',
  'note',
  'statusBy',
  'statusAt',
  'releasedBy',
  'callTime',
  'callLanguage',
  'Monthly',
  'ackedAt',
  'request',
  'reference',
  'replyBy',
];

/** Columns of the CSV: metadata, then every stored wire field of every kind (from FIELD_LABELS), then later additions. */
export const CSV_COLUMNS: readonly (RecordField | LabelledField)[] = [
  ...CSV_META_COLUMNS,
  ...LEAD_FIELDS.filter((field) => !CSV_LATER_COLUMNS.includes(field)),
  ...CSV_LATER_COLUMNS,
];

/**
 * One CSV cell. A cell that a spreadsheet would read as a formula (= + - @ tab CR) gets a
 * leading apostrophe; a cell with a comma, semicolon, quote or line break is quoted.
 */
export const csvCell = (value: unknown): string => {
  let text = displayValue(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  // A semicolon is quoted too: Excel in locales with a decimal comma splits cells on it.
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** BOM and header row: the start of a CSV export (the BOM makes Excel read Tamil, Telugu, Kannada and Hindi right). */
export const csvHead = () => `\uFEFF${CSV_COLUMNS.join(',')}\r\n`;

/** One CRLF-ended row per lead. */
export const csvRows = (records: readonly LeadRecord[]) =>
  records.map((record) => `${CSV_COLUMNS.map((column) => csvCell(fieldOf(record, column))).join(',')}\r\n`).join('');

/** A whole CSV file of these leads. */
export const toCsv = (records: readonly LeadRecord[]): string => csvHead() + csvRows(records);

export const PAGE_LIMIT = { default: 500, max: 2000 } as const;
/** A page stops growing past this many bytes of leads. */
export const PAGE_MAX_BYTES = 4 * 1024 * 1024;

/** Where a page starts: after the lead received at `at` with id `id`, in the walk's order. */
export interface Cursor {
  at: string;
  id: string;
}

export interface PageQuery extends ExportQuery {
  limit: number;
  after?: Cursor;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const encodeCursor = ({ at, id }: Cursor) => Buffer.from(JSON.stringify({ at, id })).toString('base64url');

/**
 * A time as the server writes it (toISOString: `2026-12-02T10:15:00.000Z`), of a real instant
 * from FIRST_DAY to LAST_DAY: anything else (`2026-99-99T99:99:99Z`, the year 0000) is refused
 * here, never handed to Postgres to fail as a 503.
 */
const isInstant = (at: string) => {
  const ms = Date.parse(at);
  return Number.isFinite(ms) && new Date(ms).toISOString() === at && at >= FIRST_DAY && at.slice(0, 10) <= LAST_DAY;
};

export const decodeCursor = (cursor: string): Cursor | null => {
  try {
    const { at, id } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<Record<keyof Cursor, unknown>>;
    return typeof at === 'string' && isInstant(at) && typeof id === 'string' && UUID.test(id) ? { at, id } : null;
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
  const after = cursorText === '' ? undefined : decodeCursor(cursorText);
  if (after === null) errors.cursor = 'cursor must be the nextCursor of an earlier page, unchanged';
  if (Object.keys(errors).length > 0 || 'errors' in parsed) return { errors };
  return { query: { ...parsed.query, limit, ...(after ? { after } : {}) } };
};

/** Parses `consentNotice=<version>`: which notice's text to show instead of leads. */
export const consentNoticeParam = (params: URLSearchParams): { version: string } | { errors: Record<string, string> } | null => {
  const version = params.get('consentNotice');
  if (version === null) return null;
  return (CONSENT_VERSIONS as readonly string[]).includes(version)
    ? { version }
    : { errors: { consentNotice: `consentNotice must be one of ${CONSENT_VERSIONS.join(', ')}` } };
};

/**
 * What the search looks for, as SQL: a whole phone number (10 digits, with or without +91 and
 * spaces) by its column, a whole e-mail address by its column (both b-tree indexes), anything
 * else as part of the name, phone or e-mail (lower-cased, spaces ignored; the trigram index, which
 * needs three characters or more: `partial`).
 */
const searchClause = (text: string, p: (value: unknown) => string): { sql: string; partial: boolean } => {
  const wanted = text.toLowerCase().replace(/\s+/g, '');
  const phone = wanted.replace(/^\+?91(?=\d{10}$)/, '');
  if (/^[6-9]\d{9}$/.test(phone)) return { sql: `l.phone = ${p(phone)}`, partial: false };
  if (/^[^@]+@[^@]+\.[a-z]{2,}$/.test(wanted)) return { sql: `l.email = ${p(wanted)}`, partial: false };
  return { sql: `l.search LIKE ${p(`%${wanted.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`, partial: [...wanted].length >= 3 };
};

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

const whereOf = (conditions: string[]) => (conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '');

/**
 * The WHERE clause and parameters of a query's filters (the cursor included); `partial` is the
 * search for part of a name, phone or e-mail, kept apart from the other conditions (`rest`).
 */
const filters = (q: PageQuery) => {
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const rest: string[] = [];
  let partial: string | undefined;
  if (q.kinds.length < ENQUIRY_KINDS.length) rest.push(`l.kind = ANY(${p(q.kinds)}::text[])`);
  if (q.spam === false) rest.push('l.spam IS NULL');
  if (q.spam === 'only') rest.push('l.spam IS NOT NULL');
  if (q.from) rest.push(`l.received_at >= ${p(`${q.from}T00:00:00Z`)}`);
  if (q.to) rest.push(`l.received_at < ${p(nextDay(q.to))}`);
  if (q.page !== undefined) rest.push(`l.page = ${p(q.page)}`);
  if (q.status !== undefined) rest.push(`l.status = ${p(q.status)}`);
  if (q.text) {
    const search = searchClause(q.text, p);
    if (search.partial) partial = search.sql;
    else rest.push(search.sql);
  }
  if (q.after) rest.push(`(l.received_at, l.id) ${q.order === 'newest' ? '<' : '>'} (${p(q.after.at)}, ${p(q.after.id)})`);
  return { where: whereOf(partial ? [...rest, partial] : rest), rest, partial, params, p };
};

/**
 * How many leads, in the page's order, the search for part of a name or phone reads one by one
 * before it asks the trigram index instead. A fragment that many leads share is found among the
 * newest at once; a rarer one is looked up in the index, whose candidates are few.
 */
const SEARCH_WINDOW = 3000;

/** The rows of one page (one more than asked, to know whether more follow). */
const pageRows = async (q: PageQuery): Promise<LeadRow[]> => {
  const { where, rest, partial, params, p } = filters(q);
  const direction = q.order === 'newest' ? 'DESC' : 'ASC';
  const order = `ORDER BY l.received_at ${direction}, l.id ${direction}`;
  const limit = p(q.limit + 1);
  if (!partial) return query<LeadRow>(`SELECT l.* FROM leads l ${where} ${order} LIMIT ${limit}`, params);
  // Part of a name or phone. Left to itself, the planner often walks the leads by date and tests
  // each one, which for a fragment a few hundred leads share reads most of the table (tens of ms
  // at 100,000 leads). So: first the newest leads one by one, as far as SEARCH_WINDOW; when they
  // hold the page, those are the newest matches of all. Otherwise every match from the trigram
  // index (MATERIALIZED keeps the planner from walking by date again), sorted.
  const recent = await query<LeadRow>(
    `SELECT l.* FROM (SELECT * FROM leads l ${whereOf(rest)} ${order} LIMIT ${SEARCH_WINDOW}) l WHERE ${partial} ${order} LIMIT ${limit}`,
    params,
  );
  if (recent.length > q.limit) return recent;
  return query<LeadRow>(
    `WITH found AS MATERIALIZED (SELECT l.* FROM leads l ${where}) SELECT l.* FROM found l ${order} LIMIT ${limit}`,
    params,
  );
};

export interface Page {
  /** In the walk's order. */
  records: LeadRecord[];
  /** Where the next page starts, when more follow. */
  next?: Cursor;
}

/** One page of leads after `query.after`, oldest first, or newest first for order=newest. */
export const readPage = async (q: PageQuery, maxBytes = PAGE_MAX_BYTES): Promise<Page> => {
  const rows = await pageRows(q);
  // The page's deliveries (and, for JSON, history) in one query each, not one per lead.
  const ids = rows.map((row) => row.id);
  const [deliveries, history] = await Promise.all([
    deliveriesOf(ids),
    q.format === 'json' ? historyOf(ids) : Promise.resolve(new Map<string, LeadRow['history']>()),
  ]);
  const records: LeadRecord[] = [];
  let bytes = 0;
  for (const row of rows.slice(0, q.limit)) {
    const record = recordFromRow({ ...row, deliveries: deliveries.get(row.id) ?? [], history: history.get(row.id) ?? [] });
    const size = Buffer.byteLength(JSON.stringify(record));
    if (records.length > 0 && bytes + size > maxBytes) break;
    records.push(record);
    bytes += size;
  }
  const last = records.at(-1);
  const more = rows.length > records.length;
  return { records, ...(more && last ? { next: { at: last.receivedAt, id: last.id } } : {}) };
};

/** The body of one page: CSV rows (BOM and header on the first page only) or JSON. */
export const renderPage = (page: Page, q: PageQuery): { body: string; contentType: string; nextCursor: string | null } => {
  const nextCursor = page.next ? encodeCursor(page.next) : null;
  if (q.format === 'json') {
    const body = JSON.stringify({ count: page.records.length, nextCursor, leads: page.records }, null, 2);
    return { body, contentType: 'application/json; charset=utf-8', nextCursor };
  }
  return { body: (q.after ? '' : csvHead()) + csvRows(page.records), contentType: 'text/csv; charset=utf-8', nextCursor };
};
