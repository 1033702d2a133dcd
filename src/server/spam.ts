/**
 * Spam signals, read from the raw body: the honeypot input (hidden from people) and the fill
 * time the form measured. Spam is answered like success, stored apart and never notified.
 */
import { HONEYPOT_FIELD, TIMING_FIELD } from '../lib/enquiry/field-rules.ts';
import { minFillMs } from './pipeline-settings.ts';
import type { Via } from './record.ts';

export type SpamReason = 'honeypot' | 'too-fast' | 'no-timing';

/**
 * A JSON post without a fill time is a script, not our form (which always sends it). A native
 * form post has no fill time (it was sent before or without JavaScript): only the honeypot, and a
 * fill time if one was sent, judge it.
 */
export const spamReason = (raw: Record<string, unknown>, via: Via): SpamReason | null => {
  const honeypot = raw[HONEYPOT_FIELD];
  if (honeypot !== undefined && honeypot !== null && honeypot !== '') return 'honeypot';
  const elapsed = raw[TIMING_FIELD];
  if (elapsed === undefined && via === 'html') return null;
  if (typeof elapsed !== 'number' || !Number.isFinite(elapsed)) return 'no-timing';
  if (elapsed < minFillMs()) return 'too-fast';
  return null;
};
