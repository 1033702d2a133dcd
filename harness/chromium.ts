/**
 * Which Chromium the e2e tests and the Lighthouse benchmark use: CHROMIUM_PATH, else Debian's
 * /usr/bin/chromium, else the browser that `npx playwright install chromium` put in Playwright's
 * cache (GitHub's ubuntu runners have no chromium deb). Undefined when none is there.
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Playwright's own Chromium, when it has been installed. */
export const playwrightChromium = (): string | undefined => {
  try {
    const path = chromium.executablePath();
    return existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
};

export const findChromium = (): string | undefined => {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  return playwrightChromium();
};
