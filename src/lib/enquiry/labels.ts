/**
 * The plain label of every stored wire field, keyed by wire name, for the team (always English,
 * whatever the visitor's language). The team's e-mail summary and the CSV columns read them from
 * here (the visitor's problem page has its own words in the dictionary, src/i18n); tests/unit/enquiry-labels.test.ts
 * fails when a schema field has no label.
 */

/** Fields stored on a lead, in the order the team reads them (e-mail summary, CSV columns). */
export const FIELD_LABELS = {
  Username: 'Name',
  phone: 'Phone',
  email: 'E-mail',
  intent: 'Intent',
  category: 'Category',
  property: 'Property',
  listing: 'Listing',
  type: 'Type',
  cost: 'Budget',
  time: 'When',
  Loantype: 'Loan type',
  Banktype: 'Bank type',
  Amount: 'Amount',
  Profession: 'Profession',
  Planning: 'Planning',
  selectedState: 'State',
  selectedCity: 'City',
  message: 'Message',
  currentdate: 'Visitor date',
  photos: 'Photos',
  consentNotice: 'Consent notice',
  // Where the visit came from (src/lib/attribution.ts).
  landingPath: 'Landing page',
  referrer: 'Referrer',
  utm_source: 'utm_source',
  utm_medium: 'utm_medium',
  utm_campaign: 'utm_campaign',
  utm_term: 'utm_term',
  utm_content: 'utm_content',
  gclid: 'Google click id (gclid)',
  // Added with the languages; last, so the CSV's earlier columns keep their places.
  /** The language of the page the enquiry came from (en, ta, te, kn): call back in it. */
  locale: 'Preferred language',
  /** The language of the consent notice the visitor was shown. */
  consentLocale: 'Consent notice language',
  // Added with the call-back choices; last too.
  /** When to call back (CALL_TIMES); none chosen: any time within the calling hours. */
  callTime: 'Best time to call',
  /** The language to call back in (CALL_LANGUAGES). */
  callLanguage: 'Language for the call',
  // Added with the SIP calculator; last.
  /** Financial planning: the monthly investment band (optional; the SIP calculator can set it). */
  Monthly: 'Monthly investment',
  // Added with the privacy request (kind `privacy`); last.
  /** What the visitor asks: withdraw-and-erase, correct or access (PRIVACY_REQUESTS). */
  request: 'Privacy request',
  /** The reference of an earlier enquiry, as the visitor gave it (optional). */
  reference: 'Enquiry reference',
  /** The day by which the request must be answered (set by the server). */
  replyBy: 'Answer due by',
  // Added with the person across the group (src/lib/enquiry/consent-purposes.ts); last.
  /** Ticked: the group's other divisions may contact the person about related services. */
  consentGroup: 'Other divisions may contact',
  /** Ticked: updates on WhatsApp. */
  consentWhatsapp: 'Updates on WhatsApp',
  /** A privacy request that withdraws the other divisions' contact. */
  withdrawGroup: 'Withdraws: other divisions',
  /** A privacy request that withdraws WhatsApp updates. */
  withdrawWhatsapp: 'Withdraws: WhatsApp updates',
} as const;

export type LabelledField = keyof typeof FIELD_LABELS;

/** Stored wire fields in reading order. */
export const LEAD_FIELDS = Object.keys(FIELD_LABELS) as LabelledField[];
