/**
 * The daily limits a lead's transaction checks (intake/accept.ts), counted in the leads
 * themselves, under a lock per contact so that leads sent at the same moment count one by one:
 *
 * - The same person, at most a few e-mails a day: the team is e-mailed about one phone number or
 *   e-mail address at most LEADS_CONTACT_DAILY_LIMIT times (default 3) a UTC day for the same kind
 *   of enquiry. Further leads are stored and exported as usual, their team e-mail held
 *   (`notifyHeld: "repeat-contact"`). So a script cannot use up the EmailJS quota with one
 *   contact, and a visitor who sends the form five times does not flood the team.
 * - The visitor's acknowledgement goes to one address at most once a UTC day.
 */
import { query, queryOne } from '../db/connection.ts';
import type { LeadRecord } from '../db/lead-record.ts';
import { contactDailyLimit } from '../settings.ts';

const dayOf = (receivedAt: string) => {
  const start = `${receivedAt.slice(0, 10)}T00:00:00.000Z`;
  return [start, new Date(Date.parse(start) + 86_400_000).toISOString()];
};

/** Holds, until the transaction ends, every other transaction that counts for one of these keys. */
const lockEach = async (keys: readonly string[]) => {
  for (const key of [...keys].sort()) await query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
};

const given = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** Whether the team has had its e-mails today about this lead's phone or e-mail, for its kind. */
export const contactLimitReached = async (lead: LeadRecord): Promise<boolean> => {
  const phone = given(lead.phone) ? lead.phone : null;
  const email = given(lead.email) ? lead.email : null;
  if (!phone && !email) return false;
  await lockEach([phone, email].filter(given).map((contact) => `contact:${lead.kind}:${contact}`));
  const [start, end] = dayOf(lead.receivedAt);
  const counts = await queryOne<{ phone: number; email: number }>(
    `SELECT (count(*) FILTER (WHERE l.phone = $4))::int AS phone, (count(*) FILTER (WHERE l.email = $5))::int AS email
     FROM leads l JOIN deliveries d ON d.lead_id = l.id AND d.channel = 'team' AND d.skipped IS NULL
     WHERE l.kind = $1 AND l.received_at >= $2 AND l.received_at < $3 AND (l.phone = $4 OR l.email = $5)`,
    [lead.kind, start, end, phone, email],
  );
  const limit = contactDailyLimit();
  return (counts?.phone ?? 0) >= limit || (counts?.email ?? 0) >= limit;
};

/** Whether another lead to this address had its acknowledgement today. */
export const ackTakenToday = async (lead: LeadRecord): Promise<boolean> => {
  if (!given(lead.email)) return false;
  await lockEach([`ack:${lead.email}`]);
  const [start, end] = dayOf(lead.receivedAt);
  return (
    (await queryOne(
      `SELECT 1 FROM leads l JOIN deliveries d ON d.lead_id = l.id AND d.channel = 'ack' AND d.skipped IS NULL
       WHERE l.email = $1 AND l.received_at >= $2 AND l.received_at < $3 LIMIT 1`,
      [lead.email, start, end],
    )) !== null
  );
};
