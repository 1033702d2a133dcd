/**
 * Every internal link is built here, from the entry it points to, so that a page's address, its
 * canonical URL, the sitemap and the links to it cannot disagree. Addresses are the real ones:
 * no `.html`, no trailing slash (astro.config.mjs: build.format 'file', trailingSlash 'never').
 */
import { getRelativeLocaleUrl } from 'astro:i18n';
import { PRIVACY_REQUEST_ROUTE, PRIVACY_REQUEST_SENT_ROUTE, divisionRoute, type DivisionKey } from './routes.ts';
import { DEFAULT_LOCALE, LOCALES, splitLocalePath, type Locale } from '../i18n/locales.ts';

/** The pages of `src/content/pages` that are pages of their own (the rest are page sections). */
export const PAGE_ROUTES = {
  about: '/Aboutpage',
  contact: '/Contactus',
  privacy: '/Privacy',
  buy: '/Buy',
  sell: '/Sell',
  'thank-you': '/Thankyou',
  'privacy-request': PRIVACY_REQUEST_ROUTE,
  'privacy-request-sent': PRIVACY_REQUEST_SENT_ROUTE,
} as const;
export type RoutedPageId = keyof typeof PAGE_ROUTES;

/** Something a link can point to: a collection entry (or a `{ collection, id }` reference) or home. */
export type LinkTarget =
  | 'home'
  | { collection: 'pages'; id: RoutedPageId }
  | { collection: 'loans' | 'plans' | 'properties'; data: { route: string } }
  | { collection: 'divisions'; data: { key: DivisionKey } };

/** The route of a target, the same in every language, e.g. `/Flats`. */
function routeOf(target: LinkTarget): string {
  if (target === 'home') return '/';
  switch (target.collection) {
    case 'pages':
      return PAGE_ROUTES[target.id];
    case 'divisions':
      return `/${divisionRoute(target.data.key)}`;
    default:
      return `/${target.data.route}`;
  }
}

/**
 * A route in a language, through Astro's i18n helper (astro.config.mjs `i18n`): `/Flats` in
 * English, `/ta/Flats` in Tamil; home is `/` and `/ta`.
 */
export const localizeRoute = (route: string, locale: Locale = DEFAULT_LOCALE): string => {
  const url = getRelativeLocaleUrl(locale, route.replace(/^\//, ''));
  return url.length > 1 ? url.replace(/\/$/, '') : url;
};

/** The site-relative address of a target in a language, e.g. `/Flats` or `/ta/Flats`. */
export const hrefOf = (target: LinkTarget, locale: Locale = DEFAULT_LOCALE): string => localizeRoute(routeOf(target), locale);

/** The route parameter of a dynamic page (its route without the slash, the same in every language). */
export const routeNameOf = (target: Exclude<LinkTarget, 'home'>): string => routeOf(target).slice(1);

/**
 * A site-relative link written in content (`/Flats`, `/Contactus#enquiry`) as seen from a page in
 * `locale`: it leads to the same language's page. Other links are left as they are.
 */
export const localizeHref = (href: string, locale: Locale): string => {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  const [path, hash = ''] = href.split(/(?=#)/);
  return `${localizeRoute(splitLocalePath(path).route, locale)}${hash}`;
};

/** Rendered HTML (content Markdown) with each site-relative `href="/…"` localized (localizeHref). */
export const localizeHtmlLinks = (html: string, locale: Locale): string =>
  locale === DEFAULT_LOCALE
    ? html
    : html.replace(/(<a\b[^>]*?\shref=")(\/[^"]*)"/g, (_, start: string, href: string) => `${start}${localizeHref(href, locale)}"`);

/** The same page in every language, for hreflang alternates and the language switcher. */
export const alternatesOf = (pathname: string): { locale: Locale; href: string }[] => {
  const { route } = splitLocalePath(routeOfPath(pathname));
  return LOCALES.map((locale) => ({ locale, href: localizeRoute(route, locale) }));
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
