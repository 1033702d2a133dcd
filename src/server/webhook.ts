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
 * Delivery works as the team's e-mail does (deliver.ts): a `webhook/<id>` entry is written with the
 * lead, the call at receipt deletes it on a 2xx, the sweep retries it on the same schedule under a
 * claim (so two sweeps never call twice), and the lead is flagged webhookGaveUp after the last try.
 * Never for spam, never from a preview.
 */
import { createHmac } from 'node:crypto';
import type { Store } from '@netlify/blobs';
import { isPreviewDeploy } from './deploy-context.ts';
import { logLead } from './log.ts';
import { updateLeadRecord } from './deliver.ts';
import { MAX_RESENDS, nextResendAt, webhookKey, writeIfUnchanged, type Claim } from './pending.ts';
import { leadsStore, withStoreDeadline } from './store.ts';
import type { LeadRecord } from './record.ts';

export const SIGNATURE_HEADER = 'x-aranya-signature';
export const TIMESTAMP_HEADER = 'x-aranya-timestamp';

/** The pipeline's bookkeeping on a record: not sent to the receiver. */
const STATE_FIELDS = new Set([
  'notified',
  'notifyError',
  'notifyAttempts',
  'notifyGaveUp',
  'notifiedWith',
  'notifiedAt',
  'notifyHeld',
  'webhookSent',
  'webhookError',
  'webhookAttempts',
  'webhookGaveUp',
  'ackedAt',
  'ackError',
  'ackAttempts',
  'ackGaveUp',
  'ackSkipped',
]);

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

/** The JSON body: the lead as stored, without the pipeline's state. */
export const webhookBody = (record: LeadRecord): string =>
  JSON.stringify(Object.fromEntries(Object.entries(record).filter(([field]) => !STATE_FIELDS.has(field))));

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

export type WebhookOutcome = 'sent' | 'failed' | 'gave-up' | 'off';

const bookkeep = (work: () => Promise<unknown>, lead: LeadRecord) =>
  withStoreDeadline(work).catch(() => logLead({ kind: lead.kind, id: lead.id, status: 'webhook-update-failed' }));

/**
 * One attempt to deliver a stored lead to the webhook, and its bookkeeping on the lead
 * (webhookSent / webhookError / webhookAttempts / webhookGaveUp) and on `webhook/<id>`.
 * `attempt` 0 is the call at receipt; the sweep's retries are 1 to MAX_RESENDS, under its claim.
 */
export const deliverWebhook = async (
  key: string,
  lead: LeadRecord,
  { attempt, claim }: { attempt: number; claim?: Claim },
): Promise<WebhookOutcome> => {
  const settings = webhookSettings();
  if (!settings) return 'off';
  const store: Store = leadsStore();
  const result = await callWebhook(settings, lead);
  const counted = attempt > 0 ? { webhookAttempts: attempt } : {};
  const note = attempt > 0 ? `retry ${attempt} of ${MAX_RESENDS}` : undefined;

  if (result.sent) {
    logLead({ kind: lead.kind, id: lead.id, status: 'webhook-sent', note });
    await bookkeep(
      () =>
        Promise.all([
          updateLeadRecord(store, key, ({ webhookError: _stale, ...rest }) => ({ ...rest, ...counted, webhookSent: true })),
          store.delete(webhookKey(lead.id)),
        ]),
      lead,
    );
    return 'sent';
  }
  const failed = (record: LeadRecord): LeadRecord => ({ ...record, ...counted, webhookSent: false, webhookError: result.error });
  if (attempt >= MAX_RESENDS) {
    logLead({ kind: lead.kind, id: lead.id, status: 'webhook-gave-up', note: `${result.error}; ${note}` });
    await bookkeep(async () => {
      await updateLeadRecord(store, key, (record) => ({ ...failed(record), webhookGaveUp: true }));
      await store.delete(webhookKey(lead.id));
    }, lead);
    return 'gave-up';
  }
  logLead({ kind: lead.kind, id: lead.id, status: 'webhook-failed', note: note ? `${result.error}; ${note}` : result.error });
  await bookkeep(async () => {
    if (!(await updateLeadRecord(store, key, failed))) {
      await store.delete(webhookKey(lead.id)); // erased meanwhile
      return;
    }
    if (claim) {
      const { claimedAt: _released, ...entry } = claim.entry;
      await writeIfUnchanged(
        store,
        webhookKey(lead.id),
        { ...entry, attempts: attempt, nextAt: nextResendAt(lead.receivedAt, attempt) },
        claim.etag,
      );
    }
  }, lead);
  return 'failed';
};
