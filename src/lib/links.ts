/**
 * Every internal link is built here, from the entry it points to, so that a page's address, its
 * canonical URL, the sitemap and the links to it cannot disagree. Addresses are the real ones:
 * no `.html`, no trailing slash (astro.config.mjs: build.format 'file', trailingSlash 'never').
 */
import { divisionRoute, type DivisionKey } from './routes.ts';

/** The pages of `src/content/pages` that are pages of their own (the rest are page sections). */
export const PAGE_ROUTES = {
  about: '/Aboutpage',
  contact: '/Contactus',
  privacy: '/Privacy',
  buy: '/Buy',
  sell: '/Sell',
  'thank-you': '/Thankyou',
} as const;
export type RoutedPageId = keyof typeof PAGE_ROUTES;

/** Something a link can point to: a collection entry (or a `{ collection, id }` reference) or home. */
export type LinkTarget =
  | 'home'
  | { collection: 'pages'; id: RoutedPageId }
  | { collection: 'loans' | 'plans' | 'properties'; data: { route: string } }
  | { collection: 'divisions'; data: { key: DivisionKey } };

/** The site-relative address of a target, e.g. `/Flats`. */
export function hrefOf(target: LinkTarget): string {
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

/** The route parameter of a dynamic page (its address without the slash). */
export const routeNameOf = (target: Exclude<LinkTarget, 'home'>): string => hrefOf(target).slice(1);

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
