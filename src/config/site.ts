/**
 * Identity of the group: the one place code reads the brand, the provider, the phone, the
 * e-mail addresses, the office and the social links from. Every page reads it from here.
 *
 * - The brand is set here in code. Changing it renames the `/<brand>_Realty` and
 *   `/<brand>_Consulting` routes and every heading that carries the brand at the next build.
 * - Phone, e-mails, address and socials live in `src/content/identity.json`, which editors
 *   change in /admin ("Contact details"). It is checked against `identitySchema` when this
 *   module loads, so a bad value stops the build with a message naming the field.
 */
import { z } from 'zod';
import identityFile from '../content/identity.json' with { type: 'json' };
import type { Locale } from '../i18n/locales.ts';

export const SOCIAL_KINDS = ['youtube', 'facebook', 'instagram', 'linkedin'] as const;
export type SocialKind = (typeof SOCIAL_KINDS)[number];

export interface SocialLink {
  /** Which icon to draw. */
  kind: SocialKind;
  label: string;
  /** An empty or missing URL means the link is not configured and is not rendered. */
  url?: string;
}

const SOCIAL_LABELS: Record<SocialKind, string> = {
  youtube: 'YouTube',
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
};

const line = z.string().trim().min(1);
/** The days of the week, Monday first (ISO day numbers 1 to 7 by their place). */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
/** A time of day on a 24-hour clock, "09:30". */
const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** An https link, or empty to hide the icon. */
const socialUrl = z
  .string()
  .trim()
  .regex(/^(https:\/\/\S+)?$/, 'Use a full link starting with https://, or leave it empty to hide the icon.')
  .optional();

/** The editable part of the identity (src/content/identity.json). */
export const identitySchema = z.object({
  /** With the country code; tel: and WhatsApp links use its digits. */
  phone: z
    .string()
    .trim()
    .regex(/^\+[1-9][\d -]{6,18}\d$/, 'Write the phone with its country code, e.g. +91 90000 00000.'),
  emails: z.object({
    info: z.email(),
    immigration: z.email(),
    careers: z.email(),
    marketing: z.email(),
    realEstate: z.email(),
    loans: z.email(),
    planning: z.email(),
  }),
  /** Office hours, one line each. */
  hours: z.array(line).min(1),
  /**
   * Office hours in Tamil, Telugu and Kannada, one line each. A language left empty shows the
   * English lines.
   */
  hoursTranslated: z.object({ ta: z.array(line), te: z.array(line), kn: z.array(line) }),
  /**
   * The office's working time, on India's clock, as the team's figures count it (the speed of
   * first contact, the leads still waiting): the days it is open, and when it opens and closes.
   */
  officeHours: z
    .object({
      days: z.array(z.enum(WEEKDAYS)).min(1, 'Choose at least one day.'),
      opens: z.string().trim().regex(CLOCK_TIME, 'Write the time as hours and minutes on a 24-hour clock, e.g. 09:30.'),
      closes: z.string().trim().regex(CLOCK_TIME, 'Write the time as hours and minutes on a 24-hour clock, e.g. 18:30.'),
    })
    .refine((hours) => hours.opens < hours.closes, { message: 'The office must close after it opens.', path: ['closes'] }),
  /**
   * Registration numbers; an empty one is not shown. RERA: the real-estate agent's registration,
   * which must appear on property advertising. AMFI ARN: the mutual fund distributor's
   * registration. GSTIN and CIN: tax and company registration.
   */
  registrations: z.object({
    rera: z.string().trim(),
    amfiArn: z
      .string()
      .trim()
      .regex(/^(ARN-\d{1,8})?$/, 'Write the AMFI registration as ARN- and its number, e.g. ARN-123456, or leave it empty.'),
    gstin: z
      .string()
      .trim()
      .regex(/^(\d{2}[A-Z0-9]{13})?$/, 'A GSTIN has 15 characters: 2 digits, then 13 capital letters or digits. Or leave it empty.'),
    cin: z
      .string()
      .trim()
      .regex(/^([LU]\d{5}[A-Z]{2}\d{4}[A-Z]{3}\d{6})?$/, 'A CIN has 21 characters, e.g. U70100TN2020PTC000000. Or leave it empty.'),
  }),
  /**
   * The banks and NBFCs we arrange loans with, one name each; the loan pages list them. Empty: no
   * list is shown (the statement that the lender decides is always shown).
   */
  partnerLenders: z.array(line).default([]),
  /**
   * The grievance officer of the privacy page (India's DPDP Act, 2023). An empty name, e-mail or
   * phone falls back to the office's (grievanceContact in src/lib/regulatory.ts).
   */
  grievance: z.object({
    name: z.string().trim(),
    email: z
      .string()
      .trim()
      .regex(/^([^\s@]+@[^\s@]+\.[^\s@]+)?$/, 'Enter an e-mail address, or leave it empty to use the general enquiries address.'),
    phone: z
      .string()
      .trim()
      .regex(
        /^(\+[1-9][\d -]{6,18}\d)?$/,
        'Write the phone with its country code, e.g. +91 90000 00000, or leave it empty to use the office phone.',
      ),
    /** Days within which a grievance is answered; the DPDP Rules allow at most 90. */
    responseDays: z.number().int().min(1).max(90, 'The law allows at most 90 days.'),
  }),
  /**
   * The office. Town, district and state are shown in each page's script from src/i18n/places.ts
   * (a name it does not know stays as written); the district is its name alone, the word
   * "District" is the page's language's. The street is written for each language; empty: English.
   */
  address: z.object({
    street: line,
    town: line,
    district: line,
    state: line,
    postcode: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'A PIN code has 6 digits.'),
    streetTranslated: z.object({ ta: z.string().trim(), te: z.string().trim(), kn: z.string().trim() }),
  }),
  socials: z.object(Object.fromEntries(SOCIAL_KINDS.map((kind) => [kind, socialUrl])) as Record<SocialKind, typeof socialUrl>),
});
export type Identity = z.infer<typeof identitySchema>;

/** Validates the identity file; throws a message naming the file and each bad field. */
export function parseIdentity(data: unknown): Identity {
  const result = identitySchema.safeParse(data);
  if (!result.success) throw new Error(`src/content/identity.json is invalid:\n${z.prettifyError(result.error)}`);
  return result.data;
}

const identity = parseIdentity(identityFile);
const brand = 'Aranya';

export const site = {
  brand,
  provider: `${brand} Finserv`,
  /** Full name used in titles and the copyright line. */
  name: `${brand} Group`,
  tagline: 'Property, finance, consulting, immigration and training',
  /** Public URL of the production site; Netlify's URL wins at build time when set. */
  url: globalThis.process?.env?.SITE_URL || globalThis.process?.env?.URL || 'https://aranya.example.com',
  phone: identity.phone,
  /** Digits only, as used by tel: links and the WhatsApp chat link. */
  phoneDigits: identity.phone.replace(/\D/g, ''),
  emails: identity.emails,
  /** Office hours in English, one line each (footer, contact and About pages); see hoursIn. */
  hours: identity.hours,
  /** The office's working days and hours on India's clock, for the team's figures. */
  officeHours: identity.officeHours,
  /** Registration numbers; the footer shows those that are set (registrationLines). */
  registrations: identity.registrations,
  /** The partner banks and NBFCs named on the loan pages (may be empty). */
  partnerLenders: identity.partnerLenders,
  /** The privacy page's grievance officer, as written (see grievanceContact for the fallbacks). */
  grievance: identity.grievance,
  address: identity.address,
  socials: SOCIAL_KINDS.map((kind): SocialLink => ({ kind, label: SOCIAL_LABELS[kind], url: identity.socials[kind] })),
} as const;

/** The office hours in a language; the English lines where that language has none. */
export function hoursOf(file: Pick<Identity, 'hours' | 'hoursTranslated'>, locale: Locale): readonly string[] {
  const translated = locale === 'en' ? [] : file.hoursTranslated[locale];
  return translated.length > 0 ? translated : file.hours;
}
/** The office hours in a page's language. */
export const hoursIn = (locale: Locale) => hoursOf(identity, locale);

export const telHref = `tel:+${site.phoneDigits}`;
/** Text with non-breaking spaces: the text of a tel link never wraps. */
export const nbsp = (text: string) => text.replace(/ /g, '\u00a0');
/** The phone as link text. */
export const phoneText = nbsp(site.phone);
export const whatsappHref = `https://wa.me/${site.phoneDigits}`;
export const mailHref = (address: string) => `mailto:${address}`;
/** The social links that are configured; unset ones are never rendered. */
export const configuredSocials = (links: readonly SocialLink[]) =>
  links.filter((s): s is SocialLink & { url: string } => Boolean(s.url?.trim()));
export const activeSocials = configuredSocials(site.socials);

export type Registrations = Identity['registrations'];
const REGISTRATION_LABELS: Record<keyof Registrations, string> = {
  rera: 'RERA registration',
  amfiArn: 'AMFI ARN',
  gstin: 'GSTIN',
  cin: 'CIN',
};
/** The registration numbers that are set, with their labels, in a fixed order. */
export const registrationLines = (registrations: Registrations, labels: Partial<Record<keyof Registrations, string>> = {}) =>
  (Object.keys(REGISTRATION_LABELS) as (keyof Registrations)[])
    .map((key) => ({ key, label: labels[key] ?? REGISTRATION_LABELS[key], value: registrations[key].trim() }))
    .filter((line) => line.value !== '');
