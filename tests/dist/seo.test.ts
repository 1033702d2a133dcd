/**
 * SEO of the built pages: unique titles and descriptions; canonical, og:url, the sitemap and every
 * internal link agree on each page's real address (no .html); JSON-LD parses; social cards,
 * robots.txt, the manifest and their files; noindex pages; how pictures load. That the server
 * sends these files is in tests/served/seo.test.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../support/original-routes.ts';
import { attributeOf, builtPages, DIST, distText, documentAt, isBuiltFile, sitemapEntries } from '../support/dist.ts';
import { LOCALES, type Locale } from '../../src/i18n/locales.ts';
import { localizePath, splitLocalePath } from '../../src/lib/routing/index.ts';

/** The pages that are not for search engines (the 404 page is what an unknown address gets). */
const NOINDEX = ['/Thankyou', '/Privacyrequestsent', '/404'];
const TEAM_PAGES = ['/admin', '/leads'];
/** Pages Astro writes for astro.config.mjs `redirects`. */
const REDIRECTS = ['/Contactpage'];
/** Every indexed page of a language: the original site's 32 routes and the privacy request form. */
const indexedIn = (locale: Locale) =>
  builtPages()
    .filter((page) => page.locale === locale && ![...NOINDEX, ...TEAM_PAGES, ...REDIRECTS].includes(page.route))
    .map((page) => page.address);
const INDEXED = LOCALES.flatMap(indexedIn);
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
const jsonLd = (address: string): LdNode[] =>
  [...documentAt(address).querySelectorAll('script[type="application/ld+json"]')].flatMap((script) => {
    const data = JSON.parse(script.textContent ?? '') as LdNode | LdNode[];
    return Array.isArray(data) ? data : [data];
  });
const meta = (address: string, selector: string) => attributeOf(documentAt(address), selector, 'content');
const canonicalOf = (address: string) => attributeOf(documentAt(address), 'link[rel="canonical"]', 'href');
const isPng = (sitePath: string) => isBuiltFile(sitePath) && readFileSync(path.join(DIST, sitePath)).subarray(1, 4).toString() === 'PNG';

describe('titles and descriptions', () => {
  for (const locale of LOCALES) {
    it(`${locale}: unique, from content, within search-result lengths`, () => {
      const addresses = [...indexedIn(locale), ...NOINDEX.map((route) => localizePath(route, locale))];
      const heads = addresses.map((address) => ({
        address,
        title: documentAt(address).title,
        description: meta(address, 'meta[name="description"]') ?? '',
      }));
      expect(new Set(heads.map((h) => h.title)).size).toBe(heads.length);
      expect(new Set(heads.map((h) => h.description)).size).toBe(heads.length);
      for (const { address, title, description } of heads) {
        expect(title.length, `${address}: "${title}"`).toBeGreaterThan(10);
        expect(title.length, `${address}: "${title}"`).toBeLessThanOrEqual(70);
        expect(description.length, `${address}: "${description}"`).toBeGreaterThan(50);
      }
    });
  }
});

describe('addresses', () => {
  it('canonical, og:url, the sitemap and every internal link agree on each real address, in every language', () => {
    const locs = sitemapEntries().map((entry) => entry.loc);
    const origin = new URL(locs[0]).origin;
    expect(INDEXED).toHaveLength(33 * LOCALES.length);
    expect(locs.map((loc) => new URL(loc).pathname).sort()).toEqual([...INDEXED].sort());
    for (const loc of locs) expect(new URL(loc).origin).toBe(origin);

    const known = new Set([
      ...INDEXED,
      ...LOCALES.flatMap((locale) => ['/Thankyou', '/Privacyrequestsent'].map((route) => localizePath(route, locale))),
    ]);
    const problems: string[] = [];
    for (const address of INDEXED) {
      const expected = `${origin}${address}`;
      if (canonicalOf(address) !== expected) problems.push(`${address}: canonical ${canonicalOf(address)}`);
      if (meta(address, 'meta[property="og:url"]') !== expected)
        problems.push(`${address}: og:url ${meta(address, 'meta[property="og:url"]')}`);
      for (const link of documentAt(address).querySelectorAll('a[href^="/"]:not([href^="//"])')) {
        const target = new URL(link.getAttribute('href')!, origin).pathname;
        if (!known.has(target)) problems.push(`${address} links to ${link.getAttribute('href')}, which is not a page's real address`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the thank-you, request-sent and 404 pages are noindex, have no canonical and are not in the sitemap, in every language', () => {
    const locs = sitemapEntries().map((entry) => new URL(entry.loc).pathname);
    for (const address of LOCALES.flatMap((locale) => NOINDEX.map((route) => localizePath(route, locale)))) {
      expect(meta(address, 'meta[name="robots"]'), address).toBe('noindex');
      expect(canonicalOf(address), address).toBeUndefined();
      expect(locs, address).not.toContain(address);
    }
  });
});

describe('JSON-LD', () => {
  it('Organization and LocalBusiness on home and contact, in every language', () => {
    for (const address of LOCALES.flatMap((locale) => ['/', '/Contactus'].map((route) => localizePath(route, locale)))) {
      const items = jsonLd(address);
      const business = items.find((i) => i['@type'] === 'LocalBusiness');
      expect(
        items.find((i) => i['@type'] === 'Organization'),
        address,
      ).toBeTruthy();
      expect(business, address).toMatchObject({
        name: 'Aranya Group',
        telephone: '+91 90000 00000',
        address: { '@type': 'PostalAddress', addressLocality: 'Hosur', addressRegion: 'Tamil Nadu', addressCountry: 'IN' },
      });
      expect(business?.sameAs?.length).toBeGreaterThan(0);
      for (const url of business?.sameAs ?? []) expect(url).toMatch(/^https:\/\//);
    }
  });

  it('a BreadcrumbList on division and enquiry pages, ending at the page, in every language', () => {
    expect(DIVISIONS.length + ENQUIRY.length).toBe(4 + 22);
    for (const address of LOCALES.flatMap((locale) => [...DIVISIONS, ...ENQUIRY].map((route) => localizePath(route, locale)))) {
      const crumbs = jsonLd(address).find((i) => i['@type'] === 'BreadcrumbList');
      expect(crumbs, address).toBeTruthy();
      const items = crumbs?.itemListElement ?? [];
      const canonical = canonicalOf(address)!;
      // It starts at the home page of the page's language.
      expect(items[0].item, address).toBe(canonicalOf(localizePath('/', splitLocalePath(address).locale)));
      expect(items.at(-1)?.item, address).toBe(canonical);
      expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i + 1));
    }
  });
});

describe('social cards, robots.txt and the manifest', () => {
  it('Open Graph and Twitter cards on every indexed page, with a PNG image that is in the build', () => {
    for (const address of INDEXED) {
      const image = meta(address, 'meta[property="og:image"]') ?? '';
      expect(meta(address, 'meta[name="twitter:card"]'), address).toBe('summary_large_image');
      expect(meta(address, 'meta[name="twitter:image"]'), address).toBe(image);
      expect(isPng(new URL(image).pathname), `${address}: ${image}`).toBe(true);
    }
  });

  it('robots.txt names the sitemap; the manifest and the icons the pages name are in the build', () => {
    expect(distText('robots.txt')).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap-index\.xml$/m);
    const manifest = JSON.parse(distText('manifest.webmanifest')) as {
      name: string;
      start_url: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Aranya Group', start_url: '/' });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) expect(isBuiltFile(icon.src), icon.src).toBe(true);
    for (const rel of ['icon', 'apple-touch-icon', 'manifest']) {
      const href = attributeOf(documentAt('/'), `link[rel="${rel}"]`, 'href') ?? '';
      expect(isBuiltFile(href), `${rel}: ${href}`).toBe(true);
    }
  });
});

describe('pictures', () => {
  it('a photo comes out as WebP with a srcset and its size; the picture at the top of a page is eager and high priority', () => {
    // The About page's header picture is a photo (src/assets/pages/about-hills.jpg), its LCP element.
    const photo = documentAt('/Aboutpage').querySelector('img[src*="about-hills"]')!;
    expect(photo.getAttribute('src')).toMatch(/^\/_astro\/about-hills\.[\w-]+\.(webp|avif)$/);
    expect(photo.getAttribute('srcset')).toMatch(/^[^"]*\.(webp|avif) \d+w, [^"]*\.(webp|avif) \d+w/);
    expect(photo.getAttribute('width')).toMatch(/^\d+$/);
    expect(photo.getAttribute('height')).toMatch(/^\d+$/);
    expect(photo.getAttribute('loading')).toBe('eager');
    expect(photo.getAttribute('fetchpriority')).toBe('high');
    const hero = documentAt('/').querySelector('.carousel__slide img')!;
    expect(hero.getAttribute('loading')).toBe('eager');
    expect(hero.getAttribute('fetchpriority')).toBe('high');
    expect(hero.getAttribute('width')).toMatch(/^\d+$/);
    expect(hero.getAttribute('height')).toMatch(/^\d+$/);
  });

  it('every picture below the top of a page loads lazily, with its width and height, in every language', () => {
    // Eager only: the logo in the header, a page header's picture and the first slide (above the fold).
    let lazy = 0;
    const problems: string[] = [];
    for (const address of INDEXED) {
      for (const img of documentAt(address).querySelectorAll('img')) {
        const tag = img.outerHTML;
        if (!/^\d+$/.test(img.getAttribute('width') ?? '') || !/^\d+$/.test(img.getAttribute('height') ?? ''))
          problems.push(`${address}: ${tag} has no size`);
        if (img.closest('.brand') || img.classList.contains('page-header__img') || img.getAttribute('fetchpriority') === 'high') continue;
        if (img.getAttribute('loading') !== 'lazy') problems.push(`${address}: ${tag} is not lazy`);
        lazy++;
      }
    }
    expect(problems).toEqual([]);
    expect(lazy).toBeGreaterThan(20);
  });
});
