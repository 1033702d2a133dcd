/**
 * The props builder of the form islands, run at build time by the .astro pages
 * (`{...formLanguage(Astro.currentLocale)}`) and never imported by an island: it reads every
 * dictionary and hands the island one language's form words and messages, and the consent notice
 * shown (their shape: language.ts).
 */
import { CONSENT_NOTICE } from '../../lib/consent.ts';
import { hrefOf, localizePath } from '../../lib/routing/index.ts';
import { DEFAULT_LOCALE, LANGUAGE_NAMES_EN, dictionary, localeOrDefault, type Locale } from '../../i18n/index.ts';
import { placeNamesIn } from '../../i18n/places.ts';
import type { FormLanguage, FormWords } from './language.ts';

/** Every language's text of every consent version: `src/content/consent/<language>/<version>.json`. */
const NOTICE_FILES = import.meta.glob<{ default: { version: string; text: string } }>('../../content/consent/*/*.json', { eager: true });

/**
 * The consent notice a form shows in a language: the current version's text in that language, or
 * the English text where a translation is missing (and then `consentLocale: "en"`, truthfully). Its
 * links lead to the pages in the same language.
 */
export const consentNoticeFor = (locale: Locale): FormLanguage['consent'] => {
  const translated = NOTICE_FILES[`../../content/consent/${locale}/${CONSENT_NOTICE.version}.json`]?.default;
  const shown: Locale = translated ? locale : DEFAULT_LOCALE;
  const text = (translated ?? CONSENT_NOTICE).text.replace(/\]\((\/[^)\s]*)\)/g, (_all, path: string) => `](${localizePath(path, shown)})`);
  return {
    text,
    version: CONSENT_NOTICE.version,
    locale: shown,
    withdrawHref: hrefOf({ collection: 'pages', id: 'privacy-request' }, locale),
  };
};

/**
 * Only the option labels that differ from their value go to the browser: the island shows the value
 * itself for the others (optionLabel). English shows nearly every value as it is, so an English
 * page carries almost none and is no heavier than before the languages came.
 */
const labelsThatDiffer = (options: FormWords['options']): FormWords['options'] =>
  Object.fromEntries(Object.entries(options).filter(([value, label]) => label !== value)) as FormWords['options'];

/**
 * `{...formLanguage(Astro.currentLocale)}` on a form island. Unknown or missing: English. A form
 * with a state and city (`{ places: true }`) also gets the place names in the page's script.
 */
export const formLanguage = (requested: string | undefined, { places = false } = {}): FormLanguage => {
  const locale = localeOrDefault(requested);
  const words = dictionary(locale);
  return {
    locale,
    words: { ...words.form, options: labelsThatDiffer(words.form.options) },
    messages: words.messages,
    consent: consentNoticeFor(locale),
    languageEn: LANGUAGE_NAMES_EN[locale],
    ...(places ? { places: placeNamesIn(locale) } : {}),
  };
};
