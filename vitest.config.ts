/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { getViteConfig } from 'astro/config';

// Unit tests (tests/unit), function tests (tests/functions) and form component tests in jsdom
// (tests/components), in three projects. E2E tests are Playwright's.
// - unit: pure functions and the repository's files; they change no shared state, so the files
//   share their workers (isolate: false) instead of each starting a fresh one (76 s of CPU for
//   tests/unit isolated, 49 s shared, on the 2-core machine).
// - functions: the files share their workers too (a module loads once per worker, not once per
//   file: 415 s of CPU for tests/functions isolated, 231 s shared), and each file starts its own
//   database, Blobs store and stand-ins. What a file changes in the process (the environment, the
//   clock, spies, stubbed globals) goes back after it (tests/support/file-isolation.ts).
// - components: the form islands in jsdom, each file its own worker (React Testing Library's
//   clean-up after each test, the environment's globals and @emailjs/browser's state are per file).
export default getViteConfig({
  test: {
    testTimeout: 20_000,
    // Vitest's default leaves one core free, which on a 2-core machine runs the files one at a
    // time while the function tests mostly wait on their databases: use every core.
    maxWorkers: Math.max(2, availableParallelism()),
    // The local Netlify's context: production only when a context says so (src/server/deploy-context.ts).
    env: { CONTEXT: 'dev' },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], isolate: false, globalSetup: ['tests/support/sync-content.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'functions',
          include: ['tests/functions/**/*.test.ts'],
          isolate: false,
          setupFiles: ['tests/support/file-isolation.ts'],
          globalSetup: ['tests/support/sync-content.ts', 'tests/support/database-template.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          include: ['tests/components/**/*.test.{ts,tsx}'],
          globalSetup: ['tests/support/sync-content.ts', 'tests/support/database-template.ts'],
        },
      },
    ],
  },
});
