/**
 * Which Chromium the e2e tests and the Lighthouse benchmark use: CHROMIUM_PATH, else Debian's
 * headless shell (/usr/bin/chromium-headless-shell, package chromium-headless-shell: the same
 * engine without the browser's window code, about 40 % less CPU per test on this machine), else
 * Debian's /usr/bin/chromium, else the browser that `npx playwright install chromium` put in
 * Playwright's cache (GitHub's ubuntu runners have no chromium deb). Undefined when none is there.
 * Lighthouse asks for the whole browser (`findChromium({ headlessShell: false })`).
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
export const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** Playwright's own Chromium, when it has been installed. */
export const playwrightChromium = (): string | undefined => {
  try {
    const path = chromium.executablePath();
    return existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
};

export const findChromium = ({ headlessShell = true } = {}): string | undefined => {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (headlessShell && existsSync(DEBIAN_HEADLESS_SHELL)) return DEBIAN_HEADLESS_SHELL;
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  return playwrightChromium();
};

/**
 * Which build of Chromium a path is: Debian's package, Playwright's own download, or another one
 * (CHROMIUM_PATH pointing elsewhere). Builds draw text and pictures differently, each with the
 * fonts of its own machine image, so the screenshot baselines are kept per build.
 */
export type ChromiumBuild = 'debian-headless-shell' | 'debian-chromium' | 'playwright-chromium' | 'other-chromium';

export const chromiumBuild = (path = findChromium()): ChromiumBuild => {
  if (path === DEBIAN_HEADLESS_SHELL) return 'debian-headless-shell';
  if (path === DEBIAN_CHROMIUM) return 'debian-chromium';
  if (path !== undefined && path === playwrightChromium()) return 'playwright-chromium';
  return 'other-chromium';
};

/**
 * A headless shell for counting a page's work frame by frame (`npm run check:budget`, scripts/lib/page-work.ts):
 * only it takes `--deterministic-mode` and draws frames only when asked (HeadlessExperimental.beginFrame).
 * CHROMIUM_HEADLESS_SHELL, else Debian's, else undefined: Playwright then launches its own headless
 * shell, which `npx playwright install chromium` puts beside its Chromium (the GitHub workflow's).
 */
export const findHeadlessShell = (): string | undefined => {
  if (process.env.CHROMIUM_HEADLESS_SHELL) return process.env.CHROMIUM_HEADLESS_SHELL;
  if (existsSync(DEBIAN_HEADLESS_SHELL)) return DEBIAN_HEADLESS_SHELL;
  return undefined;
};
