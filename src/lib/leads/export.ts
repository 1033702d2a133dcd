/**
 * Export of leads for the team: the query, the listing from the `leads` store and the CSV/JSON
 * bodies. Used by GET /api/leads and by `npm run leads:export`.
 */
import type { Store } from '@netlify/blobs';
import { ENQUIRY_KINDS, LEAD_FIELDS, type EnquiryKind } from '../enquiry/index.ts';
import { displayValue, type LeadRecord } from './record.ts';

export interface ExportQuery {
  kinds: readonly EnquiryKind[];
  /** Inclusive UTC dates, YYYY-MM-DD. */
  from?: string;
  to?: string;
  format: 'csv' | 'json';
  spam: boolean;
}

const isDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** Parses kind, from, to, format, spam; the errors name each bad parameter. */
export const parseExportQuery = (params: URLSearchParams): { query: ExportQuery } | { errors: Record<string, string> } => {
  const errors: Record<string, string> = {};
  const kind = params.get('kind') ?? '';
  if (kind !== '' && !(ENQUIRY_KINDS as readonly string[]).includes(kind)) errors.kind = `kind must be one of ${ENQUIRY_KINDS.join(', ')}`;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (from !== '' && !isDate(from)) errors.from = 'from must be a date written YYYY-MM-DD';
  if (to !== '' && !isDate(to)) errors.to = 'to must be a date written YYYY-MM-DD';
  if (!errors.from && !errors.to && from && to && from > to) errors.to = 'to must not be before from';
  const format = params.get('format') || 'csv';
  if (format !== 'csv' && format !== 'json') errors.format = 'format must be csv or json';
  const spam = params.get('spam') ?? '';
  if (!['', '0', '1', 'true', 'false'].includes(spam)) errors.spam = 'spam must be 1 or 0';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    query: {
      kinds: kind ? [kind as EnquiryKind] : ENQUIRY_KINDS,
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      format: format as 'csv' | 'json',
      spam: spam === '1' || spam === 'true',
    },
  };
};

const listKeys = async (store: Store, prefix: string): Promise<string[]> => {
  const keys: string[] = [];
  for await (const page of store.list({ prefix, paginate: true })) keys.push(...page.blobs.map((b) => b.key));
  return keys;
};

const inRange = (record: LeadRecord, query: ExportQuery) => {
  const day = record.receivedAt.slice(0, 10);
  return (!query.from || day >= query.from) && (!query.to || day <= query.to);
};

/** Keys carry the month (`…/<yyyy-mm>/<id>`): months outside from/to are not read at all. */
const inMonthRange = (key: string, query: ExportQuery) => {
  const month = key.split('/').at(-2) ?? '';
  return (!query.from || month >= query.from.slice(0, 7)) && (!query.to || month <= query.to.slice(0, 7));
};

/** The leads matching the query, oldest first. Spam only when asked for. */
export const listLeads = async (store: Store, query: ExportQuery): Promise<LeadRecord[]> => {
  const prefixes = query.kinds.flatMap((kind) => (query.spam ? [`${kind}/`, `spam/${kind}/`] : [`${kind}/`]));
  const keys = (await Promise.all(prefixes.map((prefix) => listKeys(store, prefix))))
    .flat()
    .filter((key) => inMonthRange(key, query));
  const records: LeadRecord[] = [];
  const BATCH = 25; // read in small batches: enough parallelism without flooding the store
  for (let i = 0; i < keys.length; i += BATCH) {
    const batch = await Promise.all(keys.slice(i, i + BATCH).map((key) => store.get(key, { type: 'json' }) as Promise<LeadRecord | null>));
    for (const record of batch) if (record && inRange(record, query)) records.push(record);
  }
  return records.sort((a, b) => a.receivedAt.localeCompare(b.receivedAt) || a.id.localeCompare(b.id));
};

/** Metadata columns of the CSV, before the wire fields. */
export const CSV_META_COLUMNS = ['id', 'kind', 'receivedAt', 'consentAt', 'page', 'via', 'notified', 'notifyError', 'spam'] as const;

/** Columns of the CSV: metadata, then every stored wire field of every kind (from FIELD_LABELS). */
export const CSV_COLUMNS: readonly string[] = [...CSV_META_COLUMNS, ...LEAD_FIELDS];

/**
 * One CSV cell. A cell that a spreadsheet would read as a formula (= + - @ tab CR) gets a
 * leading apostrophe; a cell with a comma, quote or line break is quoted.
 */
export const csvCell = (value: unknown): string => {
  let text = displayValue(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** UTF-8 CSV with a BOM (so Excel reads Tamil, Telugu, Kannada and Hindi names right), CRLF rows. */
export const toCsv = (records: readonly LeadRecord[]): string =>
  '\uFEFF' + [CSV_COLUMNS.join(','), ...records.map((r) => CSV_COLUMNS.map((c) => csvCell(r[c])).join(','))].join('\r\n') + '\r\n';

export const toJson = (records: readonly LeadRecord[]): string => JSON.stringify({ count: records.length, leads: records }, null, 2);

/** The body and content type of an export. */
export const renderExport = (records: readonly LeadRecord[], format: 'csv' | 'json') =>
  format === 'csv'
    ? { body: toCsv(records), contentType: 'text/csv; charset=utf-8' }
    : { body: toJson(records), contentType: 'application/json; charset=utf-8' };
