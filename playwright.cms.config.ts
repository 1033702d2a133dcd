import { defineConfig, devices } from '@playwright/test';
import { LAUNCH_OPTIONS } from './playwright.config.ts';

/**
 * E2E tests of the editors' CMS against `npm run cms` (astro dev + decap-server), run after the
 * main suite by `npm run test:e2e` (and alone by `npm run test:cms`). They save through /admin into
 * this working tree and restore every file afterwards, so they run one at a time, with time to
 * spare: Decap is a large application and `astro dev` compiles it on first use.
 */
const CMS_PORT = Number(process.env.E2E_CMS_PORT || 4331);
const DECAP_PORT = Number(process.env.E2E_DECAP_PORT || 8091);
export const CMS_URL = `http://localhost:${CMS_PORT}`;
export const DECAP_SERVER_URL = `http://127.0.0.1:${DECAP_PORT}`;

export default defineConfig({
  testDir: 'tests/cms',
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
    command: 'npm run cms',
    url: `${CMS_URL}/admin`,
    env: { CMS_PORT: String(CMS_PORT), DECAP_SERVER_PORT: String(DECAP_PORT) },
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
  },
});
