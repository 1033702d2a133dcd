/**
 * The team's work on one lead, for the inbox at /leads (GET, PATCH and POST /api/leads/<id>…):
 * its status and note, releasing it from spam, and its photos.
 *
 * A change carries the version it was made on (If-Match) and is one compare-and-set statement on
 * the lead's version column, with its history entry and the team's log in the same statement: two
 * people changing one lead at once never overwrite each other, and the one whose version is stale
 * gets 412 with the lead as it is now.
 */
import { HttpError } from '../errors.ts';
import { query, queryOne, transaction } from '../db/connection.ts';
import { readLead, type StoredLead } from '../db/leads.ts';
import { logTeamAction } from '../db/team-log.ts';
import {
  CLOSED_STATUSES,
  LEAD_STATUSES,
  LOST_REASONS,
  isWorkingStatus,
  kindNames,
  type LeadStatus,
  type LostReason,
} from '../../lib/team-api/vocabulary.ts';
import { lostReasonName, lostReasonsOf, stagesOf } from '../../lib/team-api/stages.ts';
import { followUpNeeded, followUpProblem } from './follow-ups.ts';
import type { WorkChange } from '../../lib/team-api/wire.ts';
import { newDeliveries, storeDeliveries, tryAtReceipt } from '../outbound/deliveries.ts';
import { readPhoto } from '../db/photos.ts';
import { joinPerson } from '../intake/person.ts';
import { logLead } from '../log.ts';
import { currentAssignee, nextClockDue, recordFirstContact, setClock } from '../db/routing.ts';
import { assignNewLead } from '../intake/assign.ts';
import { recipientOf } from '../outbound/push.ts';
import { teamAlert } from '../outbound/team-alert.ts';
import { noteClockDue, refreshClockNote } from '../outbound/pending-marker.ts';

export const NOTE_MAX = 1000;

/** A change made on a version of the lead that is no longer current: 412, with the lead as it is now. */
export class LeadConflictError extends HttpError {
  readonly current: StoredLead;
  constructor(current: StoredLead) {
    const who = current.record.statusBy || 'Someone';
    super(412, `${who} changed this lead a moment ago. Look at it again, then make your change.`, {
      fields: { etag: 'the lead changed since you opened it' },
    });
    this.current = current;
  }
}

/** A version as an ETag's value, and back (quotes and W/ ignored); null when it is not one. */
export const etagOf = (version: number) => String(version);
export const versionOf = (etag: string): number | null => {
  const bare = etag.replace(/^W\//, '').replace(/"/g, '').trim();
  return /^\d{1,9}$/.test(bare) ? Number(bare) : null;
};

/** The change asked for, checked; a 400 names each bad field. */
export const parseWork = (body: unknown, now = Date.now()): WorkChange => {
  const fields: Record<string, string> = {};
  const { status, note, followUpAt, lostReason } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (status !== undefined && !(LEAD_STATUSES as readonly unknown[]).includes(status))
    fields.status = `status must be one of ${LEAD_STATUSES.join(', ')}`;
  if (note !== undefined && (typeof note !== 'string' || note.length > NOTE_MAX))
    fields.note = `note must be text of at most ${NOTE_MAX} characters`;
  else if (typeof note === 'string' && note.includes('\u0000')) fields.note = 'note must not hold U+0000 (NUL)';
  if (lostReason !== undefined && status !== 'lost') fields.lostReason = 'lostReason goes with status lost';
  else if (lostReason !== undefined && !(LOST_REASONS as readonly unknown[]).includes(lostReason))
    fields.lostReason = `lostReason must be one of ${LOST_REASONS.join(', ')}`;
  const followUp = followUpAt === undefined || followUpAt === null ? null : followUpProblem(followUpAt, now);
  if (followUp) fields.followUpAt = followUp;
  if (status === undefined && note === undefined && followUpAt === undefined) fields.status = 'send a status, a note, a followUpAt or more';
  if (Object.keys(fields).length > 0) throw new HttpError(400, 'Some fields are wrong.', { fields });
  return {
    ...(status !== undefined ? { status: status as LeadStatus } : {}),
    ...(note !== undefined ? { note: (note as string).trim() } : {}),
    ...(lostReason !== undefined ? { lostReason: lostReason as LostReason } : {}),
    ...(followUpAt !== undefined ? { followUpAt: followUpAt === null ? null : new Date(followUpAt as string).toISOString() } : {}),
  };
};

/**
 * Sets status, note and next follow-up over `version`, recording who and when in the lead, its
 * history and the team's log, in one statement. A lead changed since that version is not touched:
 * 412. A change of status or follow-up that would leave a working status without a follow-up is
 * not made either (400 naming followUpAt; a change of the note alone is let through, so a lead
 * worked before follow-ups existed keeps its notes). Won and lost clear the follow-up.
 */
export const changeWork = async (id: string, change: WorkChange, by: string, version: number): Promise<StoredLead> => {
  const at = new Date().toISOString();
  if (change.status !== undefined) await checkStageOfKind(id, change.status, change.lostReason);
  const setsFollowUp = change.followUpAt !== undefined;
  const changed = await queryOne<{ id: string; status: LeadStatus }>(
    `WITH wanted AS (
       SELECT id, coalesce($3, status) AS status,
              CASE WHEN coalesce($3, status) = ANY($10::text[]) THEN NULL WHEN $7 THEN $8::timestamptz ELSE follow_up_at END AS follow_up_at,
              follow_up_at AS old_follow_up
       FROM leads WHERE id = $1 AND version = $2 AND spam IS NULL),
     changed AS (
       UPDATE leads l SET status = w.status, note = coalesce($4, l.note), status_by = $5, status_at = $6, version = l.version + 1,
         follow_up_at = w.follow_up_at,
         lost_reason = CASE WHEN w.status = 'lost' THEN coalesce($12, l.lost_reason) END,
         follow_up_push_at = CASE WHEN w.follow_up_at IS NOT DISTINCT FROM w.old_follow_up THEN l.follow_up_push_at ELSE w.follow_up_at END
       FROM wanted w
       WHERE l.id = w.id AND NOT ($9 AND w.status <> 'new' AND NOT (w.status = ANY($10::text[])) AND w.follow_up_at IS NULL)
       RETURNING l.id, l.kind, l.status, l.note, l.follow_up_at, w.follow_up_at IS DISTINCT FROM w.old_follow_up AS moved),
     history AS (
       INSERT INTO lead_history (lead_id, changed_at, changed_by, status, note, detail)
       SELECT id, $6, $5, status, note,
              CASE WHEN moved AND follow_up_at IS NOT NULL THEN $11 || to_char(follow_up_at AT TIME ZONE 'Asia/Kolkata', 'FMDD Mon, FMHH12:MI am')
                   WHEN status = 'lost' AND $13::text IS NOT NULL THEN $13 END
       FROM changed),
     logged AS (
       INSERT INTO team_log (at, actor, action, lead_id, detail) SELECT $6, $5, 'work', id, jsonb_build_object('status', status) FROM changed)
     SELECT id, kind, status FROM changed`,
    [
      id,
      version,
      change.status ?? null,
      change.note ?? null,
      by,
      at,
      setsFollowUp,
      change.followUpAt ?? null,
      change.status !== undefined || setsFollowUp,
      [...CLOSED_STATUSES],
      'Next follow-up: ',
      change.status === 'lost' ? (change.lostReason ?? null) : null,
      change.status === 'lost' && change.lostReason ? `Reason: ${lostReasonName(change.lostReason)}` : null,
    ],
  );
  // The first contact (contacted, or a later stage set by hand) stops the first-contact clock (and is what Insights measures from the assignment).
  if (changed && isWorkingStatus(changed.status)) await recordFirstContact(id, at);
  else if (changed && changed.status !== 'new') await setClock(id, null, null);
  if (changed && changed.status !== 'new') await refreshClockNote(nextClockDue);
  if (changed && setsFollowUp && change.followUpAt) await noteClockDue(change.followUpAt);
  const current = await readLead(id);
  if (!current || current.record.spam) throw new HttpError(404, 'No lead in the inbox has that id.');
  if (!changed && current.version === version) throw followUpNeeded(change.status ?? current.record.status ?? 'new');
  if (!changed) throw new LeadConflictError(current);
  logLead({ kind: current.record.kind, id, status: 'work', note: current.record.status });
  return current;
};

/** A stage that is not one of the lead's division's: 400 naming status, with the division's stages. */
const checkStageOfKind = async (id: string, status: LeadStatus, lostReason: LostReason | undefined) => {
  const lead = await queryOne<{ kind: string }>('SELECT kind FROM leads WHERE id = $1 AND spam IS NULL', [id]);
  if (!lead) throw new HttpError(404, 'No lead in the inbox has that id.');
  const stages = stagesOf(lead.kind);
  if (!stages.includes(status))
    throw new HttpError(400, 'Some fields are wrong.', {
      fields: { status: `a ${kindNames(lead.kind).lead.toLowerCase()}'s status is one of ${stages.join(', ')}` },
    });
  const reasons = lostReasonsOf(lead.kind);
  if (status === 'lost' && (lostReason === undefined || !reasons.includes(lostReason)))
    throw new HttpError(400, 'Say why the lead was lost.', {
      fields: {
        lostReason: `a lost ${kindNames(lead.kind).lead.toLowerCase()} needs its reason (lostReason): one of ${reasons.join(', ')}`,
      },
    });
};

/**
 * "Not spam": moves a spam record into the inbox as a lead, attaches it to its person, and e-mails
 * the team (and calls the webhook) about it, once: the row changes from spam to lead in one statement, so a second
 * release, or one racing it, finds it in the inbox already (409) and sends nothing.
 */
export const releaseSpam = async (id: string, by: string): Promise<StoredLead> => {
  const releasedAt = new Date().toISOString();
  let clockDue: string | null = null;
  const deliveries = await transaction(async () => {
    // A lead now, with its person found or made in the same statement (spam never had one).
    const released = await query<{ person: string; origin: string }>(
      `UPDATE leads l SET spam_reason = l.spam, spam = NULL, released_by = $2, released_at = $3, version = l.version + 1,
         person_id = f.seen, origin_person_id = f.own
       FROM leads s, LATERAL find_person(s.phone, s.email, s.name, s.fields ->> 'selectedCity', s.received_at, s.id, NULL) f
       WHERE s.id = $1 AND s.spam IS NOT NULL AND l.id = s.id AND l.spam IS NOT NULL
       RETURNING f.seen AS person, f.own AS origin`,
      [id, by, releasedAt],
    );
    if (released.length === 0) return null;
    await logTeamAction(by, 'release', id);
    // Its consent rows, and whether it repeats an earlier lead of the person.
    const spam = await readLead(id);
    if (spam) await joinPerson(spam.record, released[0]);
    const lead = await readLead(id);
    if (!lead) return [];
    // A lead now: it gets its assignee and clock, as at arrival, from the release.
    const current = lead.record.personId ? await currentAssignee(lead.record.personId, lead.record.kind, id) : null;
    const { assignee, dueAt } = await assignNewLead({ ...lead.record, receivedAt: releasedAt }, releasedAt, current);
    clockDue = dueAt;
    const alert = await teamAlert(recipientOf(assignee), 'assigned', releasedAt);
    return storeDeliveries(id, newDeliveries({ ...lead.record, assignee }, { ackOwed: false, alert }));
  });
  if (deliveries === null) {
    if (await readLead(id)) throw new HttpError(409, 'This lead is in the inbox already.');
    throw new HttpError(404, 'No lead or spam has that id.');
  }
  const lead = (await readLead(id)) as StoredLead;
  logLead({ kind: lead.record.kind, id, status: 'released', note: lead.record.spamReason });
  await Promise.all([tryAtReceipt(lead.record, deliveries), clockDue ? noteClockDue(clockDue) : null]);
  return (await readLead(id)) ?? lead;
};

/** One of a lead's photos, for a signed-in team member only; null when the lead has no such photo. */
export const leadPhoto = async (id: string, name: string): Promise<{ bytes: ArrayBuffer; contentType: string } | null> => {
  const row = await queryOne<{ photos: string[] }>('SELECT photos FROM leads WHERE id = $1', [id]);
  const key = `${id}/${name}`;
  if (!row || !row.photos.includes(key)) return null;
  return readPhoto(key);
};
