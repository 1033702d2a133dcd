/**
 * WhatsApp through Meta's WhatsApp Business Platform (Cloud API): an outbound channel of the one
 * retry machine (deliveries.ts), like the e-mails, the webhook and push.
 *
 * - One request per message: `POST <WHATSAPP_API_URL>/<WHATSAPP_PHONE_NUMBER_ID>/messages` with
 *   `Authorization: Bearer <WHATSAPP_ACCESS_TOKEN>` and a `template` message (a business may
 *   write first only with a template Meta approved). Meta answers the message's id, its `wamid`,
 *   which is kept on the delivery: the statuses Meta's webhook reports later name it.
 * - The visitor's acknowledgement (topic ''): the template WHATSAPP_ACK_TEMPLATE in the page's
 *   language (`language.code`: en, ta, te, kn), to `91` and the visitor's 10 digits. Its four
 *   variables are the first name (only under the e-mail acknowledgement's rule, ack.ts's
 *   greetingName; else the language's `noName`), the division (what they asked about, in our own
 *   words), the assignee's first name and the call-back window. Nothing else the visitor typed.
 * - A 2xx with a message id is sent; a 5xx, a 429, a timeout or no answer fails and the sweep
 *   tries again on the shared schedule; any other 4xx is final (a number that is not on
 *   WhatsApp, a template Meta does not know): the delivery gives up at once.
 * - A team alert (topic 'alert:<step>:<when>', recipient a member): when push cannot reach the
 *   member the lead is assigned to or reminded of (team-alert.ts), the template
 *   WHATSAPP_TEAM_TEMPLATE in English to their own number, if they opted in:
 *   "New {{kind}} enquiry from {{city}}, call back {{call_window}}." No phone number, no message.
 * - Off when WHATSAPP_PHONE_NUMBER_ID or WHATSAPP_ACCESS_TOKEN is unset, and on every preview
 *   deploy: then no WhatsApp delivery is made at all, and one already made waits untried.
 */
import { site } from '../../config/site.ts';
import { dictionary, format, localeOrDefault, type Locale } from '../../i18n/index.ts';
import { isPreviewDeploy } from '../deploy-context.ts';
import { whatsappSettings, type WhatsAppSettings } from '../settings.ts';
import type { LeadRecord } from '../../lib/enquiry/lead-record.ts';
import { releaseHeldAck, type Delivery } from '../db/deliveries.ts';
import { withDatabase } from '../db/connection.ts';
import { hasGranted } from '../db/consent-ledger.ts';
import { membersOf, seenPerson } from '../db/persons.ts';
import { memberWhatsApp } from '../db/team-members.ts';
import { callBackText } from '../../lib/enquiry/call-back.ts';
import { logLead } from '../log.ts';
import { PURPOSE_FIELDS } from '../../lib/enquiry/consent-purposes.ts';
import { fieldOf } from '../../lib/enquiry/lead-record.ts';
import { aboutText, greetingName } from './ack.ts';
import { claimedUntil, nextAttemptAt, type OutboundChannel, type SendResult } from './schedule.ts';

/** WhatsApp's settings when it may send now: configured, and not a preview. */
export const whatsappOn = (): WhatsAppSettings | null => (isPreviewDeploy() ? null : whatsappSettings());

/** An Indian mobile number as the form keeps it (10 digits, 6 to 9 first). */
const INDIAN_MOBILE = /^[6-9]\d{9}$/;

/** The number in international form, as the Cloud API's `to` takes it (`91` and the 10 digits), or '' when there is none. */
export const whatsappNumber = (phone: unknown): string => (typeof phone === 'string' && INDIAN_MOBILE.test(phone) ? `91${phone}` : '');

/**
 * Whether a stored lead is owed a WhatsApp acknowledgement, as far as the lead itself tells: the
 * visitor ticked `consentWhatsapp` and gave a mobile number; never a privacy request, spam, a
 * lead released from spam, or a referral (the person did not send it). The proof (a single-use
 * challenge or the confirmed plain post) and the limits are intake's (accept.ts).
 */
export const wantsWhatsApp = (lead: LeadRecord): boolean =>
  lead.kind !== 'privacy' &&
  !lead.spam &&
  !lead.releasedAt &&
  lead.source !== 'referral' &&
  fieldOf(lead, PURPOSE_FIELDS.whatsapp) === true &&
  whatsappNumber(lead.phone) !== '';

/** One template variable, by name (Meta's named parameters). */
export interface TemplateParameter {
  type: 'text';
  parameter_name: string;
  text: string;
}

/** The Cloud API's body of one template message. */
export interface TemplateMessage {
  messaging_product: 'whatsapp';
  recipient_type: 'individual';
  to: string;
  type: 'template';
  template: { name: string; language: { code: Locale }; components: { type: 'body'; parameters: TemplateParameter[] }[] };
}

/**
 * Meta refuses a variable with a line break, a tab or more than four spaces in a row, or an empty
 * one: our own words never have them, but a call-back label is squeezed to be safe.
 */
const variable = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The call-back window in the visitor's language, as the e-mail acknowledgement says it. */
const callWindow = (lead: LeadRecord, locale: Locale): string => {
  const words = dictionary(locale);
  const options = words.form.options as Record<string, string>;
  const callTime = lead.kind === 'privacy' ? undefined : lead.callTime;
  return typeof callTime === 'string' && Object.hasOwn(options, callTime)
    ? format(words.ack.callAt, { time: options[callTime] })
    : words.ack.callSoon;
};

/** The assignee's first name (the first word of the name the team gave them), or the language's `noAssignee`. */
const assigneeName = (lead: LeadRecord, locale: Locale): string => {
  const name = lead.assignee?.id ? greetingName(lead.assignee.name, 'en') : '';
  return name || dictionary(locale).whatsapp.noAssignee;
};

/** The acknowledgement's template message for a lead (to '' when it has no mobile number). */
export const ackMessage = (lead: LeadRecord, template: string): TemplateMessage => {
  const locale = localeOrDefault(lead.locale);
  const words = dictionary(locale);
  const values: [string, string][] = [
    ['first_name', greetingName(lead.Username, locale) || words.whatsapp.noName],
    ['division', aboutText(lead, locale)],
    ['assignee', assigneeName(lead, locale)],
    ['call_window', callWindow(lead, locale)],
  ];
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: whatsappNumber(lead.phone),
    type: 'template',
    template: {
      name: template,
      language: { code: locale },
      components: [
        { type: 'body', parameters: values.map(([name, text]) => ({ type: 'text', parameter_name: name, text: variable(text) })) },
      ],
    },
  };
};

/** The team alert's approved text, as submitted to Meta (docs/deploy.md): English, the team's language. */
export const TEAM_ALERT_TEXT = 'New {{kind}} enquiry from {{city}}, call back {{call_window}}.';

/** Each kind in the alert's words ("New bank loan enquiry"). */
const ALERT_KINDS: Record<LeadRecord['kind'], string> = {
  realestate: 'property',
  bankloan: 'bank loan',
  finance: 'financial planning',
  contact: 'contact',
  privacy: 'privacy',
};

/** A team alert's template message for a lead, to a member's number (10 digits): the kind, the city and the call-back window only. */
export const teamAlertMessage = (lead: LeadRecord, template: string, number: string): TemplateMessage => {
  const city = fieldOf(lead, 'selectedCity');
  const values: [string, string][] = [
    ['kind', ALERT_KINDS[lead.kind]],
    ['city', typeof city === 'string' && city.trim() ? city : 'the website'],
    ['call_window', callBackText(lead)],
  ];
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: whatsappNumber(number),
    type: 'template',
    template: {
      name: template,
      language: { code: 'en' },
      components: [
        { type: 'body', parameters: values.map(([name, text]) => ({ type: 'text', parameter_name: name, text: variable(text) })) },
      ],
    },
  };
};

/** Whether a delivery is a team alert (its topic 'alert:…'). */
export const isTeamAlert = (delivery: Pick<Delivery, 'topic'>) => (delivery.topic ?? '').startsWith('alert:');

/** One try of a team alert: to the member's own number, only while they are opted in. Never throws. */
const sendTeamAlert = async (settings: WhatsAppSettings, lead: LeadRecord, delivery: Delivery): Promise<SendResult> => {
  let member: Awaited<ReturnType<typeof memberWhatsApp>>;
  try {
    member = delivery.recipient ? await withDatabase(() => memberWhatsApp(delivery.recipient as string)) : null;
  } catch {
    return { sent: false, error: 'the member could not be read' };
  }
  if (!member?.optedIn || !member.number) return { sent: false, error: 'not-opted-in', nobody: true };
  return postMessage(settings, teamAlertMessage(lead, settings.teamTemplate, member.number));
};

/** A template's text as the reader sees it: its {{variables}} filled (docs, the stand-in's outbox, the tests). */
export const renderTemplate = (text: string, parameters: readonly TemplateParameter[]): string =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => parameters.find((one) => one.parameter_name === name)?.text ?? whole);

/** The acknowledgement's approved text in a language, as submitted to Meta (docs/deploy.md). */
export const ackTemplateText = (locale: Locale) => format(dictionary(locale).whatsapp.ackTemplate, { brand: site.brand });

/** What the Cloud API answers a send: the message's id, or an error. */
interface CloudAnswer {
  messages?: { id?: unknown }[];
  error?: { message?: unknown; code?: unknown };
}

/** One message to the Cloud API. Never throws. */
export const postMessage = async (settings: WhatsAppSettings, message: TemplateMessage): Promise<SendResult> => {
  let response: Response;
  try {
    response = await fetch(`${settings.apiUrl}/${encodeURIComponent(settings.phoneNumberId)}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${settings.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(message),
      redirect: 'manual',
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    return {
      sent: false,
      error: timedOut
        ? `the WhatsApp Cloud API did not answer within ${settings.timeoutMs} ms`
        : 'the WhatsApp Cloud API could not be reached',
    };
  }
  const answer = (await response.json().catch(() => ({}))) as CloudAnswer;
  const wamid = answer.messages?.[0]?.id;
  if (response.ok && typeof wamid === 'string' && wamid) return { sent: true, reference: wamid };
  const code = typeof answer.error?.code === 'number' ? ` (error ${answer.error.code})` : '';
  const error = `the WhatsApp Cloud API answered ${response.status}${code}`;
  // A 5xx or a rate limit may pass; any other refusal will be the same next time.
  const passing = response.status >= 500 || response.status === 429 || response.status === 408 || response.ok;
  return { sent: false, error, ...(passing ? {} : { final: true }) };
};

/** One try of a WhatsApp delivery. Never throws. */
export const sendWhatsApp = async (lead: LeadRecord, delivery: Delivery): Promise<SendResult> => {
  const settings = whatsappOn();
  if (!settings) return { sent: false, error: 'WhatsApp is off', skipped: true };
  if (isTeamAlert(delivery)) return sendTeamAlert(settings, lead, delivery);
  if (delivery.topic) return { sent: false, error: `no WhatsApp message for "${delivery.topic}"`, final: true };
  if (!wantsWhatsApp(lead)) return { sent: false, error: 'the lead is owed no WhatsApp message', nobody: true };
  const message = ackMessage(lead, settings.ackTemplate);
  if (!message.to) return { sent: false, error: 'no mobile number to write to', nobody: true };
  // The ledger first: a STOP or a withdrawal since the enquiry means nothing more goes.
  let granted: boolean;
  try {
    granted =
      !lead.personId ||
      (await withDatabase(async () =>
        hasGranted(await membersOf((await seenPerson(lead.personId as string)) ?? (lead.personId as string)), 'whatsapp'),
      ));
  } catch {
    return { sent: false, error: 'the consent ledger could not be read' };
  }
  if (!granted) return { sent: false, error: 'consent-withdrawn', nobody: true };
  return postMessage(settings, message);
};

/**
 * WhatsApp's acknowledgement failed for good (refused, given up, or a `failed` status from Meta):
 * the e-mail acknowledgement held for it goes instead, tried now and then by the sweep; only once,
 * and only when the visitor gave an e-mail address (else none was held). Never throws.
 */
export const fallBackToEmail = async (lead: LeadRecord): Promise<void> => {
  const at = new Date().toISOString();
  const held = await withDatabase(() => releaseHeldAck(lead.id, at, nextAttemptAt(at, 1) as string, claimedUntil())).catch(() => null);
  if (!held) return;
  logLead({ kind: lead.kind, id: lead.id, status: 'ack-instead-of-whatsapp' });
  // Imported here: deliveries.ts imports this channel.
  const { attempt } = await import('./deliveries.ts');
  await attempt(held, lead);
};

export const whatsapp: OutboundChannel = {
  on: () => whatsappOn() !== null,
  send: sendWhatsApp,
  gaveUp: async (lead, delivery) => {
    if (!delivery.topic) await fallBackToEmail(lead);
  },
  log: { sent: 'whatsapp-sent', prefix: 'whatsapp', retry: 're-send' },
};
