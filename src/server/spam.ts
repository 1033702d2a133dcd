/**
 * Spam signals: the honeypot input (hidden from people) and the form's challenge (challenge.ts),
 * which the server signed and timed itself: the browser's own word about its fill time no longer
 * counts. Spam is answered like success, stored apart and never notified.
 */
import { HONEYPOT_FIELD } from '../lib/enquiry/field-rules.ts';
import { CHALLENGE_FIELD, checkChallenge, type ChallengeVerdict } from './challenge.ts';

export type SpamReason = 'honeypot' | `challenge-${Exclude<ChallengeVerdict, 'ok'>}` | 'unconfirmed';

export const honeypotFilled = (raw: Record<string, unknown>): boolean => {
  const honeypot = raw[HONEYPOT_FIELD];
  return honeypot !== undefined && honeypot !== null && honeypot !== '';
};

/** Why a post that carries (or should carry) a challenge is spam, or null when its challenge holds. */
export const challengeProblem = (secret: string, raw: Record<string, unknown>): SpamReason | null => {
  const verdict = checkChallenge(secret, raw[CHALLENGE_FIELD]);
  return verdict === 'ok' ? null : `challenge-${verdict}`;
};
