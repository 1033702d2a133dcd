/**
 * The form's proof that a person had it open: a short-lived challenge signed by the server (HMAC
 * SHA-256), instead of the fill time the browser reports about itself.
 *
 * - With JavaScript, the form fetches a challenge when it starts (GET /api/<kind>) and sends it back
 *   with the enquiry. A challenge names its kind: /api/bankloan refuses one fetched from
 *   /api/contact. The server checks the signature and how long ago it was issued: sooner than
 *   LEADS_MIN_FILL_MS is too fast, older than 2 hours is stale (the form fetches a fresh one when
 *   it is sent after that).
 * - Without JavaScript, a post has no challenge. It gets a "Confirm your enquiry" page carrying a
 *   confirmation token: signed, time-stamped, and bound to exactly the fields posted (and the
 *   photos staged with them). The lead is stored and the team e-mailed when that confirmation
 *   comes; a confirmation sooner than LEADS_MIN_FILL_MS after the page was served is spam.
 *
 * Each challenge and confirm token serves one submission: the lead's transaction takes it as a
 * unique row (db/tokens.ts), and a second submission with it is spam.
 *
 * They are signed with the server's secret (../secret.ts).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { minFillMs } from '../settings.ts';
import type { EnquiryKind } from '../../lib/enquiry/index.ts';

/** The field a challenge travels in, with the enquiry. */
export const CHALLENGE_FIELD = 'challenge';
/** The field a confirmation token travels in, on the confirm page's form. */
export const CONFIRM_FIELD = 'confirmToken';

/** A challenge older than this is stale (the form fetches a fresh one before it sends). */
export const CHALLENGE_MAX_AGE_MS = 2 * 60 * 60 * 1000;
/** A confirm page is good for this long. */
export const CONFIRM_MAX_AGE_MS = 60 * 60 * 1000;

const sign = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64url');

const sameSignature = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** A challenge of `kind`'s form issued at `issuedAt` (ms): `<kind>.<issuedAt>.<nonce>.<signature>`. */
export const issueChallenge = (secret: string, kind: EnquiryKind, issuedAt = Date.now()): string => {
  const body = `${kind}.${issuedAt}.${randomBytes(9).toString('base64url')}`;
  return `${body}.${sign(secret, `challenge.${body}`)}`;
};

export type ChallengeVerdict = 'ok' | 'missing' | 'forged' | 'wrong-kind' | 'too-fast' | 'stale';

/** Whether a challenge is ours, for this kind, and was issued long enough ago but not too long. */
export const checkChallenge = (secret: string, kind: EnquiryKind, token: unknown, now = Date.now()): ChallengeVerdict => {
  if (typeof token !== 'string' || token === '') return 'missing';
  const parts = token.split('.');
  if (parts.length !== 4 || !sameSignature(parts[3], sign(secret, `challenge.${parts[0]}.${parts[1]}.${parts[2]}`))) return 'forged';
  if (parts[0] !== kind) return 'wrong-kind';
  const age = now - Number(parts[1]);
  if (!Number.isFinite(age) || age < minFillMs()) return 'too-fast';
  if (age > CHALLENGE_MAX_AGE_MS) return 'stale';
  return 'ok';
};

/** The fields a confirmation binds, in a stable order (the token itself and the challenge left out). */
const canonical = (fields: Record<string, string>) =>
  JSON.stringify(
    Object.keys(fields)
      .filter((name) => name !== CONFIRM_FIELD && name !== CHALLENGE_FIELD)
      .sort()
      .map((name) => [name, fields[name]]),
  );

/** A confirmation token for exactly these posted fields: `<issuedAt>.<signature>`. */
export const issueConfirmation = (secret: string, fields: Record<string, string>, issuedAt = Date.now()): string =>
  `${issuedAt}.${sign(secret, `confirm.${issuedAt}.${canonical(fields)}`)}`;

export type ConfirmationVerdict = 'ok' | 'missing' | 'forged' | 'too-fast' | 'stale';

/**
 * Whether `fields` carry a confirmation token for exactly themselves, clicked no sooner than
 * LEADS_MIN_FILL_MS after the confirm page was served and within the hour.
 */
export const checkConfirmation = (secret: string, fields: Record<string, string>, now = Date.now()): ConfirmationVerdict => {
  const token = fields[CONFIRM_FIELD];
  if (typeof token !== 'string' || token === '') return 'missing';
  const [issuedAt, signature, ...rest] = token.split('.');
  if (rest.length > 0 || !signature || !sameSignature(signature, sign(secret, `confirm.${issuedAt}.${canonical(fields)}`))) return 'forged';
  const age = now - Number(issuedAt);
  if (!Number.isFinite(age) || age < minFillMs()) return 'too-fast';
  return age <= CONFIRM_MAX_AGE_MS ? 'ok' : 'stale';
};
