/**
 * The link that lets a person see and withdraw what they agreed to, without signing in: every
 * acknowledgement carries it (ack.ts). `/api/consent/<token>` in the visitor's language; the token
 * names the person and the language and is signed with the server's secret (HMAC-SHA256, cut to
 * 128 bits), so nobody can make one for another person. It does not expire: withdrawing must stay
 * as easy as agreeing was. It shows nothing but the purposes and their dates (intake/withdrawal.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { site } from '../../config/site.ts';
import { LOCALES, type Locale } from '../../i18n/locales.ts';

/** Where the withdrawal page answers; `<token>` follows. */
export const CONSENT_LINK_PATH = '/api/consent/';

const VERSION = 'c1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signature = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`consent-link\u0000${body}`).digest().subarray(0, 16);

/** The token of a person's link in one language. */
export const consentLinkToken = (secret: string, personId: string, locale: Locale): string => {
  const body = `${VERSION}.${Buffer.from(personId.replace(/-/g, ''), 'hex').toString('base64url')}.${locale}`;
  return `${body}.${signature(secret, body).toString('base64url')}`;
};

/** The person and language a token names, or null when it is not one the server signed. */
export const readConsentLinkToken = (secret: string, token: string): { personId: string; locale: Locale } | null => {
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION || !(LOCALES as readonly string[]).includes(parts[2])) return null;
  const body = parts.slice(0, 3).join('.');
  const given = Buffer.from(parts[3], 'base64url');
  const expected = signature(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const hex = Buffer.from(parts[1], 'base64url').toString('hex');
  const personId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return UUID.test(personId) ? { personId, locale: parts[2] as Locale } : null;
};

/** The whole link, on the site's own address. */
export const consentLinkUrl = (secret: string, personId: string, locale: Locale): string =>
  new URL(`${CONSENT_LINK_PATH}${consentLinkToken(secret, personId, locale)}`, site.url).toString();
