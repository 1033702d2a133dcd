/**
 * Which attribution values the figures show as they are (Insights and the owner's morning digest,
 * db/insights.ts), and which count under "(other)". The utm tags and the referrer are typed by
 * whoever made the link, so a visitor can put any line there, a link included ("Netlify
 * security: your key expired, renew at https://…"); the digest is sent by the site's own sender
 * to the holder of the master key. So a value is shown only when it looks like a tag or a page of
 * ours, or is a host people really come from; everything else is one "(other)" row. The lead
 * keeps its raw value, for the team to read in context.
 *
 * The patterns are POSIX regular expressions (Postgres's `~`), read the same by JavaScript.
 */

/** What everything else counts under. */
export const OTHER = '(other)';

/** A source tag (lower case, as sources are grouped): a letter or digit, then letters, digits, `_` and `-`, 40 at most. No dots, spaces or slashes. */
export const SOURCE_TAG = '^[a-z0-9][a-z0-9_-]{0,39}$';

/** A campaign tag: the same shape, in either case. */
export const CAMPAIGN_TAG = '^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$';

/** A landing page: a path of the site's shape (`/Flats`, `/ta/Sellflats`), 100 characters at most. */
export const LANDING_PATH = '^/([A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*)?$';

/**
 * Referring hosts shown by name (after `www.` is dropped): search engines, the social and chat
 * apps people share links in, and India's property and business listings. Any other host is
 * "(other)": a host is a link, and mail programs turn it into one.
 */
export const KNOWN_HOSTS: readonly string[] = [
  'google.com',
  'google.co.in',
  'bing.com',
  'duckduckgo.com',
  'search.yahoo.com',
  'yahoo.com',
  'facebook.com',
  'm.facebook.com',
  'l.facebook.com',
  'lm.facebook.com',
  'instagram.com',
  'l.instagram.com',
  'youtube.com',
  'm.youtube.com',
  'linkedin.com',
  'lnkd.in',
  'x.com',
  't.co',
  'twitter.com',
  'whatsapp.com',
  'web.whatsapp.com',
  'wa.me',
  'justdial.com',
  'sulekha.com',
  'indiamart.com',
  'magicbricks.com',
  '99acres.com',
  'housing.com',
  'nobroker.in',
  'olx.in',
  'chatgpt.com',
  'perplexity.ai',
];
