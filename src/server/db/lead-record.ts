/**
 * A lead record made from a parsed enquiry, and its values in words. The record's shape is
 * declared once, in src/lib/enquiry/lead-record.ts (the inbox reads it too); the database keeps it
 * in columns and one jsonb column (db/leads.ts).
 */
import { HONEYPOT_FIELD, applicableRealEstateFields, replyByDate, type Enquiry, type EnquiryKind } from '../../lib/enquiry/index.ts';
import type { LeadRecord, Via } from '../../lib/enquiry/lead-record.ts';
import { DEFAULT_LOCALE, LANGUAGE_NAMES_EN, localeOrDefault } from '../../i18n/index.ts';
import { site } from '../../config/site.ts';

/**
 * Builds the record from a parsed (schema output) enquiry. Consent and honeypot are not kept as
 * fields. A privacy request gets the day it must be answered by (`replyBy`) instead of consent.
 */
export const buildLeadRecord = (
  kind: EnquiryKind,
  enquiry: Enquiry,
  receivedAt: string,
  extra: { via: Via; photos?: string[]; spam?: string },
): LeadRecord => {
  const fields = 'intent' in enquiry ? applicableRealEstateFields(enquiry) : { ...enquiry };
  const { submissionId, consent: _consent, page, [HONEYPOT_FIELD]: _honeypot, ...wire } = fields as Record<string, unknown>;
  const privacy = kind === 'privacy';
  const record = {
    id: submissionId as string,
    kind,
    receivedAt,
    ...(privacy ? {} : { consentAt: receivedAt }),
    page: page as string,
    via: extra.via,
    ...(extra.spam ? { spam: extra.spam } : {}),
    ...Object.fromEntries(Object.entries(wire).filter(([, value]) => value !== undefined)),
    // The notice's language; a form that did not say showed it in the page's language.
    ...(privacy
      ? { replyBy: replyByDate(receivedAt, site.grievance.responseDays) }
      : { consentLocale: wire.consentLocale ?? wire.locale ?? DEFAULT_LOCALE }),
    ...(extra.photos && extra.photos.length > 0 ? { photos: extra.photos } : {}),
    notified: false,
  };
  return record as LeadRecord;
};

/** A language code as the team reads it ("ta" → "Tamil"); a lead stored before the languages existed is English. */
export const languageName = (locale: unknown): string => LANGUAGE_NAMES_EN[localeOrDefault(locale)];
