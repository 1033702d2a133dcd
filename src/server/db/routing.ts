/**
 * Routing's tables (netlify/database/migrations/*_routing.sql): the members' routing settings,
 * the round robin's one pointer, the leads given to each member per day (their cap), a lead's
 * assignee and first-contact clock, and routing's entries in the lead's history. Times come from
 * the functions' clock, never the database's.
 */
import { query, queryOne } from './connection.ts';
import { OPEN_STATUS_SQL } from './leads.ts';
import type { EnquiryKind } from '../../lib/enquiry/kinds.ts';
import type { MemberLanguage, RoutingEvent } from '../../lib/team-api/vocabulary.ts';
import type { Assignee, MemberRouting } from '../../lib/team-api/wire.ts';

/** A member as the round robin sees them. */
export interface Candidate {
  id: string;
  name: string;
  role: 'sales' | 'owner';
  kinds: EnquiryKind[];
  languages: MemberLanguage[];
}

/**
 * Locks the round robin's pointer until the transaction ends (every assignment takes this lock,
 * so parallel leads take turns) and says whom it chose last, and where that member stands in
 * the order (their `added_at` and id; null when nobody was chosen yet or they were removed).
 */
export const lockPointer = async (): Promise<{ lastId: string | null; lastAddedAt: string | null }> => {
  // The one row, made again if it is gone (a database emptied table by table): a second maker waits for the first.
  await query('INSERT INTO assignment_pointer (id) VALUES (true) ON CONFLICT DO NOTHING');
  const row = await queryOne<{ last_member_id: string | null; added_at: Date | null }>(
    `SELECT p.last_member_id, m.added_at FROM assignment_pointer p LEFT JOIN team_members m ON m.id = p.last_member_id
     WHERE p.id FOR UPDATE OF p`,
  );
  return { lastId: row?.last_member_id ?? null, lastAddedAt: row?.added_at ? new Date(row.added_at).toISOString() : null };
};

/**
 * The members who may be given a lead now: available, and under their cap for India's date
 * `day`; in the round robin's order (when added, then id), with where each stands against the
 * pointer's member (`after`: later in the order). Read after lockPointer, so the counts are those
 * every earlier assignment committed.
 */
export const candidates = async (day: string, last: { lastId: string | null; lastAddedAt: string | null }) =>
  query<Candidate & { after: boolean }>(
    `SELECT m.id, m.name, m.role, m.kinds, m.languages,
            ($2::timestamptz IS NOT NULL AND (m.added_at, m.id) > ($2::timestamptz, $3::uuid)) AS after
     FROM team_members m LEFT JOIN assignment_days d ON d.day = $1 AND d.member_id = m.id
     WHERE m.available AND (m.daily_cap IS NULL OR coalesce(d.leads, 0) < m.daily_cap)
     ORDER BY m.added_at, m.id`,
    [day, last.lastAddedAt, last.lastId],
  );

/**
 * The member who works the person's open lead of this kind (new or contacted, not spam, not
 * `leadId`): the newest one's assignee; null when there is none, or its assignee is the owner's key.
 */
export const currentAssignee = async (personId: string, kind: EnquiryKind, leadId: string): Promise<string | null> =>
  (
    await queryOne<{ assignee_id: string | null }>(
      `SELECT assignee_id FROM leads
       WHERE person_id = $1 AND kind = $2 AND id <> $3 AND spam IS NULL AND ${OPEN_STATUS_SQL} AND assignee_id IS NOT NULL
       ORDER BY received_at DESC, id DESC LIMIT 1`,
      [personId, kind, leadId],
    )
  )?.assignee_id ?? null;

/** Moves the pointer to the member the round robin chose. */
export const movePointer = (memberId: string, at: string) =>
  query('UPDATE assignment_pointer SET last_member_id = $1, last_at = $2 WHERE id', [memberId, at]);

/** Counts one more lead given to a member on India's date `day`. */
export const countAssignment = (memberId: string, day: string) =>
  query(
    `INSERT INTO assignment_days (day, member_id, leads) VALUES ($1, $2, 1)
     ON CONFLICT (day, member_id) DO UPDATE SET leads = assignment_days.leads + 1`,
    [day, memberId],
  );

/** Deletes the daily counts of days before `day` (the retention job). */
export const deleteAssignmentDaysBefore = (day: string) => query('DELETE FROM assignment_days WHERE day < $1', [day]);

/**
 * Gives a lead to `assignee` at `at`, with its clock (the first contact due and the next step;
 * null: as it was). A reassignment raises the lead's version and goes in its history (`history`);
 * the first assignment, made as the lead is stored, does neither. Only a lead that is not spam.
 */
export const setAssignee = async (
  leadId: string,
  assignee: Assignee,
  at: string,
  clock: { dueAt: string | null; step: number | null; nextAt: string | null } | null,
  history?: { event: RoutingEvent; by: string; detail: string },
): Promise<boolean> =>
  (
    await query(
      `WITH changed AS (
         UPDATE leads SET assignee_id = $2, assignee_name = $3, assigned_at = $4,
           first_contact_due_at = CASE WHEN $5 THEN $6::timestamptz ELSE first_contact_due_at END,
           clock_step = CASE WHEN $5 THEN $7::smallint ELSE clock_step END,
           clock_next_at = CASE WHEN $5 THEN $8::timestamptz ELSE clock_next_at END,
           version = version + CASE WHEN $9::text IS NULL THEN 0 ELSE 1 END
         WHERE id = $1 AND spam IS NULL RETURNING id, status, note),
       entry AS (
         INSERT INTO lead_history (lead_id, changed_at, changed_by, status, note, event, detail)
         SELECT id, $4, $9, status, note, $10, $11 FROM changed WHERE $9::text IS NOT NULL)
       SELECT id FROM changed`,
      [
        leadId,
        assignee.id,
        assignee.name,
        at,
        clock !== null,
        clock?.dueAt ?? null,
        clock?.step ?? null,
        clock?.nextAt ?? null,
        history?.by ?? null,
        history?.event ?? null,
        history?.detail ?? null,
      ],
    )
  ).length > 0;

/** A routing entry in the lead's history that changes nothing else (a reminder, an escalation). */
export const recordRoutingEvent = (leadId: string, at: string, history: { event: RoutingEvent; by: string; detail: string }) =>
  query(
    `INSERT INTO lead_history (lead_id, changed_at, changed_by, status, note, event, detail)
     SELECT id, $2, $3, status, note, $4, $5 FROM leads WHERE id = $1`,
    [leadId, at, history.by, history.event, history.detail],
  );

/** A member's routing settings, by id; null when there is nobody of that id. */
export const setMemberRouting = async (id: string, change: Partial<MemberRouting>) => {
  const row = await queryOne<{ id: string }>(
    `UPDATE team_members SET kinds = coalesce($2::text[], kinds), languages = coalesce($3::text[], languages),
       available = coalesce($4, available), daily_cap = CASE WHEN $5 THEN $6::int ELSE daily_cap END
     WHERE id = $1 RETURNING id`,
    [id, change.kinds ?? null, change.languages ?? null, change.available ?? null, change.dailyCap !== undefined, change.dailyCap ?? null],
  );
  return row !== null;
};

/** The routing settings of every member, by id. */
export const routingOfMembers = async (): Promise<Map<string, MemberRouting>> =>
  new Map(
    (
      await query<{ id: string; kinds: EnquiryKind[]; languages: MemberLanguage[]; available: boolean; daily_cap: number | null }>(
        'SELECT id, kinds, languages, available, daily_cap FROM team_members',
      )
    ).map((row) => [row.id, { kinds: row.kinds, languages: row.languages, available: row.available, dailyCap: row.daily_cap }]),
  );

/** A lead whose clock has a step due, as the clock reads it. */
export interface ClockLead {
  id: string;
  kind: EnquiryKind;
  receivedAt: string;
  status: string;
  locale: string;
  callTime?: string;
  callLanguage?: string;
  assignee: Assignee | null;
  step: number;
  nextAt: string;
}

/**
 * Takes up to `limit` leads whose clock's next step is due by `at`, oldest due first, locked
 * until the transaction ends (SKIP LOCKED: two runs of the clock never take one lead).
 */
export const claimClockDue = async (at: string, limit: number): Promise<ClockLead[]> =>
  (
    await query<{
      id: string;
      kind: EnquiryKind;
      received_at: Date;
      status: string;
      locale: string;
      call_time: string | null;
      call_language: string | null;
      assignee_id: string | null;
      assignee_name: string | null;
      clock_step: number;
      clock_next_at: Date;
    }>(
      `SELECT id, kind, received_at, status, locale, fields->>'callTime' AS call_time, fields->>'callLanguage' AS call_language,
              assignee_id, assignee_name, clock_step, clock_next_at
       FROM leads WHERE clock_next_at <= $1 ORDER BY clock_next_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [at, limit],
    )
  ).map((row) => ({
    id: row.id,
    kind: row.kind,
    receivedAt: new Date(row.received_at).toISOString(),
    status: row.status,
    locale: row.locale,
    ...(row.call_time ? { callTime: row.call_time } : {}),
    ...(row.call_language ? { callLanguage: row.call_language } : {}),
    assignee: row.assignee_name === null ? null : { id: row.assignee_id, name: row.assignee_name },
    step: row.clock_step,
    nextAt: new Date(row.clock_next_at).toISOString(),
  }));

/** A lead whose follow-up came due, as the clock pushes it to its assignee. */
export interface FollowUpDue {
  id: string;
  assignee: Assignee | null;
  followUpAt: string;
}

/** Takes up to `limit` leads whose follow-up's push is due by `at`, oldest first, locked until the transaction ends (SKIP LOCKED). */
export const claimFollowUpsDue = async (at: string, limit: number): Promise<FollowUpDue[]> =>
  (
    await query<{ id: string; assignee_id: string | null; assignee_name: string | null; follow_up_at: Date }>(
      `SELECT id, assignee_id, assignee_name, follow_up_at FROM leads
       WHERE follow_up_push_at <= $1 ORDER BY follow_up_push_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [at, limit],
    )
  ).map((row) => ({
    id: row.id,
    assignee: row.assignee_name === null ? null : { id: row.assignee_id, name: row.assignee_name },
    followUpAt: new Date(row.follow_up_at).toISOString(),
  }));

/** The follow-up's push is done (made, or nobody to make it to). */
export const clearFollowUpPush = (id: string) => query('UPDATE leads SET follow_up_push_at = NULL WHERE id = $1', [id]);

/** Sets a lead's clock to its next step (null: done). */
export const setClock = (id: string, step: number | null, nextAt: string | null) =>
  query('UPDATE leads SET clock_step = $2, clock_next_at = $3 WHERE id = $1', [id, step, nextAt]);

/** When the clock's next step of any lead is due (a first-contact step, or a follow-up's push), or null when none is. */
export const nextClockDue = async (): Promise<string | null> => {
  const row = await queryOne<{ due: Date | null }>(
    `SELECT least((SELECT min(clock_next_at) FROM leads WHERE clock_next_at IS NOT NULL),
                  (SELECT min(follow_up_push_at) FROM leads WHERE follow_up_push_at IS NOT NULL)) AS due`,
  );
  return row?.due ? new Date(row.due).toISOString() : null;
};

/**
 * The first contact of a lead, when none is recorded yet: its time and the assignment it
 * answered; the clock stops. (A change to "contacted" in the inbox; a connected call.)
 */
export const recordFirstContact = (id: string, at: string) =>
  query(
    `UPDATE leads SET first_contact_at = $2, first_contact_assigned_at = assigned_at, clock_step = NULL, clock_next_at = NULL
     WHERE id = $1 AND first_contact_at IS NULL`,
    [id, at],
  );
