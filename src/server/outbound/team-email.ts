/**
 * The team's e-mail about a lead, through EmailJS: every field as text, a readable summary, the
 * language and when to call back, and whether it repeats an earlier open lead of the same person
 * (and who works that one) or is a referral from another division. An outbound channel of the retry machine (deliveries.ts).
 * When earlier leads' own e-mails all failed, this one lists them too ("also waiting"), and they
 * count as sent with it.
 *
 * The site sends at most LEADS_TEAM_EMAIL_HOURLY_CAP team e-mails a UTC hour, so that a script
 * posting random phone numbers cannot use up the quota: the first lead over the budget waits for
 * the next hour, and the ones after it are not e-mailed on their own. The next team e-mail that
 * goes (that first one, at the latest) lists them, and they count as sent with it. Every lead is
 * stored and in the inbox as always.
 */
import { isPreviewDeploy } from '../deploy-context.ts';
import { emailJsSettings, previewNotifyTo } from '../settings.ts';
import { withDatabase } from '../db/connection.ts';
import { OVER_BUDGET, claimGaveUpTeamEmails, claimOverBudgetTeamEmails, leadsOf, markCarried, releaseAll } from '../db/deliveries.ts';
import { hourOf, takeTeamEmailPlace } from '../db/team-email-hours.ts';
import { languageName } from '../db/lead-record.ts';
import { displayValue } from '../../lib/text.ts';
import { DELIVERY_STATE_FIELDS, fieldOf, type LeadRecord } from '../../lib/enquiry/lead-record.ts';
import { FIELD_LABELS, LEAD_FIELDS, PRIVACY_VERIFY_LINE, callBackText } from '../../lib/enquiry/index.ts';
import { KIND_NAMES } from '../../lib/team-api/vocabulary.ts';
import { site } from '../../config/site.ts';
import { ackDomainDailyCap, ackSiteDailyCap, teamEmailHourlyCap, whatsappDailyCap } from '../settings.ts';
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
  /** Leads not e-mailed on their own for the hourly budget, listed in this one; `more`: how many are left besides. */
  overBudget?: { leads: readonly LeadRecord[]; more: number };
}

/** The part of an e-mail that lists the leads the hourly budget kept from their own e-mails. */
export const overBudgetText = ({ leads, more }: { leads: readonly LeadRecord[]; more: number }): string =>
  [
    `Not e-mailed one by one (${leads.length + more}): more enquiries came in than the site's ${teamEmailHourlyCap()} team e-mails an hour. Each is in the inbox.`,
    alsoWaitingText(leads),
    ...(more > 0 ? [`… and ${more} more: the next e-mail lists them, and the inbox has them all.`] : []),
  ].join('\n');

/** One line per cap that paused the acknowledgements for a day. */
export const ackPauseText = (pauses: readonly AckPause[]): string =>
  pauses
    .map(({ day, scope }) =>
      scope === 'site'
        ? `Acknowledgements to visitors are paused for ${day} (UTC): the site's cap of ${ackSiteDailyCap()} a day is reached. Team e-mails go on.`
        : scope === 'whatsapp'
          ? `WhatsApp acknowledgements are paused for ${day} (UTC): the cap of ${whatsappDailyCap()} a day is reached, so visitors get the e-mail acknowledgement instead.`
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
  const overBudget = extras.overBudget && extras.overBudget.leads.length > 0 ? overBudgetText(extras.overBudget) : '';
  const summary = [
    ...(pauses.length > 0 ? [ackPauseText(pauses), ''] : []),
    summarise(record, extras.repeat ?? null),
    ...(alsoWaiting ? ['', `Also waiting (${waiting.length}; their own e-mails failed):`, alsoWaiting] : []),
    ...(overBudget ? ['', overBudget] : []),
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
/** At most this many leads kept from their own e-mails by the hourly budget are listed in one; the rest in the next. */
const OVER_BUDGET_PER_EMAIL = 100;

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

/** The leads the hourly budget kept from their own e-mails that this one lists (claimed, so no other lists them too). */
const takeOverBudget = async () => {
  try {
    return await withDatabase(async () => {
      const { claimed, more } = await claimOverBudgetTeamEmails(OVER_BUDGET_PER_EMAIL, claimedUntil());
      const leads = await leadsOf(claimed.map((delivery) => delivery.leadId));
      return { ids: claimed.map((delivery) => delivery.id), leads: claimed.flatMap((delivery) => leads.get(delivery.leadId) ?? []), more };
    });
  } catch {
    return { ids: [], leads: [], more: 0 };
  }
};

/**
 * This e-mail's place in the hour's budget: within it; the first over it (held until the next
 * hour, when it lists the others); or over it (listed in a later e-mail). A database that cannot
 * count lets the e-mail go: the team hears of the lead.
 */
const placeInHour = async (): Promise<SendResult | null> => {
  const hour = hourOf(new Date());
  const place = await withDatabase(() => takeTeamEmailPlace(hour.start)).catch(() => 1);
  const cap = teamEmailHourlyCap();
  if (place <= cap) return null;
  if (place === cap + 1)
    return {
      sent: false,
      error: `over the site's ${cap} team e-mails an hour: sent at ${hour.next}, listing the others`,
      heldUntil: hour.next,
    };
  return { sent: false, error: OVER_BUDGET, nobody: true };
};

/** The acknowledgement pauses this e-mail tells (claimed, so no other e-mail tells them too). */
const takePauses = () => withDatabase(() => claimUntoldPauses()).catch((): AckPause[] => []);

export const teamEmail: OutboundChannel = {
  on: () => recipientParams() !== null && emailJsSettings() !== null,
  async send(lead) {
    const on = teamEmail.on();
    const overHour = on ? await placeInHour() : null;
    if (overHour) return overHour;
    const [waiting, ackPauses, overBudget] = on
      ? await Promise.all([takeWaiting(), takePauses(), takeOverBudget()])
      : [[], [], { ids: [], leads: [], more: 0 }];
    const repeat = on && lead.repeatOf ? await withDatabase(() => repeatedLead(lead.repeatOf as string)).catch(() => null) : null;
    const result = await notifyTeam(lead, { alsoWaiting: waiting.map(({ lead: earlier }) => earlier), ackPauses, repeat, overBudget });
    const ids = [...waiting.map(({ delivery }) => delivery.id), ...overBudget.ids];
    await withDatabase(() => (result.sent ? markCarried(ids, lead.id) : releaseAll(ids))).catch(() => {});
    if (!result.sent && ackPauses.length > 0) await withDatabase(() => untellPauses(ackPauses)).catch(() => {});
    return result;
  },
  log: { sent: 'notified', prefix: 'notify', retry: 're-send' },
};
