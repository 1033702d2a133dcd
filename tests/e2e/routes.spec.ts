/**
 * The routes as the server answers them: every built page at its address, case-sensitive paths,
 * the old contact address's redirect, the 404 and thank-you pages, and what the home, contact,
 * privacy and enquiry pages show. Every page's heading, navigation and footer, and the landings'
 * cards, are read from the build in tests/dist/pages.test.ts.
 */
import { expect, test } from '@playwright/test';

test('/Contactpage redirects permanently to /Contactus', async ({ request, page }) => {
  const response = await request.get('/Contactpage', { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers()['location']).toMatch(/\/Contactus$/);
  await page.goto('/Contactpage');
  expect(new URL(page.url()).pathname).toBe('/Contactus');
  await expect(page.locator('h1')).toHaveText('Contact Us');
});

test('an unknown path gets the branded 404 page with the navigation', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.locator('h1')).toHaveText('Page not found');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
});

test('/Thankyou: the thank-you text, links back, not indexed and not in the sitemap', async ({ page, request }) => {
  await page.goto('/Thankyou');
  await expect(page.locator('h1')).toHaveText('Thank You for Submitting Query!');
  await expect(page.locator('main')).toContainText('We will contact you shortly');
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).toContain('/Flats</loc>');
  expect(sitemap).not.toContain('Thankyou');
});

test('the home page shows its sections', async ({ page }) => {
  await page.goto('/');
  const cards = page.locator('.division-card');
  await expect(cards).toHaveCount(4);
  expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('href')))).toEqual([
    '/Aranya_Realty',
    '/Aranya_Consulting',
    '/Immigration_International_Services',
    '/Training_Growth',
  ]);
  await expect(page.getByRole('heading', { name: 'Our services' })).toBeVisible();
  await expect(page.locator('#training-heading ~ ul > li')).toHaveCount(4);
  const roles = await page.locator('.person__role').allTextContents();
  expect(roles).toEqual([
    'Founder and Principal Consultant',
    'Director of Client Relations and Business Development',
    'Head of Operations',
    'Director of Marketing and Communications',
    'Finance and Compliance Lead',
    'People and Culture Lead',
  ]);
  await expect(page.locator('.review')).toHaveCount(3);
  await expect(page.getByRole('link', { name: /Call now/ })).toHaveAttribute('href', 'tel:+919000000000');
});

test('the contact page shows the office block', async ({ page }) => {
  await page.goto('/Contactus');
  const main = page.locator('main');
  await expect(main).toContainText('Hosur');
  for (const address of [
    'realestate@example.com',
    'loans@example.com',
    'planning@example.com',
    'immigration@example.com',
    'careers@example.com',
    'marketing@example.com',
  ]) {
    await expect(main.locator(`a[href="mailto:${address}"]`)).toBeVisible();
  }
  await expect(main.locator('a[href="tel:+919000000000"]').first()).toBeVisible();
  await expect(main.locator('a[href="https://wa.me/919000000000"]').first()).toBeVisible();
});

test('the privacy page covers every clause and links home and to the contact page', async ({ page }) => {
  await page.goto('/Privacy');
  const main = page.locator('main');
  for (const words of [/18/, /100 USD|USD 100|US\$ ?100/, /30 days/, /Tamil Nadu/, /without (prior )?notice/i, /as is/i]) {
    await expect(main).toContainText(words);
  }
  await expect(main.locator('a[href="/Contactus"]').first()).toBeVisible();
  await expect(main.locator('a[href="/"]').first()).toBeVisible();
  await expect(main.locator('a[href="/Contactpage"]')).toHaveCount(0);
});

test('enquiry pages: the form says what the visitor gets, under the original "Fill Form", with call and WhatsApp links below', async ({
  page,
}) => {
  for (const path of ['/Flats', '/Vehicleloan', '/Mutualfunds']) {
    await page.goto(path);
    const panel = page.locator('#enquiry');
    await expect(panel.getByRole('heading', { name: 'Get a call back' })).toBeVisible();
    await expect(panel.getByText('Fill Form', { exact: true })).toBeVisible();
    await expect(panel.locator('a[href="tel:+919000000000"]')).toBeVisible();
    await expect(panel.locator('a[href="https://wa.me/919000000000"]')).toBeVisible();
  }
});
