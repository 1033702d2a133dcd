import { expect, test } from '@playwright/test';
import { ROUTES } from './routes';

test('every internal link on every page resolves', async ({ page, request }) => {
  test.setTimeout(120_000);
  const targets = new Map<string, string>(); // href -> first page that links to it
  for (const { path } of [...ROUTES, { path: '/no-such-page' }]) {
    await page.goto(path);
    const hrefs = await page.locator('a[href]:not([href^="#"])').evaluateAll((els) => els.map((e) => (e as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== new URL(page.url()).origin) continue;
      const key = url.pathname;
      if (!targets.has(key)) targets.set(key, path);
    }
  }
  expect(targets.size).toBeGreaterThan(30);
  const broken: string[] = [];
  for (const [target, from] of targets) {
    const response = await request.get(target);
    if (response.status() !== 200) broken.push(`${target} (linked from ${from}): ${response.status()}`);
  }
  expect(broken).toEqual([]);
});

test('every image on every page loads and has alt text', async ({ page }) => {
  test.setTimeout(120_000);
  for (const { path } of ROUTES) {
    await page.goto(path);
    const images = await page
      .locator('img')
      .evaluateAll((els) => (els as HTMLImageElement[]).map((img) => ({ src: img.currentSrc || img.src, alt: img.getAttribute('alt') })));
    for (const img of images) {
      expect(img.alt, `${path}: ${img.src} has an alt attribute`).not.toBeNull();
      const response = await page.request.get(img.src);
      expect(response.status(), `${path}: ${img.src}`).toBe(200);
    }
  }
});
