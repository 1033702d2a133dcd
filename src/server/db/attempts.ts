/**
 * The attempts to reach a lead's person (netlify/database/migrations/*_attempts.sql): each call,
 * WhatsApp message or e-mail a member made, with its outcome, stored with the member and the time
 * in the lead's own transaction, beside its line in the lead's history. Times come from the
 * functions' clock, never the database's.
 */
import { query, queryOne } from './connection.ts';
import type { Attempt, NewAttempt } from '../../lib/team-api/wire.ts';
import type { LeadStatus } from '../../lib/team-api/vocabulary.ts';

interface AttemptRow {
  id: string;
  lead_id: string;
  at: Date;
  member_id: string | null;
  member_name: string;
  channel: Attempt['channel'];
  outcome: Attempt['outcome'];
  note: string;
  call_back_at: Date | null;
}

const attemptOf = (row: AttemptRow): Attempt => ({
  id: String(row.id),
  at: new Date(row.at).toISOString(),
  by: row.member_name,
  memberId: row.member_id,
  channel: row.channel,
  outcome: row.outcome,
  ...(row.note ? { note: row.note } : {}),
  ...(row.call_back_at ? { callBackAt: new Date(row.call_back_at).toISOString() } : {}),
});

/** The lead an attempt is made on, locked until the transaction ends; null when there is no such lead (or it is spam). */
export const lockLeadForAttempt = (leadId: string) =>
  queryOne<{ status: LeadStatus; note: string; first_contact_at: Date | null; follow_up_at: Date | null }>(
    'SELECT status, note, first_contact_at, follow_up_at FROM leads WHERE id = $1 AND spam IS NULL FOR UPDATE',
    [leadId],
  );

/**
 * Stores one attempt and its line in the lead's history (`event: 'attempt'`, `detail` in words,
 * with the status and note the attempt left the lead with). With `contacts`, the attempt is the
 * lead's first contact: a lead still new becomes contacted, by the member. With `followUpAt`, the
 * lead's next follow-up moves there (and its push with it). Either raises the lead's version.
 */
export const insertAttempt = async (
  leadId: string,
  attempt: NewAttempt & { note: string },
  by: { id: string | null; name: string },
  at: string,
  history: { detail: string; contacts: boolean; followUpAt?: string },
): Promise<Attempt> => {
  const row = await queryOne<AttemptRow>(
    `WITH stored AS (
       INSERT INTO lead_attempts (lead_id, at, member_id, member_name, channel, outcome, note, call_back_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *),
     contacted AS (
       UPDATE leads SET
         status = CASE WHEN $9 AND status = 'new' THEN 'contacted' ELSE status END,
         status_by = CASE WHEN $9 AND status = 'new' THEN $4 ELSE status_by END,
         status_at = CASE WHEN $9 AND status = 'new' THEN $2::timestamptz ELSE status_at END,
         follow_up_at = coalesce($11::timestamptz, follow_up_at),
         follow_up_push_at = CASE WHEN $11::timestamptz IS NULL THEN follow_up_push_at ELSE $11::timestamptz END,
         version = version + 1
       WHERE id = $1 AND (($9 AND status = 'new') OR $11::timestamptz IS NOT NULL) RETURNING id, status, note),
     entry AS (
       INSERT INTO lead_history (lead_id, changed_at, changed_by, status, note, event, detail)
       SELECT l.id, $2, $4, coalesce(c.status, l.status), coalesce(c.note, l.note), 'attempt', $10
       FROM leads l LEFT JOIN contacted c ON c.id = l.id WHERE l.id = $1)
     SELECT * FROM stored`,
    [
      leadId,
      at,
      by.id,
      by.name,
      attempt.channel,
      attempt.outcome,
      attempt.note,
      attempt.callBackAt ?? null,
      history.contacts,
      history.detail,
      history.followUpAt ?? null,
    ],
  );
  return attemptOf(row as AttemptRow);
};

/** A lead's attempts, oldest first. */
export const attemptsOf = async (leadId: string): Promise<Attempt[]> =>
  (await query<AttemptRow>('SELECT * FROM lead_attempts WHERE lead_id = $1 ORDER BY at, id', [leadId])).map(attemptOf);

/** The attempts on every lead of these persons, oldest first, with each lead's kind (a person's timeline). */
export const attemptsOfPersons = async (personIds: readonly string[]) =>
  (
    await query<AttemptRow & { kind: string }>(
      `SELECT a.*, l.kind FROM lead_attempts a JOIN leads l ON l.id = a.lead_id
       WHERE l.person_id = ANY($1::uuid[]) AND l.spam IS NULL ORDER BY a.at, a.id`,
      [[...personIds]],
    )
  ).map((row) => ({ leadId: row.lead_id, kind: row.kind, ...attemptOf(row) }));
