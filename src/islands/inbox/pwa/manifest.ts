/**
 * The inbox's web app manifest (served at /leads.webmanifest by src/pages/leads.webmanifest.ts):
 * an app of its own, scoped to /leads, opening standalone on the team's phones. Installed, its
 * service worker (service-worker.ts) can show push alerts, on iOS too (Safari allows push only
 * to a web app added to the home screen).
 */
export const INBOX_MANIFEST_PATH = '/leads.webmanifest';
export const INBOX_THEME_COLOR = '#14532d';

export const inboxManifest = (name: string, icons: readonly { src: string; sizes: string; type: string }[]) => ({
  id: '/leads',
  name: `Team inbox | ${name}`,
  short_name: 'Team inbox',
  description: 'The sales team’s leads, with an alert for each new one.',
  start_url: '/leads',
  scope: '/leads',
  display: 'standalone',
  orientation: 'portrait',
  lang: 'en-IN',
  background_color: '#ffffff',
  theme_color: INBOX_THEME_COLOR,
  icons: [...icons.map((icon) => ({ ...icon, purpose: 'any' })), { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
});
