/**
 * Erasing one lead on a person's request (DPDP Act 2023): its row goes, and with it its
 * deliveries and history; its id and details leave the team's log; its photos are deleted, and
 * so are photos a failed attempt left under its id. Used by DELETE /api/leads/<id> and
 * `npm run leads:erase`.
 */
import { query, transaction } from '../db/connection.ts';
import { forgetLeadInLog, logTeamAction } from '../db/team-log.ts';
import { deletePhotosOf } from '../db/photos.ts';
import { SYSTEM_ACTORS } from './names.ts';

/** Erases lead (or spam) `id`, whatever case it is asked in; false when there was nothing to erase. */
export const eraseLead = async (id: string, by: string = SYSTEM_ACTORS.eraseCommand): Promise<boolean> => {
  const erased = await transaction(async () => {
    const rows = await query<{ id: string }>('DELETE FROM leads WHERE id = $1 RETURNING id', [id]);
    if (rows.length === 0) return false;
    await forgetLeadInLog([rows[0].id]);
    await query('DELETE FROM used_tokens WHERE submission_id = $1', [rows[0].id]);
    await logTeamAction(by, 'erase');
    return true;
  });
  const photos = await deletePhotosOf(id.toLowerCase());
  return erased || photos > 0;
};
