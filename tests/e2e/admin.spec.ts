/**
 * /admin (Decap CMS) in the browser, as the built site serves it. What its HTML holds (noindex, its
 * own CSP, its config as data, linked from no page) is in tests/dist/team-pages.test.ts; editing
 * itself is tested against `npm run cms` in tests/cms/.
 */
import { expect, test } from '@playwright/test';
import { islandsHydrated } from '../support/islands.ts';

test('Decap starts under the CSP the served /admin carries, with no violation, and offers GitHub sign-in', async ({ page }) => {
  test.setTimeout(120_000);
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportCspViolation(v: string): void }).reportCspViolation(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/admin');
  await expect(page.getByRole('button', { name: 'Login with GitHub' })).toBeVisible({ timeout: 90_000 });
  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
  await expect(page.getByText(/Error loading the CMS configuration/i)).toHaveCount(0);
});

test("no other page loads any of /admin's JavaScript", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const admin = await (await request.get('/admin')).text();
  const entry = admin.match(/src="(\/_astro\/cms-admin\.[\w-]+\.js)"/)![1];
  /** Every script file any of these pages asked for: some must be there, or the test proves nothing. */
  const seen: string[] = [];
  for (const path of ['/', '/Vehicleloan', '/Sellflats', '/Contactus', '/Aboutpage']) {
    // A fresh context each time, so no script comes from the cache unseen.
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(path);
    // Every island hydrated and the plain scripts started (at once or when the browser is idle): every script was asked for.
    await islandsHydrated(page, 60_000);
    await page.locator('[data-to-top][data-ready]').waitFor({ state: 'attached' });
    seen.push(...scripts);
    expect(
      scripts.filter((s) => s === entry || s.startsWith('/_astro/cms-')),
      path,
    ).toEqual([]);
    await context.close();
  }
  // The home page's carousel and the forms' islands are files; a page with neither (/Aboutpage) fetches none.
  expect(seen.length).toBeGreaterThan(0);
});
