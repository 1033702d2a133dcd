/**
 * The files search engines and browsers ask for, as the server sends them: robots.txt, the sitemap,
 * the manifest and its icons, the icons a page names and the social card's image (a PNG). What the
 * pages declare (titles, canonical, hreflang, JSON-LD, cards, how pictures load) is read from every
 * built page in tests/dist/seo.test.ts.
 */
import { expect, test } from '@playwright/test';

const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1] ?? '';

test('robots.txt, the sitemap, the manifest and its icons are served', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const sitemap = new URL(attribute(await robots.text(), /^Sitemap: (\S+)$/m)).pathname;
  expect(sitemap).toBe('/sitemap-index.xml');
  const index = await request.get(sitemap);
  expect(index.status()).toBe(200);
  expect((await request.get('/sitemap-0.xml')).status()).toBe(200);
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  for (const icon of (await manifest.json()).icons as { src: string }[]) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
});

test("the icons a page names and its social card's image are served, the image as a PNG", async ({ request }) => {
  for (const path of ['/', '/Flats', '/ta/Vehicleloan']) {
    const html = await (await request.get(path)).text();
    for (const rel of ['icon', 'apple-touch-icon', 'manifest']) {
      const href = attribute(html, new RegExp(`<link rel="${rel}" href="([^"]*)"`));
      expect((await request.get(href)).status(), `${path}: ${rel} ${href}`).toBe(200);
    }
    const image = await request.get(new URL(attribute(html, /<meta property="og:image" content="([^"]*)"/)).pathname);
    expect(image.status(), path).toBe(200);
    expect(image.headers()['content-type'], path).toBe('image/png');
  }
});
