/** Bearer-token check of the export, in constant time. */
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Whether `Authorization: Bearer <token>` carries the configured token. Both sides are hashed
 * first so the comparison takes the same time whatever the lengths.
 */
export const bearerMatches = (authorization: string | null, token: string): boolean => {
  const match = /^Bearer\s+(.+)$/i.exec(authorization?.trim() ?? '');
  const given = match ? match[1].trim() : '';
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
};
