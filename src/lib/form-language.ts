/**
 * The props a page gives a form island for its language (src/islands/forms/language.ts): that
 * language's form words and messages, and the consent notice shown. Build time only (.astro
 * pages): it reads every dictionary, and hands the island just one.
 */
import { CONSENT_NOTICE } from './consent.ts';
import { DEFAULT_LOCALE, LANGUAGE_NAMES_EN, dictionary, isLocale, type Locale } from '../i18n/index.ts';
import type { FormLanguage } from '../islands/forms/language.ts';

/**
 * The consent notice a form shows in a language. There is one English notice per version so far,
 * so every page shows it and records `consentLocale: "en"` truthfully; a notice per language
 * replaces this lookup.
 */
export const consentNoticeFor = (_locale: Locale): FormLanguage['consent'] => ({
  text: CONSENT_NOTICE.text,
  version: CONSENT_NOTICE.version,
  locale: DEFAULT_LOCALE,
});

/** `{...formLanguage(Astro.currentLocale)}` on a form island. Unknown or missing: English. */
export const formLanguage = (requested: string | undefined): FormLanguage => {
  const locale: Locale = isLocale(requested) ? requested : DEFAULT_LOCALE;
  const words = dictionary(locale);
  return { locale, words: words.form, messages: words.messages, consent: consentNoticeFor(locale), languageEn: LANGUAGE_NAMES_EN[locale] };
};
