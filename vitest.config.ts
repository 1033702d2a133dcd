/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Unit tests (tests/unit) and function tests (tests/functions). E2E tests are Playwright's.
export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/functions/**/*.test.ts'],
    testTimeout: 20_000,
    globalSetup: ['tests/support/sync-content.ts'],
  },
});
