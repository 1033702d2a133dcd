/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// The checks that read the built site (tests/dist): the HTML of every page in dist/, parsed by
// jsdom, and the page files' own getStaticPaths. `npm run build` first; `npm run test:dist` runs
// them. The files share their workers (isolate: false), so each worker parses a page once for all
// of them: they only read the build and the parsed pages, never change them.
export default getViteConfig({
  test: {
    include: ['tests/dist/**/*.test.ts'],
    testTimeout: 60_000,
    isolate: false,
    globalSetup: ['tests/support/built-site.ts', 'tests/support/sync-content.ts'],
  },
});
