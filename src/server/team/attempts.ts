/**
 * Attempts to reach a lead's person (POST /api/leads/<id>/attempts, both roles): a call, a
 * WhatsApp message or an e-mail, with what came of it, stored with the member and the time, in
 * the lead's history and the person's timeline.
 *
 * The first Connected attempt is the lead's first contact (unless a change to "contacted" by hand
 * came first): a lead still new becomes contacted, the first-contact clock stops, and Insights
 * measures the speed of first contact up to it. Later Connected attempts change none of that.
 */
import { HttpError } from '../errors.ts';
import { transaction } from '../db/connection.ts';
import { readLead, type StoredLead } from '../db/leads.ts';
import { insertAttempt, lockLeadForAttempt } from '../db/attempts.ts';
import { logTeamAction } from '../db/team-log.ts';
import { nextClockDue, recordFirstContact } from '../db/routing.ts';
import { noteClockDue, refreshClockNote } from '../outbound/pending-marker.ts';
import { defaultFollowUp, followUpProblem } from './follow-ups.ts';
import { logLead } from '../log.ts';
import { ATTEMPTS_TARGET, ATTEMPT_CHANNEL_NAMES, ATTEMPT_OUTCOME_NAMES, isClosedStatus } from '../../lib/team-api/vocabulary.ts';
import { newAttemptSchema, type Attempt, type NewAttempt, type Persistence } from '../../lib/team-api/wire.ts';
import { officeWorkingTime, openDaysAmong } from '../working-time.ts';
import { attemptsOf } from '../db/attempts.ts';
import type { Caller } from './auth.ts';

/** Unanswered attempts over at least this many working days ask to close the lead as unreachable. */
export const UNREACHABLE_OPEN_DAYS = 5;

/** The lead's persistence from its attempts (oldest first): counted since its last Connected attempt. */
export const persistenceOf = (attempts: readonly Attempt[]): Persistence => {
  const lastConnected = attempts.map((attempt) => attempt.outcome).lastIndexOf('connected');
  const unanswered = attempts.slice(lastConnected + 1);
  const openDays = openDaysAmong(
    unanswered.map((attempt) => attempt.at),
    officeWorkingTime(),
  );
  return {
    attempts: attempts.length,
    target: ATTEMPTS_TARGET,
    unanswered: unanswered.length,
    openDays,
    askToClose: unanswered.length >= ATTEMPTS_TARGET && openDays >= UNREACHABLE_OPEN_DAYS,
  };
};

/** How far ahead a call-back may be asked for. */
const CALL_BACK_MAX_DAYS = 366;

/** India's wall clock, as the history's words give a call-back time ("3 Dec, 10:30 am"). */
const indiaTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/** The attempt asked for, checked by its schema; a 400 names each bad field in words. */
export const parseAttempt = (body: unknown, now = Date.now()): NewAttempt & { note: string } => {
  const parsed = newAttemptSchema.safeParse(typeof body === 'object' && body !== null ? body : {});
  const fields: Record<string, string> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'body');
      fields[field] ??=
        field === 'channel'
          ? `channel must be one of ${Object.keys(ATTEMPT_CHANNEL_NAMES).join(', ')}`
          : field === 'outcome'
            ? `outcome must be one of ${Object.keys(ATTEMPT_OUTCOME_NAMES).join(', ')}`
            : field === 'note'
              ? 'note must be text of at most 1000 characters'
              : field === 'callBackAt' || field === 'followUpAt'
                ? `${field} must be a date and time (ISO 8601, e.g. 2026-12-03T10:30:00+05:30)`
                : field === 'body'
                  ? 'send a JSON object with channel and outcome'
                  : issue.message;
    }
  const attempt = parsed.success ? parsed.data : null;
  if (attempt?.note?.includes('\u0000')) fields.note = 'note must not hold U+0000 (NUL)';
  if (attempt?.outcome === 'call-back' && !attempt.callBackAt) fields.callBackAt = 'say when to call back (outcome call-back)';
  if (attempt?.callBackAt && attempt.outcome !== 'call-back') fields.callBackAt = 'callBackAt goes only with the outcome call-back';
  const followUp = attempt?.followUpAt === undefined ? null : followUpProblem(attempt.followUpAt, now);
  if (followUp) fields.followUpAt = followUp;
  if (attempt?.callBackAt && attempt.outcome === 'call-back') {
    const at = Date.parse(attempt.callBackAt);
    if (at <= now) fields.callBackAt = 'the call-back time must be later than now';
    else if (at > now + CALL_BACK_MAX_DAYS * 86_400_000) fields.callBackAt = 'the call-back time must be within a year';
  }
  if (!attempt || Object.keys(fields).length > 0) throw new HttpError(400, 'Some fields are wrong.', { fields });
  return {
    ...attempt,
    note: attempt.note?.trim() ?? '',
    ...(attempt.callBackAt ? { callBackAt: new Date(attempt.callBackAt).toISOString() } : {}),
    ...(attempt.followUpAt ? { followUpAt: new Date(attempt.followUpAt).toISOString() } : {}),
  };
};

/**
 * The follow-up an attempt leaves an open lead with: the one it names, else a call-back's time,
 * else, when the lead has none or it is already due, the next working morning (one tap stays one
 * tap); undefined: as it is. A lead won or lost keeps none.
 */
export const followUpAfter = (
  attempt: Pick<NewAttempt, 'callBackAt' | 'followUpAt'>,
  lead: { status: string; follow_up_at: Date | null },
  now: string,
): string | undefined => {
  if (isClosedStatus(lead.status)) return undefined;
  const named = attempt.followUpAt ?? attempt.callBackAt;
  if (named) return named;
  return lead.follow_up_at === null || lead.follow_up_at.getTime() <= Date.parse(now) ? defaultFollowUp(now) : undefined;
};

/** The attempt in the words of the lead's history: "Call: No answer", the call-back time, the note. */
export const attemptWords = (attempt: Pick<NewAttempt, 'channel' | 'outcome' | 'callBackAt'> & { note: string }): string =>
  [
    `${ATTEMPT_CHANNEL_NAMES[attempt.channel]}: ${attempt.outcome === 'call-back' ? 'Call back' : ATTEMPT_OUTCOME_NAMES[attempt.outcome]}`,
    attempt.callBackAt ? `at ${indiaTime.format(new Date(attempt.callBackAt))}` : '',
    attempt.note ? `– ${attempt.note}` : '',
  ]
    .filter(Boolean)
    .join(' ');

/**
 * Records the attempt on the lead, in one transaction with the lead's row locked: the attempt,
 * its history line, the team's log and, for the first Connected one, the first contact. 404 for
 * no such lead (or spam).
 */
export const recordAttempt = async (id: string, attempt: NewAttempt & { note: string }, who: Caller) => {
  const at = new Date().toISOString();
  const stored = await transaction(async () => {
    const lead = await lockLeadForAttempt(id);
    if (!lead) return null;
    const connected = attempt.outcome === 'connected';
    const followUpAt = followUpAfter(attempt, lead, at);
    const detail = [attemptWords(attempt), followUpAt ? `(next follow-up ${indiaTime.format(new Date(followUpAt))})` : '']
      .filter(Boolean)
      .join(' ');
    const saved: Attempt = await insertAttempt(id, attempt, who, at, {
      detail,
      contacts: connected,
      ...(followUpAt ? { followUpAt } : {}),
    });
    await logTeamAction(who.name, 'attempt', id, { channel: attempt.channel, outcome: attempt.outcome });
    // The first contact (kept when a change to "contacted" by hand, or an earlier Connected attempt, made it): the clock stops.
    if (connected && lead.first_contact_at === null) await recordFirstContact(id, at);
    return { saved, firstContact: connected && lead.first_contact_at === null, followUpAt };
  });
  if (!stored) throw new HttpError(404, 'No lead in the inbox has that id.');
  if (stored.firstContact) await refreshClockNote(nextClockDue);
  if (stored.followUpAt) await noteClockDue(stored.followUpAt);
  const [lead, attempts] = await Promise.all([readLead(id) as Promise<StoredLead>, attemptsOf(id)]);
  logLead({ kind: lead.record.kind, id, status: 'attempt', note: attempt.outcome });
  return { attempt: stored.saved, lead, persistence: persistenceOf(attempts) };
};
