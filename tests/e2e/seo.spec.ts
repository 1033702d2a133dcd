/**
 * SEO of the served pages: unique titles and descriptions; canonical, og:url, the sitemap and
 * every internal link agree on each page's real address (no .html); JSON-LD parses; robots.txt,
 * the manifest, social cards and noindex pages.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ROUTES } from './routes';
import { LOCALES } from '../../src/i18n/locales';
import { localizePath } from '../../src/lib/routing';

/** The original site's routes and the pages added since (the privacy request form). */
const INDEXED = [...ROUTES.map((r) => r.path), '/Privacyrequest'];
const NOINDEX = ['/Thankyou', '/Privacyrequestsent', '/no-such-page'];
const DIVISIONS = ['/Aranya_Realty', '/Aranya_Consulting', '/Immigration_International_Services', '/Training_Growth'];
const ENQUIRY = ROUTES.map((r) => r.path).filter((p) =>
  /loan|credit|^\/(Flats|Plots|Commercial|Agricultural|Individual|Sell\w+|Mutualfunds|PMS|AIF|Financialplan)$/.test(p),
);

/** A JSON-LD node, as far as these tests read it. */
interface LdNode {
  '@type'?: string;
  name?: string;
  sameAs?: string[];
  itemListElement?: { position: number; item: string; name: string }[];
  [key: string]: unknown;
}

interface Head {
  html: string;
  title: string;
  description: string;
  canonical?: string;
  ogUrl?: string;
  robots?: string;
  jsonLd: LdNode[];
  links: string[];
}

const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"');

const headOf = async (request: APIRequestContext, path: string): Promise<Head> => {
  const html = await (await request.get(path)).text();
  return {
    html,
    title: decode(attr(html, /<title>([^<]*)<\/title>/) ?? ''),
    description: decode(attr(html, /<meta name="description" content="([^"]*)"/) ?? ''),
    canonical: attr(html, /<link rel="canonical" href="([^"]*)"/),
    ogUrl: attr(html, /<meta property="og:url" content="([^"]*)"/),
    robots: attr(html, /<meta name="robots" content="([^"]*)"/),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((m) => {
      const data = JSON.parse(m[1]) as LdNode | LdNode[];
      return Array.isArray(data) ? data : [data];
    }),
    links: [...html.matchAll(/<a\b[^>]*\shref="([^"]*)"/g)].map((m) => m[1]),
  };
};

const sitemapLocs = async (request: APIRequestContext) => {
  const index = await (await request.get('/sitemap-index.xml')).text();
  const locs: string[] = [];
  for (const sitemap of [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname)) {
    const xml = await (await request.get(sitemap)).text();
    locs.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
  }
  return locs;
};

test('titles and descriptions are unique, from content, within search-result lengths', async ({ request }) => {
  const heads = await Promise.all([...INDEXED, ...NOINDEX].map((path) => headOf(request, path)));
  const titles = heads.map((h) => h.title);
  const descriptions = heads.map((h) => h.description);
  expect(new Set(titles).size).toBe(titles.length);
  expect(new Set(descriptions).size).toBe(descriptions.length);
  for (const [i, head] of heads.entries()) {
    expect(head.title.length, titles[i]).toBeGreaterThan(10);
    expect(head.title.length, titles[i]).toBeLessThanOrEqual(70);
    expect(head.description.length, titles[i]).toBeGreaterThan(50);
  }
});

test('canonical, og:url, the sitemap and every internal link agree on each real address, in every language', async ({ request }) => {
  const everyLanguage = (paths: string[]) => LOCALES.flatMap((locale) => paths.map((path) => localizePath(path, locale)));
  const indexed = everyLanguage(INDEXED);
  const locs = await sitemapLocs(request);
  const origin = new URL(locs[0]).origin;
  expect(locs.map((loc) => new URL(loc).pathname).sort()).toEqual([...indexed].sort());
  for (const loc of locs) expect(new URL(loc).origin).toBe(origin);

  const known = new Set(indexed.concat(everyLanguage(['/Thankyou', '/Privacyrequestsent'])));
  test.setTimeout(120_000); // 128 pages, read 8 at a time
  const heads = new Map<string, Head>();
  for (let i = 0; i < indexed.length; i += 8) {
    const batch = indexed.slice(i, i + 8);
    for (const [j, head] of (await Promise.all(batch.map((path) => headOf(request, path)))).entries()) heads.set(batch[j], head);
  }
  for (const path of indexed) {
    const head = heads.get(path) as Head;
    const expected = `${origin}${path}`;
    expect(head.canonical, path).toBe(expected);
    expect(head.ogUrl, path).toBe(expected);
    for (const href of head.links) {
      if (!href.startsWith('/') || href.startsWith('//')) continue;
      const target = new URL(href, origin).pathname;
      expect(known.has(target), `${path} links to ${href}, which is not a page's real address`).toBe(true);
    }
  }
});

test('the thank-you and 404 pages are noindex, have no canonical and are not in the sitemap', async ({ request }) => {
  const locs = (await sitemapLocs(request)).map((loc) => new URL(loc).pathname);
  for (const path of NOINDEX) {
    const head = await headOf(request, path);
    expect(head.robots, path).toBe('noindex');
    expect(head.canonical, path).toBeUndefined();
    expect(locs).not.toContain(path === '/no-such-page' ? '/404' : path);
  }
  expect(locs).not.toContain('/404');
});

test('JSON-LD parses: Organization and LocalBusiness on home and contact', async ({ request }) => {
  for (const path of ['/', '/Contactus']) {
    const items = (await headOf(request, path)).jsonLd;
    const organization = items.find((i) => i['@type'] === 'Organization');
    const business = items.find((i) => i['@type'] === 'LocalBusiness');
    expect(organization, path).toBeTruthy();
    expect(business, path).toMatchObject({
      name: 'Aranya Group',
      telephone: '+91 90000 00000',
      address: { '@type': 'PostalAddress', addressLocality: 'Hosur', addressRegion: 'Tamil Nadu', addressCountry: 'IN' },
    });
    expect(business?.sameAs?.length).toBeGreaterThan(0);
    for (const url of business?.sameAs ?? []) expect(url).toMatch(/^https:\/\//);
  }
});

test('JSON-LD parses: a BreadcrumbList on division and enquiry pages, ending at the page', async ({ request }) => {
  for (const path of [...DIVISIONS, ...ENQUIRY]) {
    const head = await headOf(request, path);
    const crumbs = head.jsonLd.find((i) => i['@type'] === 'BreadcrumbList');
    expect(crumbs, path).toBeTruthy();
    const items = crumbs?.itemListElement ?? [];
    expect(items[0].item).toBe(new URL('/', head.canonical).href);
    expect(items.at(-1)?.item).toBe(head.canonical);
    expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i + 1));
  }
  expect(DIVISIONS.length + ENQUIRY.length).toBe(4 + 22);
});

test('Open Graph and Twitter cards with an image that loads; lang on <html>', async ({ request }) => {
  for (const path of ['/', '/Flats', '/Aranya_Realty', '/Privacy']) {
    const { html } = await headOf(request, path);
    expect(html).toMatch(/<html lang="en-IN">/);
    const image = attr(html, /<meta property="og:image" content="([^"]*)"/) ?? '';
    expect(attr(html, /<meta name="twitter:card" content="([^"]*)"/)).toBe('summary_large_image');
    expect(attr(html, /<meta name="twitter:image" content="([^"]*)"/)).toBe(image);
    const served = await request.get(new URL(image).pathname);
    expect(served.status(), image).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
  }
});

test('robots.txt names the sitemap; the manifest and its icons load', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap-index\.xml$/m);
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'Aranya Group', start_url: '/' });
  const sizes = manifest.icons.map((i: { sizes: string }) => i.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
  const home = (await headOf(request, '/')).html;
  for (const rel of ['icon', 'apple-touch-icon', 'manifest']) {
    const href = attr(home, new RegExp(`<link rel="${rel}" href="([^"]*)"`)) ?? '';
    expect((await request.get(href)).status(), rel).toBe(200);
  }
});

test('images: a photo comes out as WebP with a srcset and its size; the picture at the top of a page is eager and high priority', async ({
  request,
}) => {
  // The About page's header picture is a photo (src/assets/pages/about-hills.jpg), its LCP element.
  const about = (await headOf(request, '/Aboutpage')).html;
  const photo = /<img [^>]*about-hills[^>]*>/.exec(about)?.[0] ?? '';
  expect(photo).toMatch(/ src="\/_astro\/about-hills\.[\w-]+\.(webp|avif)"/);
  expect(photo).toMatch(/ srcset="[^"]*\.(webp|avif) \d+w, [^"]*\.(webp|avif) \d+w/);
  expect(photo).toMatch(/ width="\d+"/);
  expect(photo).toMatch(/ height="\d+"/);
  expect(photo).toMatch(/ loading="eager"/);
  expect(photo).toMatch(/ fetchpriority="high"/i);
  const home = (await headOf(request, '/')).html;
  const hero = /<img [^>]*>/.exec(home.slice(home.indexOf('class="carousel__slide"')))?.[0] ?? '';
  expect(hero).toMatch(/ loading="eager"/);
  expect(hero).toMatch(/ fetchpriority="high"/i);
  expect(hero).toMatch(/ width="\d+" height="\d+"/);
});

test('images: every picture below the top of a page loads lazily, with its width and height', async ({ request }) => {
  // Eager only: the logo in the header, a page header's picture and the first slide (above the fold).
  const ABOVE_THE_FOLD = /class="page-header__img"|fetchpriority="high"/;
  let lazy = 0;
  for (const path of INDEXED) {
    const html = (await headOf(request, path)).html;
    const brand = html.indexOf('class="brand"');
    for (const match of html.matchAll(/<img [^>]*>/g)) {
      const img = match[0];
      expect(img, `${path}: ${img}`).toMatch(/ width="\d+"/);
      expect(img, `${path}: ${img}`).toMatch(/ height="\d+"/);
      const inBrand = brand !== -1 && match.index! > brand && match.index! < html.indexOf('</a>', brand);
      if (inBrand || ABOVE_THE_FOLD.test(img)) continue;
      expect(img, `${path}: ${img}`).toMatch(/ loading="lazy"/);
      lazy++;
    }
  }
  expect(lazy).toBeGreaterThan(20);
});
