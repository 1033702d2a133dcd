/**
 * The signed webhook: with LEADS_WEBHOOK_URL and LEADS_WEBHOOK_SECRET set, each accepted lead is
 * POSTed there as JSON (its id, every field and the attribution; not the pipeline's own state).
 *
 * Signature: `X-Aranya-Timestamp: <unix seconds>` and
 * `X-Aranya-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">` with the secret, so
 * a receiver checks the signature and refuses an old timestamp (a replay). The same two values
 * ride in the query string for receivers that cannot read headers. docs/webhook.md has
 * receivers for Google Sheets, Zapier or Make, and plain Node.
 *
 * Delivered by the one retry machine (deliveries.ts): called at receipt, retried by the sweep on
 * the same schedule as the team's e-mail, flagged webhookGaveUp after the last try. Never for
 * spam, never from a preview.
 */
import { createHmac } from 'node:crypto';
import { isPreviewDeploy } from '../deploy-context.ts';
import { DELIVERY_STATE_FIELDS, type LeadRecord } from '../db/lead-record.ts';
import type { OutboundChannel } from './schedule.ts';

export const SIGNATURE_HEADER = 'x-aranya-signature';
export const TIMESTAMP_HEADER = 'x-aranya-timestamp';

export interface WebhookSettings {
  url: string;
  secret: string;
  timeoutMs: number;
}

/** The webhook's settings, or null when it is off: URL or secret unset, or a preview deploy. */
export const webhookSettings = (): WebhookSettings | null => {
  const url = (process.env.LEADS_WEBHOOK_URL ?? '').trim();
  const secret = process.env.LEADS_WEBHOOK_SECRET ?? '';
  if (!url || !secret || isPreviewDeploy()) return null;
  const timeout = Number(process.env.LEADS_WEBHOOK_TIMEOUT_MS);
  return { url, secret, timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : 5000 };
};

/** `sha256=<hex>` of "<timestamp>.<body>": what a receiver computes to check a delivery. */
export const signature = (secret: string, timestamp: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/**
 * The URL with the timestamp and signature in its query too (`aranya_timestamp`,
 * `aranya_signature`): a Google Apps Script web app cannot read request headers.
 */
export const signedUrl = (url: string, timestamp: string, signed: string): string => {
  const target = new URL(url);
  target.searchParams.set('aranya_timestamp', timestamp);
  target.searchParams.set('aranya_signature', signed);
  return target.toString();
};

/** The JSON body: the lead as stored, without its delivery state or the team's history. */
export const webhookBody = (record: LeadRecord): string =>
  JSON.stringify(Object.fromEntries(Object.entries(record).filter(([field]) => !DELIVERY_STATE_FIELDS.has(field) && field !== 'history')));

const isHttpUrl = (url: string) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol);

export type WebhookResult = { sent: true } | { sent: false; error: string };

/** One POST; never throws. */
export const callWebhook = async (settings: WebhookSettings, record: LeadRecord): Promise<WebhookResult> => {
  const body = webhookBody(record);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signed = signature(settings.secret, timestamp, body);
  if (!isHttpUrl(settings.url)) return { sent: false, error: 'LEADS_WEBHOOK_URL is not an http(s) address' };
  try {
    const response = await fetch(signedUrl(settings.url, timestamp, signed), {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        [TIMESTAMP_HEADER]: timestamp,
        [SIGNATURE_HEADER]: signed,
      },
      body,
      // A Google Apps Script web app answers its POST with a redirect to its output: followed.
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    await response.body?.cancel().catch(() => {});
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
  async send(lead) {
    const settings = webhookSettings();
    if (!settings) return { sent: false, error: 'the webhook is off', skipped: true };
    return callWebhook(settings, lead);
  },
  log: { sent: 'webhook-sent', prefix: 'webhook', retry: 'retry' },
};
