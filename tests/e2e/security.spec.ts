/**
 * Security under the CSP as browsers enforce it: an injected script is blocked, one form submits,
 * and the headers of a page, an asset and an API answer. That every template loads with no CSP
 * violation and no console error is in templates.spec.ts; the policy each page declares, and where,
 * in tests/dist/security.test.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { FORM_PAGES, fill, humanPause, submitButton, shownReference, leadsWithReference, withChallenge } from '../support/form-filling';
import { validFinance } from '../../harness/sample-enquiries.ts';
import { FORM_TEXT } from '../support/words.ts';
import { islandsHydrated } from '../support/islands';
import { watchProblems } from '../support/page-problems';

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

const SITE_HEADERS = {
  'strict-transport-security': /^max-age=\d{8,}/,
  'x-content-type-options': /^nosniff$/,
  'referrer-policy': /^strict-origin-when-cross-origin$/,
  'permissions-policy': /camera=\(\)/,
  'content-security-policy': /frame-ancestors 'none'/,
};

test('a page carries the security headers and is revalidated', async ({ request }) => {
  const answer = await request.get('/Flats');
  const headers = answer.headers();
  for (const [name, value] of Object.entries(SITE_HEADERS)) expect(headers[name], name).toMatch(value);
  expect(headers['cache-control']).toMatch(/max-age=0, must-revalidate/);
  expect(headers['content-encoding']).toMatch(/^(br|gzip)$/);
});

test('a built asset carries the security headers and is cached for a year, immutable', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const asset = /\/_astro\/[\w.-]+\.(?:css|js)/.exec(html)?.[0];
  expect(asset).toBeTruthy();
  const headers = (await request.get(asset as string)).headers();
  for (const [name, value] of Object.entries(SITE_HEADERS)) expect(headers[name], name).toMatch(value);
  expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
});

test("a Tamil page's font (its name carries a hash of its bytes too) is cached for a year, immutable", async ({ request }) => {
  const html = await (await request.get('/ta/Flats')).text();
  const font = /<link rel="preload" href="(\/fonts\/[\w.-]+\.woff2)"/.exec(html)?.[1];
  expect(font).toBeTruthy();
  const answer = await request.get(font as string);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toMatch(/font\/woff2/);
  expect(answer.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
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

test('an API answer sets its own headers: nosniff, no-store and a restrictive CSP', async ({ request }) => {
  for (const answer of [
    await request.post('/api/finance', { data: withChallenge('finance', validFinance()) }),
    await request.post('/api/finance', { data: { Planning: 'Mutual Funds' } }),
    await request.get('/api/finance'),
  ]) {
    const headers = answer.headers();
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cache-control']).toBe('no-store');
    expect(headers['content-security-policy']).toMatch(/^default-src 'none';.*frame-ancestors 'none'/);
  }
});
