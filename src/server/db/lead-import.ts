/**
 * The bulk import (`npm run leads:import`, through team/import.ts's checks): records of an export
 * stored again with the team's work, history and deliveries they carry, in one statement each per
 * batch. Ids already stored are skipped, so running it twice gives the same rows. Each new lead
 * joins its person as it is stored, oldest first, as if it had just arrived (the database's
 * find_person, as for an enquiry), and gets its consent rows from its columns.
 */
import type { LeadRecord } from '../../lib/enquiry/lead-record.ts';
import { query } from './connection.ts';
import { appendConsent, consentEntriesOf } from './consent-ledger.ts';
import { COLUMN_TYPES, DELIVERY_COLUMNS, DELIVERY_COLUMN_TYPES, FIND_PERSON, leadColumns, type DeliveryJson } from './leads.ts';

/** A delivery as an export shows it, to be stored again by an import. */
export type ImportedDelivery = Omit<DeliveryJson, 'id'> & { lead_id: string };

/** The deliveries an export's columns describe (none for spam). A pending one is never due: an import sends nothing. */
export const deliveriesOfRecord = (record: LeadRecord): ImportedDelivery[] => {
  if (record.spam) return [];
  const row = (channel: ImportedDelivery['channel'], state: ImportedDelivery['state'], more: Partial<ImportedDelivery> = {}) => ({
    lead_id: record.id,
    channel,
    state,
    attempts: 0,
    last_error: null,
    sent_at: null,
    gave_up_at: null,
    skipped: null,
    carried_by: null,
    ...more,
  });
  const tries = (resends: number | undefined, tried: boolean) => (resends ?? 0) + (tried ? 1 : 0);
  const gaveUpAt = record.receivedAt;
  const team = record.notifyHeld
    ? row('team', 'skipped', { skipped: record.notifyHeld })
    : record.notified
      ? row('team', 'sent', {
          attempts: tries(record.notifyAttempts, true),
          sent_at: record.notifiedAt ?? null,
          carried_by: record.notifiedWith ?? null,
          gave_up_at: record.notifyGaveUp ? gaveUpAt : null,
        })
      : row('team', record.notifyGaveUp ? 'gave-up' : 'pending', {
          attempts: tries(record.notifyAttempts, record.notifyError !== undefined),
          last_error: record.notifyError ?? null,
          gave_up_at: record.notifyGaveUp ? gaveUpAt : null,
        });
  const webhook =
    record.webhookSent === undefined
      ? []
      : [
          row('webhook', record.webhookSent ? 'sent' : record.webhookGaveUp ? 'gave-up' : 'pending', {
            attempts: tries(record.webhookAttempts, true),
            last_error: record.webhookSent ? null : (record.webhookError ?? null),
          }),
        ];
  const ack = record.ackSkipped
    ? [row('ack', 'skipped', { skipped: record.ackSkipped })]
    : record.ackedAt
      ? [row('ack', 'sent', { attempts: tries(record.ackAttempts, true), sent_at: record.ackedAt })]
      : record.ackError !== undefined || record.ackGaveUp
        ? [
            row('ack', record.ackGaveUp ? 'gave-up' : 'pending', {
              attempts: tries(record.ackAttempts, true),
              last_error: record.ackError ?? null,
            }),
          ]
        : [];
  return [team, ...webhook, ...ack];
};

/**
 * What an import adds to leads just stored with their persons (importRecords): their consent rows
 * as the export tells them (the boxes the visitor ticked), and the links to the lead a referral
 * came from and the lead a repeat repeats, where that lead is in the database.
 */
const completeImported = async (records: readonly LeadRecord[], origins: ReadonlyMap<string, string | null>) => {
  await appendConsent(
    records.flatMap((record) => {
      const origin = origins.get(record.id);
      return origin ? consentEntriesOf(record, origin) : [];
    }),
  );
  const links = records.filter((record) => record.referredFrom || record.repeatOf);
  if (links.length > 0)
    await query(
      `UPDATE leads l SET referred_from = f.id, referred_from_kind = f.kind, repeat_of = r.id
       FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, "referredFrom" uuid, "repeatOf" uuid)
       LEFT JOIN leads f ON f.id = x."referredFrom" LEFT JOIN leads r ON r.id = x."repeatOf"
       WHERE l.id = x.id`,
      [JSON.stringify(links.map(({ id, referredFrom, repeatOf }) => ({ id, referredFrom, repeatOf })))],
    );
};

/**
 * Stores records of an export (an import), with the team's work, history and deliveries they
 * carry, in one statement each, skipping ids already stored; returns how many were new. Each new
 * lead joins its person as it is stored, oldest first, as if it had just arrived, and gets its
 * consent rows (completeImported). Running it twice gives the same rows.
 */
export const importRecords = async (records: readonly LeadRecord[]): Promise<number> => {
  if (records.length === 0) return 0;
  const work = (record: LeadRecord) => ({
    status: record.statusAt ? (record.status ?? 'new') : 'new',
    note: record.statusAt ? (record.note ?? '') : '',
    status_by: record.statusAt ? (record.statusBy ?? null) : null,
    status_at: record.statusAt ?? null,
    spam_reason: record.spamReason ?? null,
    released_by: record.releasedBy ?? null,
    released_at: record.releasedAt ?? null,
    // Routing as the export had it; an imported lead's first-contact clock does not run.
    assignee_id: record.assignee?.id ?? null,
    assignee_name: record.assignee?.name ?? null,
    assigned_at: record.assignedAt ?? null,
    first_contact_due_at: record.firstContactDueAt ?? null,
    first_contact_at: record.firstContactAt ?? null,
    // The next follow-up as the export had it; its push is not made again.
    follow_up_at: record.followUpAt ?? null,
    lost_reason: record.status === 'lost' ? (record.lostReason ?? null) : null,
  });
  const types = {
    ...COLUMN_TYPES,
    status: 'text',
    note: 'text',
    status_by: 'text',
    status_at: 'timestamptz',
    spam_reason: 'text',
    released_by: 'text',
    released_at: 'timestamptz',
    assignee_id: 'uuid',
    assignee_name: 'text',
    assigned_at: 'timestamptz',
    first_contact_due_at: 'timestamptz',
    first_contact_at: 'timestamptz',
    follow_up_at: 'timestamptz',
    lost_reason: 'text',
  };
  const columns = Object.keys(types).join(', ');
  // Oldest first, as they arrived: each finds its person as if it had just come.
  const ordered = [...records].sort((a, b) => a.receivedAt.localeCompare(b.receivedAt) || a.id.localeCompare(b.id));
  const inserted = await query<{ id: string; origin: string | null }>(
    `INSERT INTO leads (${columns}, person_id, origin_person_id)
     SELECT ${columns
       .split(', ')
       .map((column) => `r.${column}`)
       .join(', ')}, person.seen, person.own
     FROM jsonb_to_recordset($1::jsonb) AS r(${Object.entries(types)
       .map(([column, type]) => `${column} ${type}`)
       .join(', ')}, wanted_person uuid) ${FIND_PERSON('r', 'r.wanted_person')}
     ON CONFLICT (id) DO NOTHING RETURNING id, origin_person_id AS origin`,
    [JSON.stringify(ordered.map((record) => ({ ...leadColumns(record), ...work(record), wanted_person: record.personId ?? null })))],
  );
  const fresh = new Map(inserted.map((row) => [row.id, row.origin]));
  const newRecords = ordered.filter((record) => fresh.has(record.id));
  const deliveries = newRecords.flatMap(deliveriesOfRecord);
  if (deliveries.length > 0) {
    await query(
      `INSERT INTO deliveries (lead_id, ${DELIVERY_COLUMNS.join(', ')})
       SELECT lead_id, ${DELIVERY_COLUMNS.join(', ')}
       FROM jsonb_to_recordset($1::jsonb) AS d(lead_id uuid, ${DELIVERY_COLUMNS.map((column) => `${column} ${DELIVERY_COLUMN_TYPES[column]}`).join(', ')})
       ON CONFLICT (lead_id, channel, topic) DO NOTHING`,
      [JSON.stringify(deliveries)],
    );
  }
  await completeImported(newRecords, fresh);
  const history = newRecords.flatMap((record) => (record.history ?? []).map((entry) => ({ lead_id: record.id, ...entry })));
  if (history.length > 0) {
    await query(
      `INSERT INTO lead_history (lead_id, changed_at, changed_by, status, note, event, detail)
       SELECT lead_id, "at", "by", status, note, event, detail
       FROM jsonb_to_recordset($1::jsonb) AS h(lead_id uuid, "at" timestamptz, "by" text, status text, note text, event text, detail text)`,
      [JSON.stringify(history)],
    );
  }
  return fresh.size;
};
