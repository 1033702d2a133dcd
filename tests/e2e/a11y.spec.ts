import { test } from '@playwright/test';
import { ROUTES } from './routes';
import { expectNoAxeViolations } from './support/axe';

for (const { path } of [...ROUTES, { path: '/no-such-page' }, { path: '/Thankyou' }]) {
  test(`${path} has no WCAG 2.2 AA violation`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(path);
    await page.locator('astro-island:not([ssr])').first().waitFor({ state: 'attached' });
    await expectNoAxeViolations(page);
  });
}
