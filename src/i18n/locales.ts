/**
 * The languages the site speaks. English keeps today's routes (no prefix); the others live under
 * /ta/, /te/ and /kn/ with the same route names after the prefix. Adding a fifth language starts
 * here, then a dictionary beside en.ts and a folder per content collection.
 */
export const LOCALES = ['en', 'ta', 'te', 'kn'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in its own script: what the language switcher shows. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', ta: 'தமிழ்', te: 'తెలుగు', kn: 'ಕನ್ನಡ' };

/** Each language named in English: what the sales team reads ("Preferred language: Tamil"). */
export const LANGUAGE_NAMES_EN: Record<Locale, string> = { en: 'English', ta: 'Tamil', te: 'Telugu', kn: 'Kannada' };

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** `<html lang>`, `hreflang` and the sitemap's language of each version (India's variant). */
export const HTML_LANG: Record<Locale, string> = { en: 'en-IN', ta: 'ta-IN', te: 'te-IN', kn: 'kn-IN' };

/** Open Graph's `og:locale` of each version. */
export const OG_LOCALE: Record<Locale, string> = { en: 'en_IN', ta: 'ta_IN', te: 'te_IN', kn: 'kn_IN' };

/**
 * `value` when it is one of the site's languages, else English: a page's `Astro.currentLocale`, a
 * post's `locale` field, a stored lead's (one stored before the languages existed is English).
 */
export const localeOrDefault = (value: unknown): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);
