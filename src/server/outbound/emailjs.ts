/** One e-mail through the EmailJS REST API (POST <origin>/api/v1.0/email/send): the team's e-mail and the visitor's acknowledgement. */
import type { EmailJsSettings } from '../settings.ts';

export const EMAILJS_SEND_PATH = '/api/v1.0/email/send';

/** What one EmailJS send came to: sent, or why not, in words for the delivery's error. */
export type EmailJsOutcome = { sent: true } | { sent: false; error: string };

/** Sends one e-mail with these settings and template params. Never throws; gives up after the settings' timeout. */
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
