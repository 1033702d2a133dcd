/**
 * Tells the team about a stored lead with one e-mail through the EmailJS REST API
 * (POST <origin>/api/v1.0/email/send). Never throws: the lead is already stored, so a failed
 * or slow notification only marks it notified:false.
 */
import { emailJsSettings } from './config.ts';
import { displayValue, summarise, type LeadRecord } from './record.ts';

export type NotifyResult = { notified: true } | { notified: false; error: string; skipped?: boolean };

export const EMAILJS_SEND_PATH = '/api/v1.0/email/send';

/** template_params: kind, summary and every field of the lead as text (not its notification state). */
export const templateParams = (record: LeadRecord): Record<string, string> => {
  const { notified: _notified, notifyError: _notifyError, ...fields } = record;
  const params: Record<string, string> = {};
  for (const [field, value] of Object.entries(fields)) params[field] = displayValue(value);
  return { ...params, kind: record.kind, summary: summarise(record) };
};

export const notifyTeam = async (record: LeadRecord): Promise<NotifyResult> => {
  const settings = emailJsSettings();
  if (!settings) return { notified: false, error: 'EmailJS is not configured', skipped: true };
  try {
    const response = await fetch(`${settings.origin}${EMAILJS_SEND_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        service_id: settings.serviceId,
        template_id: settings.templateId,
        user_id: settings.publicKey,
        ...(settings.privateKey ? { accessToken: settings.privateKey } : {}),
        template_params: templateParams(record),
      }),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    await response.body?.cancel().catch(() => {});
    return response.ok ? { notified: true } : { notified: false, error: `EmailJS answered ${response.status}` };
  } catch (error) {
    const name = (error as Error).name;
    return { notified: false, error: name === 'TimeoutError' ? `EmailJS did not answer within ${settings.timeoutMs} ms` : 'EmailJS could not be reached' };
  }
};
