/**
 * Route names that are derived rather than written: the division routes carry the brand
 * (`/Aranya_Realty`); the others are the original site's routes (docs/decisions.md, "Routes") (see src/lib/links.ts). Case-sensitive.
 */
import { site } from '../config/site.ts';

export type DivisionKey = 'realty' | 'consulting' | 'immigration' | 'training';

const DIVISION_ROUTES: Record<DivisionKey, string> = {
  realty: `${site.brand}_Realty`,
  consulting: `${site.brand}_Consulting`,
  immigration: 'Immigration_International_Services',
  training: 'Training_Growth',
};

/** Route segment (no slash) of a division page. Links are built by src/lib/links.ts. */
export const divisionRoute = (key: DivisionKey): string => DIVISION_ROUTES[key];

/**
 * The privacy request form and the page a plain HTML post of it lands on. The server names them
 * (redirects, the acknowledgement's withdraw line), so they live here rather than in links.ts.
 */
export const PRIVACY_REQUEST_ROUTE = '/Privacyrequest';
export const PRIVACY_REQUEST_SENT_ROUTE = '/Privacyrequestsent';
