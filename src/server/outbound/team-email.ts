/**
 * The team's e-mail about a lead, through EmailJS: every field as text, a readable summary, the
 * language and when to call back, and whether it repeats an earlier open lead of the same person
 * (and who works that one) or is a referral from another division. An outbound channel of the retry machine (deliveries.ts).
 * When earlier leads' own e-mails all failed, this one lists them too ("also waiting"), and they
 * count as sent with it.
 */
import { isPreviewDeploy } from '../deploy-context.ts';
import { emailJsSettings, previewNotifyTo } from '../settings.ts';
import { withDatabase } from '../db/connection.ts';
import { claimGaveUpTeamEmails, leadsOf, markCarried, releaseAll } from '../db/deliveries.ts';
import { languageName } from '../db/lead-record.ts';
import { displayValue } from '../../lib/text.ts';
import { DELIVERY_STATE_FIELDS, fieldOf, type LeadRecord } from '../../lib/enquiry/lead-record.ts';
import { FIELD_LABELS, LEAD_FIELDS, PRIVACY_VERIFY_LINE, callBackText } from '../../lib/enquiry/index.ts';
import { KIND_NAMES } from '../../lib/team-api/vocabulary.ts';
import { site } from '../../config/site.ts';
import { ackDomainDailyCap, ackSiteDailyCap } from '../settings.ts';
import { claimUntoldPauses, untellPauses, type AckPause } from '../db/ack-days.ts';
import { repeatedLead, type RepeatOf } from '../db/persons.ts';
import { postToEmailJs } from './emailjs.ts';
import { claimedUntil, type OutboundChannel, type SendResult } from './schedule.ts';

/**
 * The line that says a lead repeats an earlier open one of the same person and kind, and who
 * works that one, so two people do not call one family the same morning.
 */
export const repeatLine = (repeat: RepeatOf): string =>
  `Repeat enquiry: the same person asked ${repeat.receivedAt.slice(0, 10)} (lead ${repeat.id.slice(0, 8)}, ${repeat.status}), ${
    repeat.worker ? `worked by ${repeat.worker}: talk to ${repeat.worker} before you call` : 'which nobody has picked up yet'
  }.`;

/** The line of a referral: who referred the person, from which division, and their note. */
export const referralLine = (record: LeadRecord): string =>
  `Referred by ${displayValue(record.referredBy)} from ${record.referredFrom ? `lead ${record.referredFrom.slice(0, 8)}` : 'another division'}${
    record.referralNote ? `: ${record.referralNote}` : ''
  }`;

/** Fields whose value is a language code, written out by name in the e-mail. */
const LANGUAGE_FIELDS = new Set<string>(['locale', 'consentLocale']);

/**
 * Readable multi-line text of a lead for the team's e-mail. Right under the title: the language
 * of the page ("Preferred language: Tamil"), then when and in which language to call back
 * ("Call: Evening (16:00-19:00), in Tamil", src/lib/enquiry/call-back.ts). A privacy request
 * says so in its first line, with what is asked, the day it must be answered by in the second,
 * and how to check it comes from the person in the third.
 */
export const summarise = (record: LeadRecord, repeat: RepeatOf | null = null): string => {
  const lines: string[] =
    record.kind === 'privacy'
      ? [
          `${KIND_NAMES.privacy.lead} ${record.id}: ${displayValue(record.request)}`,
          `${FIELD_LABELS.replyBy}: ${displayValue(record.replyBy)} (${site.grievance.responseDays} days; India's DPDP Act)`,
          PRIVACY_VERIFY_LINE,
          `${FIELD_LABELS.locale}: ${languageName(record.locale)}`,
        ]
      : [
          `${KIND_NAMES[record.kind].lead} ${record.id}`,
          `${FIELD_LABELS.locale}: ${languageName(record.locale)}`,
          `Call: ${callBackText(record)}`,
          ...(repeat ? [repeatLine(repeat)] : []),
          ...(record.source === 'referral' ? [referralLine(record)] : []),
          ...(record.assignee ? [`Assigned to: ${record.assignee.name}`] : []),
        ];
  for (const field of LEAD_FIELDS) {
    if (field === 'locale' || field === 'replyBy') continue;
    const value = fieldOf(record, field);
    if (value !== undefined && value !== '')
      lines.push(`${FIELD_LABELS[field]}: ${LANGUAGE_FIELDS.has(field) ? languageName(value) : displayValue(value)}`);
  }
  lines.push(`Page: ${record.page}`, `Received: ${record.receivedAt}`);
  return lines.join('\n');
};

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
  /** Caps that paused the visitors' acknowledgements, told once, in the next team e-mail. */
  ackPauses?: readonly AckPause[];
  /** The earlier open lead this one repeats (the lead's `repeatOf`), with who works it. */
  repeat?: RepeatOf | null;
}

/** One line per cap that paused the acknowledgements for a day. */
export const ackPauseText = (pauses: readonly AckPause[]): string =>
  pauses
    .map(({ day, scope }) =>
      scope === 'site'
        ? `Acknowledgements to visitors are paused for ${day} (UTC): the site's cap of ${ackSiteDailyCap()} a day is reached. Team e-mails go on.`
        : `Acknowledgements to visitors at ${scope.slice('domain:'.length)} are paused for ${day} (UTC): its cap of ${ackDomainDailyCap()} a day is reached. Team e-mails go on.`,
    )
    .join('\n');

/**
 * template_params: kind, summary and every field of the lead as text (not its delivery
 * state), plus `preferredLanguage`, the visitor's language by its English name ("Tamil"), for
 * a template line like "Preferred language: {{preferredLanguage}}", and `callBack`, when and in
 * which language to call ("Evening (16:00-19:00), in Tamil"), for the subject line.
 */
export const templateParams = (record: LeadRecord, extras: NotifyExtras = {}): Record<string, string> => {
  const params: Record<string, string> = {};
  for (const [field, value] of Object.entries(record)) {
    if (!DELIVERY_STATE_FIELDS.has(field) && field !== 'history' && field !== 'assignee' && value !== undefined)
      params[field] = displayValue(value);
  }
  const waiting = extras.alsoWaiting ?? [];
  const alsoWaiting = waiting.length > 0 ? alsoWaitingText(waiting) : '';
  const pauses = extras.ackPauses ?? [];
  const summary = [
    ...(pauses.length > 0 ? [ackPauseText(pauses), ''] : []),
    summarise(record, extras.repeat ?? null),
    ...(alsoWaiting ? ['', `Also waiting (${waiting.length}; their own e-mails failed):`, alsoWaiting] : []),
  ].join('\n');
  return {
    ...params,
    kind: record.kind,
    preferredLanguage: languageName(record.locale),
    callBack: callBackText(record),
    /** Who the lead is assigned to (src/server/intake/assign.ts), for a line like "Assigned to {{assignee}}". */
    assignee: record.assignee?.name ?? '',
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

/** At most this many gave-up leads ride along in one e-mail; the rest go with the next. */
const WAITING_PER_EMAIL = 25;

/** One e-mail to the team about `record`, with the gave-up leads it can carry. Never throws. */
export const notifyTeam = async (record: LeadRecord, extras: NotifyExtras = {}): Promise<SendResult> => {
  const recipient = recipientParams();
  if (!recipient) return { sent: false, error: 'Preview site: the team is not e-mailed (LEADS_PREVIEW_NOTIFY_TO is unset)', skipped: true };
  const settings = emailJsSettings();
  if (!settings) return { sent: false, error: 'EmailJS is not configured', skipped: true };
  const params = templateParams(record, extras);
  if (recipient.to_email) params.summary = `${PREVIEW_SUMMARY_LINE}\n\n${params.summary}`;
  return postToEmailJs(settings, { ...params, ...recipient });
};

/** The gave-up team e-mails this one takes along (claimed, so no other e-mail lists them too). */
const takeWaiting = async () => {
  try {
    return await withDatabase(async () => {
      const claimed = await claimGaveUpTeamEmails(WAITING_PER_EMAIL, claimedUntil());
      const leads = await leadsOf(claimed.map((delivery) => delivery.leadId));
      return claimed.flatMap((delivery) => {
        const lead = leads.get(delivery.leadId);
        return lead ? [{ delivery, lead }] : [];
      });
    });
  } catch {
    return [];
  }
};

/** The acknowledgement pauses this e-mail tells (claimed, so no other e-mail tells them too). */
const takePauses = () => withDatabase(() => claimUntoldPauses()).catch((): AckPause[] => []);

export const teamEmail: OutboundChannel = {
  on: () => recipientParams() !== null && emailJsSettings() !== null,
  async send(lead) {
    const on = teamEmail.on();
    const [waiting, ackPauses] = on ? await Promise.all([takeWaiting(), takePauses()]) : [[], []];
    const repeat = on && lead.repeatOf ? await withDatabase(() => repeatedLead(lead.repeatOf as string)).catch(() => null) : null;
    const result = await notifyTeam(lead, { alsoWaiting: waiting.map(({ lead: earlier }) => earlier), ackPauses, repeat });
    const ids = waiting.map(({ delivery }) => delivery.id);
    await withDatabase(() => (result.sent ? markCarried(ids, lead.id) : releaseAll(ids))).catch(() => {});
    if (!result.sent && ackPauses.length > 0) await withDatabase(() => untellPauses(ackPauses)).catch(() => {});
    return result;
  },
  log: { sent: 'notified', prefix: 'notify', retry: 're-send' },
};
