import { expect, test } from '@playwright/test';
import { ROUTES } from './routes';
import { expectNoAxeViolations } from '../support/axe';

for (const { path } of [...ROUTES, { path: '/no-such-page' }, { path: '/Thankyou' }]) {
  test(`${path} has no WCAG 2.2 AA violation`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(path);
    // Every island hydrated (a page may have none), and the scroll-to-top script started.
    await page.locator('[data-to-top][data-ready]').waitFor({ state: 'attached' });
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}
