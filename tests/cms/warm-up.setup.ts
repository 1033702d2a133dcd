/**
 * A freshly started `astro dev` finishes bundling Decap's dependencies on the first visit to /admin
 * and then reloads the page. Make that first visit here, before the tests, so no test is reloaded
 * halfway through an edit.
 */
import { test as setup, expect } from '@playwright/test';

setup('first visit to /admin: Decap is bundled and loaded', async ({ page }) => {
  setup.setTimeout(300_000);
  let loads = 0;
  page.on('load', () => loads++);
  await page.goto('/admin');
  const ready = page.getByRole('button', { name: 'Login', exact: true }).or(page.getByTestId('identity'));
  await expect(ready).toBeVisible({ timeout: 240_000 });
  // Any reload the optimiser asks for comes within a few seconds of the page connecting to the dev server.
  await expect
    .poll(
      async () => {
        const before = loads;
        await page.waitForTimeout(5_000);
        return loads === before && (await ready.isVisible());
      },
      { timeout: 120_000, intervals: [0] },
    )
    .toBe(true);
});
