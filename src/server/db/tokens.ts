/** Single-use tokens: each fill-time challenge and no-JavaScript confirm token serves one submission. */
import { createHash } from 'node:crypto';
import { query, queryOne } from './connection.ts';

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Records that `submissionId` used `token`, in the current transaction: true for its first use,
 * or when the same submission uses it again (a retry); false when another submission used it.
 */
export const useToken = async (token: string, submissionId: string): Promise<boolean> => {
  const hash = hashOf(token);
  const taken = await query('INSERT INTO used_tokens (token_hash, submission_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1', [
    hash,
    submissionId,
  ]);
  if (taken.length > 0) return true;
  const first = await queryOne<{ submission_id: string }>('SELECT submission_id FROM used_tokens WHERE token_hash = $1', [hash]);
  return first?.submission_id === submissionId;
};

/** Forgets tokens used before `before` (they have expired by then anyway); returns how many went. */
export const deleteUsedTokens = async (before: string): Promise<number> =>
  (await query('DELETE FROM used_tokens WHERE used_at < $1 RETURNING 1', [before])).length;
