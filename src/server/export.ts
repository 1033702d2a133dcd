/**
 * Export of leads for the team: the query's filters and the CSV format. Paging through the
 * `leads` store is export-page.ts. Used by GET /api/leads and by `npm run leads:export`.
 */
import { ENQUIRY_KINDS, LEAD_FIELDS, type EnquiryKind } from '../lib/enquiry/index.ts';
import { displayValue, type LeadRecord } from './record.ts';

/** Where the team is with a lead (the inbox at /leads); a lead nobody has touched is `new`. */
export const LEAD_STATUSES = ['new', 'contacted', 'won', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const statusOf = (record: LeadRecord): LeadStatus => (record.status as LeadStatus | undefined) ?? 'new';

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
  /** Text looked for in the name, phone and e-mail (case and spaces ignored). */
  text?: string;
  /** Oldest first (the export, default) or newest first (the inbox). */
  order: 'oldest' | 'newest';
}

const squeeze = (text: string) => text.toLowerCase().replace(/\s+/g, '');

/** Whether a lead passes the query's filters on its fields (dates, page, status, text). */
export const matchesQuery = (record: LeadRecord, query: ExportQuery): boolean => {
  const day = record.receivedAt.slice(0, 10);
  if ((query.from && day < query.from) || (query.to && day > query.to)) return false;
  if (query.page !== undefined && record.page !== query.page) return false;
  if (query.status !== undefined && statusOf(record) !== query.status) return false;
  if (query.text) {
    const wanted = squeeze(query.text);
    const phoneDigits = wanted.replace(/^\+?91(?=\d{10}$)/, '');
    const haystack = [record.Username, record.phone, record.email].map((value) => squeeze(String(value ?? '')));
    if (!haystack.some((value) => value.includes(wanted) || (phoneDigits !== '' && value.includes(phoneDigits)))) return false;
  }
  return true;
};

const isDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** Parses kind, from, to, format, spam, page, status, q and order; the errors name each bad parameter. */
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
  if (!['', '0', '1', 'true', 'false', 'only'].includes(spam)) errors.spam = 'spam must be 1, 0 or only';
  const page = params.get('page') ?? '';
  if (page !== '' && !/^\/[\w/-]{0,100}$/.test(page)) errors.page = 'page must be a page address such as /Flats';
  const status = params.get('status') ?? '';
  if (status !== '' && !(LEAD_STATUSES as readonly string[]).includes(status))
    errors.status = `status must be one of ${LEAD_STATUSES.join(', ')}`;
  const text = (params.get('q') ?? '').trim();
  if (text.length > 100) errors.q = 'q must be at most 100 characters';
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

/** Metadata columns of the CSV, before the wire fields. */
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
] as const;

/**
 * Columns added after the first release go at the end, so the team's sheets and macros that read
 * columns by position keep working. notifyHeld: "repeat-contact" when the daily e-mail limit per
 * contact held the team's e-mail (src/server/contact-limit.ts); locale and consentLocale: the
 * visitor's language and the language of the consent notice shown; webhookSent, webhookError and
 * webhookGaveUp: the webhook's delivery (src/server/webhook.ts), empty while it is off; status, note,
 * statusBy, statusAt: the team's work on the lead in the inbox (src/server/lead-work.ts), status
 * empty for a lead nobody has touched ("new"); releasedBy: who moved it out of spam; callTime and
 * callLanguage: when and in which language the visitor asked to be called (empty when not chosen);
 * Monthly: the planning form's monthly investment band (optional); ackedAt: when the visitor's
 * acknowledgement e-mail went (src/server/ack.ts), empty when it did not (off, no e-mail, once a day);
 * request, reference and replyBy: a privacy request's ask, the enquiry it names, and the day it must
 * be answered by (src/lib/enquiry/privacy.ts), empty on every other kind.
 */
export const CSV_LATER_COLUMNS: readonly string[] = [
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
export const CSV_COLUMNS: readonly string[] = [
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
  records.map((record) => `${CSV_COLUMNS.map((column) => csvCell(record[column])).join(',')}\r\n`).join('');

/** A whole CSV file of these leads. */
export const toCsv = (records: readonly LeadRecord[]): string => csvHead() + csvRows(records);
