// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import netlify from '@netlify/vite-plugin';
import { site } from './src/config/site.ts';
import { DEFAULT_LOCALE, HTML_LANG, LOCALES } from './src/i18n/locales.ts';
import { adminBundle } from './integrations/admin-bundle.ts';
import { inboxWorker } from './integrations/inbox-worker.ts';
import { keptSender } from './integrations/kept-sender.ts';
import { pageDirectives } from './src/config/security.ts';
import { adminMetaCsp } from './src/lib/cms/csp.ts';
import { cspInlineHashes } from './integrations/csp-inline.ts';
import { i18nFallback } from './integrations/i18n-fallback.ts';
import { hydrateOnInteraction } from './integrations/hydrate-on-interaction.ts';
import { registrationsWarning } from './integrations/registrations-warning.ts';

const isDev = process.argv.includes('dev');

export default defineConfig({
  site: site.url,
  output: 'static',
  // Keep the content data store where `astro dev` and Vitest read it, so tests see what the build sees.
  cacheDir: './.astro',
  trailingSlash: 'never',
  // English keeps its routes (no prefix); Tamil, Telugu and Kannada live under /ta/, /te/, /kn/
  // (src/i18n/locales.ts). Pages never redirect by the browser's language.
  i18n: {
    locales: [...LOCALES],
    defaultLocale: DEFAULT_LOCALE,
    routing: { prefixDefaultLocale: false },
  },
  // Real addresses without .html (/Flats). The CSS (under 5 KB gzipped a page) is inlined: no
  // render-blocking stylesheet request before the first paint (docs/performance.md).
  build: { format: 'file', inlineStylesheets: 'always' },
  image: {
    // Raster images (JPEG/PNG/WebP an editor drops into an `image:` field) come out as WebP with a
    // responsive srcset and width/height; SVG illustrations pass through as SVG.
    layout: 'constrained',
    // Our own SVGs (logo, illustrations) are rasterized only where a PNG is asked for: the share
    // image and the app icons. They are repository files, never uploads.
    dangerouslyProcessSVG: true,
  },
  // No code blocks on the site; Shiki's inline styles would need 'unsafe-inline' under the CSP.
  markdown: { syntaxHighlight: false },
  // Content Security Policy: a <meta> in every page with script-src/style-src 'self' plus the hash
  // of each inline script and style Astro emits (cspInlineHashes adds is:inline ones), beside the directives of
  // src/config/security.ts. The header half lives in netlify.toml.
  security: {
    csp: { directives: [...pageDirectives(process.env.PUBLIC_EMAILJS_API_ORIGIN)] },
  },
  // Static fallback for hosts without netlify.toml; on Netlify the 301 in netlify.toml wins.
  redirects: { '/Contactpage': '/Contactus' },
  // `npm run cms` is for editors: no developer toolbar over Decap's screens.
  devToolbar: { enabled: process.env.ARANYA_CMS !== '1' },
  integrations: [
    react(),
    // client:interact: the forms load their script when the visitor first reaches for them.
    hydrateOnInteraction(),
    // /admin (Decap) gets its own policy instead of the site's (src/lib/cms/csp.ts).
    cspInlineHashes({ ownPolicy: { 'admin.html': adminMetaCsp() } }),
    // Pages that are not for search engines stay out of the sitemap (they are noindex too);
    // /admin is the editors' CMS.
    // Each page lists its other language versions (hreflang) in the sitemap too.
    sitemap({
      filter: (page) => !/\/(Thankyou|Privacyrequestsent|404|admin|leads)$/.test(new URL(page).pathname),
      i18n: { defaultLocale: DEFAULT_LOCALE, locales: HTML_LANG },
      // x-default: the English page, for visitors whose language is none of the four.
      serialize: (item) => {
        const english = item.links?.find((link) => link.lang === HTML_LANG[DEFAULT_LOCALE]);
        return english ? { ...item, links: [...(item.links ?? []), { lang: 'x-default', url: english.url }] } : item;
      },
    }),
    adminBundle(),
    // /leads-sw.js: the inbox's service worker (offline list, push alerts), registered by /leads only.
    inboxWorker(),
    // /send-kept.js: sends an enquiry kept in the browser while offline, loaded only when one waits.
    keptSender(),
    i18nFallback(),
    // Names the pages that cannot show the AMFI ARN or the RERA registration while they are not set.
    registrationsWarning(),
  ],
  vite: {
    // `npm run cms`: pre-bundle Decap when the dev server starts, not on the first visit to /admin.
    optimizeDeps: isDev ? { include: ['decap-cms-app'] } : undefined,
    // Functions and Blobs emulated in `astro dev` only. Edge functions, database, images,
    // geolocation and the AI gateway stay off: they would reach for tools or services that an
    // offline machine cannot get.
    plugins: isDev
      ? [
          netlify({
            edgeFunctions: { enabled: false },
            database: { enabled: false },
            images: { enabled: false },
            geolocation: { enabled: false },
            aiGateway: { enabled: false },
          }),
        ]
      : [],
  },
});
