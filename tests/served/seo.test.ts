/**
 * The files search engines and browsers ask for, as the server sends them: robots.txt, the sitemap,
 * the manifest and its icons, the icons a page names and the social card's image (a PNG). What the
 * pages declare (titles, canonical, hreflang, JSON-LD, cards, how pictures load) is read from every
 * built page in tests/dist/seo.test.ts.
 */
import { expect, it } from 'vitest';
import { request } from '../support/served.ts';

const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1] ?? '';

it('robots.txt, the sitemap, the manifest and its icons are served', async () => {
  const robots = await request('/robots.txt');
  expect(robots.status).toBe(200);
  const sitemap = new URL(attribute(await robots.text(), /^Sitemap: (\S+)$/m)).pathname;
  expect(sitemap).toBe('/sitemap-index.xml');
  expect((await request(sitemap)).status).toBe(200);
  expect((await request('/sitemap-0.xml')).status).toBe(200);
  const manifest = await request('/manifest.webmanifest');
  expect(manifest.status).toBe(200);
  const { icons } = (await manifest.json()) as { icons: { src: string }[] };
  expect(icons.length).toBeGreaterThan(0);
  for (const icon of icons) expect((await request(icon.src)).status, icon.src).toBe(200);
});

it("the icons a page names and its social card's image are served, the image as a PNG", async () => {
  for (const path of ['/', '/Flats', '/ta/Vehicleloan']) {
    const html = await (await request(path)).text();
    for (const rel of ['icon', 'apple-touch-icon', 'manifest']) {
      const href = attribute(html, new RegExp(`<link rel="${rel}" href="([^"]*)"`));
      expect(href, `${path}: ${rel}`).not.toBe('');
      expect((await request(href)).status, `${path}: ${rel} ${href}`).toBe(200);
    }
    const image = await request(new URL(attribute(html, /<meta property="og:image" content="([^"]*)"/)).pathname);
    expect(image.status, path).toBe(200);
    expect(image.headers.get('content-type'), path).toBe('image/png');
  }
});
