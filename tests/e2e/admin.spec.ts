/**
 * /admin (Decap CMS) as the built site serves it. Editing itself is tested against `npm run cms`
 * in tests/cms/.
 */
import { expect, test } from '@playwright/test';
import { adminMetaCsp } from '../../src/lib/cms/csp';
import { ROUTES } from './routes';
import { islandsHydrated } from '../support/islands';

test('/admin is not for search engines: noindex, out of the sitemap, linked from no page', async ({ request }) => {
  const admin = await (await request.get('/admin')).text();
  expect(admin).toContain('<meta name="robots" content="noindex, nofollow">');

  const index = await (await request.get('/sitemap-index.xml')).text();
  const sitemaps = [...index.matchAll(/<loc>[^<]*?(\/sitemap-\d+\.xml)<\/loc>/g)].map((m) => m[1]!);
  expect(sitemaps.length).toBeGreaterThan(0);
  const urls = (await Promise.all(sitemaps.map(async (s) => (await request.get(s)).text()))).join('');
  expect(urls).toContain('/Aboutpage</loc>');
  expect(urls).not.toMatch(/\/admin<\/loc>/);

  for (const { path } of [...ROUTES, { path: '/Thankyou' }, { path: '/no-such-page' }]) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toMatch(/href="[^"]*\/admin\b/);
  }
});

test("/admin carries its config as data and loads one script of our own: script-src 'self' covers the page", async ({ request }) => {
  const html = await (await request.get('/admin')).text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attrs, body]) => ({ attrs: attrs!, body: body! }));
  expect(scripts).toHaveLength(2);
  const [data, code] = scripts;
  expect(data!.attrs).toContain('type="application/json"');
  expect(code!.attrs).toMatch(/type="module" src="\/_astro\/cms-admin\.[\w-]+\.js"/);
  expect(code!.body).toBe('');

  const config = JSON.parse(data!.body);
  expect(config.backend).toMatchObject({ name: 'github', base_url: 'https://api.netlify.com', auth_endpoint: 'auth' });
  expect(config.publish_mode).toBe('editorial_workflow');
  // The built site never looks for a local decap-server.
  expect(config).not.toHaveProperty('local_backend');
});

test("/admin carries its own CSP, not the site's: the one written down in src/lib/cms/csp.ts", async ({ request }) => {
  const admin = await (await request.get('/admin')).text();
  const policies = [...admin.matchAll(/<meta http-equiv="content-security-policy" content="([^"]*)"/g)].map((m) => m[1]);
  expect(policies).toEqual([adminMetaCsp()]);
  // Every other page keeps the site's policy: no eval, no inline styles or scripts.
  const home = await (await request.get('/')).text();
  const site = /<meta http-equiv="content-security-policy" content="([^"]*)"/.exec(home)![1]!;
  expect(site).not.toMatch(/unsafe-eval|unsafe-inline/);
});

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
  const entry = admin.match(/src="(\/_astro\/cms-admin\.[\w-]+\.js)"/)![1]!;
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
