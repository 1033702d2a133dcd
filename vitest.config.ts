/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { getViteConfig } from 'astro/config';

// Unit tests (tests/unit), function tests (tests/functions) and form component tests in jsdom
// (tests/components). E2E tests are Playwright's.
export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/functions/**/*.test.ts', 'tests/components/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
    // Vitest's default leaves one core free, which on a 2-core machine runs the files one at a
    // time while the function tests mostly wait on their databases: use every core.
    maxWorkers: Math.max(2, availableParallelism()),
    // The local Netlify's context: production only when a context says so (src/server/deploy-context.ts).
    env: { CONTEXT: 'dev' },
    globalSetup: ['tests/support/sync-content.ts', 'tests/support/database-template.ts'],
  },
});
