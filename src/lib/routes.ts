/**
 * Route names that are derived rather than written: the division routes carry the brand
 * (`/Aranya_Realty`), the rest are fixed by SPEC section 2. Case-sensitive.
 */
import { site } from '../config/site.ts';

export type DivisionKey = 'realty' | 'consulting' | 'immigration' | 'training';

const DIVISION_ROUTES: Record<DivisionKey, string> = {
  realty: `${site.brand}_Realty`,
  consulting: `${site.brand}_Consulting`,
  immigration: 'Immigration_International_Services',
  training: 'Training_Growth',
};

/** Route segment (no slash) of a division page. */
export const divisionSlug = (key: DivisionKey): string => DIVISION_ROUTES[key];
export const divisionHref = (key: DivisionKey): string => `/${DIVISION_ROUTES[key]}`;

/** The Buy and Sell landings. */
export const LANDINGS = { buy: 'Buy', sell: 'Sell' } as const;

export const STATIC_ROUTES = {
  home: '/',
  about: '/Aboutpage',
  contact: '/Contactus',
  privacy: '/Privacy',
  buy: '/Buy',
  sell: '/Sell',
} as const;
