/**
 * Who is calling the team's API: each person's own key (db/team-members.ts), or
 * LEADS_OWNER_TOKEN, the owner's first key (LEADS_EXPORT_TOKEN, its old name, still works). The
 * name recorded with every change comes from here, never from anything else the caller sends.
 *
 * Wrong keys slow down (signInDelayMs) and, SIGN_IN_MAX_FAILURES of them in
 * SIGN_IN_WINDOW_MINUTES, lock that client out for SIGN_IN_LOCK_MINUTES (db/sign-in-failures.ts).
 * A client is an HMAC of its address keyed by a secret derived from the owner's key.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { memberByKey } from '../db/team-members.ts';
import { signInDelayBaseMs } from '../settings.ts';
import type { TeamRole } from '../../lib/team-api/vocabulary.ts';

export interface Caller {
  /** Null for the owner's first key (LEADS_OWNER_TOKEN), which has no row. */
  id: string | null;
  name: string;
  role: TeamRole;
}

/** The name the owner's first key works under. */
export const OWNER_KEY_NAME = 'Owner';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** The key of `Authorization: Bearer <key>`, or ''. */
export const bearerKey = (authorization: string | null): string => {
  const match = /^Bearer\s+(.+)$/i.exec(authorization?.trim() ?? '');
  return match ? match[1].trim() : '';
};

/**
 * Whether `Authorization: Bearer <token>` carries `token`. Both sides are hashed first so the
 * comparison takes the same time whatever the lengths.
 */
export const bearerMatches = (authorization: string | null, token: string): boolean => {
  const given = bearerKey(authorization);
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
};

/** The person whose key this request carries, or null. */
export const authenticate = async (authorization: string | null, ownerToken: string): Promise<Caller | null> => {
  if (bearerMatches(authorization, ownerToken)) return { id: null, name: OWNER_KEY_NAME, role: 'owner' };
  const key = bearerKey(authorization);
  if (!key) return null;
  const member = await memberByKey(key);
  return member ? { id: member.id, name: member.name, role: member.role } : null;
};

/** The client as the failure count knows it: an HMAC of its address, never the address itself. */
export const clientKey = (address: string, ownerToken: string): string =>
  createHmac('sha256', digest(`sign-in-client:${ownerToken}`))
    .update(address || 'unknown')
    .digest('base64url');

/**
 * How long the answer to a wrong key waits: LEADS_SIGN_IN_DELAY_MS (default 1000) times the
 * failures of the client's window, at most 5 times that.
 */
export const signInDelayMs = (failures: number): number => {
  return signInDelayBaseMs() * Math.min(Math.max(failures, 1), 5);
};
