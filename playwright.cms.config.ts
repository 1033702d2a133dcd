import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { LAUNCH_OPTIONS } from './playwright.config.ts';

/**
 * E2E tests of the editors' CMS against `npm run cms` (astro dev + decap-server), run by
 * `npm run test:cms`. `npm run cms` runs in a copy of this tree (CMS_TREE, deleted when it stops):
 * the tests save through /admin into the copy, so src/ and .astro/ stay as they are and the tests
 * can run beside the others (CI runs them beside the e2e tests). They put every file of the copy
 * back after each test, and run one at a time, with time to spare: Decap is a large application
 * and `astro dev` compiles it on first use.
 */
const CMS_PORT = Number(process.env.E2E_CMS_PORT || 4331);
const DECAP_PORT = Number(process.env.E2E_DECAP_PORT || 8091);
export const CMS_URL = `http://localhost:${CMS_PORT}`;
export const DECAP_SERVER_URL = `http://127.0.0.1:${DECAP_PORT}`;
/** The copy of the tree `npm run cms` serves and saves into. */
export const CMS_TREE = path.join(import.meta.dirname, 'tmp/cms-tree');

export default defineConfig({
  testDir: 'tests/cms',
  // Not test-results/, which the e2e run beside this one empties when it starts.
  outputDir: 'tmp/cms-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 240_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  use: {
    baseURL: CMS_URL,
    trace: 'retain-on-failure',
    actionTimeout: 30_000,
    navigationTimeout: 120_000,
    launchOptions: {
      ...LAUNCH_OPTIONS,
      // Playwright serves /admin with the CSP under test (route.fulfill); Chromium would then treat the
      // page as public and block its calls to the local decap-server (Local Network Access).
      args: [...LAUNCH_OPTIONS.args, '--disable-features=LocalNetworkAccessChecks'],
    },
  },
  projects: [
    { name: 'cms-warm-up', testMatch: /warm-up\.setup\.ts/, use: { channel: undefined } },
    { name: 'cms', dependencies: ['cms-warm-up'], use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    command: `npm run cms -- --copy ${path.relative(import.meta.dirname, CMS_TREE)}`,
    url: `${CMS_URL}/admin`,
    env: { CMS_PORT: String(CMS_PORT), DECAP_SERVER_PORT: String(DECAP_PORT) },
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    // Stopped with SIGTERM (not Playwright's default SIGKILL), `npm run cms` deletes its copy of the tree.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    stdout: 'pipe',
  },
});
