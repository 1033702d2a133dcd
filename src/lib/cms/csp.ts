/**
 * The Content-Security-Policy /admin needs, measured (tests/e2e/admin.spec.ts loads the built
 * /admin under it and fails on any violation). The build writes it into /admin's CSP <meta> in place
 * of the site's stricter policy, which every other page keeps (astro.config.mjs); the header policy
 * of netlify.toml (frame-ancestors and the rest) covers /admin as every page.
 *
 * Our page itself needs only `'self'` for scripts: its config is a JSON data block, not code.
 * The rest is what Decap needs:
 * - `'unsafe-eval'`: Decap validates its config with Ajv, which compiles schemas with `new Function`;
 * - `style-src 'unsafe-inline'`: Decap's styles are injected `<style>` elements (Emotion);
 * - `img-src blob:` and `connect-src blob:`: pictures from the repository and new uploads are
 *   read and shown as blob URLs; GitHub avatars for the signed-in editor;
 * - `connect-src https://api.github.com`: the GitHub backend (contents, pull requests, statuses);
 *   in `npm run cms`, the local decap-server instead.
 * Signing in opens a pop-up on https://api.netlify.com (Netlify's OAuth), which CSP does not limit.
 */
export const ADMIN_CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'none'"],
  'script-src': ["'self'", "'unsafe-eval'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'blob:', 'https://avatars.githubusercontent.com'],
  'font-src': ["'self'"],
  'connect-src': ["'self'", 'blob:', 'https://api.github.com'],
  'base-uri': ["'self'"],
  'form-action': ["'none'"],
  'object-src': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/** The policy as a header value; `extraConnect` adds e.g. the local decap-server in `npm run cms`. */
export function adminCsp(extraConnect: string[] = []): string {
  return Object.entries(ADMIN_CSP_DIRECTIVES)
    .map(([name, values]) => [name, ...values, ...(name === 'connect-src' ? extraConnect : [])].join(' '))
    .join('; ');
}

/** The policy for /admin's <meta>: a <meta> cannot carry frame-ancestors (netlify.toml's header does). */
export function adminMetaCsp(): string {
  return adminCsp()
    .split('; ')
    .filter((d) => !d.startsWith('frame-ancestors'))
    .join('; ');
}
