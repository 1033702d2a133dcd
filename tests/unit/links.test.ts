import { describe, expect, it } from 'vitest';
import { localized as getCollection } from '../../src/lib/content';
import { PAGE_ROUTES, absoluteUrl, hrefOf, routeOfPath, routeNameOf, type LinkTarget } from '../../src/lib/links';

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
    expect(all.length).toBe(1 + 6 + 8 + 4 + 10 + 4);
    const byRoute = new Map<string, string[]>();
    // Case-insensitively too: two files differing only in case clash on macOS and Windows checkouts.
    for (const [route, who] of all) byRoute.set(route.toLowerCase(), [...(byRoute.get(route.toLowerCase()) ?? []), who]);
    const clashes = [...byRoute].filter(([, who]) => who.length > 1).map(([route, who]) => `${route}: ${who.join(', ')}`);
    expect(clashes).toEqual([]);
  });

  it('a route is the real address: a slash and a name, no .html, no trailing slash', async () => {
    for (const [route] of await claims()) expect(route).toMatch(/^\/([A-Za-z_]+)?$/);
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
