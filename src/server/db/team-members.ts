/**
 * The team's people and their keys (table team_members). A key is 256 random bits, shown once when
 * the person is added; only its SHA-256 is stored. Removing a person deletes the row, so their
 * key stops working with the next request.
 */
import { createHash, randomBytes } from 'node:crypto';
import { query, queryOne } from './connection.ts';
import type { TeamRole } from '../../lib/team-api/vocabulary.ts';
import { DEFAULT_MEMBER_KINDS, DEFAULT_MEMBER_LANGUAGES } from '../../lib/team-api/vocabulary.ts';
import type { MemberRouting, TeamMember } from '../../lib/team-api/wire.ts';

/** A new key: 32 random bytes, base64url (43 characters, 256 bits). */
export const newKey = () => randomBytes(32).toString('base64url');
export const keyHash = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

interface Row {
  id: string;
  name: string;
  role: TeamRole;
  added_at: Date | string;
  added_by: string;
  kinds: MemberRouting['kinds'];
  languages: MemberRouting['languages'];
  available: boolean;
  daily_cap: number | null;
}
const toMember = (row: Row): TeamMember => ({
  id: row.id,
  name: row.name,
  role: row.role,
  addedAt: new Date(row.added_at).toISOString(),
  addedBy: row.added_by,
  kinds: row.kinds,
  languages: row.languages,
  available: row.available,
  dailyCap: row.daily_cap,
});
const COLUMNS = 'id, name, role, added_at, added_by, kinds, languages, available, daily_cap';

/**
 * Adds a person, with their routing (what is not given takes the table's defaults: the sales
 * kinds, English, available, no cap); their key is returned here only. Null when someone of that
 * name is on the team already.
 */
export const addMember = async (
  name: string,
  role: TeamRole,
  addedBy: string,
  routing: Partial<MemberRouting> = {},
): Promise<{ member: TeamMember; key: string } | null> => {
  const key = newKey();
  const row = await queryOne<Row>(
    `INSERT INTO team_members (name, role, key_hash, added_by, kinds, languages, available, daily_cap)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
    [
      name,
      role,
      keyHash(key),
      addedBy,
      routing.kinds ?? DEFAULT_MEMBER_KINDS,
      routing.languages ?? DEFAULT_MEMBER_LANGUAGES,
      routing.available ?? true,
      routing.dailyCap ?? null,
    ],
  );
  return row ? { member: toMember(row), key } : null;
};

/** Removes a person (by id); their key stops working at once. Null when there was none. */
export const removeMember = async (id: string): Promise<TeamMember | null> => {
  const row = await queryOne<Row>(`DELETE FROM team_members WHERE id = $1 RETURNING ${COLUMNS}`, [id]);
  return row ? toMember(row) : null;
};

/** Removes a person by name, whatever its case (the command line). */
export const removeMemberNamed = async (name: string): Promise<TeamMember | null> => {
  const row = await queryOne<Row>(`DELETE FROM team_members WHERE lower(name) = lower($1) RETURNING ${COLUMNS}`, [name]);
  return row ? toMember(row) : null;
};

export const listMembers = async (): Promise<TeamMember[]> =>
  (await query<Row>(`SELECT ${COLUMNS} FROM team_members ORDER BY lower(name)`)).map(toMember);

/** The person a key belongs to, or null. */
export const memberByKey = async (key: string): Promise<TeamMember | null> => {
  const row = await queryOne<Row>(`SELECT ${COLUMNS} FROM team_members WHERE key_hash = $1`, [keyHash(key)]);
  return row ? toMember(row) : null;
};

/** A member's WhatsApp for alerts: their number (10 digits) and whether they opted in. */
export interface MemberWhatsApp {
  number: string | null;
  optedIn: boolean;
}

/** A member's WhatsApp for alerts; null when nobody on the team has that id. */
export const memberWhatsApp = async (memberId: string): Promise<MemberWhatsApp | null> => {
  const row = await queryOne<{ whatsapp_number: string | null; whatsapp_opted_in_at: Date | null }>(
    'SELECT whatsapp_number, whatsapp_opted_in_at FROM team_members WHERE id = $1',
    [memberId],
  );
  return row ? { number: row.whatsapp_number, optedIn: row.whatsapp_number !== null && row.whatsapp_opted_in_at !== null } : null;
};

/** Sets a member's WhatsApp number and opt-in (no number: never opted in); false when nobody has that id. */
export const setMemberWhatsApp = async (memberId: string, number: string | null, optIn: boolean, at: string) =>
  (
    await query(
      `UPDATE team_members SET whatsapp_number = $2,
         whatsapp_opted_in_at = CASE WHEN $2::text IS NULL OR NOT $3 THEN NULL ELSE coalesce(whatsapp_opted_in_at, $4) END
       WHERE id = $1 RETURNING 1`,
      [memberId, number, optIn, at],
    )
  ).length > 0;
