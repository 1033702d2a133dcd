/**
 * The e-mail fallback (docs/decisions/006-after-submit.md): when our API cannot be reached, the form sends
 * the enquiry straight to the team with @emailjs/browser. Settings come from the build's
 * PUBLIC_EMAILJS_* variables; `npm start` points them at the local EmailJS stand-in.
 *
 * Those settings are public by nature (they are in the page's script), so anyone can send through
 * them. The fallback therefore has a template of its own (PUBLIC_EMAILJS_FALLBACK_TEMPLATE_ID, not
 * the server's), which renders its fields as escaped text only, and sends only what the kind's
 * schema accepted (docs/deploy.md, "EmailJS").
 */
import type * as z from 'zod/mini';
import type { FormWords } from './language.ts';
import { callBackText } from '../../lib/enquiry/call-back.ts';
import { displayValue } from '../../lib/text.ts';

export interface FallbackSettings {
  publicKey: string;
  serviceId: string;
  templateId: string;
  /** EmailJS API origin; empty means EmailJS itself. */
  origin: string;
}

export const SETTING_NAMES = {
  publicKey: 'PUBLIC_EMAILJS_PUBLIC_KEY',
  serviceId: 'PUBLIC_EMAILJS_SERVICE_ID',
  templateId: 'PUBLIC_EMAILJS_FALLBACK_TEMPLATE_ID',
} as const;

export const fallbackSettings = (): FallbackSettings => ({
  publicKey: import.meta.env.PUBLIC_EMAILJS_PUBLIC_KEY ?? '',
  serviceId: import.meta.env.PUBLIC_EMAILJS_SERVICE_ID ?? '',
  templateId: import.meta.env.PUBLIC_EMAILJS_FALLBACK_TEMPLATE_ID ?? '',
  origin: import.meta.env.PUBLIC_EMAILJS_API_ORIGIN ?? '',
});

/** Names of the settings that are not set. */
export const missingSettings = (settings: FallbackSettings): string[] =>
  (Object.keys(SETTING_NAMES) as (keyof typeof SETTING_NAMES)[]).filter((key) => !settings[key].trim()).map((key) => SETTING_NAMES[key]);

export type FallbackResult = { sent: true } | { sent: false; status: number | 'not-configured'; message: string };

/** Plain words for an EmailJS status (451, 403, 429 and 0 each have their own), in the form's language. */
export const emailStatusMessage = (words: FormWords, status: number | 'not-configured'): string => {
  const text = words.emailStatus;
  if (status === 'not-configured') return text.notConfigured;
  if (status === 0 || status === 403 || status === 429 || status === 451) return text[status];
  return text.other;
};

/** Sends the enquiry's fields to the team through EmailJS. Never throws. */
export const sendByEmail = async (
  templateParams: Record<string, string>,
  words: FormWords,
  settings: FallbackSettings = fallbackSettings(),
): Promise<FallbackResult> => {
  const missing = missingSettings(settings);
  if (missing.length > 0) {
    console.error(`Enquiry e-mail fallback is off: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set.`);
    return { sent: false, status: 'not-configured', message: emailStatusMessage(words, 'not-configured') };
  }
  try {
    // Loaded only when needed: most visitors never reach the fallback.
    const { init, send } = await import('@emailjs/browser');
    if (settings.origin) init({ publicKey: settings.publicKey }, settings.origin.replace(/\/+$/, ''));
    await send(settings.serviceId, settings.templateId, templateParams, { publicKey: settings.publicKey });
    return { sent: true };
  } catch (error) {
    // EmailJS rejects with { status, text }; a failed fetch rejects with a TypeError (status 0).
    const status = typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : 0;
    return { sent: false, status, message: emailStatusMessage(words, status) };
  }
};

/**
 * The template params of a fallback e-mail: the fields the kind's schema accepted (anything else
 * the payload carries is left out), each as text, plus what the team needs to know, with the
 * visitor's language by its English name (`preferredLanguage`, as the server's e-mail has it).
 */
export const fallbackParams = (
  kind: string,
  schema: z.ZodMiniType,
  payload: Record<string, unknown>,
  extra: { photos?: number; preferredLanguage?: string } = {},
): Record<string, string> => {
  const checked = schema.safeParse(payload);
  const fields = checked.success ? (checked.data as Record<string, unknown>) : {};
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null || value === '') continue;
    params[key] = displayValue(value);
  }
  const language: Record<string, string> = extra.preferredLanguage ? { preferredLanguage: extra.preferredLanguage } : {};
  // When and in which language to call, as the server's e-mail says it ("Evening (16:00-19:00), in Tamil");
  // a privacy request asks for no call.
  const callBack = kind === 'privacy' ? '' : callBackText(fields);
  const lines = [
    ...(extra.preferredLanguage ? [`Preferred language: ${extra.preferredLanguage}`] : []),
    ...(callBack ? [`Call: ${callBack}`] : []),
    ...Object.entries(params).map(([key, value]) => `${key}: ${value}`),
  ];
  if (extra.photos) lines.push(`photos: ${extra.photos} chosen, not attached to this e-mail (ask the visitor to resend them)`);
  return {
    ...params,
    ...language,
    callBack,
    kind,
    via: 'browser-fallback',
    summary: `Enquiry sent by the browser because the website's API could not be reached.\n${lines.join('\n')}`,
  };
};
