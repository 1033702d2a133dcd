/**
 * The team's log: who exported, erased, released or worked which lead, who added or removed whom,
 * and the bursts of wrong keys that locked a client out, and when. Kept
 * LEADS_RETENTION_MONTHS (jobs/retention.ts); erasing a lead removes its id and details here.
 */
import { query } from './connection.ts';
import type { TeamAction } from '../../lib/team-api/vocabulary.ts';

/**
 * Writes the line unless `actor` already has one of `action` since `since` (at most one an hour,
 * say) with the same `detail.client` when there is one; true when it was written.
 */
export const logTeamActionOnce = async (actor: string, action: TeamAction, since: string, detail: Record<string, string> = {}) =>
  (
    await query(
      `INSERT INTO team_log (actor, action, detail) SELECT $1, $2, $3
       WHERE NOT EXISTS (SELECT 1 FROM team_log WHERE actor = $1 AND action = $2 AND at >= $4
                         AND ($5::text IS NULL OR detail->>'client' = $5))
       RETURNING 1`,
      [actor, action, JSON.stringify(detail), since, detail.client ?? null],
    )
  ).length > 0;

export const logTeamAction = (actor: string, action: TeamAction, leadId: string | null = null, detail: Record<string, string> = {}) =>
  query('INSERT INTO team_log (actor, action, lead_id, detail) VALUES ($1, $2, $3, $4)', [actor, action, leadId, JSON.stringify(detail)]);

/** Takes persons' ids out of the log's details (a person's erasure: merges, set-aside pairs, referrals). */
export const forgetPersonsInLog = (personIds: readonly string[]) =>
  personIds.length === 0
    ? Promise.resolve([])
    : query(
        `UPDATE team_log SET detail = '{}' WHERE action IN ('merge', 'unmerge', 'dismiss-pair')
           AND (detail ->> 'kept' = ANY($1) OR detail ->> 'merged' = ANY($1) OR detail ->> 'a' = ANY($1) OR detail ->> 'b' = ANY($1))`,
        [[...personIds]],
      );

/** Takes one lead's id and details out of the log (its erasure). */
export const forgetLeadInLog = (leadIds: readonly string[]) =>
  leadIds.length === 0
    ? Promise.resolve([])
    : query(`UPDATE team_log SET lead_id = NULL, detail = '{}' WHERE lead_id = ANY($1::uuid[])`, [[...leadIds]]);

/** Deletes entries older than `before`; returns how many went. */
export const deleteLogBefore = async (before: string): Promise<number> =>
  (await query('DELETE FROM team_log WHERE at < $1 RETURNING 1', [before])).length;

/** The team log's actor for what came in on WhatsApp. */
export const WHATSAPP_ACTOR = 'WhatsApp';
/** How long a text from an unknown number is kept in the log: the owner's to follow up, not a record. */
export const UNKNOWN_WHATSAPP_KEPT_DAYS = 30;

/**
 * A text on WhatsApp from a number we hold no person for: a line for the owner (`whatsapp-unknown`,
 * the number's 10 digits or as Meta gave it, the text), never a lead. Meta's repeats (the message's
 * id) are written once; true when it was written now.
 */
export const logUnknownWhatsApp = async (from: string, text: string, wamid: string, at: string) =>
  (
    await query(
      `INSERT INTO team_log (at, actor, action, detail) SELECT $1, $2, 'whatsapp-unknown', $3
       WHERE NOT EXISTS (SELECT 1 FROM team_log WHERE action = 'whatsapp-unknown' AND detail->>'wamid' = $4)
       RETURNING 1`,
      [at, WHATSAPP_ACTOR, JSON.stringify({ from, text, wamid }), wamid],
    )
  ).length > 0;

/** Deletes the texts from unknown numbers older than `before` (the retention job); how many went. */
export const deleteUnknownWhatsAppBefore = async (before: string): Promise<number> =>
  (await query(`DELETE FROM team_log WHERE action = 'whatsapp-unknown' AND at < $1 RETURNING 1`, [before])).length;
