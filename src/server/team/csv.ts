/**
 * The CSV of an export: its columns (metadata, every kind's stored fields, then the later
 * additions, at the end so the team's sheets keep working) and its cells, safe in a spreadsheet.
 * The header (and BOM) comes with the first page only, so the pages joined are one CSV file.
 */
import { LEAD_FIELDS, type LabelledField } from '../../lib/enquiry/index.ts';
import { fieldOf, type LeadRecord, type RecordField } from '../../lib/enquiry/lead-record.ts';
import { displayValue } from '../../lib/text.ts';

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
 * be answered by (src/lib/enquiry/privacy.ts), empty on every other kind; personId: the person the
 * lead belongs to (src/server/db/persons.ts), repeatOf: the earlier open lead it repeats, source,
 * referredBy, referredFrom and referralNote: a referral from another division; consentGroup and
 * consentWhatsapp: the two purposes the visitor ticked, withdrawGroup and withdrawWhatsapp: what a
 * privacy request withdraws (the consent ledger keeps the history, GET /api/people/<id>); assignee,
 * assigneeId, assignedAt, firstContactDueAt and firstContactAt: who the lead was given to (their
 * name and id; "Owner" without an id: the owner's key), when, and its first-contact clock
 * (src/server/intake/assign.ts), empty on spam and on leads stored before routing; followUpAt: the
 * lead's next follow-up (src/server/team/follow-ups.ts), empty when it has none; lostReason: why a
 * lost lead was lost (src/lib/team-api/stages.ts), empty on any other and on leads lost before it was asked.
 */
/** The assignee's id, beside their name in `assignee` (the record's `assignee` is both). */
export const ASSIGNEE_ID_COLUMN = 'assigneeId';

export const CSV_LATER_COLUMNS: readonly (RecordField | LabelledField | typeof ASSIGNEE_ID_COLUMN)[] = [
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
  // The person across the group (src/server/db/persons.ts) and the consent ledger's two purposes.
  'personId',
  'repeatOf',
  'source',
  'referredBy',
  'referredFrom',
  'referralNote',
  'consentGroup',
  'consentWhatsapp',
  'withdrawGroup',
  'withdrawWhatsapp',
  'assignee',
  ASSIGNEE_ID_COLUMN,
  'assignedAt',
  'firstContactDueAt',
  'firstContactAt',
  'followUpAt',
  'lostReason',
];

/** Columns of the CSV: metadata, then every stored wire field of every kind (from FIELD_LABELS), then later additions. */
export const CSV_COLUMNS: readonly (RecordField | LabelledField | typeof ASSIGNEE_ID_COLUMN)[] = [
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

/** A column's value in a record: the assignee by name, and their id in a column of its own. */
const cellOf = (record: LeadRecord, column: string): unknown =>
  column === 'assignee' ? record.assignee?.name : column === ASSIGNEE_ID_COLUMN ? record.assignee?.id : fieldOf(record, column);

/** One CRLF-ended row per lead. */
export const csvRows = (records: readonly LeadRecord[]) =>
  records.map((record) => `${CSV_COLUMNS.map((column) => csvCell(cellOf(record, column))).join(',')}\r\n`).join('');

/** A whole CSV file of these leads. */
export const toCsv = (records: readonly LeadRecord[]): string => csvHead() + csvRows(records);
