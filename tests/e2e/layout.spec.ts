/**
 * The navigation by keyboard, on a phone and on a desktop. That no template scrolls sideways at
 * 360 px, with the phone menu open or not, is in templates.spec.ts.
 */
import { expect, test } from '@playwright/test';

test.describe('at 360 px wide', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the phone menu opens, reaches a loan page by keyboard, and closes with Escape', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeHidden();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(nav).toBeVisible();
    await page.keyboard.press('Tab'); // Divisions
    await page.keyboard.press('Tab'); // Real Estate
    await page.keyboard.press('Tab'); // Loans
    await expect(page.locator(':focus')).toHaveText('Loans');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveText('Vehicle Loan');
    await page.keyboard.press('Escape');
    await expect(page.locator(':focus')).toHaveText('Loans');
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
  });
});

test('on a desktop the navigation reaches every route family by keyboard', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveText('Skip to content');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByText('Real Estate').focus();
  await page.keyboard.press('Enter');
  await expect(nav.getByRole('link', { name: 'Sell property' })).toBeVisible();
  // The language switcher inside it (for the phone menu) leads to this page in other languages, not to a route family.
  const hrefs = await nav.locator('a:not([hreflang])').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
  // 4 divisions + 2 landings + 10 property pages + 8 loans + 4 plans + About + Contact.
  expect(new Set(hrefs).size).toBe(30);
  await nav.getByRole('link', { name: 'Sell property' }).press('Enter');
  await expect(page).toHaveURL(/\/Sell$/);
});
