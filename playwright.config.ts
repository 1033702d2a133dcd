import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumBuild, findChromium } from './harness/chromium.ts';

/**
 * E2E tests run in Chromium (harness/chromium.ts: Debian's, or Playwright's own) against the served
 * build: `npm start` builds dist/ and serves it; with E2E_SERVE_DIST=1 (`npm test`, CI) the server
 * is `npm run serve`, over the dist/ that `npm run build:e2e` built for this run's ports.
 * E2E_SHARD=1/2 runs the first half of the tests (as `--shard=1/2`; CI runs the halves in parallel).
 */
const PORT = Number(process.env.E2E_PORT || 8890);
export const BASE_URL = `http://localhost:${PORT}`;
/** The owner's key (LEADS_EXPORT_TOKEN) the served site gets for the e2e run: the inbox specs sign in with it. */
export const EXPORT_TOKEN = 'e2e-export-token-k7Qm2xR9vT4pW8nZ3bY6';
/**
 * The served site's minimum fill time for the e2e run (LEADS_MIN_FILL_MS; 3000 ms in production).
 * A person takes seconds to fill a form, a test far less: instead of every test waiting out the
 * real 3 s, the server counts anything faster than this as spam. The real default is proven by
 * tests/functions/enquiry-pipeline.test.ts, such a setting by tests/served/api.test.ts.
 */
export const E2E_MIN_FILL_MS = 400;
/**
 * The served site's challenge secret (LEADS_CHALLENGE_SECRET), so tests that post to the API
 * directly can sign what a form would have fetched (tests/support/form-filling.ts). The e-mail
 * limit per contact is raised: many tests send as the same sample person; a function test proves it.
 */
export const E2E_CHALLENGE_SECRET = 'e2e-challenge-secret-0123456789abcdefgh';
/** The Chromium to launch (harness/chromium.ts); shared with playwright.cms.config.ts. */
export const LAUNCH_OPTIONS = {
  executablePath: findChromium(),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};
/**
 * The local EmailJS stand-in of the served site (E2E_PORT + 100, so parallel runs do not clash):
 * the forms' browser fallback posts there, and tests steer it (POST /__standin/behaviour) and
 * read what it got (GET /__standin/received).
 */
export const E2E_STANDIN_PORT = PORT + 100;
/** The served site's push service stand-in (harness/push-service.ts). */
export const E2E_PUSH_STANDIN_PORT = PORT + 102;
/** The served site's WhatsApp Cloud API stand-in (harness/whatsapp-standin.ts). */
export const E2E_WHATSAPP_STANDIN_PORT = PORT + 103;
export const EMAILJS_STANDIN_ORIGIN = `http://127.0.0.1:${E2E_STANDIN_PORT}`;
const SERVE_DIST = process.env.E2E_SERVE_DIST === '1';
if (SERVE_DIST && !existsSync(path.join(import.meta.dirname, 'dist/index.html'))) {
  throw new Error('E2E_SERVE_DIST=1 serves dist/, and there is none: build it first with `npm run build:e2e`.');
}
/**
 * The served site's database and Blobs store: fresh folders for each run (decided by the runner,
 * inherited by its workers), so a run starts empty, never meets a database another server still
 * holds, and leaves `npm start`'s own .netlify/db alone.
 */
process.env.E2E_STORE_DIR ??= mkdtempSync(path.join(tmpdir(), 'aranya-e2e-'));
const STORE_DIR = process.env.E2E_STORE_DIR;
const SHARD = process.env.E2E_SHARD?.match(/^(\d+)\/(\d+)$/);

/**
 * Screenshot baselines, one set per Chromium build (harness/chromium.ts): Debian's and Playwright's
 * draw text with the fonts of their own machine image, so one set cannot fit both. A build with a
 * committed set is compared with it (a missing picture fails); a build with none yet writes its set
 * and passes, saying so (tests/e2e/screenshots.spec.ts).
 */
export const CHROMIUM_BUILD = chromiumBuild(LAUNCH_OPTIONS.executablePath);
export const SCREENSHOT_SET = `tests/e2e/screenshots.spec.ts-snapshots/${CHROMIUM_BUILD}`;
// Decided once, by the runner, before a worker writes the first picture (workers inherit it).
process.env.E2E_WRITING_SCREENSHOT_SET ??= existsSync(path.join(import.meta.dirname, SCREENSHOT_SET)) ? 'no' : 'yes';
export const WRITING_SCREENSHOT_SET = process.env.E2E_WRITING_SCREENSHOT_SET === 'yes';

export default defineConfig({
  testDir: 'tests/e2e',
  snapshotPathTemplate: `{testDir}/{testFileName}-snapshots/${CHROMIUM_BUILD}/{arg}{ext}`,
  updateSnapshots: WRITING_SCREENSHOT_SET ? 'missing' : 'default',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  shard: SHARD ? { current: Number(SHARD[1]), total: Number(SHARD[2]) } : null,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: BASE_URL,
    // Recording a trace costs every test about a fifth of its CPU (DOM snapshots and screencast
    // frames at each action), kept only when it fails. CI retries a failure once and records that
    // retry (docs/development.md#ci); a run here records every test and keeps the failures'.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: LAUNCH_OPTIONS,
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: /forms-faults\.spec\.ts/ },
    // The fault switches act on the whole served site, so these run alone, after the rest.
    // `npm run test:e2e` runs both projects in one run (one served site, started once). A sharded
    // run would repeat the whole dependency in every shard, and a run of some files would run all
    // of the dependency: with E2E_SHARD or files named it runs the two projects one after the
    // other instead (`--no-deps`).
    {
      name: 'faults',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: /forms-faults\.spec\.ts/,
      dependencies: ['chromium'],
    },
  ],
  webServer: {
    command: SERVE_DIST ? 'npm run serve' : 'npm start',
    url: BASE_URL,
    env: {
      PORT: String(PORT),
      EMAILJS_STANDIN_PORT: String(E2E_STANDIN_PORT),
      PUSH_STANDIN_PORT: String(E2E_PUSH_STANDIN_PORT),
      WHATSAPP_STANDIN_PORT: String(E2E_WHATSAPP_STANDIN_PORT),
      LEADS_EXPORT_TOKEN: EXPORT_TOKEN,
      LEADS_MIN_FILL_MS: String(E2E_MIN_FILL_MS),
      LEADS_CHALLENGE_SECRET: E2E_CHALLENGE_SECRET,
      LEADS_CONTACT_DAILY_LIMIT: '100000',
      LEADS_TEAM_EMAIL_HOURLY_CAP: '100000',
      LOCAL_DB_DIR: path.join(STORE_DIR, 'database'),
      LOCAL_BLOBS_DIR: path.join(STORE_DIR, 'blobs'),
    },
    // serve.ts closes its database on SIGTERM.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
  },
});
