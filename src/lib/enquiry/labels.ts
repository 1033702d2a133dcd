/**
 * The plain label of every wire field, keyed by wire name. The team's e-mail summary, the CSV
 * columns and the server's HTML error page read them from here; tests/unit/enquiry-labels.test.ts
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
} as const;

/** Fields a form sends that are not kept as lead fields (page becomes metadata; the rest is dropped). */
export const FORM_ONLY_LABELS = {
  consent: 'Consent',
  page: 'Page',
  submissionId: 'Form reference',
  company_website: 'Company website',
} as const;

export type LabelledField = keyof typeof FIELD_LABELS;

/** Stored wire fields in reading order. */
export const LEAD_FIELDS = Object.keys(FIELD_LABELS) as LabelledField[];

/** The label of a wire field; `_form` (a problem with the whole form) and unknown names get a plain fallback. */
export const labelOf = (field: string): string =>
  (FIELD_LABELS as Record<string, string>)[field] ??
  (FORM_ONLY_LABELS as Record<string, string>)[field] ??
  (field === '_form' ? 'Form' : field);
