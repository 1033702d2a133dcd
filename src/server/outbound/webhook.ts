/**
 * The signed webhook: with LEADS_WEBHOOK_URL and LEADS_WEBHOOK_SECRET set, each accepted lead is
 * POSTed there as JSON (its id, every field and the attribution; not the pipeline's own state).
 *
 * Signed the Standard Webhooks way (https://www.standardwebhooks.com), so a receiver verifies
 * with its language's `standardwebhooks` library:
 * - `webhook-id`: the delivery's id, the same on every retry of one lead's delivery (de-duplication);
 * - `webhook-timestamp`: the time of sending, in Unix seconds (a receiver refuses an old one);
 * - `webhook-signature`: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">`, keyed with
 *   the secret's bytes (LEADS_WEBHOOK_SECRET is written `whsec_<base64>`).
 * The same three values ride in the query string for receivers that cannot read headers (Google
 * Apps Script). docs/webhook.md has receivers for Google Sheets, Zapier or Make, Node and Python.
 *
 * Only `https:` addresses are called (`http://localhost` too, for tests). A redirect is not
 * followed, except the one hop a Google Apps Script web app answers its POST with (to its output
 * on script.googleusercontent.com).
 *
 * Delivered by the one retry machine (deliveries.ts): called at receipt, retried by the sweep on
 * the same schedule as the team's e-mail, flagged webhookGaveUp after the last try. Never for
 * spam, never from a preview.
 */
import { createHmac } from 'node:crypto';
import { isPreviewDeploy } from '../deploy-context.ts';
import { webhookSetting } from '../settings.ts';
import { DELIVERY_STATE_FIELDS, type LeadRecord } from '../../lib/enquiry/lead-record.ts';
import type { OutboundChannel } from './schedule.ts';

export const ID_HEADER = 'webhook-id';
export const TIMESTAMP_HEADER = 'webhook-timestamp';
export const SIGNATURE_HEADER = 'webhook-signature';
/** The secret's written form: `whsec_` and the base64 of its bytes. */
export const SECRET_PREFIX = 'whsec_';
/** The fewest secret bytes taken: 128 bits. */
export const MIN_SECRET_BYTES = 16;

export interface WebhookSettings {
  url: string;
  secret: string;
  timeoutMs: number;
}

/** The webhook's settings, or null when it is off: URL or secret unset, or a preview deploy. */
export const webhookSettings = (): WebhookSettings | null => {
  const setting = webhookSetting();
  if (!setting.url || !setting.secret || isPreviewDeploy()) return null;
  return setting;
};

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The secret's bytes, or null when it is not `whsec_<base64>` of at least MIN_SECRET_BYTES. */
export const secretBytes = (secret: string): Buffer | null => {
  if (!secret.startsWith(SECRET_PREFIX)) return null;
  const encoded = secret.slice(SECRET_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return null;
  const bytes = Buffer.from(encoded, 'base64');
  return bytes.length >= MIN_SECRET_BYTES ? bytes : null;
};

/** What is wrong with the settings, in plain words, or null. */
export const webhookProblem = ({ url, secret }: Pick<WebhookSettings, 'url' | 'secret'>): string | null => {
  if (!URL.canParse(url)) return 'LEADS_WEBHOOK_URL is not an address';
  const { protocol, hostname } = new URL(url);
  if (protocol !== 'https:' && !(protocol === 'http:' && LOCAL_HOSTS.has(hostname)))
    return 'LEADS_WEBHOOK_URL must start with https:// (plain http:// only for localhost)';
  if (!secretBytes(secret))
    return `LEADS_WEBHOOK_SECRET must be written ${SECRET_PREFIX}<base64> of ${MIN_SECRET_BYTES} random bytes or more (e.g. "${SECRET_PREFIX}$(openssl rand -base64 32)")`;
  return null;
};

/** `v1,<base64>`: the HMAC-SHA256 of "<id>.<timestamp>.<body>" with the secret's bytes. */
export const signature = (secret: string, id: string, timestamp: string, body: string) => {
  const key = secretBytes(secret);
  if (!key) throw new Error('LEADS_WEBHOOK_SECRET is not a whsec_ secret');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
};

/** The URL with the three signing values in its query too: a Google Apps Script web app cannot read request headers. */
export const signedUrl = (url: string, signing: Record<string, string>): string => {
  const target = new URL(url);
  for (const [name, value] of Object.entries(signing)) target.searchParams.set(name, value);
  return target.toString();
};

/** The JSON body: the lead as stored, without its delivery state or the team's history. */
export const webhookBody = (record: LeadRecord): string =>
  JSON.stringify(Object.fromEntries(Object.entries(record).filter(([field]) => !DELIVERY_STATE_FIELDS.has(field) && field !== 'history')));

/**
 * The one redirect followed: a Google Apps Script web app (`https://script.google.com/macros/…`)
 * runs its doPost, then answers with a redirect to its output on script.googleusercontent.com.
 */
export const isAppsScriptHop = (from: string, location: string | null): boolean => {
  if (!location || !URL.canParse(location, from)) return false;
  const source = new URL(from);
  const target = new URL(location, from);
  return (
    source.protocol === 'https:' &&
    source.hostname === 'script.google.com' &&
    source.pathname.startsWith('/macros/') &&
    target.protocol === 'https:' &&
    target.hostname === 'script.googleusercontent.com'
  );
};

export type WebhookResult = { sent: true } | { sent: false; error: string };

/** One POST (and the Apps Script hop); never throws. `id` is the delivery's id. */
export const callWebhook = async (settings: WebhookSettings, record: LeadRecord, id: string): Promise<WebhookResult> => {
  const problem = webhookProblem(settings);
  if (problem) return { sent: false, error: problem };
  const body = webhookBody(record);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signing = { [ID_HEADER]: id, [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: signature(settings.secret, id, timestamp, body) };
  const signal = AbortSignal.timeout(settings.timeoutMs);
  try {
    const url = signedUrl(settings.url, signing);
    let response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', ...signing },
      body,
      redirect: 'manual',
      signal,
    });
    await response.body?.cancel().catch(() => {});
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('location');
      if (!isAppsScriptHop(url, location))
        return { sent: false, error: `the webhook answered ${response.status} (a redirect, which is not followed)` };
      response = await fetch(new URL(location as string, url), { redirect: 'manual', signal });
      await response.body?.cancel().catch(() => {});
    }
    return response.ok ? { sent: true } : { sent: false, error: `the webhook answered ${response.status}` };
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    return {
      sent: false,
      error: timedOut ? `the webhook did not answer within ${settings.timeoutMs} ms` : 'the webhook could not be reached',
    };
  }
};

/** The webhook as an outbound channel of the retry machine (deliveries.ts). */
export const webhook: OutboundChannel = {
  on: () => webhookSettings() !== null,
  async send(lead, delivery) {
    const settings = webhookSettings();
    if (!settings) return { sent: false, error: 'the webhook is off', skipped: true };
    return callWebhook(settings, lead, delivery.id);
  },
  log: { sent: 'webhook-sent', prefix: 'webhook', retry: 'retry' },
};
