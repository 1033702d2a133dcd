/**
 * The stored shape of a lead, and its readable summary for the team's e-mail.
 * A record is flat: metadata first, then the normalised wire fields, so the CSV export and the
 * e-mail template can name every field directly.
 */
import {
  FIELD_LABELS,
  callBackText,
  HONEYPOT_FIELD,
  LEAD_FIELDS,
  applicableRealEstateFields,
  replyByDate,
  type Enquiry,
  type EnquiryKind,
} from '../lib/enquiry/index.ts';
import { DEFAULT_LOCALE, LANGUAGE_NAMES_EN, localeOrDefault } from '../i18n/index.ts';
import { site } from '../config/site.ts';

/** The two ways in: the form's script posts JSON ('js'); a native HTML form posts form fields ('html'). */
export type Via = 'js' | 'html';

export interface LeadRecord {
  id: string;
  kind: EnquiryKind;
  /** Server time the lead was accepted (ISO 8601, UTC). */
  receivedAt: string;
  /**
   * When the visitor gave consent: the consent box is part of the submit, so the receipt time.
   * A privacy request asks for no consent, so it has none.
   */
  consentAt?: string;
  page: string;
  /** How it came in: 'js' (the form's JSON post) or 'html' (a native form post, before or without JavaScript). */
  via: Via;
  /** Set on spam only: why it was kept apart ('honeypot', 'challenge-missing', 'challenge-too-fast', 'challenge-forged', 'challenge-stale', 'unconfirmed'). */
  spam?: string;
  /** Stored photo keys in the lead-photos store (Sell Flats only). */
  photos?: string[];
  notified: boolean;
  notifyError?: string;
  [field: string]: unknown;
}

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
  return {
    id: submissionId as string,
    kind,
    receivedAt,
    ...(privacy ? {} : { consentAt: receivedAt }),
    page: page as string,
    via: extra.via,
    ...(extra.spam ? { spam: extra.spam } : {}),
    ...wire,
    // The notice's language; a form that did not say showed it in the page's language.
    ...(privacy
      ? { replyBy: replyByDate(receivedAt, site.grievance.responseDays) }
      : { consentLocale: wire.consentLocale ?? wire.locale ?? DEFAULT_LOCALE }),
    ...(extra.photos && extra.photos.length > 0 ? { photos: extra.photos } : {}),
    notified: false,
  };
};

const KIND_TITLES: Record<EnquiryKind, string> = {
  realestate: 'Property enquiry',
  bankloan: 'Bank loan enquiry',
  finance: 'Financial planning enquiry',
  contact: 'Contact message',
  privacy: 'Privacy request',
};

export const displayValue = (value: unknown): string =>
  Array.isArray(value) ? value.join(', ') : value === undefined || value === null ? '' : String(value);

/** A language code as the team reads it ("ta" → "Tamil"); a lead stored before the languages existed is English. */
export const languageName = (locale: unknown): string => LANGUAGE_NAMES_EN[localeOrDefault(locale)];

/** Fields whose value is a language code, written out by name in the e-mail. */
const LANGUAGE_FIELDS = new Set<string>(['locale', 'consentLocale']);

/**
 * Readable multi-line text of a lead for the team's e-mail. Right under the title: the language
 * of the page ("Preferred language: Tamil"), then when and in which language to call back
 * ("Call: Evening (16:00-19:00), in Tamil", src/lib/enquiry/call-back.ts). A privacy request
 * says so in its first line, with what is asked, and the day it must be answered by in the second.
 */
export const summarise = (record: LeadRecord): string => {
  const lines =
    record.kind === 'privacy'
      ? [
          `${KIND_TITLES.privacy} ${record.id}: ${displayValue(record.request)}`,
          `${FIELD_LABELS.replyBy}: ${displayValue(record.replyBy)} (${site.grievance.responseDays} days; India's DPDP Act)`,
          `${FIELD_LABELS.locale}: ${languageName(record.locale)}`,
        ]
      : [
          `${KIND_TITLES[record.kind]} ${record.id}`,
          `${FIELD_LABELS.locale}: ${languageName(record.locale)}`,
          `Call: ${callBackText(record)}`,
        ];
  for (const field of LEAD_FIELDS) {
    if (field === 'locale' || field === 'replyBy') continue;
    const label = FIELD_LABELS[field];
    const value = LANGUAGE_FIELDS.has(field) ? languageName(record[field]) : displayValue(record[field]);
    if (record[field] !== undefined && record[field] !== '') lines.push(`${label}: ${value}`);
  }
  lines.push(`Page: ${record.page}`, `Received: ${record.receivedAt}`);
  return lines.join('\n');
};
