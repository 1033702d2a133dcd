/**
 * Every visible word of the enquiry forms that is not page copy: field labels and hints, group
 * headings, buttons and the states after submit. Validation messages are in messages.ts (shared
 * with the server). A translation adds a module of the same shape; the components stay as they are.
 */

/** Label (and optional hint) of each field, keyed by its wire name. */
export const FIELD_TEXT = {
  Username: { label: 'Your name' },
  phone: { label: 'Mobile number', hint: '10 digits, starting with 6, 7, 8 or 9' },
  email: { label: 'E-mail' },
  message: { label: 'Message' },
  listing: { label: 'Listing' },
  type: { label: 'Size' },
  bedrooms: { label: 'Bedrooms' },
  landSize: { label: 'Land size' },
  cost: { label: 'Budget' },
  time: { label: 'When do you plan to go ahead?' },
  selectedState: { label: 'State' },
  selectedCity: { label: 'City' },
  Loantype: { label: 'Loan type' },
  Banktype: { label: 'Bank type' },
  Amount: { label: 'Loan amount' },
  Profession: { label: 'Profession' },
  Planning: { label: 'What are you planning?' },
  photos: { label: 'Photos (optional)', hint: 'Up to 5 photos: JPEG, PNG or WebP. We resize large photos before sending.' },
} as const;

/** Placeholder option of each select (never a valid value). */
export const PLACEHOLDERS = {
  cost: 'Select Cost',
  type: 'Select Any',
  listing: 'Select Any',
  time: 'Select Any',
  Loantype: 'Loan Type',
  Banktype: 'Bank type',
  Amount: 'Loan Amount',
  Profession: 'Select Any',
  Planning: 'Select Any',
  selectedState: 'Select state',
  selectedCity: 'Select city',
  selectedCityFirst: 'Choose a state first',
} as const;

export const FORM_TEXT = {
  /** The original site's "Fill Form", kept as the small label above the form's title. */
  eyebrow: 'Fill Form',
  title: 'Get a call back',
  contactTitle: 'Send us a message',
  intro: 'Tell us a little about what you need. Our team will call you back, usually within one working day.',
  contactIntro: 'Write to us and our team will reply by phone or e-mail.',
  required: 'All fields are required unless marked optional.',
  groups: {
    need: 'What you need',
    property: 'The property',
    when: 'When and where',
    where: 'Where you live',
    details: 'Your details',
    message: 'Your message',
  },
  phonePrefix: '+91',
  counter: (used: number, max: number) => `${used.toLocaleString('en-IN')} of ${max.toLocaleString('en-IN')} characters`,
  /** The notice itself is versioned content (src/content/consent/, src/lib/consent.ts). */
  consent: {
    label: (brand: string) => `I agree that ${brand} may use these details to answer my enquiry.`,
  },
  honeypot: 'Leave this field empty',
  submit: 'Request a call back',
  submitContact: 'Send message',
  sending: 'Sending…',
  uploading: (percent: number) => `Sending… ${percent}%`,
  callUs: (phone: string) => `Call ${phone}`,
  whatsapp: 'WhatsApp us',
  newTab: ' (opens in a new tab)',
  errorsSummary: (count: number) => (count === 1 ? '1 field needs your attention.' : `${count} fields need your attention.`),
  serverErrorsSummary: (count: number) =>
    count === 1 ? 'Our server found a problem with 1 field.' : `Our server found problems with ${count} fields.`,
  success: {
    title: 'Thank You for Submitting Query! We will contact you shortly',
    reference: (ref: string) => `Your reference: ${ref}`,
    byEmail:
      'Our website could not save your enquiry just now, so we sent it to our team by e-mail instead. It has reached us, and we will contact you shortly.',
    next: 'Want a quicker answer? Message us on WhatsApp with your reference.',
    another: 'Send another enquiry',
  },
  failure: {
    title: 'Your enquiry has not been sent',
    body: 'We could not reach our server or our e-mail service. Everything you typed is still in the form. Please try again, or call or WhatsApp us.',
    retry: 'Try again',
    emailUs: (address: string) => `E-mail ${address}`,
  },
  /** Plain words for the e-mail service's answers (451, 403, 429 and 0). */
  emailStatus: {
    0: 'The e-mail service could not be reached: your device seems to be offline.',
    403: 'The e-mail service refused the message.',
    429: 'The e-mail service is busy just now.',
    451: 'The e-mail service does not accept messages from this browser.',
    other: 'The e-mail service could not send the message.',
    notConfigured: 'The e-mail back-up is not set up on this site.',
  },
  /** Answers of our API that are not about one field. */
  rejected: {
    400: 'The form could not be read by our server. Please reload the page and try again.',
    403: 'Our server refused this form. Please reload the page and try again.',
    413: 'The photos are too large to send. Remove one or two and try again.',
    415: 'One of the photos is not a JPEG, PNG or WebP image.',
    429: 'You have sent several enquiries in a short time. Please wait a minute and try again.',
    other: 'Our server could not accept the form. Please try again, or call or WhatsApp us.',
  },
  photos: {
    choose: 'Add photos',
    remove: 'Remove',
    preparing: 'Preparing photos…',
    count: (n: number, max: number) => `${n} of ${max} photos`,
  },
} as const;
