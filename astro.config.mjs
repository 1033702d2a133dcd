// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import netlify from '@netlify/vite-plugin';
import { site } from './src/config/site.ts';
import { adminBundle } from './scripts/lib/admin-bundle.ts';

const isDev = process.argv.includes('dev');

export default defineConfig({
  site: site.url,
  output: 'static',
  // Keep the content data store where `astro dev` and Vitest read it, so tests see what the build sees.
  cacheDir: './.astro',
  trailingSlash: 'never',
  build: { format: 'file' },
  // Static fallback for hosts without netlify.toml; on Netlify the 301 in netlify.toml wins.
  redirects: { '/Contactpage': '/Contactus' },
  // `npm run cms` is for editors: no developer toolbar over Decap's screens.
  devToolbar: { enabled: process.env.ARANYA_CMS !== '1' },
  integrations: [
    react(),
    // Pages that are not for search engines stay out of the sitemap (they are noindex too);
    // /admin is the editors' CMS.
    sitemap({ filter: (page) => !/\/(Thankyou|404|admin)$/.test(new URL(page).pathname) }),
    adminBundle(),
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
