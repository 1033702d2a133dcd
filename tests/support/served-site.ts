/**
 * Vitest global setup of tests/served: the built site as `npm start` serves it (harness/serve.ts,
 * started by harness/served-site.ts over dist/, on PORT or a free port), with a fresh database and
 * Blobs store that are removed at the end. It gets the settings below; the tests reach it through
 * tests/support/served.ts.
 */
import type { TestProject } from 'vitest/node';
import { freshBlobsDir, startServedSite } from '../../harness/served-site.ts';

/** The owner's key the served site gets (LEADS_EXPORT_TOKEN). */
export const SERVED_OWNER_KEY = 'served-tests-owner-key-4f1c9a7e2b6d8053';
/** The challenge secret (LEADS_CHALLENGE_SECRET), so a test can sign what a form would have fetched. */
export const SERVED_CHALLENGE_SECRET = 'served-tests-challenge-secret-9d3e71a05c';
/**
 * The least fill time (LEADS_MIN_FILL_MS; 3000 ms in production): a test posts far faster than a
 * person, so the server counts only what is faster than this as spam. The real default is proven
 * by tests/functions/enquiry-pipeline.test.ts, this setting by tests/served/api.test.ts.
 */
export const SERVED_MIN_FILL_MS = 400;

export interface ServedSiteInfo {
  origin: string;
  port: number;
  /** The site's EmailJS stand-in (GET /__standin/received lists what it got). */
  standInOrigin: string;
  /** The site's WhatsApp stand-in (GET /__standin/received; POST /__standin/status and /__standin/inbound play Meta's webhook). */
  whatsappOrigin: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    servedSite: ServedSiteInfo;
  }
}

export default async function setup(project: TestProject) {
  const store = await freshBlobsDir();
  const site = await startServedSite({
    LOCAL_BLOBS_DIR: store.dir,
    LEADS_EXPORT_TOKEN: SERVED_OWNER_KEY,
    LEADS_CHALLENGE_SECRET: SERVED_CHALLENGE_SECRET,
    LEADS_MIN_FILL_MS: String(SERVED_MIN_FILL_MS),
    // Many tests send as the same sample person; tests/functions/spam-defences.test.ts proves the real limit.
    LEADS_CONTACT_DAILY_LIMIT: '100000',
    // Tests send more leads an hour than the team's e-mail budget; tests/functions/notify.test.ts proves it.
    LEADS_TEAM_EMAIL_HOURLY_CAP: '100000',
  });
  project.provide('servedSite', {
    origin: site.origin,
    port: site.port,
    standInOrigin: site.standInOrigin,
    whatsappOrigin: site.whatsappOrigin,
  });
  return async () => {
    await site.stop();
    await store.remove();
  };
}
