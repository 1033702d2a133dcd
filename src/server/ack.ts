/**
 * The visitor's acknowledgement: after a lead is stored, a short e-mail to the address the visitor
 * gave, in their language (the lead's `locale`): their reference, what they asked about, when to
 * expect the call, the office phone and WhatsApp, and how to withdraw consent. Sent through
 * EmailJS with its own template, EMAILJS_ACK_TEMPLATE_ID; off when that is unset, when EmailJS is
 * not configured, and on a preview deploy (a preview never writes to visitors).
 *
 * Never for spam (spam is kept apart before a lead exists), never for a lead without an e-mail,
 * and at most once a day to one address: the first lead of the day takes `ack-daily/<UTC day>/<hash
 * of the lowercased address>` with a conditional write; a later lead of that day is marked
 * `ackSkipped: "daily-limit"` and gets none. Retention deletes the markers of past days.
 *
 * Delivery works as the team's e-mail and the webhook do: an `ack/<id>` entry is written with the
 * lead, the send at receipt deletes it once EmailJS took the e-mail, the sweep retries it on the
 * same schedule under a claim (so it never goes twice), and the lead is flagged ackGaveUp after the
 * last try. The lead records ackedAt, or ackError and ackAttempts.
 */
import { createHash } from 'node:crypto';
import type { Store } from '@netlify/blobs';
import { site } from '../config/site.ts';
import { hrefOf } from '../lib/routing/index.ts';
import { dictionary, format, localeOrDefault, type Locale } from '../i18n/index.ts';
import { isPreviewDeploy } from './deploy-context.ts';
import { updateLeadRecord } from './deliver.ts';
import { logLead } from './log.ts';
import { postToEmailJs, type EmailJsOutcome } from './notify.ts';
import { ACK_PREFIX, MAX_RESENDS, ackKey, listAll, nextResendAt, writeIfUnchanged, type Claim } from './pending.ts';
import { ackEmailJsSettings, type EmailJsSettings } from './pipeline-settings.ts';
import { leadsStore, withStoreDeadline } from './store.ts';
import type { LeadRecord } from './record.ts';

export { ACK_PREFIX };
export const ACK_DAILY_PREFIX = 'ack-daily/';

/** The acknowledgement's settings, or null when it is off (template unset, EmailJS unset, a preview). */
export const ackSettings = (): EmailJsSettings | null => (isPreviewDeploy() ? null : ackEmailJsSettings());

/** The visitor's address, or '' when the lead has none. */
export const ackAddress = (lead: LeadRecord): string => (typeof lead.email === 'string' ? lead.email.trim() : '');

/**
 * Whether a stored lead is owed an acknowledgement, as far as the lead itself tells. A privacy
 * request is not: the page that took it said what happens next and by when, and it asks us to
 * stop writing, not to write more.
 */
export const wantsAck = (lead: LeadRecord): boolean => lead.kind !== 'privacy' && !lead.spam && ackAddress(lead) !== '';

/** The reference the thank-you shows: the first 8 characters of the id. */
export const referenceOf = (id: string) => id.slice(0, 8);

const given = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** What the visitor asked about, in their language; wire values shown through the option labels. */
export const aboutText = (lead: LeadRecord, locale: Locale): string => {
  const words = dictionary(locale);
  const options = words.form.options as Record<string, string>;
  const label = (value: unknown) => (given(value) ? (options[value] ?? value) : '');
  const join = (head: string, detail: string) => (detail ? `${head}: ${detail}` : head);
  switch (lead.kind) {
    case 'realestate': {
      const head = lead.intent === 'sell' ? words.ack.about.sell : words.ack.about.buy;
      const categories = words.ack.categories as Record<string, string>;
      return join(head, given(lead.category) ? (categories[lead.category] ?? lead.category) : '');
    }
    case 'bankloan':
      return join(words.ack.about.bankloan, label(lead.Loantype));
    case 'finance':
      return join(words.ack.about.finance, label(lead.Planning));
    default:
      return words.ack.about.contact;
  }
};

/**
 * template_params of the acknowledgement: `to_email` (the visitor), `to_name`, `reference`,
 * `subject_line`, `about`, `callWhen`, `phone`, `whatsapp`, `withdraw`, `privacy`, `locale`, and
 * `message`, the whole acknowledgement as plain text, so a template may be just {{message}}.
 */
export const ackParams = (lead: LeadRecord): Record<string, string> => {
  const locale: Locale = localeOrDefault(lead.locale);
  const words = dictionary(locale);
  const options = words.form.options as Record<string, string>;
  const reference = referenceOf(lead.id);
  const name = given(lead.Username) ? lead.Username.trim() : '';
  const about = aboutText(lead, locale);
  const callWhen = given(lead.callTime) ? format(words.ack.callAt, { time: options[lead.callTime] ?? lead.callTime }) : words.ack.callSoon;
  const phone = site.phone;
  const whatsapp = `https://wa.me/${site.phoneDigits}`;
  const email = site.grievance.email.trim() || site.emails.info;
  const privacy = new URL(hrefOf({ collection: 'pages', id: 'privacy' }, locale), site.url).toString();
  const form = new URL(hrefOf({ collection: 'pages', id: 'privacy-request' }, locale), site.url).toString();
  const withdraw = format(words.ack.withdraw, { email, privacy, form });
  const subject = format(words.ack.subject, { brand: site.brand, reference });
  const message = [
    name ? format(words.ack.greeting, { name }) : words.ack.greetingNoName,
    '',
    format(words.ack.thanks, { reference }),
    format(words.ack.aboutLine, { about }),
    format(words.ack.callLine, { callWhen }),
    '',
    format(words.ack.contactLine, { phone, whatsapp }),
    '',
    withdraw,
    '',
    format(words.ack.signOff, { brand: site.brand }),
  ].join('\n');
  return {
    to_email: ackAddress(lead),
    to_name: name,
    reference,
    subject_line: subject,
    about,
    callWhen,
    phone,
    whatsapp,
    withdraw,
    privacy,
    locale,
    message,
  };
};

export type AckResult = EmailJsOutcome;

/** One send through EmailJS; never throws. */
export const sendAck = (settings: EmailJsSettings, lead: LeadRecord): Promise<AckResult> => postToEmailJs(settings, ackParams(lead));

const dailyKey = (address: string, day: string) =>
  `${ACK_DAILY_PREFIX}${day}/${createHash('sha256').update(address.trim().toLowerCase()).digest('hex').slice(0, 32)}`;

/**
 * Takes today's acknowledgement for the lead's address: true when this lead is the first of its
 * UTC day (receivedAt) to that address. A conditional write, so of two leads at once one wins.
 */
export const takeDailyAck = async (store: Store, lead: LeadRecord): Promise<boolean> =>
  (await store.set(dailyKey(ackAddress(lead), lead.receivedAt.slice(0, 10)), lead.id, { onlyIfNew: true })).modified;

/** Deletes the daily markers of days before `today` (UTC, YYYY-MM-DD); returns how many went. */
export const deleteOldAckMarkers = async (store: Store, today: string): Promise<number> => {
  const old = (await listAll(store, ACK_DAILY_PREFIX)).filter(({ key }) => key.split('/')[1] < today);
  await Promise.all(old.map(({ key }) => store.delete(key)));
  return old.length;
};

/**
 * At receipt, for a lead stored with an `ack/<id>` entry: a second lead to the same address today
 * is marked ackSkipped "daily-limit" and its entry removed. Returns whether to send now. When the
 * store cannot say, nothing is sent now and the entry stands: the sweep sends it (so at worst one
 * acknowledgement more that day, never none).
 */
export const ackAllowedToday = async (key: string, lead: LeadRecord): Promise<boolean> => {
  const store = leadsStore();
  const verdict = await withStoreDeadline(async () => {
    if (await takeDailyAck(store, lead)) return 'send' as const;
    await updateLeadRecord(store, key, (current) => ({ ...current, ackSkipped: 'daily-limit' }));
    await store.delete(ackKey(lead.id));
    return 'skipped' as const;
  }).catch(() => 'unknown' as const);
  if (verdict === 'skipped') logLead({ kind: lead.kind, id: lead.id, status: 'ack-skipped', note: 'daily-limit' });
  if (verdict === 'unknown')
    logLead({ kind: lead.kind, id: lead.id, status: 'ack-deferred', note: 'the daily check failed; the sweep sends it' });
  return verdict === 'send';
};

export type AckOutcome = 'sent' | 'failed' | 'gave-up' | 'off';

const bookkeep = (work: () => Promise<unknown>, lead: LeadRecord) =>
  withStoreDeadline(work).catch(() => logLead({ kind: lead.kind, id: lead.id, status: 'ack-update-failed' }));

/**
 * One attempt to acknowledge a stored lead, and its bookkeeping on the lead (ackedAt / ackError /
 * ackAttempts / ackGaveUp) and on `ack/<id>`. `attempt` 0 is the send at receipt; the sweep's
 * re-sends are 1 to MAX_RESENDS, under its claim.
 */
export const deliverAck = async (
  key: string,
  lead: LeadRecord,
  { attempt, claim }: { attempt: number; claim?: Claim },
): Promise<AckOutcome> => {
  const settings = ackSettings();
  if (!settings || !wantsAck(lead)) return 'off';
  const store = leadsStore();
  const result = await sendAck(settings, lead);
  const counted = attempt > 0 ? { ackAttempts: attempt } : {};
  const note = attempt > 0 ? `re-send ${attempt} of ${MAX_RESENDS}` : undefined;

  if (result.sent) {
    logLead({ kind: lead.kind, id: lead.id, status: 'ack-sent', note });
    // The e-mail has gone: even if only the delete lands, it is not sent twice.
    await bookkeep(
      () =>
        Promise.all([
          updateLeadRecord(store, key, ({ ackError: _stale, ...rest }) => ({ ...rest, ...counted, ackedAt: new Date().toISOString() })),
          store.delete(ackKey(lead.id)),
        ]),
      lead,
    );
    return 'sent';
  }
  const failed = (record: LeadRecord): LeadRecord => ({ ...record, ...counted, ackError: result.error });
  if (attempt >= MAX_RESENDS) {
    logLead({ kind: lead.kind, id: lead.id, status: 'ack-gave-up', note: `${result.error}; ${note}` });
    await bookkeep(async () => {
      await updateLeadRecord(store, key, (record) => ({ ...failed(record), ackGaveUp: true }));
      await store.delete(ackKey(lead.id));
    }, lead);
    return 'gave-up';
  }
  logLead({ kind: lead.kind, id: lead.id, status: 'ack-failed', note: note ? `${result.error}; ${note}` : result.error });
  await bookkeep(async () => {
    if (!(await updateLeadRecord(store, key, failed))) {
      await store.delete(ackKey(lead.id)); // erased meanwhile
      return;
    }
    if (claim) {
      const { claimedAt: _released, ...entry } = claim.entry;
      await writeIfUnchanged(
        store,
        ackKey(lead.id),
        { ...entry, attempts: attempt, nextAt: nextResendAt(lead.receivedAt, attempt) },
        claim.etag,
      );
    }
  }, lead);
  return 'failed';
};
