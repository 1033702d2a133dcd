/**
 * The glossary: for each key term, the one word the site uses in Tamil, Telugu and Kannada, and the
 * variants that must not appear. tests/unit/glossary.test.ts reads every dictionary, every content
 * file of those languages, the identity file's translated lines and the server's code, and fails
 * on any variant listed here; docs/translations.md presents this table (the test keeps the two equal).
 *
 * A variant is found anywhere in a text: a string as it is written, a RegExp as it matches
 * (Tamil, Telugu and Kannada join case endings to the word, so a short variant is also found inside
 * longer words: list it only where that is meant). Build time and tests only: no island imports this.
 */
import type { Locale } from './locales.ts';

/** The languages the glossary governs (English is the source). */
export type TranslatedLocale = Exclude<Locale, 'en'>;
export const GLOSSARY_LOCALES: readonly TranslatedLocale[] = ['ta', 'te', 'kn'];

export interface Choice {
  /** The word the site uses, as a reader sees it. */
  use: string;
  /** What must not appear instead. */
  avoid?: readonly (string | RegExp)[];
}

export interface Term {
  /** The English term, as the site writes it. */
  en: string;
  ta: Choice;
  te: Choice;
  kn: Choice;
  /** Why, where the choice is not obvious. */
  note?: string;
}

export const GLOSSARY: readonly Term[] = [
  {
    en: 'enquiry',
    ta: { use: 'விசாரணை' },
    te: { use: 'ఎంక్వైరీ', avoid: ['విచారణ'] },
    kn: { use: 'ವಿಚಾರಣೆ' },
    note: "Telugu విచారణ also reads as an investigation; the site says ఎంక్వైరీ, as people do at a bank's counter.",
  },
  {
    en: 'loan, bank loan',
    ta: { use: 'கடன், வங்கிக் கடன்' },
    te: { use: 'లోన్, బ్యాంక్ లోన్', avoid: ['రుణం', 'రుణాలు', 'రుణాన్ని'] },
    kn: { use: 'ಸಾಲ, ಬ್ಯಾಂಕ್ ಸಾಲ' },
    note: 'Telugu keeps రుణదాత for the lender (the one who lends), and లోన్ for the loan itself. A Kannada customer quoted in a review may say ಲೋನ್, as people do.',
  },
  {
    en: 'lender',
    ta: { use: 'கடன் வழங்குநர்', avoid: ['கடன் தருபவ', 'கடன் நிறுவன', 'கடன் வழங்கும் நிறுவன'] },
    te: { use: 'రుణదాత', avoid: ['విభాగంలోని రుణదాత'] },
    kn: { use: 'ಸಾಲದಾತ', avoid: ['ಸಾಲ ನೀಡುವವರ', 'ಸಾಲ ನೀಡುವ ಸಂಸ್ಥೆ'] },
    note: 'One word for the party that decides, as for consent. Telugu: lenders of the bank type the visitor chose are ఆ రకానికి చెందిన రుణదాతలు (విభాగం is a department).',
  },
  {
    en: 'loan approval, sanction',
    ta: { use: 'கடன் அனுமதி', avoid: ['கடன் ஒப்புதல்', 'ஒப்புதல் வழங்குவது'] },
    te: { use: 'లోన్ మంజూరు' },
    kn: { use: 'ಮಂಜೂರಾತಿ' },
    note: "Tamil ஒப்புதல் is the site's word for consent under the DPDP Act; a loan is approved (அனுமதி) by the lender.",
  },
  {
    en: 'pledge (gold, shares)',
    ta: { use: 'அடகு (நகை), பிணை (பங்குகள்)', avoid: ['அடமான'] },
    te: { use: 'తాకట్టు' },
    kn: { use: 'ಅಡವು' },
    note: 'Jewels are pledged (அடகு), shares given as security (பிணை); அடமானம் is a mortgage of land or a house, which no page offers.',
  },
  {
    en: "Loans Offered by {provider} (the loan pages' heading)",
    ta: { use: '{provider} மூலம் கிடைக்கும் கடன்கள்', avoid: ['வழங்கும் கடன்கள்'] },
    te: { use: '{provider} ద్వారా లభించే లోన్లు', avoid: ['అందించే లోన్లు'] },
    kn: { use: '{provider} ಮೂಲಕ ಲಭ್ಯವಿರುವ ಸಾಲಗಳು', avoid: ['ನೀಡುವ ಸಾಲಗಳು'] },
    note: "The owner's English heading stays; its translations say the loans are had through the group, never that it gives them (the lending verb), since the line under the heading says we arrange loans and do not lend.",
  },
  {
    en: 'consent',
    ta: { use: 'ஒப்புதல்' },
    te: { use: 'సమ్మతి' },
    kn: { use: 'ಸಮ್ಮತಿ', avoid: ['ಒಪ್ಪಿಗೆ'] },
    note: 'The word of the consent box, the notice, the privacy page and the problem page alike.',
  },
  {
    en: 'e-mail',
    ta: { use: 'மின்னஞ்சல்', avoid: ['ஈமெயில்', 'இமெயில்', 'இ-மெயில்'] },
    te: { use: 'ఇ-మెయిల్', avoid: ['ఇమెయిల్', 'ఈమెయిల్', 'ఈ-మెయిల్'] },
    kn: { use: 'ಇ-ಮೇಲ್', avoid: ['ಇಮೇಲ್', 'ಈಮೇಲ್', 'ಈ-ಮೇಲ್'] },
  },
  {
    en: 'mobile number',
    ta: { use: 'கைபேசி எண்', avoid: ['தொலைபேசி எண்'] },
    te: { use: 'మొబైల్ నంబర్', avoid: ['ఫోన్ నంబర్'] },
    kn: { use: 'ಮೊಬೈಲ್ ಸಂಖ್ಯೆ', avoid: ['ಫೋನ್ ಸಂಖ್ಯೆ'] },
    note: 'The forms ask for a mobile number; the consent notice and the privacy page name it the same way.',
  },
  {
    en: 'flat',
    ta: { use: 'ஃப்ளாட்', avoid: ['அடுக்குமாடி வீடுகள்'] },
    te: { use: 'ఫ్లాట్' },
    kn: { use: 'ಫ್ಲ್ಯಾಟ್', avoid: ['ಫ್ಲಾಟ್'] },
  },
  {
    en: 'plot',
    ta: { use: 'மனை, வீட்டு மனை' },
    te: { use: 'ప్లాట్' },
    kn: { use: 'ಪ್ಲಾಟ್', avoid: ['ನಿವೇಶನ'] },
    note: 'Kannada ನಿವೇಶನ is the official word for a site, but the site and its visitors say ಪ್ಲಾಟ್.',
  },
  {
    en: 'commercial property',
    ta: { use: 'வணிகச் சொத்து' },
    te: { use: 'కమర్షియల్ ఆస్తి', avoid: ['వాణిజ్య ఆస్తి'] },
    kn: { use: 'ವಾಣಿಜ್ಯ ಆಸ್ತಿ', avoid: ['ಕಮರ್ಷಿಯಲ್'] },
  },
  {
    en: 'independent house',
    ta: { use: 'தனி வீடு' },
    te: { use: 'ఇండిపెండెంట్ ఇల్లు', avoid: ['స్వతంత్ర ఇల్లు', 'స్వతంత్ర ఇళ్ళు', 'స్వతంత్ర ఇళ్లు'] },
    kn: { use: 'ಸ್ವತಂತ್ರ ಮನೆ', avoid: ['ಇಂಡಿಪೆಂಡೆಂಟ್'] },
  },
  {
    en: 'gated community',
    ta: { use: 'கேட்டட் கம்யூனிட்டி', avoid: ['கேட்டட் சமூகம்'] },
    te: { use: 'గేటెడ్ కమ్యూనిటీ' },
    kn: { use: 'ಗೇಟೆಡ್ ಕಮ್ಯೂನಿಟಿ' },
    note: 'Tamil சமூகம் suggests a social or caste community.',
  },
  {
    en: 'we call you back',
    ta: { use: 'உங்களைத் திரும்ப அழைக்கிறோம்' },
    te: { use: 'మీకు తిరిగి కాల్ చేస్తాం', avoid: ['ఫోన్ చేస్తా', 'కాల్ పొందండి'] },
    kn: { use: 'ನಿಮಗೆ ಮರಳಿ ಕರೆ ಮಾಡುತ್ತೇವೆ', avoid: ['ಕರೆ ಪಡೆಯಿರಿ'] },
    note: '"Get a call back" is a calque in all three: the forms ask for a call ("கேளுங்கள்", "కోరండి") or say that we call.',
  },
  {
    en: '(optional), the mark of a field that may stay empty',
    ta: { use: 'கட்டாயமில்லை', avoid: ['விருப்பத்தேர்வு', 'விருப்பம்)'] },
    te: { use: 'ఐచ్ఛికం' },
    kn: { use: 'ಐಚ್ಛಿಕ' },
    note: 'One mark per language, and the notice above the form names exactly it. Tamil விருப்பம் alone reads as "wish".',
  },
  {
    en: 'request (a privacy request)',
    ta: { use: 'கோரிக்கை' },
    te: { use: 'అభ్యర్థన' },
    kn: { use: 'ವಿನಂತಿ', avoid: ['ಕೋರಿಕೆ'] },
  },
  {
    en: 'reference (of an enquiry)',
    ta: { use: 'குறிப்பு எண்' },
    te: { use: 'రిఫరెన్స్' },
    kn: { use: 'ಉಲ್ಲೇಖ ಸಂಖ್ಯೆ', avoid: ['ರೆಫರೆನ್ಸ್'] },
  },
  {
    en: 'Data Protection Board of India',
    ta: { use: 'இந்தியத் தரவுப் பாதுகாப்பு வாரியம்' },
    te: { use: 'డేటా ప్రొటెక్షన్ బోర్డ్ ఆఫ్ ఇండియా', avoid: ['భారత డేటా ప్రొటెక్షన్ బోర్డ', 'డేటా రక్షణ బోర్డ'] },
    kn: { use: 'ಭಾರತೀಯ ಡೇಟಾ ಸಂರಕ್ಷಣಾ ಮಂಡಳಿ' },
  },
  {
    en: 'letter of credit',
    ta: { use: 'லெட்டர் ஆஃப் கிரெடிட் (LC)', avoid: ['கடன் கடிதம்'] },
    te: { use: 'లెటర్ ఆఫ్ క్రెడిట్ (LC)' },
    kn: { use: 'ಲೆಟರ್ ಆಫ್ ಕ್ರೆಡಿಟ್ (LC)' },
  },
  {
    en: 'overdraft',
    ta: { use: 'ஓவர்டிராஃப்ட்', avoid: ['ஓவர் டிராஃப்ட்'] },
    te: { use: 'ఓవర్‌డ్రాఫ్ట్' },
    kn: { use: 'ಓವರ್‌ಡ್ರಾಫ್ಟ್' },
  },
  {
    en: 'vehicle loan, home renovation loan',
    ta: { use: 'வாகனக் கடன், வீடு புதுப்பிப்புக் கடன்' },
    te: { use: 'వెహికల్ లోన్, హోమ్ రినోవేషన్ లోన్', avoid: ['వాహన లోన్', 'ఇంటి మరమ్మతు లోన్'] },
    kn: { use: 'ವಾಹನ ಸಾಲ, ಮನೆ ನವೀಕರಣ ಸಾಲ' },
    note: 'The form shows each loan by its page title.',
  },
  {
    en: 'insurance policy, life insurance',
    ta: { use: 'காப்பீட்டுப் பாலிசி, ஆயுள் காப்பீடு' },
    te: { use: 'ఇన్సూరెన్స్ పాలసీ, లైఫ్ ఇన్సూరెన్స్' },
    kn: { use: 'ವಿಮಾ ಪಾಲಿಸಿ, ಜೀವ ವಿಮೆ (ಜೀವ ವಿಮಾ ಪಾಲಿಸಿ)', avoid: ['ವಿಮೆ ಪಾಲಿಸಿ', 'ವಿಮೆ ರಕ್ಷಣೆ'] },
    note: 'Kannada ವಿಮಾ is the form inside a compound (ವಿಮಾ ಪಾಲಿಸಿ, ವಿಮಾ ರಕ್ಷಣೆ); standing alone, insurance is ವಿಮೆ (ಜೀವ ವಿಮೆ).',
  },
  {
    en: 'salaried, self-employed',
    ta: { use: 'மாதச் சம்பளம் பெறுபவர், சுயதொழில்', avoid: [/மாதச் சம்பளம்(?! பெறுபவர்)/u] },
    te: { use: 'ఉద్యోగి, స్వయం ఉపాధి' },
    kn: { use: 'ಸಂಬಳದ ಉದ್ಯೋಗಿ, ಸ್ವಯಂ ಉದ್ಯೋಗಿ', avoid: ['ಸ್ವಉದ್ಯೋಗಿ'] },
    note: 'The profession is the person (who earns a salary), not the salary.',
  },
  {
    en: 'sustainable (success)',
    ta: { use: 'நீடித்த' },
    te: { use: 'సుస్థిర', avoid: ['శాశ్వత విజయ'] },
    kn: { use: 'ಸುಸ್ಥಿರ', avoid: ['ಶಾಶ್ವತ ಯಶಸ್ಸ'] },
    note: 'శాశ్వత / ಶಾಶ್ವತ mean permanent, right for permanent residence (PR) only.',
  },
  {
    en: 'title (legal ownership), in a warranty',
    ta: { use: 'உரிமை' },
    te: { use: 'టైటిల్' },
    kn: { use: 'ಸ್ವಾಮ್ಯದ ಹಕ್ಕು', avoid: ['ಹಕ್ಕುಸ್ವಾಮ್ಯ'] },
    note: 'Kannada ಹಕ್ಕುಸ್ವಾಮ್ಯ is copyright.',
  },
  {
    en: 'project type (the listing choice of flats and plots)',
    ta: { use: 'வகை' },
    te: { use: 'రకం' },
    kn: { use: 'ಯೋಜನೆಯ ಬಗೆ', avoid: ['ಲಿಸ್ಟಿಂಗ್'] },
  },
  {
    en: 'get in touch; on our side; busy; the sign-off',
    ta: {
      use: 'தொடர்புகொள்ளுங்கள்; எங்கள் தரப்பில்; அதிக சுமையில்; நன்றியுடன்',
      avoid: ['தொடர்பில் இருங்கள்', 'எங்கள் பக்கத்தில்', 'பரபரப்பாக', 'அன்புடன்', 'தொடர்பு கொள்'],
    },
    te: { use: 'సంప్రదించండి; మా వైపు; బిజీగా; శుభాకాంక్షలతో' },
    kn: { use: 'ಸಂಪರ್ಕಿಸಿ; ನಮ್ಮ ಕಡೆ; ಕಾರ್ಯನಿರತ; ವಂದನೆಗಳೊಂದಿಗೆ' },
    note: 'Tamil தொடர்பில் இருங்கள் is "stay in touch", எங்கள் பக்கத்தில் "on our page", பரபரப்பாக "agitated", and அன்புடன் is for friends. தொடர்புகொள் is written as one word.',
  },
  {
    en: 'When do you plan to go ahead?',
    ta: { use: 'எப்போது தொடங்க நினைக்கிறீர்கள்?' },
    te: { use: 'ఎప్పుడు మొదలుపెట్టాలనుకుంటున్నారు?', avoid: ['ఎప్పుడు ముందుకు వెళ్లాల'] },
    kn: { use: 'ಯಾವಾಗ ಆರಂಭಿಸಲು ಯೋಚಿಸಿದ್ದೀರಿ?', avoid: ['ಮುಂದುವರಿಯಲು ಯೋಚಿಸಿ'] },
    note: 'Telugu ముందుకు వెళ్లు and Kannada ಮುಂದುವರಿ (continue) are calques on a first enquiry: the question is when the visitor means to start.',
  },
  {
    en: 'we will … (the verb ending)',
    ta: { use: '-வோம் (அழைப்போம்)' },
    te: { use: '-ాం (చేస్తాం)', avoid: [/ాము(?![\p{L}\p{M}])/u] },
    kn: { use: '-ತ್ತೇವೆ (ಮಾಡುತ್ತೇವೆ)' },
    note: 'Telugu writes the shorter -ాం everywhere (చేస్తాం, ఇస్తాం), as newspapers do.',
  },
  {
    en: 'again',
    ta: { use: 'மீண்டும்' },
    te: { use: 'మళ్లీ', avoid: ['మళ్ళీ'] },
    kn: { use: 'ಮತ್ತೆ' },
  },
  {
    en: 'from (after a place, a time or a figure); already',
    ta: { use: 'இருந்து, முதல்; ஏற்கெனவே', avoid: ['ஏற்கனவே'] },
    te: { use: 'నుంచి; ఇప్పటికే', avoid: ['నుండి'] },
    kn: { use: 'ಇಂದ, ರಿಂದ; ಈಗಾಗಲೇ' },
    note: 'One spelling of each: Telugu నుంచి (నుండి is the same word), Tamil ஏற்கெனவே.',
  },
  {
    en: "choose (a field's message)",
    ta: { use: 'தேர்ந்தெடுக்கவும்' },
    te: { use: 'ఎంచుకోండి' },
    kn: { use: 'ಆಯ್ಕೆ ಮಾಡಿ', avoid: ['ಆಯ್ಕೆಮಾಡಿ'] },
    note: 'Kannada writes ಆಯ್ಕೆ ಮಾಡಿ apart, in every message alike.',
  },
  {
    en: 'unit (of area, in the land unit converter)',
    ta: { use: 'அலகு', avoid: ['அளவுகளுக்கு இடையே', 'ஒவ்வொரு அளவிலும்'] },
    te: { use: 'కొలత' },
    kn: { use: 'ಅಳತೆ' },
    note: 'Tamil அளவு is the size itself; the units a size is measured in are அலகுகள்.',
  },
  {
    en: 'bank type (government, private, NBFC)',
    ta: { use: 'வங்கி வகை' },
    te: { use: 'బ్యాంక్ రకం', avoid: ['బ్యాంక్ విభాగం'] },
    kn: { use: 'ಬ್ಯಾಂಕ್ ವಿಧ' },
  },
  {
    en: 'form',
    ta: { use: 'படிவம்' },
    te: { use: 'ఫారమ్' },
    kn: { use: 'ಫಾರ್ಮ್' },
  },
  {
    en: 'Buy / Sell property',
    ta: { use: 'சொத்து வாங்க / சொத்து விற்க' },
    te: { use: 'ఆస్తి కొనండి / అమ్మండి' },
    kn: { use: 'ಆಸ್ತಿ ಖರೀದಿ / ಮಾರಾಟ' },
  },
  {
    en: 'villa; agricultural land',
    ta: { use: 'வில்லா; விவசாய நிலம்' },
    te: { use: 'విల్లా; వ్యవసాయ భూమి' },
    kn: { use: 'ವಿಲ್ಲಾ; ಕೃಷಿ ಭೂಮಿ' },
  },
  {
    en: 'site visit',
    ta: { use: 'நேரில் பார்வையிடுதல்' },
    te: { use: 'సైట్ విజిట్' },
    kn: { use: 'ಸೈಟ್ ವಿಸಿಟ್' },
  },
  {
    en: 'title documents; registration (of a sale)',
    ta: { use: 'உரிமைப் பத்திரங்கள்; பத்திரப் பதிவு' },
    te: { use: 'టైటిల్ డాక్యుమెంట్లు; రిజిస్ట్రేషన్' },
    kn: { use: 'ಮಾಲೀಕತ್ವದ ದಾಖಲೆಗಳು; ನೋಂದಣಿ', avoid: ['ಹಕ್ಕುಪತ್ರ'] },
    note: "Kannada ಹಕ್ಕುಪತ್ರ is best known as the government's land-grant deed.",
  },
  {
    en: 'gold loan; EMI',
    ta: { use: 'நகைக் கடன்; மாதத் தவணை (EMI)' },
    te: { use: 'గోల్డ్ లోన్; EMI' },
    kn: { use: 'ಚಿನ್ನದ ಸಾಲ; EMI' },
  },
  {
    en: 'financial planning; mutual funds, SIP',
    ta: { use: 'நிதித் திட்டமிடல்; மியூச்சுவல் ஃபண்ட், SIP' },
    te: { use: 'ఆర్థిక ప్రణాళిక; మ్యూచువల్ ఫండ్స్, SIP' },
    kn: { use: 'ಹಣಕಾಸು ಯೋಜನೆ; ಮ್ಯೂಚುವಲ್ ಫಂಡ್, SIP' },
  },
  {
    en: 'immigration; consulting; training; team',
    ta: { use: 'குடியேற்றம்; ஆலோசனை; பயிற்சி; குழு' },
    te: { use: 'ఇమ్మిగ్రేషన్; కన్సల్టింగ్; శిక్షణ; బృందం' },
    kn: { use: 'ವಲಸೆ; ಸಲಹಾ ಸೇವೆ; ತರಬೇತಿ; ತಂಡ' },
  },
  {
    en: 'personal data; Privacy Policy; terms and conditions',
    ta: { use: 'தனிப்பட்ட தரவு; தனியுரிமைக் கொள்கை; விதிமுறைகள் மற்றும் நிபந்தனைகள்' },
    te: { use: 'వ్యక్తిగత డేటా; గోప్యతా విధానం; నియమ నిబంధనలు' },
    kn: { use: 'ವೈಯಕ್ತಿಕ ಡೇಟಾ; ಗೌಪ್ಯತಾ ನೀತಿ; ನಿಯಮಗಳು ಮತ್ತು ಷರತ್ತುಗಳು' },
  },
  {
    en: 'grievance officer',
    ta: { use: 'குறைதீர்ப்பு அலுவலர்' },
    te: { use: 'ఫిర్యాదుల అధికారి' },
    kn: { use: 'ದೂರು ಪರಿಹಾರ ಅಧಿಕಾರಿ' },
  },
  {
    en: 'partner banks and NBFCs; RERA agent registration',
    ta: { use: 'கூட்டாளி வங்கிகள் மற்றும் NBFC-கள்; RERA முகவர் பதிவு எண்' },
    te: { use: 'భాగస్వామ్య బ్యాంకులు, NBFCలు; RERA ఏజెంట్ రిజిస్ట్రేషన్' },
    kn: { use: 'ಪಾಲುದಾರ ಬ್ಯಾಂಕುಗಳು ಮತ್ತು NBFCಗಳು; RERA ಏಜೆಂಟ್ ನೋಂದಣಿ' },
  },
  {
    en: 'Illustration of … (picture descriptions)',
    ta: { use: '… விளக்கப்படம்' },
    te: { use: '… చిత్రం' },
    kn: { use: '… ಚಿತ್ರ' },
  },
  {
    en: 'When we call you; Best time to call; Any time; Language for the call',
    ta: { use: 'உங்களை எப்போது அழைக்கலாம்; உங்களை அழைக்க ஏற்ற நேரம்; எந்த நேரமும் சரி; எந்த மொழியில் பேசலாம்' },
    te: { use: 'మీకు ఎప్పుడు కాల్ చేయమంటారు; కాల్ చేయడానికి మీకు అనుకూలమైన సమయం; ఏ సమయమైనా సరే; ఏ భాషలో మాట్లాడమంటారు' },
    kn: { use: 'ನಿಮಗೆ ಯಾವಾಗ ಕರೆ ಮಾಡೋಣ; ನಿಮಗೆ ಕರೆ ಮಾಡಲು ಸೂಕ್ತ ಸಮಯ; ಯಾವ ಸಮಯವಾದರೂ ಸರಿ; ಯಾವ ಭಾಷೆಯಲ್ಲಿ ಮಾತನಾಡೋಣ' },
  },
  {
    en: 'morning, afternoon, evening, night (said before the hour: 7 pm)',
    ta: { use: 'காலை, மதியம், மாலை, இரவு (மாலை 7)' },
    te: { use: 'ఉదయం, మధ్యాహ్నం, సాయంత్రం, రాత్రి (సాయంత్రం 7)' },
    kn: { use: 'ಬೆಳಿಗ್ಗೆ, ಮಧ್ಯಾಹ್ನ, ಸಂಜೆ, ರಾತ್ರಿ (ಸಂಜೆ 7)' },
    note: 'Times are said as people say them, never 19:00.',
  },
  {
    en: 'a case ending after a Latin word or a figure (WhatsAppನಲ್ಲಿ, 9ರಿಂದ)',
    ta: { use: 'WhatsApp-ல், 9-ல்', avoid: ['WhatsApp-இல்'] },
    te: { use: 'WhatsAppలో, 9తో', avoid: [/[A-Za-z\d}%] +(లో|కు|తో|ను)(?![\p{L}\p{M}])/u] },
    kn: { use: 'WhatsAppನಲ್ಲಿ, 9ರಿಂದ', avoid: [/[A-Za-z\d}%] +(ನಲ್ಲಿ|ರಲ್ಲಿ|ರಿಂದ|ರವರೆಗೆ|ವರೆಗೆ|ವರೆಗಿನ|ರೊಳಗೆ|ರಂತೆ|ಗೆ|ಕ್ಕೆ|ಗಿಂತ)(?![\p{L}\p{M}])/u] },
    note: 'Telugu and Kannada join the ending to the word, with no space; Tamil joins it with a hyphen (WhatsApp-ல்).',
  },
  {
    en: 'no stray zero-width non-joiner after a Latin letter',
    ta: { use: 'WhatsApp-ல்', avoid: [/[A-Za-z]\u200C/u] },
    te: { use: 'WhatsAppలో', avoid: [/[A-Za-z]\u200C/u] },
    kn: { use: 'WhatsAppನಲ್ಲಿ', avoid: [/[A-Za-z]\u200C/u] },
  },
];

export interface ForbiddenUse {
  /** The glossary term broken. */
  term: string;
  /** What was found, and the word to use instead. */
  found: string;
  use: string;
}

/** Every forbidden variant found in a text of one language. */
export const forbiddenUses = (text: string, locale: TranslatedLocale): ForbiddenUse[] =>
  GLOSSARY.flatMap((term) =>
    (term[locale].avoid ?? []).flatMap((variant) => {
      const found = typeof variant === 'string' ? (text.includes(variant) ? variant : null) : (variant.exec(text)?.[0] ?? null);
      return found === null ? [] : [{ term: term.en, found, use: term[locale].use }];
    }),
  );

/** How a variant is shown in the docs' table. */
export const variantText = (variant: string | RegExp): string => (typeof variant === 'string' ? variant : `/${variant.source}/`);
