/**
 * Where a visit came from, in the browser: the attribution the page script records, and a page that runs
 * with sessionStorage blocked. Erasure, paging and the sweep as the server answers them are in
 * tests/served/team-api.test.ts.
 */
import { expect, test } from '@playwright/test';

test('the first page of a visit records where it came from; later pages keep it', async ({ page }) => {
  await page.goto('/Aboutpage?utm_source=newsletter&utm_medium=email&utm_campaign=nov-loans&gclid=abc123');
  await page.locator('footer').getByRole('link', { name: 'Contact us' }).click();
  await page.waitForURL(/Contactus/);
  await page.goto('/?utm_source=other');
  const stored = await page.evaluate(() => sessionStorage.getItem('aranya:attribution'));
  expect(JSON.parse(stored ?? 'null')).toEqual({
    landingPath: '/Aboutpage',
    utm_source: 'newsletter',
    utm_medium: 'email',
    utm_campaign: 'nov-loans',
    gclid: 'abc123',
  });
});

test('with sessionStorage blocked the page runs without errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    Object.defineProperty(window, 'sessionStorage', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  await page.goto('/?utm_source=blocked');
  // The page's scripts ran after the attribution script: the carousel and scroll-to-top started.
  await page.locator('.carousel[data-ready]').waitFor({ state: 'attached' });
  await page.locator('[data-to-top][data-ready]').waitFor({ state: 'attached' });
  expect(errors).toEqual([]);
});
