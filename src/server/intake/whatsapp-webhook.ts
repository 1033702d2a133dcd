/**
 * Meta's WhatsApp webhook, /api/whatsapp (netlify/functions/whatsapp.mts).
 *
 * - GET is Meta's verification: `hub.mode=subscribe` and `hub.verify_token` equal to
 *   WHATSAPP_VERIFY_TOKEN answer `hub.challenge` as text, 200; anything else 403.
 * - POST is verified first: X-Hub-Signature-256 must be `sha256=` and the HMAC-SHA256 of the raw
 *   body with WHATSAPP_APP_SECRET, compared in constant time. Missing or wrong (or no secret
 *   set): 401, and nothing is read or recorded.
 * - A signed body is answered 200 at once and worked after (the platform's waitUntil): Meta
 *   retries what is not answered quickly and may switch a failing webhook off, so a payload we
 *   understand never gets a 5xx. A signed body that is not JSON gets 400.
 * - Statuses (sent, delivered, read, failed) are recorded on the delivery Meta's wamid names,
 *   never backwards (read stays read; failed and read are both final), so Meta's repeats and its
 *   out-of-order sends change nothing. The first `failed` of the acknowledgement sends the e-mail
 *   one instead (outbound/whatsapp.ts's fallBackToEmail), once.
 * - A text from a known person that is STOP, "unsubscribe", or its Tamil, Telugu or Kannada word
 *   (நிறுத்து, ఆపు, ನಿಲ್ಲಿಸಿ) withdraws `whatsapp` in the consent ledger: nothing more is sent to
 *   them on WhatsApp (the sender asks the ledger before each message).
 * - Any other text from a known person goes on their timeline (beside their newest open lead), and
 *   that lead's assignee gets a push: "Priya’s customer replied on WhatsApp" (never the text).
 * - A text from a number we hold no person for is a line in the owner's team log
 *   (`whatsapp-unknown`: the number and the text, kept UNKNOWN_WHATSAPP_KEPT_DAYS), a possible lead
 *   for the owner to look at, never a lead by itself. Meta's repeats are recorded once (its id).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { whatsappWebhookSecrets } from '../settings.ts';
import { queryOne, withDatabase } from '../db/connection.ts';
import { readLead } from '../db/leads.ts';
import { logLead } from '../log.ts';
import { apiHeaders, jsonResponse } from '../errors.ts';
import { fallBackToEmail } from '../outbound/whatsapp.ts';
import { withdrawPurpose } from './withdrawal.ts';
import { BY_WHATSAPP, leadOfReply, logWhatsAppText } from '../db/persons.ts';
import { logUnknownWhatsApp } from '../db/team-log.ts';
import { pushDelivery, storeDeliveries, tryAtReceipt } from '../outbound/deliveries.ts';
import { pushFor, recipientOf } from '../outbound/push.ts';
import { localeOrDefault } from '../../i18n/index.ts';

/** The statuses Meta reports, and their order: a status only ever moves up it. */
export const WHATSAPP_STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;
export type WhatsAppStatus = (typeof WHATSAPP_STATUSES)[number];
/** `read` and `failed` are both final: neither replaces the other. */
const RANK: Record<WhatsAppStatus, number> = { sent: 1, delivered: 2, read: 3, failed: 3 };

/** The words that stop WhatsApp messages, as a person may write them (any case, with stray punctuation). */
export const STOP_WORDS = ['stop', 'unsubscribe', 'நிறுத்து', 'ఆపు', 'ನಿಲ್ಲಿಸಿ'] as const;
export const isStop = (text: string) =>
  (STOP_WORDS as readonly string[]).includes(
    text
      .normalize('NFC')
      .trim()
      .toLowerCase()
      .replace(/^[\s.!"'“”]+|[\s.!"'“”]+$/gu, ''),
  );

/** How a withdrawal by WhatsApp is recorded in the ledger and on the person's timeline. */
export const WHATSAPP_STOP_FORM = 'whatsapp-stop';
/** The longest text kept from a message (Meta allows 4,096 characters). */
const TEXT_KEPT = 1000;

/** Whether a signature header is the HMAC-SHA256 of the raw body with the app secret, compared in constant time. */
export const signatureHolds = (raw: string, header: string | null, appSecret: string): boolean => {
  if (!appSecret || !header?.startsWith('sha256=')) return false;
  const expected = Buffer.from(createHmac('sha256', appSecret).update(raw).digest('hex'), 'utf8');
  const given = Buffer.from(header.slice('sha256='.length), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

interface StatusEntry {
  id?: unknown;
  status?: unknown;
  timestamp?: unknown;
}
interface MessageEntry {
  id?: unknown;
  timestamp?: unknown;
  from?: unknown;
  type?: unknown;
  text?: { body?: unknown };
}
interface WebhookBody {
  entry?: { changes?: { value?: { statuses?: StatusEntry[]; messages?: MessageEntry[] } }[] }[];
}

const isStatus = (value: unknown): value is WhatsAppStatus => (WHATSAPP_STATUSES as readonly unknown[]).includes(value);
const timeOf = (timestamp: unknown) => {
  const seconds = Number(timestamp);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString() : new Date().toISOString();
};

/** Records a status on its delivery unless it would move it backwards; the delivery when it changed. */
export const recordStatus = async (wamid: string, status: WhatsAppStatus, at: string) =>
  queryOne<{ lead_id: string; topic: string }>(
    `UPDATE deliveries SET wa_status = $2, wa_status_at = $3
     WHERE wamid = $1 AND (wa_status IS NULL OR
       (CASE wa_status WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 ELSE 3 END) < $4)
     RETURNING lead_id, topic`,
    [wamid, status, at, RANK[status]],
  );

/** The person the team sees for a WhatsApp number (`91` and 10 digits), and the language of their newest lead; null when unknown. */
const personOfNumber = async (from: string): Promise<{ id: string; locale: string } | null> => {
  const phone = /^91([6-9]\d{9})$/.exec(from)?.[1];
  if (!phone) return null;
  return queryOne<{ id: string; locale: string }>(
    `SELECT coalesce(p.merged_into, p.id) AS id,
       coalesce((SELECT l.locale FROM leads l WHERE l.phone = $1 ORDER BY l.received_at DESC LIMIT 1), 'en') AS locale
     FROM person_contacts c JOIN persons p ON p.id = c.person_id WHERE c.channel = 'phone' AND c.value = $1`,
    [phone],
  );
};

/** The work of one signed body. Never throws. */
export const workOf = async (body: WebhookBody): Promise<void> => {
  for (const entry of body.entry ?? []) {
    for (const change of entry.changes ?? []) {
      for (const status of change.value?.statuses ?? []) {
        if (typeof status.id !== 'string' || !isStatus(status.status)) continue;
        const changed = await withDatabase(() =>
          recordStatus(status.id as string, status.status as WhatsAppStatus, timeOf(status.timestamp)),
        ).catch(() => null);
        if (!changed) continue;
        logLead({ kind: 'whatsapp', id: changed.lead_id, status: `whatsapp-${status.status}` });
        if (status.status === 'failed' && !changed.topic) {
          const lead = await withDatabase(() => readLead(changed.lead_id)).catch(() => null);
          if (lead) await fallBackToEmail(lead.record);
        }
      }
      for (const message of change.value?.messages ?? []) {
        if (typeof message.from !== 'string' || message.type !== 'text' || typeof message.text?.body !== 'string') continue;
        const text = message.text.body;
        const from = message.from;
        const wamid = typeof message.id === 'string' && message.id ? message.id : `${from}:${String(message.timestamp)}`;
        const at = timeOf(message.timestamp);
        const kept = text.normalize('NFC').slice(0, TEXT_KEPT);
        const person = await withDatabase(() => personOfNumber(from)).catch(() => null);
        if (!person) {
          const number = /^91([6-9]\d{9})$/.exec(from)?.[1] ?? from.replace(/\D/g, '').slice(0, 15);
          const logged = await withDatabase(() => logUnknownWhatsApp(number, kept, wamid, at)).catch(() => false);
          logLead({
            kind: 'whatsapp',
            status: 'unknown-number',
            note: logged ? 'in the team log for the owner' : 'a repeat, or not logged',
          });
          continue;
        }
        if (!isStop(text)) {
          await reply(person.id, kept, wamid, at);
          continue;
        }
        const withdrawn = await withDatabase(() =>
          withdrawPurpose(person.id, 'whatsapp', localeOrDefault(person.locale), WHATSAPP_STOP_FORM, BY_WHATSAPP),
        ).catch(() => false);
        logLead({ kind: 'consent', status: withdrawn ? 'withdrawn' : 'withdraw-unchanged', note: 'whatsapp, by STOP' });
      }
    }
  }
};

/** A known person's text: on their timeline, and a push to the assignee of the lead it answers. Never throws. */
const reply = async (personId: string, text: string, wamid: string, at: string) => {
  try {
    const made = await withDatabase(async () => {
      const leadId = await leadOfReply(personId);
      if (!(await logWhatsAppText(personId, leadId, at, text, wamid)) || !leadId) return null;
      const lead = await readLead(leadId);
      if (!lead) return null;
      const pushTo = await pushFor(recipientOf(lead.record.assignee ?? { id: null }), 'whatsapp-reply', at);
      return { lead: lead.record, deliveries: pushTo ? await storeDeliveries(leadId, [pushDelivery(pushTo)]) : [] };
    });
    if (!made) return;
    logLead({
      kind: 'whatsapp',
      id: made.lead.id,
      status: 'whatsapp-reply',
      note: made.deliveries.length ? 'pushed' : 'no device for a push',
    });
    await tryAtReceipt(made.lead, made.deliveries);
  } catch {
    logLead({ kind: 'whatsapp', status: 'whatsapp-reply-failed', note: 'the reply could not be recorded' });
  }
};

const text = (status: number, body: string) =>
  new Response(body, { status, headers: apiHeaders({ 'content-type': 'text/plain; charset=utf-8' }) });

/** The default export of netlify/functions/whatsapp.mts. */
export const whatsappWebhookHandler =
  () =>
  async (request: Request, context?: { waitUntil?: (work: Promise<unknown>) => void }): Promise<Response> => {
    const { appSecret, verifyToken } = whatsappWebhookSecrets();
    if (request.method === 'GET') {
      const url = new URL(request.url);
      const token = Buffer.from(url.searchParams.get('hub.verify_token') ?? '', 'utf8');
      const expected = Buffer.from(verifyToken, 'utf8');
      const holds = verifyToken !== '' && token.length === expected.length && timingSafeEqual(token, expected);
      if (url.searchParams.get('hub.mode') !== 'subscribe' || !holds) return text(403, 'Forbidden');
      return text(200, url.searchParams.get('hub.challenge') ?? '');
    }
    if (request.method !== 'POST') return jsonResponse(405, { error: 'Use GET to verify, or POST.' }, { allow: 'GET, POST' });
    const raw = await request.text().catch(() => '');
    if (!signatureHolds(raw, request.headers.get('x-hub-signature-256'), appSecret)) {
      logLead({ kind: 'whatsapp', status: 401 });
      return jsonResponse(401, { error: 'The signature is missing or wrong.' });
    }
    let body: WebhookBody;
    try {
      body = JSON.parse(raw) as WebhookBody;
    } catch {
      return jsonResponse(400, { error: 'The body is not JSON.', fields: { body: 'a JSON object as Meta sends it' } });
    }
    const work = workOf(body && typeof body === 'object' ? body : {});
    if (context?.waitUntil) context.waitUntil(work);
    else await work;
    return jsonResponse(200, { received: true });
  };
