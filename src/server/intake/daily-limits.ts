/**
 * The daily limits a lead's transaction checks (intake/accept.ts), under advisory locks so that
 * leads sent at the same moment count one by one (parallel posts cannot pass a limit together).
 * Lock keys and stored keys that stand for a person are HMACs with the server's secret
 * (person-key.ts).
 *
 * - The same person, at most a few e-mails a day: the team is e-mailed about one phone number or
 *   e-mail address at most LEADS_CONTACT_DAILY_LIMIT times (default 3) a UTC day for the same kind
 *   of enquiry. Further leads are stored and exported as usual, their team e-mail held
 *   (`notifyHeld: "repeat-contact"`). So a script cannot use up the EmailJS quota with one
 *   contact, and a visitor who sends the form five times does not flood the team. A privacy
 *   request is never held: the law gives the person the right to be heard.
 * - The visitor's acknowledgement goes to one mailbox at most once a UTC day. The mailbox is the
 *   normalised address (lower-case, the `+tag` dropped, and for gmail.com and googlemail.com the
 *   dots too), so `victim+1@` and `victim+2@` count as one. Beyond that, at most
 *   LEADS_ACK_DOMAIN_DAILY_CAP (20) a day to one recipient domain and LEADS_ACK_SITE_DAILY_CAP
 *   (200) a day from the site: a cap reached pauses them for the rest of the day, and the first
 *   lead it pauses says so (the log, then the team's next e-mail, once).
 */
import { query, queryOne, transaction, withDatabase } from '../db/connection.ts';
import type { LeadRecord } from '../../lib/enquiry/lead-record.ts';
import {
  ackClientDailyCap,
  ackDomainDailyCap,
  ackSiteDailyCap,
  contactDailyLimit,
  stagedPhotoDailyBytes,
  stagedPhotoSiteDailyBytes,
  whatsappDailyCap,
} from '../settings.ts';
import { HttpError } from '../errors.ts';
import { personKey } from './person-key.ts';

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
export const contactLimitReached = async (lead: LeadRecord, secret: string): Promise<boolean> => {
  if (lead.kind === 'privacy') return false;
  const phone = given(lead.phone) ? lead.phone : null;
  const email = given(lead.email) ? lead.email : null;
  if (!phone && !email) return false;
  await lockEach([phone, email].filter(given).map((contact) => personKey(secret, `contact-lock:${lead.kind}`, contact)));
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

/** Domains whose mailboxes ignore dots in the local part. */
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an address delivers to: lower-case, the `+tag` dropped, and for Gmail the dots
 * dropped (googlemail.com is gmail.com). Null when it is not an address.
 */
export const normaliseMailbox = (address: string): { mailbox: string; domain: string } | null => {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0 || at === lower.length - 1) return null;
  let local = lower.slice(0, at).split('+')[0];
  let domain = lower.slice(at + 1);
  if (DOTLESS_DOMAINS[domain]) {
    domain = DOTLESS_DOMAINS[domain];
    local = local.replaceAll('.', '');
  }
  return local ? { mailbox: `${local}@${domain}`, domain } : null;
};

/** Why a lead gets no acknowledgement, though it is owed one: its mailbox had one today, or a cap. */
export type AckSkip = 'daily-limit' | 'domain-cap' | 'site-cap' | 'client-cap';

/**
 * The big consumer providers, where a domain cap would stop every visitor's acknowledgement for
 * the day after a script's twenty posts: the site's cap and the per-client cap hold them instead.
 */
const CONSUMER_DOMAINS = new Set([
  'gmail.com',
  'yahoo.com',
  'yahoo.co.in',
  'ymail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'rediffmail.com',
  'proton.me',
  'protonmail.com',
  'zoho.com',
  'aol.com',
]);

export interface AckAllowance {
  skipped?: AckSkip;
  /** A cap this lead is the first to meet today: 'site' or 'domain:<domain>'. */
  paused?: string;
}

/**
 * Takes today's acknowledgement for this lead's mailbox, if the mailbox has had none and no cap is
 * reached; otherwise says why none goes. One lock for the day: every lead owed one counts in turn.
 */
export const takeAck = async (lead: LeadRecord, secret: string, client?: string): Promise<AckAllowance> => {
  const address = normaliseMailbox(given(lead.email) ? lead.email : '');
  if (!address) return { skipped: 'daily-limit' };
  const day = lead.receivedAt.slice(0, 10);
  await lockEach([`ack-day:${day}`]);
  const mailbox = personKey(secret, 'ack-mailbox', address.mailbox);
  if (await queryOne('SELECT 1 FROM ack_mailboxes WHERE day = $1 AND mailbox = $2', [day, mailbox])) return { skipped: 'daily-limit' };
  // Where the platform names no client (a script, a test calling the handler) there is no per-client count.
  const clientKey = client ? personKey(secret, 'ack-client', client) : null;
  const counts = await queryOne<{ site: number; domain: number; client: number }>(
    `SELECT count(*)::int AS site, (count(*) FILTER (WHERE domain = $2))::int AS domain,
            (count(*) FILTER (WHERE client = $3))::int AS client FROM ack_mailboxes WHERE day = $1`,
    [day, address.domain, clientKey],
  );
  // One client (a script) gets a few a day: it cannot use up a domain's or the site's allowance alone.
  if (clientKey && (counts?.client ?? 0) >= ackClientDailyCap()) return { skipped: 'client-cap' };
  const domainCapped = !CONSUMER_DOMAINS.has(address.domain) && (counts?.domain ?? 0) >= ackDomainDailyCap();
  const cap = (counts?.site ?? 0) >= ackSiteDailyCap() ? 'site' : domainCapped ? 'domain' : null;
  if (cap) {
    const scope = cap === 'site' ? 'site' : `domain:${address.domain}`;
    const fresh = await query('INSERT INTO ack_pauses (day, scope) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1', [day, scope]);
    return { skipped: cap === 'site' ? 'site-cap' : 'domain-cap', ...(fresh.length > 0 ? { paused: scope } : {}) };
  }
  await query('INSERT INTO ack_mailboxes (day, mailbox, domain, client) VALUES ($1, $2, $3, $4)', [
    day,
    mailbox,
    address.domain,
    clientKey,
  ]);
  return {};
};

/** Why a lead gets no WhatsApp acknowledgement, though it is owed one: its number had one today, or the site's cap. */
export type WhatsAppSkip = 'whatsapp-daily-limit' | 'whatsapp-site-cap';

/**
 * Takes today's WhatsApp acknowledgement for this number (`91` and its 10 digits), if it has had
 * none and the site is under WHATSAPP_DAILY_CAP; otherwise says why none goes (the e-mail one goes
 * instead). The first lead the cap stops today pauses them (`paused: 'whatsapp'`): the log and the
 * team's next e-mail say so, once.
 */
export const takeWhatsApp = async (
  number: string,
  receivedAt: string,
  secret: string,
): Promise<{ skipped?: WhatsAppSkip; paused?: string }> => {
  const day = receivedAt.slice(0, 10);
  await lockEach([`whatsapp-day:${day}`]);
  const key = personKey(secret, 'whatsapp-number', number);
  if (await queryOne('SELECT 1 FROM whatsapp_days WHERE day = $1 AND number = $2', [day, key])) return { skipped: 'whatsapp-daily-limit' };
  const counted = await queryOne<{ site: number }>('SELECT count(*)::int AS site FROM whatsapp_days WHERE day = $1', [day]);
  if ((counted?.site ?? 0) >= whatsappDailyCap()) {
    const fresh = await query(`INSERT INTO ack_pauses (day, scope) VALUES ($1, 'whatsapp') ON CONFLICT DO NOTHING RETURNING 1`, [day]);
    return { skipped: 'whatsapp-site-cap', ...(fresh.length > 0 ? { paused: 'whatsapp' } : {}) };
  }
  await query('INSERT INTO whatsapp_days (day, number) VALUES ($1, $2)', [day, key]);
  return {};
};

/** The row of photo_staging that counts the whole site's bytes (a client's key is a 43-character HMAC). */
const SITE_ROW = 'site';

/** The refusals of the photo staging caps, in the page's language: one client's, the whole site's. */
export interface StagingRefusals {
  client: string;
  site: string;
}

/**
 * Counts `bytes` of photos a client stages today (a plain form's, until it is confirmed), keyed by
 * an HMAC of the client (client.ts: an IPv6 client is its /64), and the site's bytes of the day
 * beside them. Past LEADS_STAGED_PHOTO_DAILY_BYTES for the client, or
 * LEADS_STAGED_PHOTO_SITE_DAILY_BYTES for the site, the post is refused (429, the refusal in the
 * page's language under `photos`) and nothing is counted or staged. Each count is one statement,
 * in one transaction, so parallel posts cannot pass a cap together.
 */
export const stagePhotoBytes = async (client: string, bytes: number, secret: string, refusals: StagingRefusals): Promise<void> => {
  const key = personKey(secret, 'photo-staging', client);
  const day = new Date().toISOString().slice(0, 10);
  const count = async (who: string) =>
    Number(
      (
        await queryOne<{ bytes: string }>(
          `INSERT INTO photo_staging (day, client, bytes) VALUES ($1, $2, $3)
           ON CONFLICT (day, client) DO UPDATE SET bytes = photo_staging.bytes + EXCLUDED.bytes RETURNING bytes`,
          [day, who, bytes],
        )
      )?.bytes ?? 0,
    );
  await withDatabase(() =>
    transaction(async () => {
      // Thrown inside the transaction: a refused post is not counted.
      if ((await count(key)) > stagedPhotoDailyBytes()) throw new HttpError(429, refusals.client, { fields: { photos: refusals.client } });
      if ((await count(SITE_ROW)) > stagedPhotoSiteDailyBytes())
        throw new HttpError(429, refusals.site, { fields: { photos: refusals.site } });
    }),
  );
};
