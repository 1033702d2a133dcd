/**
 * Refuses enquiries posted from a page of another site (a forged or embedded form): 403.
 *
 * - `Sec-Fetch-Site: cross-site` or `same-site` is refused. Our forms post to their own origin,
 *   so a browser always says `same-origin`; `same-site` would be a sibling host (another
 *   subdomain), which is not this site.
 * - An `Origin` naming another host than the request's own is refused. `Origin: null` (a
 *   sandboxed frame, a file, or a page with `Referrer-Policy: no-referrer`) is accepted only
 *   when the browser also says `Sec-Fetch-Site: same-origin`.
 * - A request with neither header (curl, server-to-server) passes: it is no browser acting for
 *   a visitor, and the schema and rate limit still apply.
 * Hosts are compared with their ports; the scheme is not (Netlify serves HTTPS only).
 */
import { HttpError } from '../errors.ts';

export const CROSS_SITE_MESSAGE = 'This enquiry was sent from another website, so it was refused. Please use the form on our website.';

const ownHosts = (request: Request): string[] => {
  const hosts = [new URL(request.url).host];
  const host = request.headers.get('host');
  if (host) hosts.push(host.toLowerCase());
  return hosts;
};

const hostOf = (origin: string): string | null => {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
};

/** Why the request counts as cross-site, or null when it may go on. */
export const crossSiteReason = (request: Request): string | null => {
  const fetchSite = request.headers.get('sec-fetch-site')?.trim().toLowerCase();
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return `sec-fetch-site ${fetchSite}`;
  const origin = request.headers.get('origin')?.trim();
  if (origin === undefined || origin === '') return null;
  if (origin === 'null') return fetchSite === 'same-origin' ? null : 'opaque origin';
  const host = hostOf(origin);
  return host !== null && ownHosts(request).includes(host) ? null : 'foreign origin';
};

export const refuseCrossSite = (request: Request): void => {
  if (crossSiteReason(request)) throw new HttpError(403, CROSS_SITE_MESSAGE);
};
