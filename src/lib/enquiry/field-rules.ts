/**
 * Field rules shared by every enquiry kind (one rule set, used by the browser and the server alike).
 * Browser-safe: no server imports. Written with zod/mini, whose functions tree-shake, so a form
 * page ships only the checks it uses (about 6 KB gzipped instead of about 30 KB). Each rule normalises what it accepts (phone to 10 digits,
 * e-mail lowercased, text trimmed) so the stored lead is the parsed output.
 */
import * as z from 'zod/mini';
import { CURRENTDATE_PATTERN } from './date.ts';
import { MESSAGES as M } from './messages.ts';
import { ATTRIBUTION_FIELDS, cleanAttribution, type AttributionField } from '../attribution.ts';
import { CONSENT_NOTICE, CONSENT_VERSIONS } from '../consent.ts';

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
  z.string({ error: M.phoneMissing }).check(
    z.trim(),
    z.minLength(1, M.phoneMissing),
    z.refine((value) => value === '' || normalisePhone(value) !== null, M.phone),
  ),
  z.transform((value: string) => normalisePhone(value) ?? value),
);

// Letters of any script with their combining marks (Tamil, Telugu, Kannada and Devanagari
// vowel signs are \p{M}), zero-width (non-)joiners used in Indic spelling, space . ' -
const NAME_PATTERN = /^\p{L}(?:[\p{L}\p{M} .'-]|\u200C|\u200D)*$/u;
export const nameField = z.string({ error: M.nameMissing }).check(
  z.trim(),
  z.minLength(1, M.nameMissing),
  z.refine((value) => value === '' || (value.length >= 2 && value.length <= 60), M.nameLength),
  z.refine((value) => value === '' || NAME_PATTERN.test(value), M.nameChars),
);

export const emailField = z.pipe(
  z.string({ error: M.emailMissing }).check(z.trim(), z.toLowerCase(), z.minLength(1, M.emailMissing)),
  z.email({ error: M.email }).check(z.maxLength(254, M.email)),
);

export const consentField = z.literal(true, { error: M.consent });
/**
 * The submission's id, lower-cased where it enters: a lead is stored, found again on retry and
 * erased under one spelling of its id, whatever case the sender used.
 */
export const submissionIdField = z.uuid({ error: M.submissionId }).check(z.toLowerCase());
/** The route the form was sent from: a site path, never a full URL. */
export const pageField = z.string({ error: M.page }).check(z.regex(/^\/(?!\/)[^\s]{0,199}$/, M.page));
export const currentdateField = z.string({ error: M.currentdate }).check(z.regex(CURRENTDATE_PATTERN, M.currentdate));
/** Never rejects: a filled honeypot is the pipeline's spam signal, answered like success. */
export const honeypotField = z.catch(z.optional(z.string()), '');

/**
 * The version of the consent notice the visitor was shown (src/lib/consent.ts). Missing means the
 * current one; a version that never existed is refused.
 */
export const consentNoticeField = z.pipe(
  z.transform((value: unknown) => (value === '' || value === null ? undefined : value)),
  z._default(z.enum(CONSENT_VERSIONS, { error: M.consentNotice }), CONSENT_NOTICE.version),
);

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
  .string({ error: M.messageMissing })
  .check(z.trim(), z.minLength(1, M.messageMissing), z.maxLength(2000, M.messageLong));

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
  ...attributionFields,
};

/** Run object-level rules even when some field failed, so the visitor sees every problem at once. */
export const ALWAYS = { when: () => true } as const;
