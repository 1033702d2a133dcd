/**
 * The leads table (netlify/database/migrations/): a record in columns for what the team filters,
 * sorts or searches (kind, receipt, page, status, spam, language, name, phone, e-mail,
 * attribution) and one jsonb column for the kind's other fields; the typed queries on it.
 */
import type { EnquiryKind } from '../../lib/enquiry/index.ts';
import { query, queryOne } from './connection.ts';
import type { Channel } from './deliveries.ts';
import {
  DELIVERY_STATE_FIELDS,
  META_FIELDS,
  PERSON_FIELDS,
  ROUTING_FIELDS,
  WORK_FIELDS,
  type DeliveryState,
  type LeadRecord,
  type WorkEntry,
} from '../../lib/enquiry/lead-record.ts';
import { CLOSED_STATUSES, type LeadStatus, type LostReason } from '../../lib/team-api/vocabulary.ts';

/** A lead still open (new, or in a working stage of its division), as SQL on the leads table's own `status`. */
export const OPEN_STATUS_SQL = `status NOT IN (${CLOSED_STATUSES.map((status) => `'${status}'`).join(', ')})`;

/** Record fields kept in a column of their own, and the column. */
const FIELD_COLUMNS = {
  Username: 'name',
  phone: 'phone',
  email: 'email',
  locale: 'locale',
  landingPath: 'landing_path',
  referrer: 'referrer',
  utm_source: 'utm_source',
  utm_medium: 'utm_medium',
  utm_campaign: 'utm_campaign',
  utm_term: 'utm_term',
  utm_content: 'utm_content',
  gclid: 'gclid',
} as const;
type ColumnField = keyof typeof FIELD_COLUMNS;

/** Record fields the table holds elsewhere than in `fields`: their own columns, metadata, the team's work, the deliveries. */
const NOT_IN_FIELDS = new Set<string>([
  ...Object.keys(FIELD_COLUMNS),
  ...Object.keys(META_FIELDS),
  ...Object.keys(WORK_FIELDS),
  ...Object.keys(PERSON_FIELDS),
  ...Object.keys(ROUTING_FIELDS),
  ...DELIVERY_STATE_FIELDS,
]);

/** One delivery as a lead's row carries it. */
export interface DeliveryJson {
  id: string;
  channel: Channel;
  state: 'pending' | 'sent' | 'gave-up' | 'skipped';
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
  gave_up_at: string | null;
  skipped: string | null;
  carried_by: string | null;
}
/** The deliveries table's columns that a lead's record is made from (all but the id), and their types. */
export const DELIVERY_COLUMN_TYPES = {
  channel: 'text',
  state: 'text',
  attempts: 'integer',
  last_error: 'text',
  sent_at: 'timestamptz',
  gave_up_at: 'timestamptz',
  skipped: 'text',
  carried_by: 'uuid',
} as const satisfies Record<Exclude<keyof DeliveryJson, 'id'>, string>;
export const DELIVERY_COLUMNS = Object.keys(DELIVERY_COLUMN_TYPES) as (keyof typeof DELIVERY_COLUMN_TYPES)[];

export interface LeadRow {
  id: string;
  kind: EnquiryKind;
  received_at: Date;
  consent_at: Date | null;
  page: string;
  via: 'js' | 'html';
  spam: string | null;
  locale: string;
  name: string;
  phone: string | null;
  email: string | null;
  landing_path: string | null;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  gclid: string | null;
  fields: Record<string, unknown>;
  photos: string[];
  status: LeadStatus;
  note: string;
  status_by: string | null;
  status_at: Date | null;
  spam_reason: string | null;
  released_by: string | null;
  released_at: Date | null;
  version: number;
  person_id: string | null;
  origin_person_id: string | null;
  repeat_of: string | null;
  source: 'referral' | null;
  referred_by: string | null;
  referred_from: string | null;
  referred_from_kind: string | null;
  referral_note: string | null;
  assignee_id: string | null;
  assignee_name: string | null;
  assigned_at: Date | null;
  first_contact_due_at: Date | null;
  first_contact_at: Date | null;
  follow_up_at: Date | null;
  lost_reason: LostReason | null;
  deliveries?: DeliveryJson[];
  history?: { status: LeadStatus; note: string; by: string; at: string; event: WorkEntry['event'] | null; detail: string | null }[];
}

const iso = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? undefined : new Date(value).toISOString();
const defined = <T extends object>(object: T) =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined && value !== null)) as Partial<T>;

/** Re-sends after the send at receipt, or undefined before the first. */
const resends = (attempts: number) => (attempts > 1 ? attempts - 1 : undefined);

/** The export's delivery columns from the lead's delivery rows. */
export const deliveryState = (deliveries: readonly DeliveryJson[]): DeliveryState => {
  const of = (channel: DeliveryJson['channel']) => deliveries.find((delivery) => delivery.channel === channel);
  const team = of('team');
  const webhook = of('webhook');
  const ack = of('ack');
  const tried = (delivery: DeliveryJson | undefined) => delivery !== undefined && (delivery.attempts > 0 || delivery.state === 'sent');
  return {
    notified: team?.state === 'sent',
    ...(team
      ? defined({
          notifyError: team.state === 'sent' ? undefined : (team.last_error ?? undefined),
          notifyAttempts: resends(team.attempts),
          notifyGaveUp: team.gave_up_at ? true : undefined,
          notifiedWith: team.carried_by ?? undefined,
          notifiedAt: iso(team.sent_at),
          notifyHeld: team.skipped ?? undefined,
        })
      : {}),
    ...(webhook && tried(webhook)
      ? defined({
          webhookSent: webhook.state === 'sent',
          webhookError: webhook.state === 'sent' ? undefined : (webhook.last_error ?? undefined),
          webhookAttempts: resends(webhook.attempts),
          webhookGaveUp: webhook.state === 'gave-up' ? true : undefined,
        })
      : {}),
    ...(ack
      ? defined({
          ackedAt: iso(ack.sent_at),
          ackError: ack.state === 'sent' ? undefined : (ack.last_error ?? undefined),
          ackAttempts: resends(ack.attempts),
          ackGaveUp: ack.state === 'gave-up' ? true : undefined,
          ackSkipped: ack.skipped ?? undefined,
        })
      : {}),
  };
};

/** The flat record of a row (with its deliveries and, when read, its history). */
export const recordFromRow = (row: LeadRow): LeadRecord => {
  const columns: Record<string, unknown> = Object.fromEntries(
    (Object.entries(FIELD_COLUMNS) as [ColumnField, keyof LeadRow][])
      .map(([field, column]): [string, unknown] => [field, row[column]])
      .filter(([, value]) => value !== null && value !== undefined),
  );
  const touched = row.status_at !== null;
  const record = {
    id: row.id,
    kind: row.kind,
    receivedAt: iso(row.received_at),
    ...defined({ consentAt: iso(row.consent_at) }),
    page: row.page,
    via: row.via,
    ...defined({ spam: row.spam }),
    ...columns,
    ...row.fields,
    ...(row.photos.length > 0 ? { photos: row.photos } : {}),
    ...(touched ? { status: row.status, note: row.note, statusBy: row.status_by ?? '', statusAt: iso(row.status_at) } : {}),
    ...defined({ followUpAt: iso(row.follow_up_at), lostReason: row.lost_reason ?? undefined }),
    ...(row.history && row.history.length > 0
      ? {
          history: row.history.map(({ event, detail, ...entry }): WorkEntry => ({
            ...entry,
            at: iso(entry.at) as string,
            ...(event ? { event } : {}),
            ...(detail ? { detail } : {}),
          })),
        }
      : {}),
    ...(row.assignee_name !== null && row.assignee_name !== undefined
      ? { assignee: { id: row.assignee_id ?? null, name: row.assignee_name } }
      : {}),
    ...defined({
      assignedAt: iso(row.assigned_at),
      firstContactDueAt: iso(row.first_contact_due_at),
      firstContactAt: iso(row.first_contact_at),
    }),
    ...defined({ spamReason: row.spam_reason, releasedBy: row.released_by, releasedAt: iso(row.released_at) }),
    ...defined({
      personId: row.person_id,
      repeatOf: row.repeat_of,
      source: row.source,
      referredBy: row.referred_by,
      referredFrom: row.referred_from,
      referralNote: row.referral_note,
    }),
    ...deliveryState(row.deliveries ?? []),
  };
  // The row holds what the kind's schema stored (its fields come back from jsonb): the record of its kind.
  return record as unknown as LeadRecord;
};

type FieldColumn = (typeof FIELD_COLUMNS)[ColumnField];

/** A record's columns, by column name (the jsonb `fields` as an object). */
export const leadColumns = (record: LeadRecord) => {
  const flat = record as unknown as Record<string, unknown>;
  const fields = Object.fromEntries(Object.entries(flat).filter(([field, value]) => !NOT_IN_FIELDS.has(field) && value !== undefined));
  const text = (field: string) => (typeof flat[field] === 'string' && flat[field] !== '' ? flat[field] : null);
  const own = Object.fromEntries(Object.entries(FIELD_COLUMNS).map(([field, column]) => [column, text(field)])) as Record<
    FieldColumn,
    string | null
  >;
  return {
    id: record.id,
    kind: record.kind,
    received_at: record.receivedAt,
    consent_at: record.consentAt ?? null,
    page: record.page,
    via: record.via,
    spam: record.spam ?? null,
    ...own,
    locale: own.locale ?? 'en',
    name: own.name ?? '',
    fields,
    photos: record.photos ?? [],
    // A referral's origin (src/server/team/referrals.ts); the person is found by attach_person.
    source: record.source ?? null,
    referred_by: record.referredBy ?? null,
    referral_note: record.referralNote ?? null,
  };
};
type LeadColumns = ReturnType<typeof leadColumns>;

/** The columns a new lead is inserted with, and their types (for jsonb_to_recordset). */
export const COLUMN_TYPES: Record<keyof LeadColumns, string> = {
  id: 'uuid',
  kind: 'text',
  received_at: 'timestamptz',
  consent_at: 'timestamptz',
  page: 'text',
  via: 'text',
  spam: 'text',
  ...(Object.fromEntries(Object.values(FIELD_COLUMNS).map((column) => [column, 'text'])) as Record<FieldColumn, 'text'>),
  fields: 'jsonb',
  photos: 'text[]',
  source: 'text',
  referred_by: 'text',
  referral_note: 'text',
};
const INSERT_COLUMN_LIST = Object.keys(COLUMN_TYPES) as (keyof LeadColumns)[];
const INSERT_COLUMNS = INSERT_COLUMN_LIST.join(', ');
const rowValues = (record: LeadRecord): unknown[] => {
  const columns = leadColumns(record);
  return INSERT_COLUMN_LIST.map((column) => (column === 'fields' ? JSON.stringify(columns.fields) : columns[column]));
};

/**
 * The person of each row of `source` (a lead that is not spam and not stored yet), found or made
 * as the row is inserted (the database's find_person, netlify/database/migrations/20261202025133_persons.sql):
 * a lateral join, so it runs row by row in the rows' order, for the rows whose id is not stored
 * yet (so a retry or a second import finds or makes nobody). `wanted`: the id a new person takes
 * when it is free (an import's `personId`).
 */
export const FIND_PERSON = (source: string, wanted = 'NULL') => `LEFT JOIN LATERAL (
    SELECT f.seen, f.own FROM find_person(${source}.phone, ${source}.email, ${source}.name, ${source}.fields ->> 'selectedCity',
      ${source}.received_at, ${source}.id, ${wanted}) f
    WHERE ${source}.spam IS NULL) person ON true
  WHERE NOT EXISTS (SELECT 1 FROM leads taken WHERE taken.id = ${source}.id)`;

/** A lead just stored, and its person (null on spam). */
export interface InsertedLead {
  person: string | null;
  origin: string | null;
}

/**
 * Stores the record unless its id is taken, with its person found or made in the same statement
 * (none for spam): what this call stored, or null when the id was taken. A retry is answered from
 * the row its first post left (idempotent by submission id); nothing replaces a row, a spam
 * record included.
 */
export const insertLead = async (record: LeadRecord): Promise<InsertedLead | null> => {
  const values = INSERT_COLUMN_LIST.map((column, i) => `$${i + 1}::${COLUMN_TYPES[column]} AS ${column}`).join(', ');
  const [row] = await query<InsertedLead>(
    `INSERT INTO leads (${INSERT_COLUMNS}, person_id, origin_person_id)
     SELECT v.*, person.seen, person.own FROM (SELECT ${values}) v ${FIND_PERSON('v')}
     ON CONFLICT (id) DO NOTHING RETURNING person_id AS person, origin_person_id AS origin`,
    rowValues(record),
  );
  return row ?? null;
};

/** When the lead (or, with `spamToo`, the spam record) with this id was received, or null when there is none. */
export const receivedAtOf = async (id: string, { spamToo = false } = {}): Promise<string | null> => {
  const row = await queryOne<{ received_at: Date }>(`SELECT received_at FROM leads WHERE id = $1${spamToo ? '' : ' AND spam IS NULL'}`, [
    id,
  ]);
  return row ? (iso(row.received_at) as string) : null;
};

/** A lead's deliveries, as one json array per row. */
export const DELIVERIES_JSON = `(SELECT coalesce(json_agg(json_build_object(${['id', ...DELIVERY_COLUMNS]
  .map((column) => `'${column}', d.${column}`)
  .join(', ')})), '[]') FROM deliveries d WHERE d.lead_id = l.id) AS deliveries`;
/** A lead's history, oldest first, as one json array per row. */
export const HISTORY_JSON = `(SELECT coalesce(json_agg(json_build_object('status', h.status, 'note', h.note, 'by', h.changed_by,
  'at', h.changed_at, 'event', h.event, 'detail', h.detail) ORDER BY h.id), '[]') FROM lead_history h WHERE h.lead_id = l.id) AS history`;

const groupBy = <T extends { lead_id: string }>(rows: T[]) => {
  const byLead = new Map<string, Omit<T, 'lead_id'>[]>();
  for (const { lead_id: lead, ...rest } of rows) byLead.set(lead, [...(byLead.get(lead) ?? []), rest]);
  return byLead;
};

/** The deliveries of these leads, by lead. */
export const deliveriesOf = async (ids: readonly string[]): Promise<Map<string, DeliveryJson[]>> =>
  ids.length === 0
    ? new Map()
    : groupBy(
        await query<DeliveryJson & { lead_id: string }>(
          `SELECT lead_id, id, ${DELIVERY_COLUMNS.join(', ')} FROM deliveries WHERE lead_id = ANY($1::uuid[])`,
          [[...ids]],
        ),
      );

/** The history of these leads, oldest first, by lead. */
export const historyOf = async (ids: readonly string[]): Promise<Map<string, NonNullable<LeadRow['history']>>> =>
  ids.length === 0
    ? new Map()
    : groupBy(
        await query<NonNullable<LeadRow['history']>[number] & { lead_id: string }>(
          `SELECT lead_id, status, note, changed_by AS by, changed_at AS at, event, detail FROM lead_history
           WHERE lead_id = ANY($1::uuid[]) ORDER BY id`,
          [[...ids]],
        ),
      );

export interface StoredLead {
  record: LeadRecord;
  /** Raised by every change of the team's work: what a change must name (If-Match). */
  version: number;
}

/** The lead (or spam) with this id, with its deliveries, history and version; null when there is none. */
export const readLead = async (id: string): Promise<StoredLead | null> => {
  const row = await queryOne<LeadRow>(`SELECT l.*, ${DELIVERIES_JSON}, ${HISTORY_JSON} FROM leads l WHERE l.id = $1`, [id]);
  return row ? { record: recordFromRow(row), version: row.version } : null;
};
