/**
 * axe (WCAG 2.2 AA) over every route, /Thankyou and the 404 page, as a visitor sees them once
 * every island has hydrated. Routes are checked in batches, one browser page per batch, so the
 * suite does not pay for a new page per route; a failure still names each route and rule.
 */
import { expect, test } from '@playwright/test';
import { ROUTES } from './routes';
import { axeViolations } from '../support/axe';
import { islandsHydrated } from '../support/islands';

const PATHS = [
  ...ROUTES.map((route) => route.path),
  '/no-such-page',
  '/Thankyou',
  '/Privacyrequest',
  '/ta/Privacyrequest',
  '/Privacyrequestsent',
];
const BATCH = 6;

for (let start = 0; start < PATHS.length; start += BATCH) {
  const batch = PATHS.slice(start, start + BATCH);
  test(`no WCAG 2.2 AA violation on ${batch.join(', ')}`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const violations: string[] = [];
    for (const path of batch) {
      await page.goto(path);
      // Every island hydrated (a page may have none), and the scroll-to-top script started.
      await page.locator('[data-to-top][data-ready]').waitFor({ state: 'attached' });
      await islandsHydrated(page);
      violations.push(...(await axeViolations(page, `${path} `)));
    }
    expect(violations).toEqual([]);
  });
}
