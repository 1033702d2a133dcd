/**
 * The owner's side of the team's API: the people and their keys, and the team's log.
 * - GET /api/leads/me: who the key belongs to ({ name, role }), for every role;
 * - GET /api/leads/team: the people; POST it with { name, role } to add one (201 with their key,
 *   shown this once); DELETE /api/leads/team/<id> removes one, and their key stops working at once;
 * - GET /api/leads/log[?before=<entry id>]: the team's log, newest first, a page at a time.
 * Every change here goes in the team's log under the owner's name.
 */
import { HttpError, jsonResponse } from '../errors.ts';
import { query, transaction } from '../db/connection.ts';
import { addMember, listMembers, removeMember } from '../db/team-members.ts';
import { TEAM_ROLES, type TeamAction, type TeamRole } from '../../lib/team-api/vocabulary.ts';
import { logTeamAction } from '../db/team-log.ts';
import type { Caller } from './auth.ts';
import type { LogPage, MemberRouting, NewPerson, People, PersonAdded } from '../../lib/team-api/wire.ts';
import { nameProblem, normaliseName } from './names.ts';
import { parseRoutingChange } from './routing-api.ts';

export const NAME_MAX = 60;
export const LOG_PAGE = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A person's name and role, checked; a 400 names each bad field. */
export const parseNewMember = (body: unknown): NewPerson => {
  const { name, role } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const fields: Record<string, string> = {};
  const trimmed = typeof name === 'string' ? normaliseName(name) : '';
  const problem = trimmed ? nameProblem(trimmed) : null;
  if (!trimmed || trimmed.length > NAME_MAX) fields.name = `name must be 1 to ${NAME_MAX} characters`;
  else if (problem) fields.name = problem;
  if (!(TEAM_ROLES as readonly unknown[]).includes(role)) fields.role = `role must be one of ${TEAM_ROLES.join(', ')}`;
  if (Object.keys(fields).length > 0) throw new HttpError(400, 'Some fields are wrong.', { fields });
  return { name: trimmed, role: role as TeamRole };
};

/** The routing a new person comes with (kinds, languages, available, dailyCap), when any is given. */
const routingOfNew = (body: unknown): Partial<MemberRouting> => {
  const { kinds, languages, available, dailyCap } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const given = Object.fromEntries(Object.entries({ kinds, languages, available, dailyCap }).filter(([, value]) => value !== undefined));
  return Object.keys(given).length > 0 ? parseRoutingChange(given) : {};
};

export const addPerson = async (by: Caller, body: unknown): Promise<PersonAdded> => {
  const { name, role } = parseNewMember(body);
  const routing = routingOfNew(body);
  const added = await transaction(async () => {
    // One addition at a time, so two look-alike names added at once cannot both pass.
    await query('SELECT pg_advisory_xact_lock(hashtext($1))', ['team-members']);
    const lookalike = nameProblem(
      name,
      (await listMembers()).map((member) => member.name),
    );
    if (lookalike) throw new HttpError(409, lookalike, { fields: { name: lookalike } });
    const made = await addMember(name, role, by.name, routing);
    if (made) await logTeamAction(by.name, 'add-member', null, { name, role });
    return made;
  });
  if (!added) throw new HttpError(409, `${name} is on the team already.`, { fields: { name: 'someone of that name is on the team' } });
  return added;
};

export const removePerson = async (by: Caller, id: string) => {
  if (!UUID.test(id)) throw new HttpError(404, 'Nobody on the team has that id.');
  const removed = await transaction(async () => {
    const gone = await removeMember(id);
    if (gone) await logTeamAction(by.name, 'remove-member', null, { name: gone.name, role: gone.role });
    return gone;
  });
  if (!removed) throw new HttpError(404, 'Nobody on the team has that id.');
  return removed;
};

export const people = async (): Promise<People> => ({ members: await listMembers() });

interface LogRow {
  entry_id: string;
  at: Date | string;
  actor: string;
  action: TeamAction;
  lead_id: string | null;
  detail: Record<string, string>;
}

/** One page of the team's log, newest first; `before` is the id the previous page ended at. */
export const readLog = async (params: URLSearchParams): Promise<LogPage> => {
  const before = params.get('before') ?? '';
  if (before && !/^\d{1,18}$/.test(before))
    throw new HttpError(400, 'Some parameters are wrong.', { fields: { before: 'before must be the id of a log entry' } });
  const rows = await query<LogRow>(
    // Ordered by the column, not the text the answer carries ("9" sorts after "10" as text).
    `SELECT id::text AS entry_id, at, actor, action, lead_id, detail FROM team_log ${before ? 'WHERE id < $2' : ''} ORDER BY id DESC LIMIT $1`,
    before ? [LOG_PAGE + 1, before] : [LOG_PAGE + 1],
  );
  const entries = rows.slice(0, LOG_PAGE).map((row) => ({
    id: row.entry_id,
    at: new Date(row.at).toISOString(),
    actor: row.actor,
    action: row.action,
    leadId: row.lead_id,
    detail: row.detail,
  }));
  return { entries, nextBefore: rows.length > LOG_PAGE ? entries[entries.length - 1].id : null };
};

export const created = (body: PersonAdded) => jsonResponse(201, body);
