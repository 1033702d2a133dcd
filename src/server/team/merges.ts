/**
 * Merging two persons into one, and undoing it (the owner's, from Possible duplicates):
 * - a merge points the merged person (and everyone merged into them before) at the person kept,
 *   and moves the leads the team sees under the kept person; it records what each moved person
 *   was before, the person's timeline and the team's log say who and when;
 * - undo, within MERGE_UNDO_DAYS, puts those persons back exactly as they were, and each lead
 *   back under the person its own phone or e-mail found (a lead that arrived during the merge
 *   goes back too). A merge that a later merge built on is undone after that one.
 * Nothing else changes: the contacts, the persons' own rows and the consent ledger stay as they
 * are (a person's consent is read over everyone merged into them), so undo has nothing else to
 * put back. Each runs in one transaction, with the persons it changes locked.
 */
import { HttpError } from '../errors.ts';
import { query, queryOne, transaction } from '../db/connection.ts';
import { logPersonEvent } from '../db/persons.ts';
import { logTeamAction } from '../db/team-log.ts';
import type { Merge } from '../../lib/team-api/wire.ts';

/** How long a merge can be undone. */
export const MERGE_UNDO_DAYS = 30;

interface MergeRow {
  id: string;
  kept: string;
  merged: string;
  moved: string[];
  before: { id: string; merged_into: string | null; merged_at: string | null }[];
  merged_at: Date;
  merged_by: string;
  undone_at: Date | null;
  undone_by: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const mergeOf = (row: MergeRow): Merge => ({
  id: String(row.id),
  kept: row.kept,
  merged: row.merged,
  mergedAt: new Date(row.merged_at).toISOString(),
  mergedBy: row.merged_by,
  undoneAt: row.undone_at ? new Date(row.undone_at).toISOString() : null,
  undoneBy: row.undone_by,
});

/** The merge asked for, checked: { kept, merged }, two person ids; a 400 names each bad field. */
export const parseMerge = (body: unknown): { kept: string; merged: string } => {
  const { kept, merged } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const fields: Record<string, string> = {};
  if (typeof kept !== 'string' || !UUID.test(kept)) fields.kept = 'kept must be the id of a person';
  if (typeof merged !== 'string' || !UUID.test(merged)) fields.merged = 'merged must be the id of a person';
  else if (typeof kept === 'string' && kept.toLowerCase() === merged.toLowerCase())
    fields.merged = 'merged must be another person than kept';
  if (Object.keys(fields).length > 0) throw new HttpError(400, 'Some fields are wrong.', { fields });
  return { kept: (kept as string).toLowerCase(), merged: (merged as string).toLowerCase() };
};

/** Merges person `merged` into person `kept`; both must be persons of their own (merged into nobody). */
export const mergePersons = async (keptId: string, mergedId: string, by: string): Promise<Merge> =>
  transaction(async () => {
    const at = new Date().toISOString();
    const both = await query<{ id: string; merged_into: string | null }>(
      'SELECT id, merged_into FROM persons WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE',
      [[keptId, mergedId]],
    );
    if (both.length < 2)
      throw new HttpError(404, 'No person has that id.', {
        fields: { [both.some((p) => p.id === keptId) ? 'merged' : 'kept']: 'no such person' },
      });
    const already = both.find((person) => person.merged_into !== null);
    if (already)
      throw new HttpError(409, 'That person was merged into another already. Open the person kept instead.', {
        fields: { [already.id === keptId ? 'kept' : 'merged']: 'merged into another person already' },
      });
    const before = await query<{ id: string; merged_into: string | null; merged_at: string | null }>(
      `SELECT id, merged_into, merged_at FROM persons WHERE id = $1 OR merged_into = $1 ORDER BY id FOR UPDATE`,
      [mergedId],
    );
    const moved = before.map((person) => person.id);
    await query('UPDATE persons SET merged_into = $1, merged_at = $2 WHERE id = ANY($3::uuid[])', [keptId, at, moved]);
    await query('UPDATE leads SET person_id = $1 WHERE person_id = $2', [keptId, mergedId]);
    const row = (await queryOne<MergeRow>(
      `INSERT INTO person_merges (kept, merged, moved, before, merged_at, merged_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [
        keptId,
        mergedId,
        moved,
        JSON.stringify(before.map((person) => ({ ...person, merged_at: person.merged_at && new Date(person.merged_at).toISOString() }))),
        at,
        by,
      ],
    )) as MergeRow;
    const detail = { merge: String(row.id), kept: keptId, merged: mergedId };
    await logPersonEvent(keptId, by, 'merge', { detail, at });
    await logTeamAction(by, 'merge', null, detail);
    return mergeOf(row);
  });

/** Undoes merge `id` (the owner's): 404 for no such merge, 409 when it cannot be undone (and why). */
export const undoMerge = async (id: string, by: string): Promise<Merge> => {
  if (!/^\d{1,18}$/.test(id)) throw new HttpError(404, 'No merge has that id.');
  return transaction(async () => {
    const at = new Date();
    const merge = await queryOne<MergeRow>('SELECT * FROM person_merges WHERE id = $1 FOR UPDATE', [id]);
    if (!merge) throw new HttpError(404, 'No merge has that id.');
    if (merge.undone_at) throw new HttpError(409, `${merge.undone_by ?? 'Someone'} undid this merge already.`);
    if (at.getTime() - new Date(merge.merged_at).getTime() > MERGE_UNDO_DAYS * 86_400_000)
      throw new HttpError(409, `A merge can be undone for ${MERGE_UNDO_DAYS} days; this one is older.`);
    // A later merge moved some of these persons again (or the person kept): undo that one first.
    const later = await queryOne<{ id: string }>(
      `SELECT id::text FROM person_merges WHERE id > $1 AND undone_at IS NULL AND (moved && $2::uuid[] OR $3 = ANY(moved)) ORDER BY id LIMIT 1`,
      [id, merge.moved, merge.kept],
    );
    if (later) throw new HttpError(409, 'A later merge joined these people again. Undo that merge first.', { fields: { later: later.id } });
    await query('SELECT id FROM persons WHERE id = ANY($1::uuid[]) OR id = $2 ORDER BY id FOR UPDATE', [merge.moved, merge.kept]);
    await query(
      `UPDATE persons p SET merged_into = b.merged_into, merged_at = b.merged_at
       FROM jsonb_to_recordset($1::jsonb) AS b(id uuid, merged_into uuid, merged_at timestamptz) WHERE p.id = b.id`,
      [JSON.stringify(merge.before)],
    );
    // Each lead back under the person its own phone or e-mail found (as that person is seen now).
    await query(
      `UPDATE leads l SET person_id = coalesce(p.merged_into, p.id) FROM persons p
       WHERE p.id = ANY($1::uuid[]) AND l.origin_person_id = p.id AND l.person_id IS DISTINCT FROM coalesce(p.merged_into, p.id)`,
      [merge.moved],
    );
    const row = (await queryOne<MergeRow>('UPDATE person_merges SET undone_at = $2, undone_by = $3 WHERE id = $1 RETURNING *', [
      id,
      at.toISOString(),
      by,
    ])) as MergeRow;
    const detail = { merge: id, kept: merge.kept, merged: merge.merged };
    for (const person of [merge.kept, merge.merged]) await logPersonEvent(person, by, 'unmerge', { detail, at: at.toISOString() });
    await logTeamAction(by, 'unmerge', null, detail);
    return mergeOf(row);
  });
};

/** The merges into these persons (a person's page), newest first. */
export const mergesInto = async (persons: readonly string[]): Promise<Merge[]> =>
  (
    await query<MergeRow>('SELECT * FROM person_merges WHERE kept = ANY($1::uuid[]) OR merged = ANY($1::uuid[]) ORDER BY id DESC', [
      [...persons],
    ])
  ).map(mergeOf);
