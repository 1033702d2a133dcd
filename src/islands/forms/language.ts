/**
 * The language of a form island. A page hands each form island the words of its own language
 * only, as JSON props (`{...formLanguage(locale)}`, built by props.ts in the .astro page): the island never
 * imports a dictionary, so a Tamil page ships Tamil words and no other language's.
 */
import type { Dictionary } from '../../i18n/en.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { MessageWords, PlaceNames } from '../../lib/enquiry/messages.ts';

/** The dictionary's `form` section of one language. */
export type FormWords = Dictionary['form'];

/**
 * The consent notice the form shows: its text (`[label](/path)` marks a link), version and
 * language, and where the privacy request form is in the page's language (linked under the box).
 */
export interface ConsentShown {
  text: string;
  version: string;
  locale: Locale;
  withdrawHref: string;
}

/** Props every form island takes from its page, besides its own. */
export interface FormLanguage {
  /** The page's language, sent with the enquiry as `locale`. */
  locale: Locale;
  /** Labels, hints, options as shown, states after submit. */
  words: FormWords;
  /** Validation messages. */
  messages: MessageWords;
  /** The consent notice shown, sent as `consentNotice` (version) and `consentLocale`. */
  consent: ConsentShown;
  /** The language's English name ("Tamil"), for the team's fallback e-mail. */
  languageEn: string;
  /**
   * The forms with a state and city: each place's name in the page's script, keyed by its English
   * name (what is sent), in the order the lists show them (src/i18n/places.ts). None in English.
   */
  places?: PlaceNames;
}

/** How an option is shown: its label in the page's language, or the wire value itself. */
export const optionLabel = (words: FormWords, value: string): string => (words.options as Record<string, string>)[value] ?? value;
