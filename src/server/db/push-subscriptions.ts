/**
 * The devices that get push alerts (table push_subscriptions): one browser PushSubscription per
 * row, for a member (member_id) or the owner's first key (member_id null). A member may have
 * several. Removing the member removes theirs (ON DELETE CASCADE).
 */
import { query, queryOne } from './connection.ts';

export interface StoredSubscription {
  id: string;
  memberId: string | null;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

interface Row {
  id: string;
  member_id: string | null;
  endpoint: string;
  p256dh: string;
  auth: string;
}
const toSubscription = (row: Row): StoredSubscription => ({
  id: row.id,
  memberId: row.member_id,
  endpoint: row.endpoint,
  keys: { p256dh: row.p256dh, auth: row.auth },
});

/**
 * Keeps a device for a member (null: the owner's first key). The same endpoint again (the
 * browser renewed its keys, or another member signed in on that device) is taken over.
 */
export const saveSubscription = async (
  memberId: string | null,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  at: string,
): Promise<StoredSubscription> =>
  toSubscription(
    (await queryOne<Row>(
      `INSERT INTO push_subscriptions (member_id, endpoint, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (endpoint) DO UPDATE SET member_id = $1, p256dh = $3, auth = $4, created_at = $5
       RETURNING id, member_id, endpoint, p256dh, auth`,
      [memberId, subscription.endpoint, subscription.keys.p256dh, subscription.keys.auth, at],
    )) as Row,
  );

/**
 * Keeps a member's (null: the owner's first key) newest `max` devices and forgets the rest, those
 * subscribed longest ago: a person on a new phone is never refused, and one key cannot make a push
 * fan out to thousands of addresses.
 */
export const keepNewestDevices = (memberId: string | null, max: number) =>
  query(
    `DELETE FROM push_subscriptions WHERE id IN (
       SELECT id FROM push_subscriptions WHERE member_id IS NOT DISTINCT FROM $1 ORDER BY created_at DESC, id DESC OFFSET $2)`,
    [memberId, max],
  );

/** Forgets a device of this member (null: the owner's first key); false when it was not theirs. */
export const deleteSubscription = async (memberId: string | null, endpoint: string): Promise<boolean> =>
  (
    await query(`DELETE FROM push_subscriptions WHERE endpoint = $1 AND member_id IS NOT DISTINCT FROM $2 RETURNING id`, [
      endpoint,
      memberId,
    ])
  ).length > 0;

/** Forgets a device the push service no longer knows (it answered 404 or 410). */
export const pruneSubscription = (id: string) => query('DELETE FROM push_subscriptions WHERE id = $1', [id]);

/** Records that a device was reached. */
export const markReached = (ids: readonly string[], at: string) =>
  ids.length === 0
    ? Promise.resolve([])
    : query('UPDATE push_subscriptions SET last_sent_at = $2 WHERE id = ANY($1::uuid[])', [[...ids], at]);

/**
 * The devices of a push's recipient: a member's id, 'owner-key' (the owner's first key), or
 * 'owners' (every owner: the members whose role is owner, and the owner's first key).
 */
export const subscriptionsOf = async (recipient: string): Promise<StoredSubscription[]> => {
  const columns = 's.id, s.member_id, s.endpoint, s.p256dh, s.auth';
  if (recipient === 'owners')
    return (
      await query<Row>(
        `SELECT ${columns} FROM push_subscriptions s LEFT JOIN team_members m ON m.id = s.member_id
         WHERE s.member_id IS NULL OR m.role = 'owner' ORDER BY s.created_at`,
      )
    ).map(toSubscription);
  if (recipient === 'owner-key')
    return (await query<Row>(`SELECT ${columns} FROM push_subscriptions s WHERE s.member_id IS NULL ORDER BY s.created_at`)).map(
      toSubscription,
    );
  return (await query<Row>(`SELECT ${columns} FROM push_subscriptions s WHERE s.member_id = $1 ORDER BY s.created_at`, [recipient])).map(
    toSubscription,
  );
};

/** How many devices a member (null: the owner's first key) has. */
export const deviceCount = async (memberId: string | null): Promise<number> =>
  (await queryOne<{ n: number }>('SELECT count(*)::int AS n FROM push_subscriptions WHERE member_id IS NOT DISTINCT FROM $1', [memberId]))
    ?.n ?? 0;
