/**
 * The visitor's acknowledgement: after a lead is stored, a short e-mail to the address the visitor
 * gave, in their language (the lead's `locale`): their reference, what they asked about, when to
 * expect the call, the office phone and WhatsApp, and how to withdraw consent: the signed link to
 * the page that lists what they agreed to, one button per purpose (intake/withdrawal.ts). Sent through
 * EmailJS with its own template, EMAILJS_ACK_TEMPLATE_ID; off when that is unset, when EmailJS is
 * not configured, and on a preview deploy (a preview never writes to visitors).
 *
 * It carries nothing the visitor typed but their first name, and that only when the name passes
 * a strict pattern (letters of any script and spaces, at most 40 characters): everything else in
 * it is ours (the reference, our option labels, our phone and links). So it can never carry a
 * stranger's text to an address someone else typed in. In Telugu, where a name is often written
 * family name first ("Kota Srinivas"), the greeting names only a one-word name.
 *
 * Never for spam, a release from spam, an import or a preview; only for a lead that came with a
 * fresh single-use challenge or the no-JavaScript confirmation; at most once a UTC day to one
 * mailbox, and within the daily caps per recipient domain and for the site (intake/daily-limits.ts).
 * A lead over a limit is marked `ackSkipped` ("daily-limit", "domain-cap", "site-cap") and gets none.
 *
 * Delivered by the one retry machine (deliveries.ts): sent at receipt, re-sent by the sweep on the
 * team e-mail's schedule, flagged ackGaveUp after the last try. The lead shows ackedAt, or ackError
 * and ackAttempts.
 */
import { site } from '../../config/site.ts';
import { hrefOf } from '../../lib/routing/index.ts';
import { dictionary, format, localeOrDefault, type Locale } from '../../i18n/index.ts';
import { isPreviewDeploy } from '../deploy-context.ts';
import { ackEmailJsSettings, type EmailJsSettings } from '../settings.ts';
import type { LeadRecord } from '../../lib/enquiry/lead-record.ts';
import { postToEmailJs, type EmailJsOutcome } from './emailjs.ts';
import { consentLinkUrl } from './consent-link.ts';
import { challengeSecret } from '../secret.ts';
import type { OutboundChannel } from './schedule.ts';

/** The acknowledgement's settings, or null when it is off (template unset, EmailJS unset, a preview). */
export const ackSettings = (): EmailJsSettings | null => (isPreviewDeploy() ? null : ackEmailJsSettings());

/** The visitor's address, or '' when the lead has none. */
export const ackAddress = (lead: LeadRecord): string => (typeof lead.email === 'string' ? lead.email.trim() : '');

/**
 * Whether a stored lead is owed an acknowledgement, as far as the lead itself tells. A privacy
 * request is not: the page that took it said what happens next and by when, and it asks us to
 * stop writing, not to write more. Nor is spam, or a lead a person released from spam.
 */
export const wantsAck = (lead: LeadRecord): boolean => lead.kind !== 'privacy' && !lead.spam && !lead.releasedAt && ackAddress(lead) !== '';

/**
 * A name the greeting may use: letters of any script (with their vowel signs and the joiners
 * Indic scripts write with) and spaces, at most 40 characters.
 */
const GREETABLE_NAME = /^(?:[\p{L}\p{M} ]|\u200C|\u200D){1,40}$/u;

/**
 * Languages whose names are often written family name first (Telugu: "Kota Srinivas"), so the
 * first word may not be the name a person is greeted by: their greeting names only a one-word name.
 */
const FAMILY_NAME_FIRST: ReadonlySet<Locale> = new Set(['te']);

/**
 * The first name the greeting uses, or '' for the plain greeting: only when the whole name the
 * visitor typed passes GREETABLE_NAME (so no digits, no `. / : @`, nothing like a link or an
 * address can ride along), and then only its first word; in a FAMILY_NAME_FIRST language only a
 * name of one word.
 */
export const greetingName = (typed: unknown, locale: Locale = 'en'): string => {
  if (typeof typed !== 'string') return '';
  const name = typed.normalize('NFC').trim();
  if (!GREETABLE_NAME.test(name)) return '';
  const words = name.split(/ +/);
  return words.length > 1 && FAMILY_NAME_FIRST.has(locale) ? '' : words[0];
};

/** The reference the thank-you shows: the first 8 characters of the id. */
export const referenceOf = (id: string) => id.slice(0, 8);

const given = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** What the visitor asked about, in their language; wire values shown through the option labels. */
export const aboutText = (lead: LeadRecord, locale: Locale): string => {
  const words = dictionary(locale);
  const options = words.form.options as Record<string, string>;
  // Only our own labels: a value we do not know is left out, never shown as typed.
  const label = (value: unknown) => (given(value) && Object.hasOwn(options, value) ? options[value] : '');
  // The detail in brackets: "Buying property (flats)", not a second colon after "You asked about:".
  const join = (head: string, detail: string) => (detail ? `${head} (${detail})` : head);
  switch (lead.kind) {
    case 'realestate': {
      const head = lead.intent === 'sell' ? words.ack.about.sell : words.ack.about.buy;
      const categories = words.ack.categories as Record<string, string>;
      return join(head, given(lead.category) && Object.hasOwn(categories, lead.category) ? categories[lead.category] : '');
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
 * `subject_line`, `about`, `callWhen`, `phone`, `whatsapp`, `withdraw`, `privacy`, `locale`,
 * `consentLink` (the signed link to see and withdraw what they agreed to, outbound/consent-link.ts),
 * and `message`, the whole acknowledgement as plain text, so a template may be just {{message}}.
 */
export const ackParams = (lead: LeadRecord, consentLink = ''): Record<string, string> => {
  const locale: Locale = localeOrDefault(lead.locale);
  const words = dictionary(locale);
  const options = words.form.options as Record<string, string>;
  const reference = referenceOf(lead.id);
  const name = greetingName(lead.Username, locale);
  const about = aboutText(lead, locale);
  const callTime = lead.kind === 'privacy' ? undefined : lead.callTime;
  const callWhen =
    given(callTime) && Object.hasOwn(options, callTime) ? format(words.ack.callAt, { time: options[callTime] }) : words.ack.callSoon;
  const phone = site.phone;
  const whatsapp = `https://wa.me/${site.phoneDigits}`;
  const email = site.grievance.email.trim() || site.emails.info;
  const privacy = new URL(hrefOf({ collection: 'pages', id: 'privacy' }, locale), site.url).toString();
  const form = new URL(hrefOf({ collection: 'pages', id: 'privacy-request' }, locale), site.url).toString();
  // The signed link (sendAck makes it); without one, the privacy request form stands in.
  const link = consentLink || form;
  const withdraw = format(words.ack.withdraw, { email, privacy, form, link });
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
    consentLink: link,
    message,
  };
};

export type AckResult = EmailJsOutcome;

/** One send through EmailJS, with the person's withdrawal link; never throws. */
export const sendAck = async (settings: EmailJsSettings, lead: LeadRecord): Promise<AckResult> => {
  const secret = lead.personId ? await challengeSecret().catch(() => null) : null;
  const link = secret && lead.personId ? consentLinkUrl(secret, lead.personId, localeOrDefault(lead.locale)) : '';
  return postToEmailJs(settings, ackParams(lead, link));
};

/** The acknowledgement as an outbound channel of the retry machine (deliveries.ts). */
export const acknowledgement: OutboundChannel = {
  on: () => ackSettings() !== null,
  async send(lead) {
    const settings = ackSettings();
    if (!settings) return { sent: false, error: 'the acknowledgement is off', skipped: true };
    if (!wantsAck(lead)) return { sent: false, error: 'the lead is owed no acknowledgement', skipped: true };
    return sendAck(settings, lead);
  },
  log: { sent: 'ack-sent', prefix: 'ack', retry: 're-send' },
};
