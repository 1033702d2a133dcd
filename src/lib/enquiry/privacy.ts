/**
 * Privacy request (/api/privacy, kind `privacy`): the /Privacyrequest form, where a visitor takes
 * their consent back, asks for a correction, or asks what we hold. It goes through the same
 * pipeline as an enquiry (stored, e-mailed to the team, exported, erasable), but it is not a
 * sales lead: no consent box (answering it is our duty under India's DPDP Act, not a favour
 * asked), no call-back choices, no acknowledgement e-mail, and phone or e-mail, one of the two, is enough.
 * Besides (or instead of) a request, the visitor may withdraw the group's other divisions or
 * WhatsApp updates one at a time (consent-purposes.ts): recorded in the consent ledger at once.
 */
import * as z from 'zod/mini';
import {
  ALWAYS,
  currentdateField,
  emailField,
  honeypotField,
  HONEYPOT_FIELD,
  localeField,
  nameField,
  pageField,
  phoneField,
  submissionIdField,
} from './field-rules.ts';
import { m } from './messages.ts';
import { PRIVACY_REQUESTS } from './options.ts';
import { optionalChoice } from './field-rules.ts';
import { withdrawFields } from './consent-purposes.ts';

/** Empty text, null or a missing field is "not given" (undefined); anything else goes through `field`. */
const unlessEmpty = <T extends z.core.$ZodType<unknown, string>>(field: T) =>
  z.pipe(
    z.transform((value: unknown) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value)),
    z.optional(field),
  );

/**
 * The reference the thank-you message showed: the first 8 characters of the enquiry's id, or the
 * whole id. Optional; spaces are ignored and letters lower-cased.
 */
export const referenceField = unlessEmpty(
  z
    .pipe(
      z.string({ error: m('reference') }).check(z.trim()),
      z.transform((value: string) => value.replace(/\s+/g, '').toLowerCase()),
    )
    .check(z.regex(/^[0-9a-f][0-9a-f-]{7,35}$/, m('reference'))),
);

/** What the visitor writes to explain the request (optional, at most 2,000 characters). */
export const requestDetailsField = unlessEmpty(z.string().check(z.trim(), z.maxLength(2000, m('messageLong'))));

export const privacySchema = z
  .object({
    Username: nameField,
    phone: unlessEmpty(phoneField),
    email: unlessEmpty(emailField),
    reference: referenceField,
    // None is needed when the visitor only withdraws a purpose or two (the boxes below).
    request: optionalChoice(PRIVACY_REQUESTS, m('privacyRequest')),
    ...withdrawFields,
    message: requestDetailsField,
    currentdate: currentdateField,
    submissionId: submissionIdField,
    page: pageField,
    [HONEYPOT_FIELD]: honeypotField,
    locale: localeField,
  })
  .check(
    z.refine((request) => request.phone !== undefined || request.email !== undefined, {
      message: m('phoneOrEmail'),
      path: ['phone'],
      ...ALWAYS,
    }),
    z.refine((request) => request.request !== undefined || request.withdrawGroup || request.withdrawWhatsapp, {
      message: m('privacyRequest'),
      path: ['request'],
      ...ALWAYS,
    }),
  );

export type PrivacyInput = z.input<typeof privacySchema>;
export type PrivacyEnquiry = z.output<typeof privacySchema>;

/**
 * The day by which a privacy request must be answered: `days` after it was received (the
 * identity file's grievance.responseDays), as YYYY-MM-DD in UTC.
 */
export const replyByDate = (receivedAt: string, days: number): string =>
  new Date(Date.parse(receivedAt) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * How the team checks that a privacy request comes from the person, in one line: the team's
 * e-mail about the request and the inbox (/leads) both say it.
 */
export const PRIVACY_VERIFY_LINE =
  'Verify it is them: call the phone number or reply to the e-mail address we already hold for this person (from their earlier enquiries), and never send their data to a phone or address that appears only in this request.';
