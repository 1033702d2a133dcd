/**
 * Every visible English word that is not content (content lives in src/content). ta.ts, te.ts and
 * kn.ts have exactly this shape (tests/unit/i18n-dictionaries.test.ts).
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
 * - withdrawal: the page where a person sees and withdraws what they agreed to (server only);
 * - ack: the acknowledgement the server e-mails the visitor after a lead is stored (server only).
 */
export const en = {
  site: {
    /** The language switcher (header and phone menu). */
    language: {
      /** The switcher's name (its landmark, and the button that opens it); each language is named in its own script. */
      label: 'Language',
    },
    skipToContent: 'Skip to content',
    /** The slim banner on every page of a deploy preview or branch deploy (never in production). */
    previewBanner: 'Preview site: enquiries sent here do not reach the team.',
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
      buy: 'Buy',
      sell: 'Sell',
      /** What screen readers hear for a property link in the Buy and Sell lists ({label}: the visible "Flats"), in the language's order. */
      buyLink: 'Buy {label}',
      sellLink: 'Sell {label}',
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
      privacyRequest: 'Privacy requests',
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
      /** What screen readers call the carousel and each of its slides (aria-roledescription). */
      roleCarousel: 'carousel',
      roleSlide: 'slide',
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
      /** What screen readers hear for a programme's link: {readMore} is the visible "Read more", {title} the programme. */
      readMoreAbout: '{readMore} about {title}',
      moreAboutTraining: 'More about Training & Growth',
      leadership: 'Leadership',
      reviews: 'Reviews',
      clientReviews: 'Client reviews',
      wellness: 'Wellness',
    },
    /** Every page's <title> ends with the site name: "{title} | {name}". */
    pageTitle: '{title} | {name}',
    /** The office's district in its address: {district} is the district's name in the page's script. */
    district: '{district} District',
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
      /** On a translated privacy page only, under its date: the English text binds; then a link to it. */
      bindingVersion:
        'This page is a translation of the English one, for your convenience. Where the two differ, the English version prevails.',
      englishVersion: 'Read the English version',
      /** The grievance section (src/components/regulatory/GrievanceContact.astro). {days}: the reply time. */
      grievanceHeading: 'Grievances and complaints',
      grievanceIntro:
        'If you have a complaint about how we handle your personal data, or want to use one of your rights, contact our grievance officer.',
      grievanceOfficer: 'Grievance officer',
      grievanceOfficerUnnamed: 'Our office team',
      grievanceEmail: 'E-mail',
      grievancePhone: 'Phone',
      responseTime: 'We reply within {days} days of receiving your complaint.',
      board:
        'If you are not satisfied with our reply, or do not hear from us in that time, you can complain online to the Data Protection Board of India under the Digital Personal Data Protection Act, 2023.',
    },
    /** The privacy request pages (/Privacyrequest, /Privacyrequestsent). {days}: the reply time. */
    privacyRequest: {
      kicker: 'Your data',
      replyWithin: 'We answer within {days} days of receiving your request, by phone or e-mail.',
      sentWithin: 'We answer within {days} days of receiving your request, by phone or e-mail, using the details you gave.',
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
      /** Right under the loan page's heading: we arrange the loan and do not lend. */
      arranged: 'We arrange your loan with our partner banks and NBFCs; we do not lend ourselves.',
      howItWorks: 'How your enquiry works',
      /** A loan page's meta description: {title} and {lead} come from the page. */
      description: '{title}: {lead} Send an enquiry and our loans team will call you back.',
      /** The box on every loan page after its copy: who lends and decides; the partner lenders' list above the names (when any are set). */
      lendersHeading: 'Who lends the money',
      lenderStatement:
        'The money is lent by one of our partner banks or NBFCs, and that lender alone decides whether to sanction the loan, its interest rate and its terms.',
      partnerLenders: 'Our partner banks and NBFCs',
    },
    plans: {
      howWeWork: 'How we work with you',
      description: '{title}: {lead} Tell us your goals and our financial planning team will call you back.',
    },
    /**
     * Regulators' words (src/components/regulatory). AMFI's and SEBI's sentences themselves, in
     * English and translated, are in src/i18n/regulators.ts, once each.
     */
    regulatory: {
      investorNotice: 'Investor notice',
      reraAgent: 'RERA agent registration',
      reraVerify: 'Check it on the Tamil Nadu RERA website',
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
  /**
   * The enquiry forms (src/islands/forms). A page passes `form` of its own language to the form
   * island as the `words` prop. Wire values (what is sent) never change with the language: only
   * `options` says how each one is shown.
   */
  form: {
    /** Small label above every form's title (the original site's "Fill Form"). */
    eyebrow: 'Fill Form',
    /** Title and intro of the property, loan and planning forms. */
    title: 'Get a call back',
    intro: 'Tell us a little about what you need. Our team will call you back, usually within one working day.',
    /** Title and intro of the /Contactus form. */
    contactTitle: 'Send us a message',
    contactIntro: 'Write to us and our team will reply by phone or e-mail.',
    /** Above the first field of every form. */
    required: 'All fields are required unless marked optional.',
    /** Headings over each group of fields. */
    groups: {
      need: 'What you need',
      property: 'The property',
      when: 'When and where',
      where: 'Where you live',
      details: 'Your details',
      message: 'Your message',
      /** Over the two optional call-back fields, on every form. */
      call: 'When we call you',
      request: 'Your request',
    },
    /** Label (and hint under it, where there is one) of each field, keyed by its wire name. */
    fields: {
      Username: { label: 'Your name' },
      phone: { label: 'Mobile number', hint: '10 digits, starting with 6, 7, 8 or 9' },
      email: { label: 'E-mail' },
      message: { label: 'Message' },
      listing: { label: 'Listing' },
      /** `type` on plot and commercial forms (sizes in square metres). */
      type: { label: 'Size' },
      /** `type` on flat forms. */
      bedrooms: { label: 'Bedrooms' },
      /** `type` on agricultural land forms (sizes in acres). */
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
      /** Optional on every form: when and in which language the team calls back (calls stay within 9:30 am to 7 pm). Times are written as people say them ("7 pm", மாலை 7), never 19:00. */
      callTime: { label: 'Best time to call (optional)', hint: 'We call only between 9:30 am and 7 pm.' },
      callLanguage: { label: 'Language for the call (optional)' },
      Monthly: { label: 'Monthly investment (optional)' },
      /** The privacy request form. */
      request: { label: 'What would you like us to do?' },
      reference: {
        label: 'Enquiry reference (optional)',
        hint: 'The 8 letters and digits shown after you sent an enquiry, such as 3f2a9c1e.',
      },
      requestDetails: {
        label: 'Anything we should know (optional)',
        hint: 'For a correction, tell us what is wrong and what it should be.',
      },
      privacyPhone: { label: 'Mobile number', hint: '10 digits. Or leave it empty and give your e-mail.' },
      privacyEmail: { label: 'E-mail', hint: 'Or leave it empty and give your mobile number.' },
      /** Sell Flats only. */
      photos: { label: 'Photos (optional)', hint: 'Up to 5 photos: JPEG, PNG or WebP. We resize large photos before sending.' },
    },
    /** The first, empty option of each select (never a valid choice). */
    placeholders: {
      cost: 'Select Cost',
      /** The default for any other select. */
      any: 'Select Any',
      Loantype: 'Loan Type',
      Amount: 'Loan Amount',
      Monthly: 'Select amount',
      selectedState: 'Select state',
      selectedCity: 'Select city',
      /** The city select while no state is chosen yet. */
      selectedCityFirst: 'Choose a state first',
    },
    /**
     * The box over the city list (shown once the form's script runs): it narrows the list to the
     * cities whose name, in the page's script or in English, holds what is typed. Then how many are
     * left ({count}), said to screen readers too.
     */
    findCity: { label: 'Find your city', hint: 'Type a few letters of its name.' },
    findCityOne: '1 city matches.',
    findCityMany: '{count} cities match.',
    findCityNone: 'No city matches. Try fewer letters.',
    /**
     * How each option is shown, keyed by the wire value the form sends (which never changes).
     * Translate the value on the right only. States and cities are not here: their names in each
     * script are in src/i18n/places.ts.
     */
    options: {
      // listing (flats: GATED / OTHERS; plots: VENTURES / OTHERS)
      GATED: 'GATED',
      VENTURES: 'VENTURES',
      OTHERS: 'OTHERS',
      // bedrooms
      'Single Bed Room': 'Single Bed Room',
      'Double Bed Room': 'Double Bed Room',
      'Triple Bed Room': 'Triple Bed Room',
      'Four Bed Room': 'Four Bed Room',
      // plot and commercial sizes, in square metres: shown with their unit and about as many square feet
      // (buyers here think in square feet; tests/unit/i18n-dictionaries.test.ts checks the figures); no-break
      // spaces keep the bracket on one line when a chip wraps
      '99 & below': '99 m² & below (about\u00a01,070\u00a0sq\u00a0ft)',
      '100 to 150': '100 to 150 m² (about\u00a01,080\u00a0to\u00a01,610\u00a0sq\u00a0ft)',
      '151 to 200': '151 to 200 m² (about\u00a01,630\u00a0to\u00a02,150\u00a0sq\u00a0ft)',
      '201 & above': '201 m² & above (about\u00a02,160\u00a0sq\u00a0ft)',
      // agricultural land sizes, in acres
      '5 acr & below': '5 acr & below',
      '5 to 10 acr': '5 to 10 acr',
      '10 to 25 acr': '10 to 25 acr',
      '25 acr & above': '25 acr & above',
      // budgets (Lakhs = lakh rupees, Cr = crore rupees)
      '40 Lakhs Below': '40 Lakhs Below',
      '50 Lakhs Below': '50 Lakhs Below',
      '40 to 50 Lakhs': '40 to 50 Lakhs',
      '50 to 75 Lakhs': '50 to 75 Lakhs',
      '75 Lakhs to 1Cr': '75 Lakhs to 1Cr',
      '1Cr to 2Cr': '1Cr to 2Cr',
      '2Cr & Above': '2Cr & Above',
      // when the visitor plans to go ahead
      Immediate: 'Immediate',
      '3 to 6 months': '3 to 6 months',
      '6 months to 1 year': '6 months to 1 year',
      '1 year & above': '1 year & above',
      // loan types
      'Business Loan': 'Business Loan',
      'Home Loan': 'Home Loan',
      'Personal Loan': 'Personal Loan',
      'Education Loan': 'Education Loan',
      'Vehicle Loan': 'Vehicle Loan',
      'Gold Loan': 'Gold Loan',
      'Property Loan': 'Property Loan',
      'Deposit Loan': 'Deposit Loan',
      'Securities Loan': 'Securities Loan',
      'Insurance Loan': 'Insurance Loan',
      'Renovation Loan': 'Renovation Loan',
      'Overdraft loan': 'Overdraft loan',
      'Agricultural loan': 'Agricultural loan',
      'Letter of credit': 'Letter of credit',
      // bank types (NBFS: non-banking financial companies)
      'Govt Banks': 'Govt Banks',
      'Private banks': 'Private banks',
      NBFS: 'NBFS',
      // loan amounts (lakhs = lakh rupees, cr = crore rupees)
      '10 lakhs & below': '10 lakhs & below',
      '10 to 25 lakhs': '10 to 25 lakhs',
      '25 to 50 lakhs': '25 to 50 lakhs',
      '50 to 1cr': '50 to 1cr',
      '1cr to 2cr': '1cr to 2cr',
      '2cr to 5cr': '2cr to 5cr',
      '5cr to 10cr': '5cr to 10cr',
      '10cr & above': '10cr & above',
      // professions
      Salaried: 'Salaried',
      Business: 'Business',
      Professional: 'Professional',
      // financial planning
      'Mutual Funds': 'Mutual Funds',
      Insurance: 'Insurance',
      PMS: 'PMS',
      AIF: 'AIF',
      'Financial Plan': 'Financial Plan',
      // the best time to call: the wire value's hours, said as people say them ("4–7 pm", மாலை 4 – 7)
      'Morning (9:30-12:00)': 'Morning, 9:30 am – 12 noon',
      'Afternoon (12:00-16:00)': 'Afternoon, 12 noon – 4 pm',
      'Evening (16:00-19:00)': 'Evening, 4–7 pm',
      // the language to call in
      English: 'English',
      Tamil: 'Tamil',
      Telugu: 'Telugu',
      Kannada: 'Kannada',
      Hindi: 'Hindi',
      // monthly investment bands of the planning form (optional)
      '5000 & below': '5000 & below',
      '5000 to 10000': '5000 to 10000',
      '10000 to 25000': '10000 to 25000',
      '25000 to 50000': '25000 to 50000',
      '50000 & above': '50000 & above',
      // privacy requests
      'withdraw-and-erase': 'Withdraw my consent and erase my data',
      correct: 'Correct my data',
      access: 'Tell me what data you hold about me',
    },
    /** The first choice of the best time to call: no preference (sends nothing). */
    callAnyTime: 'Any time',
    /** The fixed country code shown before the mobile number. */
    phonePrefix: '+91',
    /** Under the message box. {used}, {max}: numbers of characters (written 1,234). */
    counter: '{used} of {max} characters',
    /** Beside the consent box, under the consent notice. {brand}: the company's name. */
    consentLabel: 'I agree that {brand} may use these details to answer my enquiry.',
    /** Label of the hidden anti-spam field (people never see it; screen readers skip it). */
    honeypot: 'Leave this field empty',
    /** Send buttons: property, loan and planning forms; the contact form. */
    submit: 'Request a call back',
    submitContact: 'Send message',
    /** Title, intro and send button of the privacy request form (/Privacyrequest). {days}: the reply time. */
    privacyTitle: 'Your privacy request',
    privacyIntro: 'Take your consent back, have your data corrected, or ask what we hold about you. We answer within {days} days.',
    submitPrivacy: 'Send my request',
    /** Under the privacy request form's details heading. */
    privacyContact: 'Give your mobile number or your e-mail: one of the two is enough.',
    /** On every enquiry form, under the consent box: the link to the privacy request form. */
    consentWithdraw: 'Changed your mind later? You can withdraw your consent or ask about your data at any time.',
    /** The two purposes each form offers besides the enquiry, each a box of its own, never ticked for the visitor; {legend} over them. */
    consentMore: 'Only if you wish',
    consentGroup: "The group's other divisions may contact me about related services",
    consentWhatsapp: 'Send me updates on WhatsApp',
    /** The privacy request form: the same purposes, to withdraw one at a time. */
    withdrawHeading: 'Withdraw only part of what you agreed to',
    withdrawGroup: "Stop the group's other divisions contacting me about related services",
    withdrawWhatsapp: 'Stop sending me updates on WhatsApp',
    withdrawHint: 'Tick what you want us to stop: it takes effect at once. You can send only these, or choose a request above as well.',
    /** The send button while sending; with photos, {percent} is how much is uploaded. */
    sending: 'Sending…',
    uploading: 'Sending… {percent}%',
    /** Links after a failure. {phone}: the phone number as written; {address}: the e-mail address. */
    callUs: 'Call {phone}',
    emailUs: 'E-mail {address}',
    whatsapp: 'WhatsApp us',
    /** Read by screen readers after a link that opens a new tab (starts with a space). */
    newTab: ' (opens in a new tab)',
    /** Said by screen readers when the browser finds problems. {count}: how many fields. */
    errorsSummaryOne: '1 field needs your attention.',
    errorsSummaryMany: '{count} fields need your attention.',
    /** Said when our server finds problems. {count}: how many fields. */
    serverErrorsSummaryOne: 'Our server found a problem with 1 field.',
    serverErrorsSummaryMany: 'Our server found problems with {count} fields.',
    /** After a successful send. {reference}: the first 8 characters of the enquiry's id. */
    success: {
      title: 'Thank You for Submitting Query! We will contact you shortly',
      reference: 'Your reference: {reference}',
      byEmail:
        'Our website could not save your enquiry just now, so we sent it to our team by e-mail instead. It has reached us, and we will contact you shortly.',
      next: 'Want a quicker answer? Message us on WhatsApp with your reference.',
      another: 'Send another enquiry',
      /** The success state's WhatsApp link, and the message it starts with. {brand}; {reference}. */
      whatsappLink: 'Message us on WhatsApp',
      whatsappText: 'Hello {brand}, I sent an enquiry on your website. My reference is {reference}.',
      /** After a privacy request. {date}: the day we answer by; {days}: the reply time. */
      privacyTitle: 'We have your request',
      privacyNext:
        'We will answer by {date}, within {days} days, by phone or e-mail. If you asked us to withdraw your consent, we stop contacting you about enquiries from today.',
    },
    /** When neither our server nor the e-mail back-up could take the enquiry. */
    failure: {
      title: 'Your enquiry has not been sent',
      body: 'We could not reach our server or our e-mail service. Everything you typed is still in the form. Please try again, or call or WhatsApp us.',
      retry: 'Try again',
    },
    /** When neither path took the enquiry and it waits in this browser, sent by itself when the connection returns. */
    kept: {
      title: 'Your enquiry is saved on this device',
      body: 'We could not reach our server just now; your connection may have dropped. Your enquiry is saved in this browser and will be sent by itself as soon as you are back online, or the next time you open our website. You can also try again now, or call or WhatsApp us.',
      /** Shown on a later page once it has been sent. {reference}: the first 8 characters of the enquiry's id. */
      sent: 'Your saved enquiry has now reached us. Your reference: {reference}. We will contact you shortly.',
      refused: 'We could not send the enquiry saved on this device. Please fill in the form again, or call or WhatsApp us.',
      close: 'Close',
    },
    /** Plain words for the e-mail back-up service's answers (status 0 = offline, 403, 429, 451). */
    emailStatus: {
      0: 'The e-mail service could not be reached: your device seems to be offline.',
      403: 'The e-mail service refused the message.',
      429: 'The e-mail service is busy just now.',
      451: 'The e-mail service does not accept messages from this browser.',
      other: 'The e-mail service could not send the message.',
      notConfigured: 'The e-mail back-up is not set up on this site.',
    },
    /** Answers of our server that are not about one field, by HTTP status. */
    rejected: {
      400: 'The form could not be read by our server. Please reload the page and try again.',
      403: 'Our server refused this form. Please reload the page and try again.',
      413: 'The photos are too large to send. Remove one or two and try again.',
      415: 'One of the photos is not a JPEG, PNG or WebP image.',
      429: 'You have sent several enquiries in a short time. Please wait a minute and try again.',
      other: 'Our server could not accept the form. Please try again, or call or WhatsApp us.',
    },
    /** The Sell Flats photo picker. {count}: photos chosen; {max}: how many may be sent. */
    photos: {
      choose: 'Add photos',
      remove: 'Remove',
      preparing: 'Preparing photos…',
      count: '{count} of {max} photos',
    },
  },
  /**
   * Every validation message. The browser shows them under the field; the server returns them in
   * the `fields` of a 422 answer and lists them on the problem page, in the language of the page
   * the enquiry came from. Keys are what the shared schemas (src/lib/enquiry) report.
   */
  messages: {
    nameMissing: 'Enter your name',
    nameLength: 'Enter a name of 2 to 60 characters',
    nameChars: "Use only letters, spaces, dots (.), apostrophes (') and hyphens (-) in your name",
    phoneMissing: 'Enter your mobile number',
    phone: 'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9',
    emailMissing: 'Enter your e-mail address',
    email: 'Enter a valid e-mail address, like name@example.com',
    consent: 'Tick the box to agree that we may use these details to answer your enquiry',
    /** The form sent a consent notice version that does not exist (an old page). */
    consentNotice: 'This form is out of date. Reload the page and try again',
    submissionId: 'This form could not be sent. Reload the page and try again',
    page: 'This form could not be sent. Reload the page and try again',
    /** The example date stays in English: it is the format the form sends, not what the visitor types. */
    currentdate: "The date must look like 'Mon, Jan 01 2024'. Reload the page and try again",
    state: 'Choose a state',
    city: 'Choose a city',
    /** {state}: the state chosen (a place name, as shown in the form). */
    cityOfState: 'Choose a city in {state}',
    intent: 'This form does not say whether you buy or sell. Reload the page and try again',
    category: 'This form does not say what kind of property it is about. Reload the page and try again',
    property: 'Choose Buy or Sell',
    /** A buy page sent Sell, or a sell page sent Buy. */
    propertyMatchBuy: 'This is a buy enquiry, so choose Buy',
    propertyMatchSell: 'This is a sell enquiry, so choose Sell',
    /** Name the options as `form.options` shows them. */
    listingFlats: 'Choose GATED or OTHERS',
    listingPlots: 'Choose VENTURES or OTHERS',
    listingAny: 'Choose a listing',
    bedrooms: 'Choose the number of bedrooms',
    size: 'Choose a size',
    landSize: 'Choose a land size',
    cost: 'Choose a budget',
    time: 'Choose when you plan to go ahead',
    messageMissing: 'Enter a message',
    messageLong: 'Keep the message to 2,000 characters or fewer',
    nulCharacter: 'This holds a hidden character (U+0000) we cannot save; please remove it',
    loanType: 'Choose a loan type',
    bankType: 'Choose a bank type',
    amount: 'Choose a loan amount',
    profession: 'Choose your profession',
    planning: 'Choose what you are planning',
    monthly: 'Choose a monthly investment band',
    /** {max}: how many photos may be sent. */
    photosCount: 'Attach at most {max} photos',
    /** {name}: the file's name. */
    photosType: '"{name}" is not a JPEG, PNG or WebP image',
    /** {name}: the file's name; {maxMb}: the limit in megabytes. */
    photosFileSize: '"{name}" is larger than {maxMb} MB',
    photosTotalSize: 'The photos together are larger than {maxMb} MB',
    photosNotAllowed: 'Photos can only be sent with a Sell Flats enquiry',
    photosDailyLimit: 'Many photos have already been sent from here today. Please send the form without photos, or call us',
    /** The whole site's daily photo allowance is used up (photos staged by plain forms). */
    photosSiteDailyLimit: 'We cannot take more photos today. Please send the form without photos, or call us',
    /** A best time to call or a call language that is not in the list (an old or altered form). */
    callTime: 'Choose morning, afternoon, evening or any time for our call',
    callLanguage: 'Choose English, Tamil, Telugu, Kannada or Hindi for our call',
    /** The privacy request form (/Privacyrequest). */
    privacyRequest: 'Choose what you would like us to do',
    phoneOrEmail: 'Enter your mobile number or your e-mail address, so we can answer you',
    /** A purpose's box sent something else than ticked or not (only a script does that). */
    consentChoice: 'Tick the box, or leave it empty',
    /** The reference from the thank-you message: 8 letters and digits, such as 3f2a9c1e. */
    reference: 'Enter the reference as it was shown, such as 3f2a9c1e, or leave it empty',
  },
  /**
   * The page the server answers a form post with when JavaScript is off and something is wrong
   * (src/server/intake/problem-page.ts). Its title is "<heading> | <brand>".
   */
  problem: {
    /** The heading, by HTTP status. */
    headings: {
      400: 'We could not read your enquiry',
      403: 'Your enquiry was not accepted',
      405: 'Please send your enquiry with the form',
      413: 'Your enquiry is too large',
      415: 'We could not read your enquiry',
      422: 'Some details need attention',
      503: 'We could not save your enquiry just now',
      other: 'Something went wrong',
    },
    /** Above the list of problems (422). */
    intro: 'Your enquiry has not been sent yet. Please go back to the form and correct these:',
    /**
     * The sentence under the heading for the other statuses. (English pages show the server's own,
     * more detailed English sentence instead.)
     */
    explain: {
      400: 'The form could not be read. Please go back, reload the page and try again.',
      403: 'Our server refused this form. Please go back, reload the page and try again.',
      405: 'Please open the form and send your enquiry from there.',
      413: 'The enquiry or its photos are too large to send. Remove one or two photos and try again.',
      415: 'The form could not be read. Please go back, reload the page and try again.',
      429: 'You have sent several enquiries in a short time. Please wait a minute and try again.',
      503: 'We could not save your enquiry just now. Please try again in a minute.',
      other: 'Something went wrong on our side. Please try again, or call us.',
    },
    /** The name of each field a problem is about, keyed by wire name (`_form`: the whole form). */
    fields: {
      Username: 'Name',
      phone: 'Mobile number',
      email: 'E-mail',
      intent: 'Intent',
      category: 'Category',
      property: 'Property',
      listing: 'Listing',
      type: 'Size',
      cost: 'Budget',
      time: 'When',
      Loantype: 'Loan type',
      Banktype: 'Bank type',
      Amount: 'Amount',
      Profession: 'Profession',
      Planning: 'Planning',
      Monthly: 'Monthly investment',
      selectedState: 'State',
      selectedCity: 'City',
      message: 'Message',
      currentdate: 'Visitor date',
      photos: 'Photos',
      consentNotice: 'Consent notice',
      consent: 'Consent',
      page: 'Page',
      submissionId: 'Form reference',
      callTime: 'Best time to call',
      callLanguage: 'Language for the call',
      request: 'Request',
      reference: 'Enquiry reference',
      consentGroup: 'Other divisions',
      consentWhatsapp: 'Updates on WhatsApp',
      withdrawGroup: 'Stop other divisions',
      withdrawWhatsapp: 'Stop WhatsApp updates',
      _form: 'Form',
    },
    back: "Use your browser's Back button to return to the form with what you typed, or open it again.",
    backLink: 'Back to the form',
    /** {phone}: the phone number, as a link. */
    callUs: 'You can also call us on {phone}.',
    /**
     * The page a post without JavaScript gets first: one button sends the enquiry. It opens with
     * `thanks` ({name}: the name the visitor typed, placed as each language addresses a person), or
     * `thanksNoName` when no name came, then `intro`. {brand}: the group's name.
     */
    confirm: {
      title: 'Confirm your enquiry',
      thanks: 'Thank you, {name}.',
      thanksNoName: 'Thank you.',
      intro: 'One more step: please confirm that you want {brand} to call you back about this enquiry. Nothing has been sent yet.',
      button: 'Confirm and send my enquiry',
      expiry: 'This page is good for an hour. If it has expired, send the form again.',
      /** Above the confirm page's text when its button was pressed sooner than a person reads it: it comes back, nothing sent. */
      again:
        'You pressed the button sooner than we expected, so nothing has been sent yet. Please check the details and press the button below again.',
    },
    /** The same page for a privacy request (/Privacyrequest); it opens with `confirm.thanks` too. */
    confirmPrivacy: {
      title: 'Confirm your privacy request',
      intro: 'One more step: please confirm that you want to send this request to {brand}. Nothing has been sent yet.',
      button: 'Confirm and send my request',
    },
  },
  /**
   * The calculators on the loan, planning and land pages (src/islands/calculators). Each page
   * hands its island only its own language's words. {field}: the form field's label; {band}: the
   * band as the form shows it.
   */
  calculators: {
    useThis: 'Use this in my enquiry',
    used: 'Done: “{field}” in the enquiry form is now {band}.',
    bandIs: 'In the enquiry form: {field}, {band}',
    cannotCompute: 'Correct the figures above to see the result.',
    emi: {
      title: 'EMI calculator',
      intro: 'Work out the monthly instalment of a loan. Nothing you type here is sent.',
      amount: 'Loan amount (₹)',
      rate: 'Interest rate (% a year)',
      months: 'Tenure (months)',
      emi: 'Monthly EMI',
      interest: 'Total interest',
      total: 'Total paid',
      formula:
        'EMI = P × r × (1 + r)ⁿ ÷ ((1 + r)ⁿ − 1), with P the amount, r the yearly rate ÷ 12 ÷ 100 and n the months. The bank sets the final rate.',
    },
    sip: {
      title: 'SIP calculator',
      intro: 'See what a monthly investment could grow to. Nothing you type here is sent.',
      monthly: 'Monthly investment (₹)',
      years: 'Years',
      rate: 'Expected return (% a year)',
      stepUp: 'Yearly step-up (%, optional)',
      invested: 'Amount invested',
      value: 'Estimated value',
      gain: 'Estimated gain',
      formula:
        'Invested at the start of each month, growing by the yearly return ÷ 12 each month; a step-up raises the monthly amount every year.',
      notGuaranteed: 'This is only an estimate: returns are not guaranteed.',
    },
    land: {
      title: 'Land unit converter',
      intro: 'Convert an area between cents, grounds, acres and the other units in use here.',
      area: 'Area',
      unit: 'Unit',
      table: 'The same area in each unit',
      formula:
        '1 cent = 435.6 sq ft; 1 ground = 2,400 sq ft; 1 guntha = 1,089 sq ft; 1 acre = 43,560 sq ft (100 cents); 1 hectare = 10,000 m².',
      units: {
        cent: 'cent',
        ground: 'ground',
        guntha: 'guntha',
        acre: 'acre',
        hectare: 'hectare',
        sqft: 'sq ft',
        sqm: 'm²',
      },
    },
    problems: {
      amountMissing: 'Enter the loan amount in rupees',
      amountRange: 'Enter an amount from ₹1,000 to ₹100 crore',
      rateMissing: 'Enter the interest rate',
      rateRange: 'Enter a rate from 0 to 50 % a year',
      monthsMissing: 'Enter the tenure in months',
      monthsRange: 'Enter a whole number of months, from 1 to 360',
      monthlyMissing: 'Enter the monthly amount in rupees',
      monthlyRange: 'Enter from ₹100 to ₹1 crore a month',
      yearsMissing: 'Enter the number of years',
      yearsRange: 'Enter a whole number of years, from 1 to 40',
      returnMissing: 'Enter the return you expect',
      returnRange: 'Enter a return from 0 to 30 % a year',
      stepUpRange: 'Enter a step-up from 0 to 50 %, or leave it empty',
      areaMissing: 'Enter the area',
      areaRange: 'Enter an area above 0 and up to 10,00,000',
    },
  },
  /**
   * The withdrawal page (/api/consent/<token>, src/server/intake/withdrawal.ts): the link in every
   * acknowledgement, where a person sees what they agreed to and withdraws any of it. Server only.
   * {date}: the day they agreed or withdrew.
   */
  withdrawal: {
    title: 'What you agreed to',
    intro: 'You can take back any of these here, one at a time. It takes effect at once, and you need no password.',
    /** Each purpose, as its heading on the page. */
    purposes: {
      enquiry: 'Using your details to answer your enquiries and follow them up',
      group: "Our group's other divisions contacting you about related services",
      whatsapp: 'Updates on WhatsApp',
    },
    granted: 'You agreed on {date}.',
    withdrawn: 'You withdrew this on {date}.',
    notGranted: 'You have not agreed to this.',
    button: 'Withdraw this',
    done: 'Done: we have recorded that you withdrew this. It takes effect at once.',
    more: 'To have your details corrected or erased, use our privacy request form:',
    formLink: 'Privacy request form',
    /** A link the server did not make, and a person erased since. */
    invalidTitle: 'This link does not work',
    invalid: 'The link may be incomplete. Copy the whole link from our e-mail, or use our privacy request form.',
    goneTitle: 'We hold nothing about you',
    gone: 'We no longer hold any details under this link.',
  },
  /**
   * The acknowledgement the server e-mails the visitor after a lead is stored (src/server/outbound/ack.ts),
   * in the visitor's language. Server only: never handed to a form island. {reference}: the first
   * 8 characters of the id; {about}, {callWhen}, {phone}, {whatsapp}, {email}, {privacy}, {name}, {brand}.
   */
  ack: {
    subject: '{brand}: we have your enquiry, reference {reference}',
    greeting: 'Dear {name},',
    greetingNoName: 'Hello,',
    thanks: 'Thank you for your enquiry. It has reached us, and its reference is {reference}.',
    aboutLine: 'You asked about: {about}',
    callLine: 'We will call you {callWhen}.',
    callSoon: 'within one working day, between 9:30 am and 7 pm',
    callAt: 'within one working day, at the time you chose ({time})',
    contactLine: 'If you would like to talk sooner, call {phone} or message us on WhatsApp: {whatsapp}',
    withdraw:
      'See what you agreed to, and withdraw any of it, at any time: {link}. You can also reply to this e-mail, write to {email}, or use our privacy request form: {form}. How we use your details: {privacy}',
    signOff: 'With regards,\nThe {brand} team',
    /** What the visitor asked about: the kind (property by intent), then the detail. */
    about: {
      buy: 'Buying property',
      sell: 'Selling property',
      bankloan: 'A bank loan',
      finance: 'Financial planning',
      contact: 'Your message to us',
    },
    /** The property categories (wire values flats, plots, …). */
    categories: {
      flats: 'flats',
      plots: 'plots',
      commercial: 'commercial property',
      agricultural: 'agricultural land',
      individual: 'independent houses',
    },
  },
  /**
   * WhatsApp (src/server/outbound/whatsapp.ts). `ackTemplate` is the acknowledgement's approved
   * template, as submitted to Meta (docs/deploy.md shows it, {brand} filled in): its {{variables}}
   * are filled by the server; `noName` stands in for a name that cannot be used, `noAssignee` when
   * the owner's key has the lead.
   */
  whatsapp: {
    ackTemplate:
      'Hello {{first_name}}, thank you for your enquiry to {brand}. You asked about: {{division}}. {{assignee}} from our team will call you {{call_window}}. To stop our WhatsApp messages, reply STOP.',
    noName: 'there',
    noAssignee: 'Someone',
  },
};

/** The shape every language's dictionary has. */
export type Dictionary = typeof en;
