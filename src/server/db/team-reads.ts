/**
 * What each sales key read, per UTC hour (table team_reads): the different leads handed to it in
 * list pages and single reads. A sales key reads and works leads, one at a time; it does not
 * export them. So past SALES_READS_PER_HOUR different leads in an hour it is refused (429) until
 * the hour ends, and the owner sees it in the team's log, once an hour per person.
 */
import { salesReadsPerHour } from '../settings.ts';
import { query, queryOne, transaction } from './connection.ts';

/** The start of the UTC hour of `at`. */
export const hourOf = (at: Date) => `${at.toISOString().slice(0, 13)}:00:00.000Z`;

/**
 * Counts `leadIds` as read by `memberId` this hour and answers how many different leads that
 * makes; when that is over the limit nothing is counted (the page is not handed out) and null
 * comes back. In one transaction, under a lock per person, so parallel pages count one by one.
 */
export const countReads = async (memberId: string, leadIds: readonly string[], now = new Date()): Promise<number | null> =>
  transaction(async () => {
    await query('SELECT pg_advisory_xact_lock(hashtext($1))', [`team-reads:${memberId}`]);
    const hour = hourOf(now);
    await query(`INSERT INTO team_reads (member_id, hour, lead_id) SELECT $1, $2, unnest($3::uuid[]) ON CONFLICT DO NOTHING`, [
      memberId,
      hour,
      [...leadIds],
    ]);
    const row = await queryOne<{ n: number }>('SELECT count(*)::int AS n FROM team_reads WHERE member_id = $1 AND hour = $2', [
      memberId,
      hour,
    ]);
    if ((row?.n ?? 0) > salesReadsPerHour()) throw new ReadLimitReached();
    return row?.n ?? 0;
  }).catch((error) => {
    if (error instanceof ReadLimitReached) return null;
    throw error;
  });

class ReadLimitReached extends Error {}

/** Forgets the hours before `before`; returns how many rows went. */
export const deleteReadsBefore = async (before: string): Promise<number> =>
  (await query('DELETE FROM team_reads WHERE hour < $1 RETURNING 1', [before])).length;
