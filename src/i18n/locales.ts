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

/** The language of a page from Astro's `Astro.currentLocale` (English when unknown). */
export const pageLocale = (current: string | undefined): Locale => (isLocale(current) ? current : DEFAULT_LOCALE);

/**
 * The address of a route (`/Flats`, `/`) in a language: `/ta/Flats`, `/ta`; English unchanged.
 * Safe anywhere (the functions use it for their answers); pages use src/lib/links.ts, which goes
 * through Astro's own i18n helpers and is tested to agree with this.
 */
export const localizedPath = (locale: Locale, route: string): string => {
  if (locale === DEFAULT_LOCALE) return route;
  return route === '/' ? `/${locale}` : `/${locale}${route}`;
};

/** The language of an address and the route it names: `/ta/Flats` → `{ locale: 'ta', route: '/Flats' }`. */
export const splitLocalePath = (pathname: string): { locale: Locale; route: string } => {
  const [, first, ...rest] = pathname.split('/');
  if (isLocale(first) && first !== DEFAULT_LOCALE) return { locale: first, route: `/${rest.join('/')}` };
  return { locale: DEFAULT_LOCALE, route: pathname === '' ? '/' : pathname };
};
