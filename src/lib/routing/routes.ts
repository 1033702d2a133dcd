/**
 * Every named route of the site: the same in every language, case-sensitive, the original site's
 * routes (docs/decisions/001-routes.md). The division routes carry the brand (`/Aranya_Realty`); the
 * loan, plan and property entries name their own (`data.route` in src/content).
 */
import { site } from '../../config/site.ts';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locales.ts';
import { localizePath } from './paths.ts';

export type DivisionKey = 'realty' | 'consulting' | 'immigration' | 'training';

const DIVISION_ROUTES: Record<DivisionKey, string> = {
  realty: `${site.brand}_Realty`,
  consulting: `${site.brand}_Consulting`,
  immigration: 'Immigration_International_Services',
  training: 'Training_Growth',
};

/** Route segment (no slash) of a division page. */
export const divisionRoute = (key: DivisionKey): string => DIVISION_ROUTES[key];

/** The pages of `src/content/pages` that are pages of their own (the rest are page sections). */
export const PAGE_ROUTES = {
  about: '/Aboutpage',
  contact: '/Contactus',
  privacy: '/Privacy',
  buy: '/Buy',
  sell: '/Sell',
  /** Where a form lands after success (a plain HTML post: the server's 303). */
  'thank-you': '/Thankyou',
  'privacy-request': '/Privacyrequest',
  /** Where a privacy request lands: it says what happens next and by when. */
  'privacy-request-sent': '/Privacyrequestsent',
  /** What the host serves for an address it has no page for (netlify.toml, per language). */
  'not-found': '/404',
} as const;
export type RoutedPageId = keyof typeof PAGE_ROUTES;

/** Something a link can point to: a collection entry (or a `{ collection, id }` reference) or home. */
export type LinkTarget =
  | 'home'
  | { collection: 'pages'; id: RoutedPageId }
  | { collection: 'loans' | 'plans' | 'properties'; data: { route: string } }
  | { collection: 'divisions'; data: { key: DivisionKey } };

/** The route of a target, the same in every language, e.g. `/Flats`. */
export const routeOf = (target: LinkTarget): string => {
  if (target === 'home') return '/';
  switch (target.collection) {
    case 'pages':
      return PAGE_ROUTES[target.id];
    case 'divisions':
      return `/${divisionRoute(target.data.key)}`;
    default:
      return `/${target.data.route}`;
  }
};

/** The route parameter of a dynamic page (its route without the slash, the same in every language). */
export const routeNameOf = (target: Exclude<LinkTarget, 'home'>): string => routeOf(target).slice(1);

/** The site-relative address of a target in a language, e.g. `/Flats` or `/ta/Flats`. */
export const hrefOf = (target: LinkTarget, locale: Locale = DEFAULT_LOCALE): string => localizePath(routeOf(target), locale);
