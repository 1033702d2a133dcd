import { describe, expect, it } from 'vitest';
import { localized as getCollection } from '../../src/lib/content.ts';
import { getRelativeLocaleUrl } from 'astro:i18n';
import {
  PAGE_ROUTES,
  absoluteUrl,
  alternatesOf,
  hrefOf,
  localizeHref,
  localizeHtmlLinks,
  localizePath,
  routeNameOf,
  routeOfPath,
  splitLocalePath,
  type LinkTarget,
} from '../../src/lib/routing/index.ts';
import { LOCALES, localeOrDefault } from '../../src/i18n/locales.ts';

/** Astro's own address of a route in a language (astro.config.mjs `i18n`), without its trailing slash. */
const astroAddress = (route: string, locale: (typeof LOCALES)[number]) => {
  const url = getRelativeLocaleUrl(locale, route.replace(/^\//, ''));
  return url.length > 1 ? url.replace(/\/$/, '') : url;
};

/** Every page the collections and the fixed pages claim, with who claims it. */
const claims = async (): Promise<[string, string][]> => {
  const [loans, plans, properties, divisions] = await Promise.all([
    getCollection('loans'),
    getCollection('plans'),
    getCollection('properties'),
    getCollection('divisions'),
  ]);
  const entries: [LinkTarget, string][] = [
    ['home', 'home'],
    ...Object.keys(PAGE_ROUTES).map((id): [LinkTarget, string] => [
      { collection: 'pages', id: id as keyof typeof PAGE_ROUTES },
      `pages/${id}`,
    ]),
    ...[...loans, ...plans, ...properties, ...divisions].map((e): [LinkTarget, string] => [e, `${e.collection}/${e.id}`]),
  ];
  return entries.map(([target, who]) => [hrefOf(target), who]);
};

describe('routes', () => {
  it('no two entries, in one collection or across collections, claim the same route', async () => {
    const all = await claims();
    expect(all.length).toBe(1 + 9 + 8 + 4 + 10 + 4);
    const byRoute = new Map<string, string[]>();
    // Case-insensitively too: two files differing only in case clash on macOS and Windows checkouts.
    for (const [route, who] of all) byRoute.set(route.toLowerCase(), [...(byRoute.get(route.toLowerCase()) ?? []), who]);
    const clashes = [...byRoute].filter(([, who]) => who.length > 1).map(([route, who]) => `${route}: ${who.join(', ')}`);
    expect(clashes).toEqual([]);
  });

  it('a route is the real address: a slash and a name, no .html, no trailing slash', async () => {
    for (const [route] of await claims()) expect(route).toMatch(/^\/([A-Za-z0-9_]+)?$/);
  });

  it('hrefOf builds each kind of link from its entry', async () => {
    const [flats] = (await getCollection('properties')).filter((p) => p.data.route === 'Flats');
    expect(hrefOf(flats)).toBe('/Flats');
    expect(routeNameOf(flats)).toBe('Flats');
    expect(hrefOf({ collection: 'divisions', data: { key: 'realty' } })).toBe('/Aranya_Realty');
    expect(hrefOf({ collection: 'pages', id: 'contact' })).toBe('/Contactus');
    expect(hrefOf('home')).toBe('/');
  });

  it('a built file path becomes the address the host serves', () => {
    expect(routeOfPath('/index.html')).toBe('/');
    expect(routeOfPath('/')).toBe('/');
    expect(routeOfPath('/Flats.html')).toBe('/Flats');
    expect(routeOfPath('/Flats')).toBe('/Flats');
    expect(absoluteUrl('/Flats.html', 'https://aranya.example.com')).toBe('https://aranya.example.com/Flats');
    expect(absoluteUrl('/index.html', 'https://aranya.example.com/')).toBe('https://aranya.example.com/');
  });
});

describe('routes in every language', () => {
  it('English keeps its routes; the others add their prefix, as Astro’s i18n routing builds the pages', async () => {
    const routes = [...new Set((await claims()).map(([route]) => route))];
    for (const route of routes) {
      expect(localizePath(route, 'en')).toBe(route);
      for (const locale of LOCALES) {
        expect(localizePath(route, locale)).toBe(astroAddress(route, locale));
        expect(splitLocalePath(localizePath(route, locale))).toEqual({ locale, route });
      }
    }
    expect(localizePath('/Flats', 'ta')).toBe('/ta/Flats');
    expect(localizePath('/', 'ta')).toBe('/ta');
    expect(hrefOf({ collection: 'pages', id: 'contact' }, 'ta')).toBe('/ta/Contactus');
    expect(hrefOf({ collection: 'pages', id: 'thank-you' }, 'kn')).toBe('/kn/Thankyou');
    expect(hrefOf('home', 'te')).toBe('/te');
    expect(hrefOf('home', 'en')).toBe('/');
  });

  it('every page has its four versions, English first (the x-default)', () => {
    expect(alternatesOf('/ta/Flats')).toEqual([
      { locale: 'en', href: '/Flats' },
      { locale: 'ta', href: '/ta/Flats' },
      { locale: 'te', href: '/te/Flats' },
      { locale: 'kn', href: '/kn/Flats' },
    ]);
    expect(alternatesOf('/index.html').map((a) => a.href)).toEqual(['/', '/ta', '/te', '/kn']);
    expect(alternatesOf('/kn.html').map((a) => a.href)).toEqual(['/', '/ta', '/te', '/kn']);
    expect(alternatesOf('/te/404.html').map((a) => a.href)).toEqual(['/404', '/ta/404', '/te/404', '/kn/404']);
  });

  it('links written in content lead to the page of the reader’s language; other links are left alone', () => {
    expect(localizeHref('/Flats', 'ta')).toBe('/ta/Flats');
    expect(localizeHref('/Contactus#enquiry', 'te')).toBe('/te/Contactus#enquiry');
    expect(localizeHref('/ta/Flats', 'kn')).toBe('/kn/Flats');
    expect(localizeHref('/Flats', 'en')).toBe('/Flats');
    for (const other of ['https://wa.me/1', 'mailto:a@b.c', '#top', '//cdn.example.com/x']) expect(localizeHref(other, 'ta')).toBe(other);
    expect(localizeHtmlLinks('<p><a href="/Privacy">p</a> <a class="x" href="https://e.com/">e</a></p>', 'ta')).toBe(
      '<p><a href="/ta/Privacy">p</a> <a class="x" href="https://e.com/">e</a></p>',
    );
    const english = '<a href="/Privacy">p</a>';
    expect(localizeHtmlLinks(english, 'en')).toBe(english);
  });
});

describe('the language of a page, a post or a lead', () => {
  it('is one of the site’s languages, else English', () => {
    for (const locale of LOCALES) expect(localeOrDefault(locale)).toBe(locale);
    for (const other of [undefined, null, '', 'fr', 'TA', 'ta-IN', 7, ['ta'], { locale: 'ta' }]) expect(localeOrDefault(other)).toBe('en');
  });
});
