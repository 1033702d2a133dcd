/**
 * The next follow-up of a lead (`followUpAt`): every lead in a working status has one (a change
 * that leaves it without is refused, 400 naming followUpAt), a lead won or lost has none. It is
 * set by hand (PATCH /api/leads/<id>, the inbox's quick picks), by a "call back at…" attempt (its
 * time), and by an attempt that names none: the next working morning, when the lead had none or
 * it was already due. At its time the assignee gets a push (jobs/first-contact.ts), and the lead
 * is on the due list (GET /api/leads?view=due) and in the morning digest until it is moved.
 */
import { HttpError } from '../errors.ts';
import { followUpPicks, nextWorkingMorning, officeWorkingTime } from '../working-time.ts';

/** How far ahead a follow-up may be set. */
export const FOLLOW_UP_MAX_DAYS = 366;

/** Why a follow-up time is refused, or null: an ISO time later than now, within FOLLOW_UP_MAX_DAYS. */
export const followUpProblem = (value: unknown, now: number, name = 'followUpAt'): string | null => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value))
    return `${name} must be a date and time (ISO 8601, e.g. 2026-12-03T10:30:00+05:30)`;
  const at = Date.parse(value);
  if (!Number.isFinite(at)) return `${name} must be a real date and time`;
  if (at <= now) return `${name} must be later than now`;
  if (at > now + FOLLOW_UP_MAX_DAYS * 86_400_000) return `${name} must be within a year`;
  return null;
};

/** The follow-up a lead gets when nobody picked one: the next working morning. */
export const defaultFollowUp = (now: string) => nextWorkingMorning(now, officeWorkingTime());

/** The inbox's quick picks from now (GET /api/leads/<id>). */
export const picksFrom = (now: string) => followUpPicks(now, officeWorkingTime());

/** A change that would leave a lead in a working status without a follow-up. */
export const followUpNeeded = (status: string) =>
  new HttpError(400, 'Set the next follow-up: a lead being worked always has one.', {
    fields: { followUpAt: `a lead that is ${status} needs its next follow-up (followUpAt)` },
  });
