/**
 * The shape of a lead as the team and the receivers see it (the inbox, the export, the e-mail, the
 * webhook): one flat record, declared once here from the kinds and their schemas. Metadata first,
 * then the kind's fields as its schema put them out, then the team's work and the state of its
 * deliveries. The database keeps it in columns and one jsonb column (db/leads.ts).
 */
import {
  HONEYPOT_FIELD,
  applicableRealEstateFields,
  replyByDate,
  type Enquiry,
  type EnquiryKind,
  type EnquiryOf,
} from '../../lib/enquiry/index.ts';
import { DEFAULT_LOCALE, LANGUAGE_NAMES_EN, localeOrDefault } from '../../i18n/index.ts';
import { site } from '../../config/site.ts';

/** The two ways in: the form's script posts JSON ('js'); a native HTML form posts form fields ('html'). */
export type Via = 'js' | 'html';

/** Where the team is with a lead (the inbox at /leads); a lead nobody has touched is `new`. */
export const LEAD_STATUSES = ['new', 'contacted', 'won', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** One change of status or note, as kept in the lead's history. */
export interface WorkEntry {
  status: LeadStatus;
  note: string;
  by: string;
  at: string;
}

interface LeadMeta<K extends EnquiryKind> {
  /** The submission id. */
  id: string;
  kind: K;
  /** Server time the lead was accepted (ISO 8601, UTC). */
  receivedAt: string;
  /** When the visitor gave consent (the receipt time); a privacy request asks for none. */
  consentAt?: string;
  page: string;
  via: Via;
  /** Set on spam only: why it was kept apart. */
  spam?: string;
  /** Photo keys in the lead-photos Blobs store (Sell Flats only). */
  photos?: string[];
}

/** The team's work on a lead: present once someone has touched it. */
export interface LeadWork {
  status?: LeadStatus;
  note?: string;
  statusBy?: string;
  statusAt?: string;
  history?: WorkEntry[];
  /** A spam record moved into the inbox by a person: why it had been spam, who, when. */
  spamReason?: string;
  releasedBy?: string;
  releasedAt?: string;
}

/** How the lead's deliveries went (outbound/deliveries.ts), as the export and the inbox show it. */
export interface DeliveryState {
  notified: boolean;
  notifyError?: string;
  /** Re-sends tried after the send at receipt. */
  notifyAttempts?: number;
  notifyGaveUp?: boolean;
  /** The lead whose e-mail carried this one to the team after its own e-mails gave up. */
  notifiedWith?: string;
  notifiedAt?: string;
  /** Why the team was not e-mailed ('repeat-contact'). */
  notifyHeld?: string;
  webhookSent?: boolean;
  webhookError?: string;
  webhookAttempts?: number;
  webhookGaveUp?: boolean;
  ackedAt?: string;
  ackError?: string;
  ackAttempts?: number;
  ackGaveUp?: boolean;
  ackSkipped?: string;
}

/** Every delivery-state field, checked against DeliveryState: never sent to a receiver or put in an e-mail. */
export const DELIVERY_STATE_FIELDS: ReadonlySet<string> = new Set(
  Object.keys({
    notified: 0,
    notifyError: 0,
    notifyAttempts: 0,
    notifyGaveUp: 0,
    notifiedWith: 0,
    notifiedAt: 0,
    notifyHeld: 0,
    webhookSent: 0,
    webhookError: 0,
    webhookAttempts: 0,
    webhookGaveUp: 0,
    ackedAt: 0,
    ackError: 0,
    ackAttempts: 0,
    ackGaveUp: 0,
    ackSkipped: 0,
  } satisfies Record<keyof DeliveryState, 0>),
);

/** The wire fields a kind's schema puts out that are kept: not the id, consent, page or honeypot. */
type StoredFields<K extends EnquiryKind> = Omit<EnquiryOf<K>, 'submissionId' | 'consent' | 'page' | typeof HONEYPOT_FIELD>;

/** What the server adds to a kind's fields. */
interface KindExtras {
  realestate: { consentLocale: string };
  bankloan: { consentLocale: string };
  finance: { consentLocale: string };
  contact: { consentLocale: string };
  /** The day a privacy request must be answered by. */
  privacy: { replyBy: string };
}

/** A lead of one kind. */
export type LeadOf<K extends EnquiryKind> = LeadMeta<K> & StoredFields<K> & KindExtras[K] & LeadWork & DeliveryState;
/** A lead of any kind: the one record type of the pipeline. */
export type LeadRecord = { [K in EnquiryKind]: LeadOf<K> }[EnquiryKind];

/** A field of a record by name (the CSV's columns, the e-mail's labels): unknown when the kind has none. */
export const fieldOf = (record: LeadRecord, field: string): unknown => (record as unknown as Record<string, unknown>)[field];

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

export const displayValue = (value: unknown): string =>
  Array.isArray(value) ? value.join(', ') : value === undefined || value === null ? '' : String(value);

/** A language code as the team reads it ("ta" → "Tamil"); a lead stored before the languages existed is English. */
export const languageName = (locale: unknown): string => LANGUAGE_NAMES_EN[localeOrDefault(locale)];
