/**
 * Sign-in attempts per client, each counted in one statement before its key is compared (so
 * parallel guesses cannot slip past the count; a right key takes its count back):
 * SIGN_IN_MAX_FAILURES within SIGN_IN_WINDOW_MINUTES lock the client out for
 * SIGN_IN_LOCK_MINUTES. A client is an HMAC of its IPv4 address or IPv6 /64 (team/auth.ts,
 * client.ts), never the address.
 */
import { query, queryOne } from './connection.ts';

export const SIGN_IN_MAX_FAILURES = 10;
export const SIGN_IN_WINDOW_MINUTES = 10;
export const SIGN_IN_LOCK_MINUTES = 15;

/** Until when the client is locked out, or null. */
export const lockedUntil = async (client: string, now: Date): Promise<Date | null> => {
  const row = await queryOne<{ locked_until: Date | string }>(
    'SELECT locked_until FROM sign_in_failures WHERE client = $1 AND locked_until > $2::timestamptz',
    [client, now.toISOString()],
  );
  return row ? new Date(row.locked_until) : null;
};

/**
 * Counts one attempt of `client` at `now`, before its key is compared, in one statement (so a
 * parallel burst counts one by one): a new window when the last began more than the window ago.
 * An attempt past SIGN_IN_MAX_FAILURES in the window locks the client at once (it is refused
 * without its key being looked at). Answers the window's count and the lock, if any.
 */
export const countAttempt = async (client: string, now: Date): Promise<{ failures: number; lockedUntil: Date | null }> => {
  const row = (await queryOne<{ failures: number; locked_until: Date | string | null }>(
    `INSERT INTO sign_in_failures AS f (client, window_started_at, failures) VALUES ($1, $2::timestamptz, 1)
     ON CONFLICT (client) DO UPDATE SET
       window_started_at = CASE WHEN f.window_started_at <= $2::timestamptz - make_interval(mins => $3) THEN $2::timestamptz ELSE f.window_started_at END,
       failures = CASE WHEN f.window_started_at <= $2::timestamptz - make_interval(mins => $3) THEN 1 ELSE f.failures + 1 END,
       locked_until = CASE
         WHEN f.locked_until > $2::timestamptz THEN f.locked_until
         WHEN f.window_started_at > $2::timestamptz - make_interval(mins => $3) AND f.failures + 1 > $4 THEN $2::timestamptz + make_interval(mins => $5)
         ELSE NULL END
     RETURNING failures, locked_until`,
    [client, now.toISOString(), SIGN_IN_WINDOW_MINUTES, SIGN_IN_MAX_FAILURES, SIGN_IN_LOCK_MINUTES],
  ))!;
  const until = row.locked_until ? new Date(row.locked_until) : null;
  return { failures: row.failures, lockedUntil: until && until > now ? until : null };
};

/** The attempt counted for a key that proved right is taken back: a right key is no failure. */
export const uncountAttempt = (client: string) =>
  query('UPDATE sign_in_failures SET failures = greatest(failures - 1, 0) WHERE client = $1 AND locked_until IS NULL', [client]);

/** Locks the client out from `now` (its window's last allowed attempt was a wrong key); answers until when. */
export const lockClient = async (client: string, now: Date): Promise<Date> => {
  const row = (await queryOne<{ locked_until: Date | string }>(
    `UPDATE sign_in_failures SET locked_until = greatest(coalesce(locked_until, $2::timestamptz), $2::timestamptz + make_interval(mins => $3))
     WHERE client = $1 RETURNING locked_until`,
    [client, now.toISOString(), SIGN_IN_LOCK_MINUTES],
  ))!;
  return new Date(row.locked_until);
};

/** Forgets clients whose window and lock ended before `before`; returns how many went. */
export const deleteFailuresBefore = async (before: string): Promise<number> =>
  (
    await query(
      `DELETE FROM sign_in_failures WHERE window_started_at < $1::timestamptz AND (locked_until IS NULL OR locked_until < $1::timestamptz) RETURNING 1`,
      [before],
    )
  ).length;
