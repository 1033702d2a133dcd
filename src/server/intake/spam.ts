/**
 * Spam signals: the honeypot input (hidden from people) and the form's challenge (challenge.ts),
 * which the server signed and timed itself: the browser's own word about its fill time no longer
 * counts. Spam is answered like success, stored apart and never notified.
 */
import { HONEYPOT_FIELD } from '../../lib/enquiry/field-rules.ts';
import type { EnquiryKind } from '../../lib/enquiry/index.ts';
import { CHALLENGE_FIELD, checkChallenge, type ChallengeVerdict } from './challenge.ts';

/** Why a post was kept apart: a filled honeypot, a challenge that fails or was used by another submission, an unconfirmed native post, a reused confirmation. */
export type SpamReason =
  'honeypot' | `challenge-${Exclude<ChallengeVerdict, 'ok'>}` | 'challenge-reused' | 'unconfirmed' | 'confirm-too-fast' | 'confirm-reused';

export const honeypotFilled = (raw: Record<string, unknown>): boolean => {
  const honeypot = raw[HONEYPOT_FIELD];
  return honeypot !== undefined && honeypot !== null && honeypot !== '';
};

/** Why a post that carries (or should carry) a challenge is spam, or null when its challenge holds. */
export const challengeProblem = (secret: string, kind: EnquiryKind, raw: Record<string, unknown>): SpamReason | null => {
  const verdict = checkChallenge(secret, kind, raw[CHALLENGE_FIELD]);
  return verdict === 'ok' ? null : `challenge-${verdict}`;
};
