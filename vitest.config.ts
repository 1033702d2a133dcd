/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Unit tests (tests/unit), function tests (tests/functions) and form component tests in jsdom
// (tests/components). E2E tests are Playwright's.
export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/functions/**/*.test.ts', 'tests/components/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
    // The local Netlify's context: production only when a context says so (src/server/deploy-context.ts).
    env: { CONTEXT: 'dev' },
    globalSetup: ['tests/support/sync-content.ts', 'tests/support/database-template.ts'],
  },
});
