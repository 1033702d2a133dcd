/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// The checks of the built site, after `npm run build` (`npm run test:dist` runs them), in two projects:
// - dist (tests/dist): the HTML of every page in dist/, parsed by jsdom, and the page files' own
//   getStaticPaths. The files share their workers (isolate: false), so each worker parses a page
//   once for all of them: they only read the build and the parsed pages, never change them.
// - served (tests/served): what the server answers, over HTTP: dist/ served as `npm start` serves
//   it, its functions, local database and stand-ins (tests/support/served-site.ts starts it once).
export default getViteConfig({
  test: {
    testTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'dist',
          include: ['tests/dist/**/*.test.ts'],
          isolate: false,
          globalSetup: ['tests/support/built-site.ts', 'tests/support/sync-content.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'served',
          include: ['tests/served/**/*.test.ts'],
          globalSetup: ['tests/support/built-site.ts', 'tests/support/served-site.ts'],
        },
      },
    ],
  },
});
