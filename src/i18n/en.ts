/**
 * Every visible English word that is not content (content lives in src/content). ta.ts, te.ts and
 * kn.ts have exactly this shape (tests/unit/i18n-keys.test.ts).
 *
 * Rules for every language file:
 * - values are plain strings; {name} marks a placeholder filled by format() (src/i18n/format.ts);
 * - wire values (what a form sends, what the team receives), brand names, people's names and
 *   registration numbers are never in a dictionary: they are not translated.
 *
 * Sections:
 * - site: header, navigation, phone bar, footer, language switcher, carousel, scroll-to-top,
 *   page titles and meta descriptions, 404, /Thankyou;
 * - form: labels, hints, placeholders, group headings, how each option is shown, consent text,
 *   sending, success, failure and fallback states;
 * - messages: every validation message (shared with the server's 422 answers);
 * - problem: the page a visitor without JavaScript sees when the server refuses a post.
 */
export const en = {
  site: {
    /** The language switcher (header and phone menu). */
    language: {
      /** The switcher's name (its landmark, and the button that opens it); each language is named in its own script. */
      label: 'Language',
    },
    skipToContent: 'Skip to content',
    /** Read by screen readers after a link that opens a new tab. */
    newTab: '(opens in a new tab)',
    header: {
      menu: 'Menu',
      mainNavigation: 'Main',
      /** The header's phone link, for screen readers: {phone} is the number. */
      callNumber: 'Call {phone}',
      enquire: 'Enquire',
    },
    nav: {
      divisions: 'Divisions',
      realEstate: 'Real Estate',
      buyProperty: 'Buy property',
      sellProperty: 'Sell property',
      /** Read before a property link in the Buy list ("Buy Flats"). */
      buy: 'Buy',
      sell: 'Sell',
      loans: 'Loans',
      financialPlanning: 'Financial Planning',
      about: 'About',
      contact: 'Contact',
    },
    /** Where each family of enquiries starts (footer "Enquire" list). */
    families: {
      buy: 'Buy property',
      sell: 'Sell property',
      loans: 'Bank loans',
      planning: 'Financial planning',
      other: 'Anything else',
    },
    footer: {
      divisions: 'Divisions',
      enquire: 'Enquire',
      privacyPages: 'Privacy Pages',
      contactUs: 'Contact us',
      privacyPolicy: 'Privacy Policy and Terms',
      followUs: 'Follow us',
      whatsappUs: 'WhatsApp us',
      registrations: 'Registration numbers',
      rera: 'RERA registration',
      /** {year} and {name} (the group's name) are filled in. */
      copyright: '© {year} {name}. All rights reserved.',
    },
    phoneBar: {
      call: 'Call us',
      whatsapp: 'WhatsApp',
    },
    talk: {
      orTalk: 'Or talk to us:',
      callNumber: 'Call {phone}',
      callNow: 'Call now: {phone}',
      whatsappUs: 'WhatsApp us',
      whatsappChat: 'Chat with us on WhatsApp',
      whatsapp: 'WhatsApp',
    },
    scrollToTop: 'Back to top',
    carousel: {
      label: 'Highlights',
      /** Each slide's name: {n} of {total}. */
      slide: '{n} of {total}',
      previous: 'Previous slide',
      next: 'Next slide',
      /** A dot under the slides: {n} is its number, {title} its heading. */
      goTo: 'Go to slide {n}: {title}',
      pause: 'Pause slideshow',
      play: 'Play slideshow',
    },
    home: {
      /** The home page's <title> (the site name comes first: "{name}: {tagline}"). */
      title: '{name}: {tagline}',
      tagline: 'Property, finance, consulting, immigration and training',
      divisions: 'Our divisions',
      whoWeAre: 'Who we are',
      services: 'Our services',
      programmes: 'Programmes',
      readMore: 'Read more',
      /** After "Read more", for screen readers: {title} is the programme. */
      readMoreAbout: 'about {title}',
      moreAboutTraining: 'More about Training & Growth',
      leadership: 'Leadership',
      reviews: 'Reviews',
      clientReviews: 'Client reviews',
      wellness: 'Wellness',
    },
    /** Every page's <title> ends with the site name: "{title} | {name}". */
    pageTitle: '{title} | {name}',
    breadcrumbHome: 'Home',
    division: {
      onThisPage: 'On this page',
      programmes: 'Our programmes',
      whatWeDo: 'What we do',
    },
    about: {
      kicker: 'Vision and mission',
      atAGlance: 'At a glance',
    },
    contact: {
      kicker: 'Get in touch',
      office: 'Our office',
      writeToTeam: 'Write to the right team',
      followOrChat: 'Follow us or chat on WhatsApp',
      departments: {
        realEstate: 'Real estate: buying, selling and property management',
        loans: 'Bank loans',
        planning: 'Financial planning: mutual funds, PMS, AIF and financial plans',
        immigration: 'Immigration and international services',
        careers: 'Careers: hiring, bootcamps and job seekers',
        marketing: 'Marketing and communications',
      },
    },
    privacy: {
      kicker: 'Legal',
      /** {date} is the date of the last change. */
      updated: 'Last updated {date}',
    },
    realEstate: {
      kicker: 'Real estate',
      /** The link back to the landing: {options} is "buy property" or "sell property". */
      allBuyOptions: '← All buy property options',
      allSellOptions: '← All sell property options',
    },
    loans: {
      /** {provider} is the loans company's name. */
      kicker: 'Loans Offered by {provider}',
      howItWorks: 'How your enquiry works',
      /** A loan page's meta description: {title} and {lead} come from the page. */
      description: '{title}: {lead} Send an enquiry and our loans team will call you back.',
    },
    plans: {
      howWeWork: 'How we work with you',
      description: '{title}: {lead} Tell us your goals and our financial planning team will call you back.',
    },
    notFound: {
      kicker: 'Error 404',
      home: 'Go to the home page',
      contact: 'Contact us',
    },
    thankYou: {
      kicker: 'Enquiry received',
      home: 'Back to the home page',
      /** "Looking for something else? Buy property, sell property, or contact us." in four parts. */
      somethingElse: 'Looking for something else?',
      buy: 'Buy property',
      sell: 'sell property',
      or: 'or',
      contact: 'contact us',
    },
  },
  form: {},
  messages: {},
  problem: {},
};

/** The shape every language's dictionary has. */
export type Dictionary = typeof en;
