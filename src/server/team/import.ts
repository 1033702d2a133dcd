/**
 * Moving leads in (`npm run leads:import`): one row of an export (GET /api/leads, CSV or JSON,
 * or a record of the Blobs store leads were kept in before) back into a lead record, checked the
 * way the pipeline checks a lead: its kind's schema for the visitor's fields, and the export's
 * own rules for the rest. A row that fails names each field at fault.
 */
import * as z from 'zod/mini';
import {
  ENQUIRY_KINDS,
  emailField,
  enquirySchemas,
  fieldMessages,
  localeField,
  nameField,
  pageField,
  phoneField,
  submissionIdField,
  type Enquiry,
  type EnquiryKind,
} from '../../lib/enquiry/index.ts';
import { en } from '../../i18n/en.ts';
import { buildLeadRecord } from '../db/lead-record.ts';
import { ASSIGNEE_ID_COLUMN } from './csv.ts';
import { NOT_VISITOR_FIELDS, recordFieldsOfType, type LeadRecord, type Via, type WorkEntry } from '../../lib/enquiry/lead-record.ts';
import { LEAD_STATUSES } from '../../lib/team-api/vocabulary.ts';
import { isStageOf, lostReasonsOf, stagesOf } from '../../lib/team-api/stages.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Export columns that hold numbers, true/false, times or a day (src/lib/enquiry/lead-record.ts). */
const NUMBERS = recordFieldsOfType('count');
const BOOLEANS = recordFieldsOfType('flag');
const TIMES = recordFieldsOfType('time');
const DAYS = recordFieldsOfType('day');
const LISTS = recordFieldsOfType('list');
/** Record fields that are not the visitor's: checked here, not by the schema. */
const META = NOT_VISITOR_FIELDS;

/** A CSV cell as the export wrote it, back to its value: the apostrophe that kept a formula inert goes. */
const fromCell = (column: string, cell: string): unknown => {
  if (cell === '') return undefined;
  const text = /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
  if (NUMBERS.has(column)) return Number(text);
  if (BOOLEANS.has(column)) return text === 'true' ? true : text === 'false' ? false : text;
  if (LISTS.has(column)) return text.split(', ');
  return text;
};

/** One CSV row (cells by the header's column names) as the export's record. */
export const recordOfCsvRow = (row: Record<string, string>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(row)
      .map(([column, cell]) => [column, fromCell(column, cell)] as const)
      .filter(([, value]) => value !== undefined),
  );

/** Whether an assignee is not one: { id (a member's, or null for the owner's first key), name }. */
const assigneeProblem = (value: unknown): boolean => {
  if (value === undefined) return false;
  if (typeof value !== 'object' || value === null) return true;
  const { id, name } = value as { id?: unknown; name?: unknown };
  return typeof name !== 'string' || !(id === null || id === undefined || (typeof id === 'string' && UUID.test(id)));
};

export type ImportResult = { record: LeadRecord } | { problems: Record<string, string> };

/** A referral's own fields (src/server/team/referrals.ts): the person's name, phone, e-mail and language. */
const referralSchema = z.object({
  Username: nameField,
  phone: z.optional(phoneField),
  email: z.optional(emailField),
  locale: localeField,
  submissionId: submissionIdField,
  page: pageField,
});

/** Checks one exported record and makes the lead record it stands for. */
export const importedRecord = (input: Record<string, unknown>): ImportResult => {
  const problems: Record<string, string> = {};
  // A CSV has the assignee as a name and an id (csv.ts); the record, as { id, name }.
  const { [ASSIGNEE_ID_COLUMN]: assigneeId, ...row } = input;
  if (typeof row.assignee === 'string') row.assignee = { id: typeof assigneeId === 'string' ? assigneeId : null, name: row.assignee };
  if (assigneeProblem(row.assignee)) problems.assignee = "must be the assignee's name (and, in assigneeId, their id)";
  const { id, kind, receivedAt, page } = row;
  if (typeof id !== 'string' || !UUID.test(id)) problems.id = 'must be the lead id (a UUID)';
  if (!(ENQUIRY_KINDS as readonly unknown[]).includes(kind)) problems.kind = `must be one of ${ENQUIRY_KINDS.join(', ')}`;
  for (const field of TIMES)
    if (row[field] !== undefined && (typeof row[field] !== 'string' || !ISO.test(row[field])))
      problems[field] = 'must be a time written as the export does (2025-01-31T10:00:00.000Z)';
  if (receivedAt === undefined) problems.receivedAt = 'is missing';
  if (row.via !== undefined && row.via !== 'js' && row.via !== 'html') problems.via = 'must be js or html';
  // An export from before each division had its stages: a contact message or privacy request won or lost is closed now (as the stages' migration did).
  if ((kind === 'contact' || kind === 'privacy') && (row.status === 'won' || row.status === 'lost')) row.status = 'closed';
  if (row.status !== undefined && !(LEAD_STATUSES as readonly unknown[]).includes(row.status))
    problems.status = `must be one of ${LEAD_STATUSES.join(', ')}`;
  else if (row.status !== undefined && typeof kind === 'string' && !isStageOf(kind, row.status))
    problems.status = `must be one of ${stagesOf(kind).join(', ')} for ${kind}`;
  if (row.lostReason !== undefined && typeof kind === 'string' && !(lostReasonsOf(kind) as readonly unknown[]).includes(row.lostReason))
    problems.lostReason = `must be one of ${lostReasonsOf(kind).join(', ') || '(none: this kind is never lost)'}`;
  for (const field of DAYS)
    if (row[field] !== undefined && (typeof row[field] !== 'string' || !DAY.test(row[field])))
      problems[field] = 'must be a day (YYYY-MM-DD)';
  for (const field of NUMBERS)
    if (row[field] !== undefined && !(Number.isInteger(row[field]) && (row[field] as number) >= 0))
      problems[field] = 'must be a whole number';
  for (const field of BOOLEANS) if (row[field] !== undefined && typeof row[field] !== 'boolean') problems[field] = 'must be true or false';
  if (
    row.photos !== undefined &&
    !(Array.isArray(row.photos) && row.photos.every((key) => typeof key === 'string' && key.startsWith(`${String(id)}/`)))
  )
    problems.photos = "must be the lead's own photo keys (<id>/<n>.<ext>)";
  if (row.history !== undefined && !Array.isArray(row.history)) problems.history = 'must be a list of changes';
  for (const field of ['personId', 'repeatOf', 'referredFrom'])
    if (row[field] !== undefined && (typeof row[field] !== 'string' || !UUID.test(row[field]))) problems[field] = 'must be an id (a UUID)';
  if (row.source !== undefined && row.source !== 'referral') problems.source = 'must be referral, or empty';
  if (Object.keys(problems).length > 0 || !(ENQUIRY_KINDS as readonly unknown[]).includes(kind)) return { problems };

  // The visitor's fields go through the kind's schema, as the form's post did; a referral, which a
  // team member made with the person's name, phone and e-mail only, through those fields' rules.
  const leadKind = kind as EnquiryKind;
  const wire = Object.fromEntries(Object.entries(row).filter(([field]) => !META.has(field)));
  const schema = row.source === 'referral' ? referralSchema : enquirySchemas[leadKind];
  const parsed = schema.safeParse({
    ...wire,
    submissionId: id,
    page,
    ...(leadKind === 'privacy' ? {} : { consent: true }),
  });
  if (!parsed.success) return { problems: fieldMessages(parsed.error, en.messages) };

  const built = buildLeadRecord(leadKind, parsed.data as Enquiry, receivedAt as string, {
    via: (row.via as Via | undefined) ?? 'js',
    photos: row.photos as string[] | undefined,
    spam: row.spam as string | undefined,
  });
  const kept = Object.fromEntries(Object.entries(row).filter(([field]) => META.has(field) && field !== 'history'));
  const history = Array.isArray(row.history) ? (row.history as WorkEntry[]) : undefined;
  const record = {
    ...built,
    ...kept,
    ...(leadKind === 'privacy' ? {} : { consentAt: (row.consentAt as string | undefined) ?? receivedAt }),
    ...(history ? { history } : {}),
  } as unknown as LeadRecord;
  return { record };
};
