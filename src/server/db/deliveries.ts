/**
 * The deliveries table: one row per lead and outbound channel (the team's e-mail, the visitor's
 * acknowledgement, the webhook), with its attempts, next attempt, last error and whether it gave
 * up. The queries of the retry machine (outbound/deliveries.ts). Times come from the functions'
 * clock (`at`), the same clock that stamps the leads, not the database's.
 */
import { query, queryOne } from './connection.ts';
import { DELIVERIES_JSON, recordFromRow, type LeadRow } from './leads.ts';
import type { LeadRecord } from '../../lib/enquiry/lead-record.ts';
import type { WhatsAppAck } from '../../lib/team-api/wire.ts';
import type { Locale } from '../../i18n/locales.ts';

export type Channel = 'team' | 'ack' | 'webhook' | 'push' | 'escalation' | 'whatsapp';
export const CHANNELS: readonly Channel[] = ['team', 'ack', 'webhook', 'push', 'escalation', 'whatsapp'];

export interface Delivery {
  id: string;
  leadId: string;
  channel: Channel;
  /** Tries so far, the one at receipt included. */
  attempts: number;
  /** Which of a lead's deliveries of its channel this is ('' for the one of each; a push's step). */
  topic?: string;
  /** A push's recipient: a member's id, 'owner-key' or 'owners'. */
  recipient?: string | null;
  /** What its re-sends count from, when not the lead's receipt (a push of a later step). */
  scheduledFrom?: string | null;
}

interface DeliveryRow {
  id: string;
  lead_id: string;
  channel: Channel;
  attempts: number;
  topic: string;
  recipient: string | null;
  scheduled_from: Date | null;
}

const toDelivery = (row: DeliveryRow): Delivery => ({
  id: row.id,
  leadId: row.lead_id,
  channel: row.channel,
  attempts: row.attempts,
  topic: row.topic,
  recipient: row.recipient,
  scheduledFrom: row.scheduled_from ? new Date(row.scheduled_from).toISOString() : null,
});
/** The columns a Delivery is read from. */
const RETURNED = 'id, lead_id, channel, attempts, topic, recipient, scheduled_from';

/** A new delivery of a lead: to be tried now (claimed until `claimedUntil`), or kept as skipped with why. */
export interface NewDelivery {
  channel: Channel;
  /** When the first re-send is due, should the try at receipt fail. */
  nextAttemptAt: string;
  claimedUntil: string;
  skipped?: string;
  topic?: string;
  recipient?: string | null;
  scheduledFrom?: string;
}

/** Inserts a lead's deliveries (in the lead's transaction); returns those to try now. */
export const insertDeliveries = async (leadId: string, deliveries: readonly NewDelivery[]): Promise<Delivery[]> => {
  if (deliveries.length === 0) return [];
  const rows = await query<DeliveryRow>(
    `INSERT INTO deliveries (lead_id, channel, state, next_attempt_at, claimed_until, skipped, topic, recipient, scheduled_from)
     SELECT $1, d.channel, CASE WHEN d.skipped IS NULL THEN 'pending' ELSE 'skipped' END,
            CASE WHEN d.skipped IS NULL THEN d.next_attempt_at END, CASE WHEN d.skipped IS NULL THEN d.claimed_until END, d.skipped,
            d.topic, d.recipient, d.scheduled_from
     FROM jsonb_to_recordset($2::jsonb)
       AS d(channel text, next_attempt_at timestamptz, claimed_until timestamptz, skipped text, topic text, recipient text, scheduled_from timestamptz)
     ON CONFLICT (lead_id, channel, topic) DO NOTHING
     RETURNING ${RETURNED}, state`,
    [
      leadId,
      JSON.stringify(
        deliveries.map(({ channel, nextAttemptAt, claimedUntil, skipped, topic, recipient, scheduledFrom }) => ({
          channel,
          next_attempt_at: nextAttemptAt,
          claimed_until: claimedUntil,
          skipped: skipped ?? null,
          topic: topic ?? '',
          recipient: recipient ?? null,
          scheduled_from: scheduledFrom ?? null,
        })),
      ),
    ],
  );
  return rows.filter((row) => (row as DeliveryRow & { state: string }).state === 'pending').map(toDelivery);
};

/**
 * Takes a lead's pending deliveries that were never tried and that nobody holds (their try at
 * receipt never happened: that attempt died or ran out of time), until `claimedUntil`.
 */
export const claimUntried = async (leadId: string, claimedUntil: string, at = new Date().toISOString()): Promise<Delivery[]> =>
  (
    await query<DeliveryRow>(
      `UPDATE deliveries SET claimed_until = $2
       WHERE lead_id = $1 AND state = 'pending' AND attempts = 0 AND (claimed_until IS NULL OR claimed_until < $3)
       RETURNING ${RETURNED}`,
      [leadId, claimedUntil, at],
    )
  ).map(toDelivery);

/** Takes up to `limit` due deliveries of a channel that nobody holds, oldest due first, until `claimedUntil`. */
export const claimDue = async (channel: Channel, limit: number, claimedUntil: string, at = new Date().toISOString()): Promise<Delivery[]> =>
  (
    await query<DeliveryRow>(
      `UPDATE deliveries SET claimed_until = $3
       WHERE id IN (
         SELECT id FROM deliveries
         WHERE channel = $1 AND state = 'pending' AND next_attempt_at <= $4 AND (claimed_until IS NULL OR claimed_until < $4)
         ORDER BY next_attempt_at LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING ${RETURNED}`,
      [channel, limit, claimedUntil, at],
    )
  ).map(toDelivery);

/** How many deliveries of a channel are pending, and how many of them are due now. */
export const pendingCounts = async (channel: Channel, at = new Date().toISOString()): Promise<{ pending: number; due: number }> => {
  const row = await queryOne<{ pending: number; due: number }>(
    `SELECT count(*)::int AS pending, (count(*) FILTER (WHERE next_attempt_at <= $2))::int AS due
     FROM deliveries WHERE channel = $1 AND state = 'pending'`,
    [channel, at],
  );
  return row ?? { pending: 0, due: 0 };
};

/** When each channel's next pending delivery is due (none: nothing pending). */
export const nextDue = async (): Promise<Partial<Record<Channel, string>>> => {
  const rows = await query<{ channel: Channel; due: Date }>(
    `SELECT channel, min(next_attempt_at) AS due FROM deliveries WHERE state = 'pending' GROUP BY channel`,
  );
  return Object.fromEntries(rows.map(({ channel, due }) => [channel, due.toISOString()]));
};

/** The leads of these deliveries, with their delivery state, by id. */
export const leadsOf = async (leadIds: readonly string[]): Promise<Map<string, LeadRecord>> => {
  if (leadIds.length === 0) return new Map();
  const rows = await query<LeadRow>(`SELECT l.*, ${DELIVERIES_JSON} FROM leads l WHERE l.id = ANY($1::uuid[])`, [[...new Set(leadIds)]]);
  return new Map(rows.map((row) => [row.id, recordFromRow(row)]));
};

/** A send that went: recorded, with the receiver's id for it when it gave one (WhatsApp's wamid). */
export const markSent = (id: string, at = new Date().toISOString(), reference?: string) =>
  query(
    `UPDATE deliveries SET state = 'sent', attempts = attempts + 1, sent_at = $2, last_error = NULL, claimed_until = NULL,
       next_attempt_at = NULL, wamid = coalesce($3, wamid)
     WHERE id = $1`,
    [id, at, reference ?? null],
  );

/** Sends that went out while the database was out, recorded as sent (the ones still pending). */
export const markSentUnrecorded = (ids: readonly string[], at = new Date().toISOString()) =>
  query(
    `UPDATE deliveries SET state = 'sent', attempts = attempts + 1, sent_at = $2, last_error = NULL, claimed_until = NULL,
       next_attempt_at = NULL
     WHERE id = ANY($1::uuid[]) AND state = 'pending'`,
    [[...ids], at],
  );

/** A failed try: counted, with its error, and due again at `nextAttemptAt`, or given up when that is null. */
export const markFailed = (id: string, error: string, nextAttemptAt: string | null, at = new Date().toISOString()) =>
  query(
    `UPDATE deliveries SET attempts = attempts + 1, last_error = $2, claimed_until = NULL, next_attempt_at = $3,
       state = CASE WHEN $3::timestamptz IS NULL THEN 'gave-up' ELSE 'pending' END,
       gave_up_at = CASE WHEN $3::timestamptz IS NULL THEN $4::timestamptz END
     WHERE id = $1`,
    [id, error, nextAttemptAt, at],
  );

/** Not tried (the channel is off for now): released, as it was. */
export const release = (id: string) => query('UPDATE deliveries SET claimed_until = NULL WHERE id = $1', [id]);

/**
 * Team e-mails that gave up and no later e-mail has carried yet: taken (up to `limit`) for the
 * next team e-mail to list as "also waiting".
 */
export const claimGaveUpTeamEmails = async (limit: number, claimedUntil: string, at = new Date().toISOString()): Promise<Delivery[]> =>
  (
    await query<DeliveryRow>(
      `UPDATE deliveries SET claimed_until = $2
       WHERE id IN (
         SELECT id FROM deliveries
         WHERE channel = 'team' AND state = 'gave-up' AND (claimed_until IS NULL OR claimed_until < $3)
         ORDER BY gave_up_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING ${RETURNED}`,
      [limit, claimedUntil, at],
    )
  ).map(toDelivery);

/** Why a team e-mail was not sent on its own: the site's hourly budget was used (team-email.ts). */
export const OVER_BUDGET = 'hourly-budget';

/**
 * Team e-mails not sent for the hourly budget that no sent e-mail has listed yet: taken (up to
 * `limit`, oldest first) for the next team e-mail to list; and how many are left besides.
 */
export const claimOverBudgetTeamEmails = async (
  limit: number,
  claimedUntil: string,
  at = new Date().toISOString(),
): Promise<{ claimed: Delivery[]; more: number }> => {
  const claimed = (
    await query<DeliveryRow>(
      `UPDATE deliveries SET claimed_until = $2
       WHERE id IN (
         SELECT id FROM deliveries
         WHERE channel = 'team' AND state = 'skipped' AND skipped = '${OVER_BUDGET}' AND (claimed_until IS NULL OR claimed_until < $3)
         ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING ${RETURNED}`,
      [limit, claimedUntil, at],
    )
  ).map(toDelivery);
  const more =
    claimed.length < limit
      ? 0
      : ((
          await queryOne<{ n: number }>(
            `SELECT count(*)::int AS n FROM deliveries
             WHERE channel = 'team' AND state = 'skipped' AND skipped = '${OVER_BUDGET}' AND NOT (id = ANY($1::uuid[]))`,
            [claimed.map((delivery) => delivery.id)],
          )
        )?.n ?? 0);
  return { claimed, more };
};

/** Not sent now (over the hourly budget), with why, and due again at `nextAttemptAt`: no try counted. */
export const markHeld = (id: string, why: string, nextAttemptAt: string) =>
  query('UPDATE deliveries SET last_error = $2, claimed_until = NULL, next_attempt_at = $3 WHERE id = $1', [id, why, nextAttemptAt]);

/** The team now knows of these gave-up leads, from the e-mail of lead `carrierId`. */
export const markCarried = (ids: readonly string[], carrierId: string, at = new Date().toISOString()) =>
  ids.length === 0
    ? Promise.resolve([])
    : query(`UPDATE deliveries SET state = 'sent', sent_at = $3, carried_by = $2, claimed_until = NULL WHERE id = ANY($1::uuid[])`, [
        [...ids],
        carrierId,
        at,
      ]);

export const releaseAll = (ids: readonly string[]) =>
  ids.length === 0 ? Promise.resolve([]) : query('UPDATE deliveries SET claimed_until = NULL WHERE id = ANY($1::uuid[])', [[...ids]]);

/** Nothing to send it to (a push whose recipient has no device left): kept as skipped, with why. */
export const markSkipped = (id: string, why: string) =>
  query(`UPDATE deliveries SET state = 'skipped', skipped = $2, claimed_until = NULL, next_attempt_at = NULL WHERE id = $1`, [id, why]);

/** Why a lead's e-mail acknowledgement waits: its WhatsApp one went instead (outbound/whatsapp.ts). */
export const HELD_FOR_WHATSAPP = 'whatsapp';

/**
 * The e-mail acknowledgement held while WhatsApp's went, now owed (WhatsApp failed): made pending
 * and claimed for a try now, its re-sends counted from `at`. Only a held one, once: none when it
 * was never held or is already released.
 */
export const releaseHeldAck = async (leadId: string, at: string, nextAttemptAt: string, claimedUntil: string): Promise<Delivery | null> =>
  (
    await query<DeliveryRow>(
      `UPDATE deliveries SET state = 'pending', skipped = NULL, scheduled_from = $2, next_attempt_at = $3, claimed_until = $4
       WHERE lead_id = $1 AND channel = 'ack' AND state = 'skipped' AND skipped = $5
       RETURNING ${RETURNED}`,
      [leadId, at, nextAttemptAt, claimedUntil, HELD_FOR_WHATSAPP],
    )
  ).map(toDelivery)[0] ?? null;

interface WhatsAppAckRow {
  state: 'pending' | 'sent' | 'gave-up' | 'skipped';
  skipped: string | null;
  last_error: string | null;
  sent_at: Date | null;
  gave_up_at: Date | null;
  wa_status: 'sent' | 'delivered' | 'read' | 'failed' | null;
  wa_status_at: Date | null;
}
const isoOrNull = (at: Date | null) => (at ? new Date(at).toISOString() : null);

/**
 * A lead's WhatsApp acknowledgement (its delivery of topic ''), as the inbox shows it, in the
 * language its template went in; null when none was owed. Meta's status, once one came, is what
 * it shows; before that the delivery's own state (being tried, sent, given up, not sent).
 */
export const whatsappAckOf = async (leadId: string, language: Locale): Promise<WhatsAppAck | null> => {
  const row = await queryOne<WhatsAppAckRow>(
    `SELECT state, skipped, last_error, sent_at, gave_up_at, wa_status, wa_status_at FROM deliveries
     WHERE lead_id = $1 AND channel = 'whatsapp' AND topic = ''`,
    [leadId],
  );
  if (!row) return null;
  if (row.wa_status)
    return { state: row.wa_status, language, at: isoOrNull(row.wa_status_at), why: row.wa_status === 'failed' ? 'undelivered' : null };
  switch (row.state) {
    case 'sent':
      return { state: 'sent', language, at: isoOrNull(row.sent_at), why: null };
    case 'gave-up':
      return { state: 'failed', language, at: isoOrNull(row.gave_up_at), why: row.last_error };
    case 'skipped':
      return { state: 'not-sent', language, at: null, why: row.skipped };
    default:
      return { state: 'sending', language, at: null, why: row.last_error };
  }
};
