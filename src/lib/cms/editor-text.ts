/**
 * The words editors see in /admin: collection names, field labels and help texts.
 * Structure (which fields, required or not, option lists) never comes from here: it comes from
 * the zod schemas (src/content.config.ts, src/config/site.ts). A field missing here still
 * appears in the editor, with a label made from its name.
 */
import type { FieldTexts } from './decap-fields.ts';
import type { sources } from '../../content.config.ts';

export type CollectionName = keyof typeof sources;

export interface CollectionText {
  label: string;
  singular: string;
  description: string;
  /** The field that names an entry in lists (Decap's identifier_field). */
  identifier: string;
  /** The line shown for an entry in the collection list. */
  summary?: string;
  /** Editors may add and delete entries (lists of people, reviews ...), not pages tied to an address. */
  create: boolean;
  /** What the Markdown body below the fields is, for Markdown collections. */
  body?: { label: string; hint?: string };
  fields: FieldTexts;
}

const ORDER = { label: 'Position', hint: 'Lists are sorted by this number, smallest first.' };
const IMAGE = {
  label: 'Picture',
  hint: 'A JPEG, PNG, WebP or SVG file. Uploads are stored in src/assets; the site resizes them when it is built.',
};
const IMAGE_ALT = {
  label: 'Picture description (alt text)',
  hint: 'Required. Describe the picture for people who cannot see it, e.g. "Illustration of a family in front of their new house".',
};
const ROUTE = {
  label: 'Page address',
  hint: 'Letters only, no spaces or slash. Changing it moves the page; links from other websites to the old address will break.',
  patternMessage: 'Use letters only (A–Z, a–z), with no spaces, digits or slash',
};
/** Every collection has it (src/content.config.ts); each language keeps its own tick. */
export const REVIEWED: FieldTexts = {
  reviewed: {
    label: 'Reviewed by a native speaker',
    hint: 'Tick this on a Tamil, Telugu or Kannada entry once a native speaker has read and approved it. English needs no tick. The build lists the entries not yet ticked.',
  },
};
const COMMON: FieldTexts = { order: ORDER, image: IMAGE, imageAlt: IMAGE_ALT };
const CTA = { label: 'Closing call to action', hint: 'The band the page ends with: a heading, a line, and links to enquiry pages.' };
const CTA_TITLE = { label: 'Heading' };
const CTA_TEXT = { label: 'Line', multiline: true };
const CTA_LINKS = { label: 'Links', singular: 'link', summary: '{{fields.label}}', hint: 'The first one is the main button.' };
const CTA_LINK_LABEL = { label: 'Button text' };
const CTA_LINK_HREF = { label: 'Page address', hint: 'A page of this site, starting with /, e.g. /Buy.' };

export const COLLECTION_TEXT: Record<CollectionName, CollectionText> = {
  divisions: {
    label: 'Divisions',
    singular: 'Division',
    description: 'The four division pages (Realty, Consulting, Immigration, Training) and their cards on the home page.',
    identifier: 'title',
    summary: '{{cardTitle}}: {{title}}',
    create: false,
    body: { label: 'Introduction', hint: 'The text at the top of the division page.' },
    fields: {
      ...COMMON,
      key: { label: 'Division', hint: 'Fixed: it decides the page address. Do not change it.' },
      title: { label: 'Page heading' },
      cardTitle: { label: 'Short name', hint: 'Shown on the home-page card and in the menu.' },
      summary: { label: 'Card text', hint: 'One or two sentences on the home-page card.', multiline: true },
      subtitle: { label: 'Subtitle', hint: 'One short line under the page heading.' },
      services: {
        label: 'Service blocks',
        singular: 'service block',
        summary: '{{fields.title}}',
        hint: 'The training page shows the training programmes instead.',
      },
      'services.title': { label: 'Heading' },
      'services.body': { label: 'Text', multiline: true },
      'services.image': IMAGE,
      'services.imageAlt': IMAGE_ALT,
      cta: CTA,
      'cta.title': CTA_TITLE,
      'cta.text': CTA_TEXT,
      'cta.links': CTA_LINKS,
      'cta.links.label': CTA_LINK_LABEL,
      'cta.links.href': CTA_LINK_HREF,
    },
  },
  programs: {
    label: 'Training programmes',
    singular: 'Training programme',
    description: 'The training programmes on the home page (first sentence) and on the Training & Growth page.',
    identifier: 'title',
    create: true,
    body: { label: 'Text' },
    fields: { ...COMMON, title: { label: 'Programme name' } },
  },
  team: {
    label: 'Leadership team',
    singular: 'Team member',
    description: 'The people in the "Our Leadership" section of the home page.',
    identifier: 'name',
    summary: '{{name}}: {{designation}}',
    create: true,
    fields: {
      ...COMMON,
      name: { label: 'Name' },
      designation: { label: 'Designation', hint: 'The job title under the name.' },
      description: { label: 'About', hint: 'Two or three sentences.', multiline: true },
      image: { ...IMAGE, label: 'Photo' },
    },
  },
  consent: {
    label: 'Consent notice',
    singular: 'Consent notice version',
    description:
      'The one sentence next to every form\'s consent box. Each lead records the version it was shown, so a published version is never changed: editing its text stops the build. For new wording, ask a developer to add a new version (see docs/editing.md, "Consent notice").',
    identifier: 'version',
    create: false,
    fields: {
      version: { label: 'Version', hint: 'Year, month and a counter, e.g. 2027-01-v2.' },
      text: { label: 'Text', hint: 'One sentence. [Privacy Policy](/Privacy) becomes a link.', multiline: true },
    },
  },
  reviews: {
    label: 'Reviews',
    singular: 'Review',
    description: 'Customer reviews on the home page. Publish only reviews the customer agreed to share.',
    identifier: 'name',
    summary: '{{name}}, {{place}}',
    create: true,
    fields: {
      ...COMMON,
      name: { label: 'Customer name' },
      place: { label: 'Town or city' },
      comment: { label: 'Review', multiline: true },
      image: { ...IMAGE, label: 'Photo or avatar' },
    },
  },
  loans: {
    label: 'Loan pages',
    singular: 'Loan page',
    description: 'One page per loan type, headed "Loans Offered by …", with its description and enquiry form.',
    identifier: 'title',
    summary: '{{title}} (/{{route}})',
    create: false,
    body: { label: 'Description', hint: 'What the loan is, who it suits and what is usually needed.' },
    fields: {
      ...COMMON,
      route: ROUTE,
      title: { label: 'Loan name', hint: 'The subheading of the page and its name in the menu.' },
      lead: { label: 'Lead', hint: 'One line under the page title, above the form.' },
      loanType: { label: 'Loan type in the form', hint: 'The loan type the enquiry form preselects on this page.' },
    },
  },
  plans: {
    label: 'Financial planning pages',
    singular: 'Financial planning page',
    description: 'One page per kind of financial planning, with its introduction and enquiry form.',
    identifier: 'subheading',
    summary: '{{subheading}} (/{{route}})',
    create: false,
    body: { label: 'Introduction' },
    fields: {
      ...COMMON,
      route: ROUTE,
      subheading: { label: 'Subheading', hint: 'Shown under "Financial Planning" and in the menu.' },
      lead: { label: 'Lead', hint: 'One line under the page title, above the form.' },
      planning: { label: 'Planning kind in the form', hint: 'The option the enquiry form preselects on this page.' },
    },
  },
  properties: {
    label: 'Property pages',
    singular: 'Property page',
    description:
      'The buy and sell enquiry pages (flats, plots, commercial, agricultural, individual houses) and their cards on the Buy and Sell pages.',
    identifier: 'title',
    summary: '{{title}} (/{{route}})',
    create: false,
    body: { label: 'Introduction', hint: 'The text above the enquiry form.' },
    fields: {
      ...COMMON,
      route: ROUTE,
      intent: { label: 'Buy or sell', hint: 'Fixed: it decides which form the page shows. Do not change it.' },
      category: { label: 'Property kind', hint: 'Fixed: it decides which form fields the page shows. Do not change it.' },
      title: { label: 'Page heading' },
      cardTitle: { label: 'Card title', hint: 'On the Buy or Sell page.' },
      cardText: { label: 'Card text', multiline: true },
    },
  },
  slides: {
    label: 'Home carousel',
    singular: 'Slide',
    description: 'The slides at the top of the home page.',
    identifier: 'title',
    create: true,
    fields: {
      ...COMMON,
      title: { label: 'Heading' },
      text: { label: 'Text', multiline: true },
      href: { label: 'Link to', hint: 'A page of this site, starting with /, e.g. /Buy.', patternMessage: 'Start with /, e.g. /Buy' },
      linkText: { label: 'Link text', hint: 'The button, e.g. "Explore properties".' },
    },
  },
  pages: {
    label: 'Pages and sections',
    singular: 'Page',
    description:
      'About, Privacy and Contact pages, and sections of other pages: home-intro, home-training, home-team and home-reviews (home page), home-enquire (the call to action that ends the home page), promo (the massage promotion), buy/sell/loans/plans (landing texts), property-enquiry ("How your enquiry works" on property pages), form-fallback (beside enquiry forms), thank-you (after an enquiry is sent), privacy-request and privacy-request-sent (the page of the privacy request form, and the page after it is sent without JavaScript) and not-found (the 404 page).',
    identifier: 'title',
    create: false,
    body: { label: 'Text' },
    fields: {
      title: { label: 'Heading' },
      description: {
        label: 'Search description',
        hint: 'One or two sentences shown by search engines and when the page is shared.',
        multiline: true,
      },
      items: { label: 'List items', singular: 'item', hint: 'Only some sections show a list, e.g. the services list of home-intro.' },
      image: { ...IMAGE, hint: `Optional. ${IMAGE.hint}` },
      imageAlt: { ...IMAGE_ALT, hint: 'Required when there is a picture. Describe it for people who cannot see it.' },
      updated: { label: 'Last updated', hint: 'Shown on the privacy page.' },
      subtitle: { label: 'Subtitle', hint: 'One short line under the page heading (pages with a header).' },
      cta: CTA,
      'cta.title': CTA_TITLE,
      'cta.text': CTA_TEXT,
      'cta.links': CTA_LINKS,
      'cta.links.label': CTA_LINK_LABEL,
      'cta.links.href': CTA_LINK_HREF,
    },
  },
};

export const IDENTITY_TEXT = {
  label: 'Contact details',
  description:
    'Phone, e-mail addresses, office hours, registration numbers, office address and social links, shown in the header, the footer and on the Contact page. ' +
    'The brand name (Aranya) cannot be changed here: it is part of page addresses such as /Aranya_Realty, so a developer changes it in src/config/site.ts.',
  fields: {
    phone: {
      label: 'Phone',
      hint: 'With the country code, e.g. +91 90000 00000. The call and WhatsApp links use its digits.',
      patternMessage: 'Write the phone with its country code, e.g. +91 90000 00000',
    },
    emails: { label: 'E-mail addresses' },
    'emails.info': { label: 'General enquiries', patternMessage: 'Enter an e-mail address, e.g. info@example.com' },
    'emails.immigration': { label: 'Immigration and international services', patternMessage: 'Enter an e-mail address' },
    'emails.careers': { label: 'Careers (hiring, bootcamps, job seekers)', patternMessage: 'Enter an e-mail address' },
    'emails.marketing': { label: 'Marketing and communications', patternMessage: 'Enter an e-mail address' },
    'emails.realEstate': { label: 'Real estate (buying, selling, property management)', patternMessage: 'Enter an e-mail address' },
    'emails.loans': { label: 'Bank loans', patternMessage: 'Enter an e-mail address' },
    'emails.planning': { label: 'Financial planning', patternMessage: 'Enter an e-mail address' },
    hours: {
      label: 'Office hours',
      singular: 'line',
      hint: 'One line each, e.g. "Monday to Saturday, 9:30 am to 6:30 pm". Shown in the footer and on the Contact and About pages.',
    },
    hoursTranslated: {
      label: 'Office hours in other languages',
      hint: 'The same lines for the Tamil, Telugu and Kannada pages. When you change the hours above, change these too. A language left empty shows the English lines.',
    },
    'hoursTranslated.ta': { label: 'Office hours in Tamil', singular: 'line' },
    'hoursTranslated.te': { label: 'Office hours in Telugu', singular: 'line' },
    'hoursTranslated.kn': { label: 'Office hours in Kannada', singular: 'line' },
    officeHours: {
      label: "Working hours for the team's figures",
      hint: "The days and hours the team calls back, on India's time. The inbox's Insights and the morning e-mail count the speed of first contact and the leads still waiting in this working time only.",
    },
    'officeHours.days': { label: 'Working days', singular: 'day' },
    'officeHours.opens': { label: 'Opens at', hint: '24-hour clock, e.g. 09:30.', patternMessage: 'Write hours and minutes, e.g. 09:30' },
    'officeHours.closes': { label: 'Closes at', hint: '24-hour clock, e.g. 18:30.', patternMessage: 'Write hours and minutes, e.g. 18:30' },
    registrations: {
      label: 'Registration numbers',
      hint: 'Shown in the footer; RERA also on the property pages, the ARN on the financial planning pages. Leave a number empty to hide it.',
    },
    'registrations.rera': {
      label: 'RERA registration',
      hint: 'The real estate agent registration. The law asks for it on property advertising.',
    },
    'registrations.amfiArn': {
      label: 'AMFI ARN',
      hint: 'The mutual fund distributor registration, e.g. ARN-123456.',
      patternMessage: 'Write ARN- and the number, e.g. ARN-123456, or leave it empty',
    },
    'registrations.gstin': { label: 'GSTIN', patternMessage: 'A GSTIN has 15 characters: 2 digits, then 13 capital letters or digits' },
    'registrations.cin': { label: 'CIN', patternMessage: 'A CIN has 21 characters, e.g. U70100TN2020PTC000000' },
    partnerLenders: {
      label: 'Partner banks and NBFCs',
      singular: 'lender',
      hint: 'The lenders we arrange loans with, one name each, e.g. "State Bank of India". Listed on every loan page; leave the list empty to show none.',
    },
    grievance: {
      label: 'Grievance officer (privacy page)',
      hint: 'Who answers complaints about personal data. An empty name, e-mail or phone shows the general enquiries e-mail and the office phone instead.',
    },
    'grievance.name': { label: 'Name', hint: 'The person, e.g. "R. Kumar, Grievance Officer". Leave empty to show no name.' },
    'grievance.email': { label: 'E-mail', patternMessage: 'Enter an e-mail address, or leave it empty' },
    'grievance.phone': { label: 'Phone', patternMessage: 'Write the phone with its country code, e.g. +91 90000 00000, or leave it empty' },
    'grievance.responseDays': {
      label: 'Reply within (days)',
      hint: 'How many days we take at most to answer a grievance; the law allows at most 90.',
    },
    address: { label: 'Office address' },
    'address.street': { label: 'Street' },
    'address.town': { label: 'Town' },
    'address.district': {
      label: 'District',
      hint: 'Its name alone, e.g. Krishnagiri: the pages add the word "District" in their language.',
    },
    'address.state': { label: 'State' },
    'address.postcode': { label: 'PIN code', patternMessage: 'A PIN code has 6 digits' },
    'address.streetTranslated': {
      label: 'Street in other languages',
      hint: 'The street line for the Tamil, Telugu and Kannada pages. Town, district and state follow by themselves. Empty: the English line.',
    },
    'address.streetTranslated.ta': { label: 'Street in Tamil' },
    'address.streetTranslated.te': { label: 'Street in Telugu' },
    'address.streetTranslated.kn': { label: 'Street in Kannada' },
    socials: { label: 'Social links', hint: 'Leave a link empty to hide its icon.' },
    'socials.youtube': { label: 'YouTube', patternMessage: 'Use a full link starting with https://, or leave it empty' },
    'socials.facebook': { label: 'Facebook', patternMessage: 'Use a full link starting with https://, or leave it empty' },
    'socials.instagram': { label: 'Instagram', patternMessage: 'Use a full link starting with https://, or leave it empty' },
    'socials.linkedin': { label: 'LinkedIn', patternMessage: 'Use a full link starting with https://, or leave it empty' },
  } satisfies FieldTexts,
};
