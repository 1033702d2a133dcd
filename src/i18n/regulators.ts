/**
 * The regulators' sentences, once each: the regulator's own English words, which every page and
 * calculator shows as they are, and our translation of each, shown beside the English on a Tamil,
 * Telugu or Kannada page (never instead of it). A reviewer improves a translation here; the English
 * never changes. tests/unit/regulators.test.ts keeps every other wording of them out of the
 * dictionaries and the content.
 */
import type { Locale } from './locales.ts';

export interface RegulatorSentence {
  /** The regulator's words, word for word. */
  en: string;
  ta: string;
  te: string;
  kn: string;
}

export const REGULATOR_SENTENCES = {
  /** SEBI's mandatory risk sentence for mutual fund advertising. */
  sebiRisk: {
    en: 'Mutual Fund investments are subject to market risks, read all scheme related documents carefully.',
    ta: 'மியூச்சுவல் ஃபண்ட் முதலீடுகள் சந்தை அபாயங்களுக்கு உட்பட்டவை; திட்டம் தொடர்பான அனைத்து ஆவணங்களையும் கவனமாகப் படியுங்கள்.',
    te: 'మ్యూచువల్ ఫండ్ పెట్టుబడులు మార్కెట్ రిస్క్‌లకు లోబడి ఉంటాయి; పథకానికి సంబంధించిన అన్ని పత్రాలను జాగ్రత్తగా చదవండి.',
    kn: 'ಮ್ಯೂಚುವಲ್ ಫಂಡ್ ಹೂಡಿಕೆಗಳು ಮಾರುಕಟ್ಟೆ ಅಪಾಯಗಳಿಗೆ ಒಳಪಟ್ಟಿರುತ್ತವೆ; ಯೋಜನೆಗೆ ಸಂಬಂಧಿಸಿದ ಎಲ್ಲ ದಾಖಲೆಗಳನ್ನು ಎಚ್ಚರಿಕೆಯಿಂದ ಓದಿ.',
  },
  /** AMFI's name for a registered distributor. */
  amfiDistributor: {
    en: 'AMFI-registered Mutual Fund Distributor',
    ta: 'AMFI-யில் பதிவுசெய்யப்பட்ட மியூச்சுவல் ஃபண்ட் விநியோகஸ்தர்',
    te: 'AMFIలో నమోదైన మ్యూచువల్ ఫండ్ డిస్ట్రిబ్యూటర్',
    kn: 'AMFIಯಲ್ಲಿ ನೋಂದಾಯಿತ ಮ್ಯೂಚುವಲ್ ಫಂಡ್ ವಿತರಕರು',
  },
} as const satisfies Record<string, RegulatorSentence>;

export type RegulatorSentenceKey = keyof typeof REGULATOR_SENTENCES;

/** A sentence as a page in `locale` shows it: the English words, and beside them the translation (none on an English page). */
export interface ShownRegulatorSentence {
  en: string;
  translation?: string;
}

export const regulatorSentence = (key: RegulatorSentenceKey, locale: Locale): ShownRegulatorSentence => {
  const sentence = REGULATOR_SENTENCES[key];
  return locale === 'en' ? { en: sentence.en } : { en: sentence.en, translation: sentence[locale] };
};
