/**
 * Addresses in every language. English keeps its routes (no prefix); the others add theirs:
 * `/Flats` is `/ta/Flats` in Tamil, home is `/` and `/ta`. This is what astro.config.mjs `i18n`
 * (prefixDefaultLocale: false) builds; tests/unit/routing.test.ts proves that Astro's own helper
 * agrees. Addresses are the real ones: no `.html`, no trailing slash (build.format 'file',
 * trailingSlash 'never').
 */
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from '../../i18n/locales.ts';

/** The address of a route (`/Flats`, `/`) in a language: `/ta/Flats`, `/ta`; English unchanged. */
export const localizePath = (route: string, locale: Locale): string => {
  if (locale === DEFAULT_LOCALE) return route;
  return route === '/' ? `/${locale}` : `/${locale}${route}`;
};

/** The language of an address and the route it names: `/ta/Flats` → `{ locale: 'ta', route: '/Flats' }`. */
export const splitLocalePath = (pathname: string): { locale: Locale; route: string } => {
  const [, first, ...rest] = pathname.split('/');
  if (isLocale(first) && first !== DEFAULT_LOCALE) return { locale: first, route: `/${rest.join('/')}` };
  return { locale: DEFAULT_LOCALE, route: pathname === '' ? '/' : pathname };
};

/** A built file's pathname (`/Flats.html`, `/index.html`) as the address the host serves. */
export const routeOfPath = (pathname: string): string => {
  const route = pathname
    .replace(/\.html$/, '')
    .replace(/\/index$/, '')
    .replace(/\/$/, '');
  return route === '' ? '/' : route;
};

/** The absolute URL of a page, from the configured site URL. */
export const absoluteUrl = (route: string, site: string | URL): string => new URL(routeOfPath(route), site).href;

/** The same page in every language, for hreflang alternates and the language switcher. */
export const alternatesOf = (pathname: string): { locale: Locale; href: string }[] => {
  const { route } = splitLocalePath(routeOfPath(pathname));
  return LOCALES.map((locale) => ({ locale, href: localizePath(route, locale) }));
};

/**
 * A site-relative link written in content (`/Flats`, `/Contactus#enquiry`) as seen from a page in
 * `locale`: it leads to the same language's page. Other links are left as they are.
 */
export const localizeHref = (href: string, locale: Locale): string => {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  const [path, hash = ''] = href.split(/(?=#)/);
  return `${localizePath(splitLocalePath(path).route, locale)}${hash}`;
};

/** Rendered HTML (content Markdown) with each site-relative `href="/…"` localized (localizeHref). */
export const localizeHtmlLinks = (html: string, locale: Locale): string =>
  locale === DEFAULT_LOCALE
    ? html
    : html.replace(/(<a\b[^>]*?\shref=")(\/[^"]*)"/g, (_, start: string, href: string) => `${start}${localizeHref(href, locale)}"`);
