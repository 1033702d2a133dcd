/**
 * The persons tables (netlify/database/migrations/20261202025133_persons.sql): one person across
 * the group, found by a lead's phone or e-mail. Finding or making the person is the database
 * function `find_person` (the same for an enquiry, a release from spam, an import and the
 * backfill; leads.ts calls it as a lead is inserted): a phone or e-mail is claimed under the
 * contacts' primary key, so two enquiries from one new phone at once make one person, never a
 * read and then a write.
 *
 * A lead carries two persons: `person_id`, the one the team sees (after a merge, the person
 * kept), and `origin_person_id`, the one its own phone or e-mail found, which undoing the merge
 * returns it to (merges.ts).
 */
import type { EnquiryKind } from '../../lib/enquiry/index.ts';
import type { LeadStatus } from '../../lib/team-api/vocabulary.ts';
import { query, queryOne } from './connection.ts';
import { OPEN_STATUS_SQL } from './leads.ts';

/** A lead's person: the one the team sees, and the one its own phone or e-mail found (the same unless merged). */
export interface LeadPerson {
  person: string;
  origin: string;
}

/** The lead's person as the team sees it (null for spam). */
export const personOfLead = async (leadId: string): Promise<LeadPerson | null> =>
  queryOne<LeadPerson>('SELECT person_id AS person, origin_person_id AS origin FROM leads WHERE id = $1 AND person_id IS NOT NULL', [
    leadId,
  ]);

/** The person the team sees for any person id (itself, or the one it was merged into); null when there is none. */
export const seenPerson = async (personId: string): Promise<string | null> =>
  (await queryOne<{ id: string }>('SELECT coalesce(merged_into, id) AS id FROM persons WHERE id = $1', [personId]))?.id ?? null;

/** A person and everyone merged into them: the ids their consent is read over. */
export const membersOf = async (personId: string): Promise<string[]> =>
  (await query<{ id: string }>('SELECT id FROM persons WHERE id = $1 OR merged_into = $1 ORDER BY created_at, id', [personId])).map(
    (row) => row.id,
  );

/** An earlier open lead the new one repeats, and who works it. */
export interface RepeatOf {
  id: string;
  receivedAt: string;
  status: LeadStatus;
  /** Who works the earlier lead: the last person who changed it, or null while nobody has. */
  worker: string | null;
}

/**
 * Marks lead `leadId` as a repeat of the person's newest other open lead (new or contacted) of the
 * same kind received within `days` before it, and returns that lead; null when there is none.
 */
export const markRepeat = async (
  leadId: string,
  person: string,
  kind: EnquiryKind,
  receivedAt: string,
  days: number,
): Promise<RepeatOf | null> => {
  if (kind === 'privacy' || days <= 0) return null;
  const since = new Date(Date.parse(receivedAt) - days * 86_400_000).toISOString();
  const row = await queryOne<{ id: string; received_at: Date; status: LeadStatus; worker: string | null }>(
    `WITH earlier AS (
       SELECT id, received_at, status, status_by FROM leads
       WHERE person_id = $2 AND kind = $3 AND id <> $1 AND spam IS NULL AND ${OPEN_STATUS_SQL}
         AND received_at >= $4 AND received_at <= $5
       ORDER BY received_at DESC, id DESC LIMIT 1),
     marked AS (UPDATE leads SET repeat_of = earlier.id FROM earlier WHERE leads.id = $1 RETURNING leads.id)
     SELECT earlier.id, earlier.received_at, earlier.status, earlier.status_by AS worker FROM earlier, marked`,
    [leadId, person, kind, since, receivedAt],
  );
  return row ? { id: row.id, receivedAt: new Date(row.received_at).toISOString(), status: row.status, worker: row.worker } : null;
};

/** The earlier lead a repeat repeats, as the team's e-mail names it; null when it is gone. */
export const repeatedLead = async (id: string): Promise<RepeatOf | null> => {
  const row = await queryOne<{ id: string; received_at: Date; status: LeadStatus; worker: string | null }>(
    'SELECT id, received_at, status, status_by AS worker FROM leads WHERE id = $1',
    [id],
  );
  return row ? { id: row.id, receivedAt: new Date(row.received_at).toISOString(), status: row.status, worker: row.worker } : null;
};

/** Who the timeline names for what the person did themself: an enquiry they sent, a withdrawal by their link. */
export const PERSON_ACTORS = { visitor: 'the visitor', link: 'the person, by the link' } as const;

/** One event of a person's timeline besides their leads' own history. */
export type PersonEventAction = 'merge' | 'unmerge' | 'referral' | 'withdrawal' | 'whatsapp';

export const logPersonEvent = (
  personId: string,
  actor: string,
  action: PersonEventAction,
  {
    leadId = null,
    detail = {},
    at = new Date().toISOString(),
  }: { leadId?: string | null; detail?: Record<string, string>; at?: string } = {},
) =>
  query('INSERT INTO person_events (person_id, at, actor, action, lead_id, detail) VALUES ($1, $2, $3, $4, $5, $6)', [
    personId,
    at,
    actor,
    action,
    leadId,
    JSON.stringify(detail),
  ]);

/** Who the timeline names for a text the person sent on WhatsApp (and their STOP). */
export const BY_WHATSAPP = 'the person, on WhatsApp';

/**
 * A text the person sent on WhatsApp, on their timeline (`whatsapp`, `detail.text`), beside the
 * lead it answers; Meta's repeats of the same message (its id, `detail.wamid`) are recorded once.
 * True when it was recorded now.
 */
export const logWhatsAppText = async (personId: string, leadId: string | null, at: string, text: string, wamid: string) =>
  (
    await query(
      `INSERT INTO person_events (person_id, at, actor, action, lead_id, detail)
       SELECT $1, $2, $3, 'whatsapp', $4, $5
       WHERE NOT EXISTS (SELECT 1 FROM person_events WHERE action = 'whatsapp' AND detail->>'wamid' = $6)
       RETURNING 1`,
      [personId, at, BY_WHATSAPP, leadId, JSON.stringify({ text, wamid }), wamid],
    )
  ).length > 0;

/** The lead a person's reply belongs to: their newest open one (new or contacted), else their newest; null when they have none. */
export const leadOfReply = async (personId: string): Promise<string | null> =>
  (
    await queryOne<{ id: string }>(
      `SELECT l.id FROM leads l WHERE l.person_id = ANY($1::uuid[]) AND l.spam IS NULL
       ORDER BY (l.status IN ('new', 'contacted')) DESC, l.received_at DESC, l.id DESC LIMIT 1`,
      [await membersOf(personId)],
    )
  )?.id ?? null;
