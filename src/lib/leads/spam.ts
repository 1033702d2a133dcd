/**
 * Spam signals, read from the raw body: the honeypot input (hidden from people) and the fill
 * time the form measured. Spam is answered like success, stored apart and never notified.
 */
import { HONEYPOT_FIELD, TIMING_FIELD } from '../enquiry/fields.ts';
import { minFillMs } from './config.ts';

export type SpamReason = 'honeypot' | 'too-fast' | 'no-timing';

export const spamReason = (raw: Record<string, unknown>): SpamReason | null => {
  const honeypot = raw[HONEYPOT_FIELD];
  if (honeypot !== undefined && honeypot !== null && honeypot !== '') return 'honeypot';
  const elapsed = raw[TIMING_FIELD];
  // Our forms always send it; a bare POST without it is a script, not a person.
  if (typeof elapsed !== 'number' || !Number.isFinite(elapsed)) return 'no-timing';
  if (elapsed < minFillMs()) return 'too-fast';
  return null;
};
