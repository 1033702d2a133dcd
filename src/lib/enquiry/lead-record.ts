/**
 * The shape of a stored lead as the team and the receivers see it (the inbox, the export and its
 * CSV, the import, the e-mail, the webhook): one flat record, declared once here from the kinds
 * and their schemas. Metadata first, then the kind's fields as its schema put them out, then the
 * team's work and the state of its deliveries. Every field that is not the visitor's is declared
 * once below with its type (how an export writes it and an import reads it back); the maps are
 * checked against the interfaces, so a field added to one and not the other does not compile.
 * The database keeps the record in columns and one jsonb column (src/server/db/leads.ts).
 */
import type { EnquiryKind, EnquiryOf } from './index.ts';
import type { HONEYPOT_FIELD } from './field-rules.ts';
import type { HistoryEvent, LeadStatus, LostReason } from '../team-api/vocabulary.ts';

/** The two ways in: the form's script posts JSON ('js'); a native HTML form posts form fields ('html'). */
export type Via = 'js' | 'html';

/**
 * One entry of the lead's history: a change of status or note (the status and note it left), or
 * what routing did or an attempt to reach the person (`event`, in words in `detail`), with the
 * status and note as they were (an attempt's first contact: as it left them).
 */
export interface WorkEntry {
  status: LeadStatus;
  note: string;
  by: string;
  at: string;
  event?: HistoryEvent;
  detail?: string;
}

export interface LeadMeta<K extends EnquiryKind> {
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
  /** When to try the lead next (src/server/team/follow-ups.ts): every lead in a working status has one; none once it is won or lost. */
  followUpAt?: string;
  /** Why a lost lead was lost (one of its division's, src/lib/team-api/stages.ts); none on a lead lost before reasons were asked. */
  lostReason?: LostReason;
  /** A spam record moved into the inbox by a person: why it had been spam, who, when. */
  spamReason?: string;
  releasedBy?: string;
  releasedAt?: string;
}

/**
 * The lead's person across the group (src/server/db/persons.ts): set on every lead in the inbox,
 * never on spam. A referral (src/server/team/referrals.ts) also says who made it and from which lead.
 */
export interface LeadPersonFields {
  /** The person the team sees (after a merge, the person kept). */
  personId?: string;
  /** The earlier open lead of the same person and kind this one repeats (within LEADS_REPEAT_DAYS). */
  repeatOf?: string;
  /** 'referral': made by a team member for another division of the same person. */
  source?: 'referral';
  referredBy?: string;
  referredFrom?: string;
  referralNote?: string;
}

/**
 * Who owns the lead (src/server/intake/assign.ts): a member by id and name, or the owner's first
 * key (no id); when; when its first contact is due (the first-contact clock), and when it was made.
 */
export interface LeadRouting {
  assignee?: { id: string | null; name: string };
  assignedAt?: string;
  firstContactDueAt?: string;
  firstContactAt?: string;
}

/** How the lead's deliveries went (src/server/outbound/deliveries.ts), as the export and the inbox show it. */
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

/** What the server adds to a kind's fields. */
interface KindExtras {
  realestate: { consentLocale: string };
  bankloan: { consentLocale: string };
  finance: { consentLocale: string };
  contact: { consentLocale: string };
  /** The day a privacy request must be answered by. */
  privacy: { replyBy: string };
}

/** The wire fields a kind's schema puts out that are kept: not the id, consent, page or honeypot. */
type StoredFields<K extends EnquiryKind> = Omit<EnquiryOf<K>, 'submissionId' | 'consent' | 'page' | typeof HONEYPOT_FIELD>;

/** A lead of one kind. */
export type LeadOf<K extends EnquiryKind> = LeadMeta<K> &
  StoredFields<K> &
  KindExtras[K] &
  LeadWork &
  LeadPersonFields &
  LeadRouting &
  DeliveryState;
/** A lead of any kind: the one record type of the pipeline. */
export type LeadRecord = { [K in EnquiryKind]: LeadOf<K> }[EnquiryKind];

/**
 * How a field that is not the visitor's is written in an export and read back: text, a time
 * (ISO 8601, UTC), a day (YYYY-MM-DD), a whole number, true/false, a list, or the history (JSON only).
 */
export type RecordFieldType = 'text' | 'time' | 'day' | 'count' | 'flag' | 'list' | 'history' | 'member';

/** The lead's own fields. */
export const META_FIELDS = {
  id: 'text',
  kind: 'text',
  receivedAt: 'time',
  consentAt: 'time',
  page: 'text',
  via: 'text',
  spam: 'text',
  photos: 'list',
} as const satisfies Record<keyof LeadMeta<EnquiryKind>, RecordFieldType>;

/** The team's work. */
export const WORK_FIELDS = {
  status: 'text',
  note: 'text',
  statusBy: 'text',
  statusAt: 'time',
  history: 'history',
  followUpAt: 'time',
  lostReason: 'text',
  spamReason: 'text',
  releasedBy: 'text',
  releasedAt: 'time',
} as const satisfies Record<keyof LeadWork, RecordFieldType>;

/** The lead's person, and a referral's origin. */
export const PERSON_FIELDS = {
  personId: 'text',
  repeatOf: 'text',
  source: 'text',
  referredBy: 'text',
  referredFrom: 'text',
  referralNote: 'text',
} as const satisfies Record<keyof LeadPersonFields, RecordFieldType>;
/** Routing: the assignee (a member: in a CSV, their name and, in `assigneeId`, their id) and the clock. */
export const ROUTING_FIELDS = {
  assignee: 'member',
  assignedAt: 'time',
  firstContactDueAt: 'time',
  firstContactAt: 'time',
} as const satisfies Record<keyof LeadRouting, RecordFieldType>;

/** The deliveries' state: never sent to a receiver or put in an e-mail. */
export const DELIVERY_FIELDS = {
  notified: 'flag',
  notifyError: 'text',
  notifyAttempts: 'count',
  notifyGaveUp: 'flag',
  notifiedWith: 'text',
  notifiedAt: 'time',
  notifyHeld: 'text',
  webhookSent: 'flag',
  webhookError: 'text',
  webhookAttempts: 'count',
  webhookGaveUp: 'flag',
  ackedAt: 'time',
  ackError: 'text',
  ackAttempts: 'count',
  ackGaveUp: 'flag',
  ackSkipped: 'text',
} as const satisfies Record<keyof DeliveryState, RecordFieldType>;

/** What the server sets among a kind's fields (the consent notice's language comes from the form). */
export const SERVER_SET_FIELDS = { replyBy: 'day' } as const satisfies Partial<Record<keyof KindExtras[EnquiryKind], RecordFieldType>>;

/** Every field of a record that is not the visitor's, with its type. */
export const RECORD_FIELD_TYPES: Readonly<Record<RecordField, RecordFieldType>> = {
  ...META_FIELDS,
  ...WORK_FIELDS,
  ...PERSON_FIELDS,
  ...ROUTING_FIELDS,
  ...DELIVERY_FIELDS,
  ...SERVER_SET_FIELDS,
};
export type RecordField =
  | keyof typeof META_FIELDS
  | keyof typeof WORK_FIELDS
  | keyof typeof PERSON_FIELDS
  | keyof typeof ROUTING_FIELDS
  | keyof typeof DELIVERY_FIELDS
  | keyof typeof SERVER_SET_FIELDS;

const keysOf = (...maps: object[]): ReadonlySet<string> => new Set(maps.flatMap((map) => Object.keys(map)));
/** The fields that are not the visitor's: an import checks them itself, never through a kind's schema. */
export const NOT_VISITOR_FIELDS = keysOf(RECORD_FIELD_TYPES);
/** The deliveries' fields. */
export const DELIVERY_STATE_FIELDS = keysOf(DELIVERY_FIELDS);
/** The record's fields by type. */
export const recordFieldsOfType = (type: RecordFieldType): ReadonlySet<string> =>
  new Set(Object.entries(RECORD_FIELD_TYPES).flatMap(([field, of]) => (of === type ? [field] : [])));

/** A field of a record by name (the CSV's columns, the e-mail's labels, the inbox): unknown when the kind has none. */
export const fieldOf = (record: LeadRecord, field: string): unknown => (record as unknown as Record<string, unknown>)[field];
