import { expect, test } from '@playwright/test';

const button = (page: import('@playwright/test').Page) => page.getByRole('button', { name: 'Back to top' });

test('scroll-to-top appears from 20 px and scrolls smoothly back to the top', async ({ page }) => {
  await page.goto('/Privacy');
  await page.locator('[data-to-top][data-ready]').waitFor({ state: 'attached' });
  await expect(button(page)).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 19));
  await expect(button(page)).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 20));
  await expect(button(page)).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 2000));
  await button(page).click();
  // Smooth: right after the click the page is on its way, not there yet.
  const justAfter = await page.evaluate(() => window.scrollY);
  expect(justAfter).toBeGreaterThan(0);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button(page)).toBeHidden();
});

test('under reduced motion it returns to the top at once', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/Privacy');
  await page.locator('[data-to-top][data-ready]').waitFor({ state: 'attached' });
  await page.evaluate(() => window.scrollTo(0, 2000));
  await button(page).click();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
