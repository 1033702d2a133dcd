/**
 * Field rules shared by every enquiry kind (one rule set, used by the browser and the server alike).
 * Browser-safe: no server imports. Written with zod/mini, whose functions tree-shake, so a form
 * page ships only the checks it uses (about 6 KB gzipped instead of about 30 KB). Each rule normalises what it accepts (phone to 10 digits,
 * e-mail lowercased, text trimmed) so the stored lead is the parsed output.
 */
import * as z from 'zod/mini';
import { m } from './messages.ts';
import { ATTRIBUTION_FIELDS, cleanAttribution, type AttributionField } from '../attribution.ts';
// The versions only: the notices' texts stay out of the forms' script.
import { CONSENT_VERSIONS, CURRENT_CONSENT_VERSION } from '../consent-form.ts';
import { DEFAULT_LOCALE, LOCALES } from '../../i18n/locales.ts';
import { CALL_LANGUAGES, CALL_TIMES } from './options.ts';
import { purposeFields } from './consent-purposes.ts';

/** Name of the honeypot input: hidden from people, filled by bots. A filled one marks spam. */
export const HONEYPOT_FIELD = 'company_website';
/**
 * Name of the fill-time field: milliseconds between the form being shown and the submit,
 * measured in the browser (performance.now()), so the visitor's clock setting does not matter.
 * The server reads it from the raw body; it is not part of the schemas.
 */
export const TIMING_FIELD = 'elapsedMs';

const PHONE_PATTERN = /^(?:\+91|0)?[6-9]\d{9}$/;
/** Returns the 10 digits of an Indian mobile number written with optional +91/0, spaces, dashes. */
export const normalisePhone = (input: string): string | null => {
  const compact = input.replace(/[\s-]/g, '');
  return PHONE_PATTERN.test(compact) ? compact.slice(-10) : null;
};

export const phoneField = z.pipe(
  z.string({ error: m('phoneMissing') }).check(
    z.trim(),
    z.minLength(1, m('phoneMissing')),
    z.refine((value) => value === '' || normalisePhone(value) !== null, m('phone')),
  ),
  z.transform((value: string) => normalisePhone(value) ?? value),
);

// Letters of any script with their combining marks (Tamil, Telugu, Kannada and Devanagari
// vowel signs are \p{M}), zero-width (non-)joiners used in Indic spelling, space . ' -
const NAME_PATTERN = /^\p{L}(?:[\p{L}\p{M} .'-]|\u200C|\u200D)*$/u;
export const nameField = z.string({ error: m('nameMissing') }).check(
  z.trim(),
  z.minLength(1, m('nameMissing')),
  z.refine((value) => value === '' || (value.length >= 2 && value.length <= 60), m('nameLength')),
  z.refine((value) => value === '' || NAME_PATTERN.test(value), m('nameChars')),
);

export const emailField = z.pipe(
  z.string({ error: m('emailMissing') }).check(z.trim(), z.toLowerCase(), z.minLength(1, m('emailMissing'))),
  z.email({ error: m('email') }).check(z.maxLength(254, m('email'))),
);

export const consentField = z.literal(true, { error: m('consent') });
/**
 * The submission's id, lower-cased where it enters: a lead is stored, found again on retry and
 * erased under one spelling of its id, whatever case the sender used.
 */
export const submissionIdField = z.uuid({ error: m('submissionId') }).check(z.toLowerCase());
/** The route the form was sent from: a site path, never a full URL. */
export const pageField = z.string({ error: m('page') }).check(z.regex(/^\/(?!\/)[^\s]{0,199}$/, m('page')));
/** Pattern of a text made with CURRENTDATE_FORMAT (date.ts): English day and month names. */
export const CURRENTDATE_PATTERN =
  /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat), (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (0[1-9]|[12]\d|3[01]) \d{4}$/;
export const currentdateField = z.string({ error: m('currentdate') }).check(z.regex(CURRENTDATE_PATTERN, m('currentdate')));
/** Never rejects: a filled honeypot is the pipeline's spam signal, answered like success. */
export const honeypotField = z.catch(z.optional(z.string()), '');

/**
 * The version of the consent notice the visitor was shown (src/lib/consent.ts). Missing means the
 * current one; a version that never existed is refused.
 */
export const consentNoticeField = z.pipe(
  z.transform((value: unknown) => (value === '' || value === null ? undefined : value)),
  z._default(z.enum(CONSENT_VERSIONS, { error: m('consentNotice') }), CURRENT_CONSENT_VERSION),
);

/**
 * The language of the page the form was sent from (`locale`: en, ta, te, kn), kept on the lead
 * so the team calls back in it. Missing or unknown is English, never a refusal: a page cached
 * before the languages existed sends none.
 */
export const localeField = z.catch(z._default(z.enum(LOCALES), DEFAULT_LOCALE), DEFAULT_LOCALE);
/**
 * The language of the consent notice the visitor was shown (`consentLocale`). Missing or
 * unknown: the lead records the page's language (src/server/db/lead-record.ts).
 */
export const consentLocaleField = z.catch(z.optional(z.enum(LOCALES)), undefined);

/**
 * A choice the visitor may leave alone: absent, empty (an empty select, a radio group's "any
 * time") or null is not given and not stored; anything else must be in the list.
 */
export const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.pipe(
    z.transform((value: unknown) => (value === '' || value === null ? undefined : value)),
    z.optional(z.enum(values, { error: message })),
  );

/** The best time to call back (CALL_TIMES), optional; an unknown one is refused. */
export const callTimeField = optionalChoice(CALL_TIMES, m('callTime'));
/** The language to call back in (CALL_LANGUAGES), optional; an unknown one is refused. */
export const callLanguageField = optionalChoice(CALL_LANGUAGES, m('callLanguage'));

/**
 * Where the visit came from (src/lib/attribution.ts): optional on every kind. A value that is
 * not text is dropped and a long one is cut to its limit, so attribution never refuses a lead.
 */
const attributionField = (field: AttributionField) =>
  z.optional(
    z.pipe(
      z.unknown(),
      z.transform((value: unknown) => cleanAttribution(field, value)),
    ),
  );
export const attributionFields = Object.fromEntries(ATTRIBUTION_FIELDS.map((field) => [field, attributionField(field)])) as {
  [F in AttributionField]: ReturnType<typeof attributionField>;
};

/** A select backed by one of the option lists; placeholders are not in the list, so never valid. */
export const choice = <const T extends readonly [string, ...string[]]>(values: T, message: string) => z.enum(values, { error: message });

export const messageField = z
  .string({ error: m('messageMissing') })
  .check(z.trim(), z.minLength(1, m('messageMissing')), z.maxLength(2000, m('messageLong')));

/** Fields every enquiry carries (docs/api.md, "Fields"). */
export const commonFields = {
  Username: nameField,
  phone: phoneField,
  email: emailField,
  currentdate: currentdateField,
  submissionId: submissionIdField,
  consent: consentField,
  page: pageField,
  [HONEYPOT_FIELD]: honeypotField,
  consentNotice: consentNoticeField,
  locale: localeField,
  consentLocale: consentLocaleField,
  callTime: callTimeField,
  callLanguage: callLanguageField,
  // The two purposes besides the enquiry, each optional (src/lib/enquiry/consent-purposes.ts).
  ...purposeFields,
  ...attributionFields,
};

/** Run object-level rules even when some field failed, so the visitor sees every problem at once. */
export const ALWAYS = { when: () => true } as const;
