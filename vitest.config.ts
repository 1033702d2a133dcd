/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { getViteConfig } from 'astro/config';

// Unit tests (tests/unit), function tests (tests/functions) and form component tests in jsdom
// (tests/components), in two projects. E2E tests are Playwright's.
// - unit: pure functions and the repository's files; they change no shared state, so the files
//   share their workers (isolate: false) instead of each starting a fresh one (76 s of CPU for
//   tests/unit isolated, 49 s shared, on the 2-core machine).
// - functions: each file its own worker, its own database and stand-ins (they set the
//   environment, fake the clock and point the pipeline at their servers).
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
          include: ['tests/functions/**/*.test.ts', 'tests/components/**/*.test.{ts,tsx}'],
          globalSetup: ['tests/support/sync-content.ts', 'tests/support/database-template.ts'],
        },
      },
    ],
  },
});
