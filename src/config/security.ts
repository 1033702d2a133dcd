/**
 * The site's Content Security Policy, in two parts that browsers enforce together:
 * - the page policy, a <meta> that Astro's `security.csp` writes into every page with a hash of
 *   each inline script and style it emits (astro.config.mjs);
 * - the header policy in netlify.toml, for what a <meta> cannot carry (frame-ancestors) and
 *   repeated there so a page's own <meta> cannot be the only guard.
 * The API's answers set their own, stricter policy in code (src/server/errors.ts).
 */

/** EmailJS, where the forms' e-mail fallback posts from the browser. */
export const EMAILJS_ORIGIN = 'https://api.emailjs.com';

/**
 * The `connect-src` sources: the site itself and EmailJS, plus the origin of
 * PUBLIC_EMAILJS_API_ORIGIN when a build points the fallback elsewhere (`npm start` points it
 * at the local stand-in). A production build without that variable gets exactly
 * `'self' https://api.emailjs.com`.
 */
export const connectSources = (emailjsApiOrigin?: string): string[] => {
  const sources = ["'self'", EMAILJS_ORIGIN];
  if (emailjsApiOrigin) {
    const origin = new URL(emailjsApiOrigin).origin;
    if (!sources.includes(origin)) sources.push(origin);
  }
  return sources;
};

/** Directives of the page policy beside Astro's script-src and style-src (which carry the hashes). */
export const pageDirectives = (emailjsApiOrigin?: string) =>
  [
    "default-src 'self'",
    // blob: the Sell Flats form's thumbnails of the photos a visitor picks (object URLs).
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connectSources(emailjsApiOrigin).join(' ')}`,
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ] as const;

/** The header policy of netlify.toml (checked against it by tests/unit/csp.test.ts). */
export const HEADER_CSP = "frame-ancestors 'none'; form-action 'self'; base-uri 'self'; object-src 'none'";
