/**
 * Security under the CSP as browsers enforce it: an injected script is blocked, one form submits,
 * and an SVG opened on its own is a sandboxed picture. That every template loads with no CSP
 * violation and no console error is in templates.spec.ts; the policy each page declares, and where,
 * in tests/dist/security.test.ts; the headers the server sends, in tests/served/headers.test.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { FORM_PAGES, fill, humanPause, submitButton, shownReference, leadsWithReference } from '../support/form-filling.ts';
import { FORM_TEXT } from '../support/words.ts';
import { islandsHydrated } from '../support/islands.ts';
import { watchProblems } from '../support/page-problems.ts';

/** Every island on the page hydrated, and the scroll-to-top script started. */
const settled = async (page: Page) => {
  await islandsHydrated(page, 15_000);
  await page.locator('[data-to-top][data-ready]').waitFor({ state: 'attached' });
};

test('the CSP is enforced: an injected inline script is blocked and reported', async ({ page }) => {
  const watched = await watchProblems(page);
  await page.goto('/Privacy');
  await settled(page);
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.append(script);
  });
  await expect.poll(watched.violations).toContainEqual(expect.stringMatching(/^script-src/));
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
});

test('a form submits under the CSP: stored, thank-you shown, nothing blocked', async ({ page, request }) => {
  const form = FORM_PAGES.find((f) => f.path === '/Mutualfunds');
  if (!form) throw new Error('no /Mutualfunds form');
  const watched = await watchProblems(page);
  await page.goto(form.path);
  await settled(page);
  await fill(page, form.steps);
  await humanPause(page);
  await submitButton(page, form.kind).click();
  await expect(page.getByRole('heading', { name: FORM_TEXT.success.title })).toBeVisible();
  expect(await leadsWithReference(request, form.kind, await shownReference(page))).toHaveLength(1);
  expect(await watched.violations()).toEqual([]);
  expect(watched.errors).toEqual([]);
});

test('an SVG opened on its own is a sandboxed picture: no script, no requests, still drawn', async ({ page, request }) => {
  const html = await (await request.get('/Vehicleloan')).text();
  const svg = /\/_astro\/[\w.-]+\.svg/.exec(html)?.[0];
  expect(svg).toBeTruthy();
  for (const path of [svg as string, '/favicon.svg']) {
    const policy = (await request.get(path)).headers()['content-security-policy'] ?? '';
    expect(policy, path).toMatch(/(^|, )sandbox; default-src 'none'/);
    expect(policy, path).toContain("frame-ancestors 'none'");
  }
  // Opened directly, Chromium applies the sandbox: the document gets an opaque origin, so
  // nothing in it could read the site's storage, and the picture still renders.
  await page.goto(svg as string);
  expect(await page.evaluate(() => window.origin)).toBe('null');
  const box = await page.locator('svg').first().boundingBox();
  expect(box?.width).toBeGreaterThan(10);
});
