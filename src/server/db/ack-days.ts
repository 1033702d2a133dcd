/**
 * The daily counts of intake/daily-limits.ts: acknowledgements and their pauses (ack_mailboxes,
 * ack_pauses; the pauses the team's next e-mail tells), and the photo staging counts
 * (photo_staging); their clean-up.
 */
import { query } from './connection.ts';

/** A pause the team has not been told of yet. */
export interface AckPause {
  day: string;
  scope: string;
}

/** Claims the pauses no team e-mail has told yet (so one e-mail tells each); `untell` gives them back after a failed send. */
export const claimUntoldPauses = async (): Promise<AckPause[]> =>
  query<AckPause>(
    `UPDATE ack_pauses SET told_team_at = now() WHERE told_team_at IS NULL RETURNING to_char(day, 'YYYY-MM-DD') AS day, scope`,
  );

export const untellPauses = async (pauses: readonly AckPause[]): Promise<void> => {
  for (const { day, scope } of pauses) await query('UPDATE ack_pauses SET told_team_at = NULL WHERE day = $1 AND scope = $2', [day, scope]);
};

/** Forgets the acknowledgement counts and pauses (the WhatsApp ones too) of days before `before` (YYYY-MM-DD); returns how many rows went. */
export const deleteAckDaysBefore = async (before: string): Promise<number> =>
  (await query('DELETE FROM ack_mailboxes WHERE day < $1 RETURNING 1', [before])).length +
  (await query('DELETE FROM ack_pauses WHERE day < $1 RETURNING 1', [before])).length +
  (await query('DELETE FROM whatsapp_days WHERE day < $1 RETURNING 1', [before])).length;

/** Forgets the photo staging counts of days before `before` (YYYY-MM-DD); returns how many rows went. */
export const deletePhotoStagingBefore = async (before: string): Promise<number> =>
  (await query('DELETE FROM photo_staging WHERE day < $1 RETURNING 1', [before])).length;
