/**
 * Tells the team about a stored lead with one e-mail through the EmailJS REST API
 * (POST <origin>/api/v1.0/email/send). Never throws: the lead is already stored, so a failed
 * or slow notification only marks it notified:false.
 */
import { isPreviewDeploy, previewNotifyTo } from './deploy-context.ts';
import { emailJsSettings, type EmailJsSettings } from './pipeline-settings.ts';
import { callBackText } from '../lib/enquiry/call-back.ts';
import { displayValue, languageName, summarise, type LeadRecord } from './record.ts';

export type NotifyResult = { notified: true } | { notified: false; error: string; skipped?: boolean };

export const EMAILJS_SEND_PATH = '/api/v1.0/email/send';

/** Notification state kept on the record; not part of the e-mail. */
const STATE_FIELDS = new Set([
  'notified',
  'notifyError',
  'notifyAttempts',
  'notifyGaveUp',
  'notifiedWith',
  'notifiedAt',
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

/** One line per lead whose e-mails all failed, for the "also waiting" part of the next e-mail. */
export const alsoWaitingText = (waiting: readonly LeadRecord[]): string =>
  waiting
    .map(
      (lead) =>
        `- ${lead.kind} ${lead.id}, received ${lead.receivedAt}: ${[lead.Username, lead.phone, lead.email].filter(Boolean).map(displayValue).join(', ')}`,
    )
    .join('\n');

export interface NotifyExtras {
  /** Leads whose own e-mails failed for good: listed in this one so the team still hears of them. */
  alsoWaiting?: readonly LeadRecord[];
}

/**
 * template_params: kind, summary and every field of the lead as text (not its notification
 * state), plus `preferredLanguage`, the visitor's language by its English name ("Tamil"), for
 * a template line like "Preferred language: {{preferredLanguage}}", and `callBack`, when and in
 * which language to call ("Evening (16:00-19:00), in Tamil"), for the subject line.
 */
export const templateParams = (record: LeadRecord, extras: NotifyExtras = {}): Record<string, string> => {
  const params: Record<string, string> = {};
  for (const [field, value] of Object.entries(record)) {
    if (!STATE_FIELDS.has(field) && value !== undefined) params[field] = displayValue(value);
  }
  const waiting = extras.alsoWaiting ?? [];
  const alsoWaiting = waiting.length > 0 ? alsoWaitingText(waiting) : '';
  const summary = [
    summarise(record),
    ...(alsoWaiting ? ['', `Also waiting (${waiting.length}; their own e-mails failed):`, alsoWaiting] : []),
  ].join('\n');
  return {
    ...params,
    kind: record.kind,
    preferredLanguage: languageName(record.locale),
    callBack: callBackText(record),
    summary,
    alsoWaiting,
  };
};

/** The first line of a preview's e-mail, so nobody mistakes it for a customer's enquiry. */
export const PREVIEW_SUMMARY_LINE = 'Sent from a preview site, not the live site.';

/**
 * In a preview, the e-mail goes to LEADS_PREVIEW_NOTIFY_TO only (as `to_email`, for a preview
 * template whose "To" is {{to_email}}), or nowhere.
 */
const recipientParams = (): Record<string, string> | null => {
  if (!isPreviewDeploy()) return {};
  const to = previewNotifyTo();
  return to ? { to_email: to } : null;
};

/** What one EmailJS send came to: sent, or why not, in words for the record's error field. */
export type EmailJsOutcome = { sent: true } | { sent: false; error: string };

/**
 * One e-mail through EmailJS's REST API with these settings and template params (the team's
 * e-mail here, the visitor's acknowledgement in ack.ts). Never throws; gives up after the
 * settings' timeout.
 */
export const postToEmailJs = async (settings: EmailJsSettings, templateParams: Record<string, string>): Promise<EmailJsOutcome> => {
  try {
    const response = await fetch(`${settings.origin}${EMAILJS_SEND_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        service_id: settings.serviceId,
        template_id: settings.templateId,
        user_id: settings.publicKey,
        ...(settings.privateKey ? { accessToken: settings.privateKey } : {}),
        template_params: templateParams,
      }),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    await response.body?.cancel().catch(() => {});
    return response.ok ? { sent: true } : { sent: false, error: `EmailJS answered ${response.status}` };
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    return { sent: false, error: timedOut ? `EmailJS did not answer within ${settings.timeoutMs} ms` : 'EmailJS could not be reached' };
  }
};

export const notifyTeam = async (record: LeadRecord, extras: NotifyExtras = {}): Promise<NotifyResult> => {
  const recipient = recipientParams();
  if (!recipient)
    return { notified: false, error: 'Preview site: the team is not e-mailed (LEADS_PREVIEW_NOTIFY_TO is unset)', skipped: true };
  const settings = emailJsSettings();
  if (!settings) return { notified: false, error: 'EmailJS is not configured', skipped: true };
  const params = templateParams(record, extras);
  if (recipient.to_email) params.summary = `${PREVIEW_SUMMARY_LINE}\n\n${params.summary}`;
  const outcome = await postToEmailJs(settings, { ...params, ...recipient });
  return outcome.sent ? { notified: true } : { notified: false, error: outcome.error };
};
