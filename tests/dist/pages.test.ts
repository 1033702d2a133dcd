/**
 * What every built page holds, read from its HTML: the original site's routes with their headings,
 * the header's navigation and the footer; links that lead to pages and files of the build; pictures
 * with alt text that are in the build; an inner page's header with its subtitle; "programme"
 * throughout. That the server answers each address is in tests/served/routes.test.ts; how the pages
 * look and behave in a browser, in the other e2e specs.
 */
import { describe, expect, it } from 'vitest';
import { KICKERS, ROUTES } from '../support/original-routes.ts';
import { builtPages, documentAt, isBuiltFile, pageAt, textOf } from '../support/dist.ts';
import { LOCALES } from '../../src/i18n/locales.ts';
import { localizePath } from '../../src/lib/routing/index.ts';

const SITE = 'https://site.test';
const VISITOR_PAGES = builtPages().filter((page) => page.address !== '/admin' && page.address !== '/leads');
const ENGLISH = VISITOR_PAGES.filter((page) => page.locale === 'en');
/** The English inner pages: every page with a page header (all but the home page and the redirect). */
const INNER = ENGLISH.map((page) => page.address).filter((address) => address !== '/' && address !== '/Contactpage');
const folded = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

describe('the original site’s routes', () => {
  it('the route table has the 32 routes of the original site, each built', () => {
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(32);
    for (const { path } of ROUTES) expect(pageAt(path), path).toBeDefined();
  });

  for (const { path, heading } of ROUTES) {
    it(`${path}: one h1, "${heading}"${KICKERS[path] ? ', the original heading above it' : ''}; the navigation and the footer`, () => {
      const document = documentAt(path);
      const h1s = [...document.querySelectorAll('h1')];
      expect(h1s).toHaveLength(1);
      if (typeof heading === 'string') expect(folded(h1s[0].textContent)).toBe(heading);
      else expect(folded(h1s[0].textContent)).toMatch(heading);
      const kicker = KICKERS[path];
      if (kicker) {
        // The original site's heading, directly above the h1, in the same heading group.
        expect(h1s[0].parentElement?.tagName).toBe('HGROUP');
        expect(folded(h1s[0].previousElementSibling?.textContent)).toBe(kicker);
      }
      expect(document.querySelector('nav[aria-label="Main"]')).not.toBeNull();
      expect(folded(document.querySelector('footer')?.textContent)).toContain(
        `© ${new Date().getFullYear()} Aranya Group. All rights reserved.`,
      );
    });
  }

  it('Buy and Sell landings each link to their five pages, in every language', () => {
    for (const locale of LOCALES) {
      const cards = (route: string) =>
        [...documentAt(localizePath(route, locale)).querySelectorAll('main .card a')].map((a) => a.getAttribute('href'));
      expect(cards('/Buy'), locale).toEqual(
        ['/Flats', '/Plots', '/Commercial', '/Agricultural', '/Individual'].map((r) => localizePath(r, locale)),
      );
      expect(cards('/Sell'), locale).toEqual(
        ['/Sellflats', '/Sellplots', '/Sellcommercial', '/Sellagricultural', '/Sellindividual'].map((r) => localizePath(r, locale)),
      );
    }
  });
});

describe('links and pictures, on every page in every language', () => {
  it('every internal link leads to a built page or file', () => {
    const targets = new Map<string, string>(); // target -> first page that links to it
    for (const { address } of VISITOR_PAGES) {
      for (const link of documentAt(address).querySelectorAll('a[href]:not([href^="#"])')) {
        const url = new URL(link.getAttribute('href')!, `${SITE}${address}`);
        if (url.origin === SITE && !targets.has(url.pathname)) targets.set(url.pathname, address);
      }
    }
    expect(targets.size).toBeGreaterThan(30);
    const broken = [...targets]
      .filter(([target]) => !pageAt(target) && !isBuiltFile(target))
      .map(([target, from]) => `${target} (linked from ${from})`);
    expect(broken).toEqual([]);
  });

  it('every picture has alt text, and its file (and each of its srcset) is in the build', () => {
    const problems: string[] = [];
    let pictures = 0;
    for (const { address } of VISITOR_PAGES) {
      for (const img of documentAt(address).querySelectorAll('img')) {
        pictures++;
        if (img.getAttribute('alt') === null) problems.push(`${address}: ${img.getAttribute('src')} has no alt attribute`);
        const sources = [
          img.getAttribute('src'),
          ...(img.getAttribute('srcset') ?? '').split(',').map((candidate) => candidate.trim().split(/\s+/)[0]),
        ];
        for (const source of sources.filter(Boolean)) {
          const url = new URL(source!, `${SITE}${address}`);
          if (url.origin === SITE && !isBuiltFile(url.pathname)) problems.push(`${address}: ${source} is not in the build`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(pictures).toBeGreaterThan(100);
  });

  it('buy and sell pages show different illustrations, in every language', () => {
    for (const locale of LOCALES) {
      for (const [buy, sell] of [
        ['/Flats', '/Sellflats'],
        ['/Plots', '/Sellplots'],
        ['/Commercial', '/Sellcommercial'],
        ['/Agricultural', '/Sellagricultural'],
        ['/Individual', '/Sellindividual'],
      ]) {
        const illustration = (route: string) =>
          documentAt(localizePath(route, locale)).querySelector('.page-header__img')?.getAttribute('src');
        expect(illustration(buy), buy).toBeTruthy();
        expect(illustration(sell), sell).not.toBe(illustration(buy));
      }
    }
  });
});

describe('English inner pages', () => {
  it('each has its subject as the one h1 of its header, and a short subtitle (one sentence, 10 to 120 characters)', () => {
    const problems: string[] = [];
    for (const address of INNER) {
      const header = documentAt(address).querySelector('main .page-header');
      if (header?.querySelectorAll('h1').length !== 1) problems.push(`${address}: no h1 in the page header`);
      const leads = header?.querySelectorAll('.page-header__lead') ?? [];
      const text = folded(leads[0]?.textContent);
      if (leads.length !== 1) problems.push(`${address}: no subtitle`);
      else if (text.length < 10 || text.length > 120) problems.push(`${address}: subtitle "${text}"`);
    }
    expect(problems).toEqual([]);
    expect(INNER.length).toBeGreaterThanOrEqual(35);
  });

  it('every English page says "programme", never "program"', () => {
    const saying = ENGLISH.map((page) => page.address).filter((address) => /\bprograms?\b/i.test(textOf(documentAt(address).body)));
    expect(saying).toEqual([]);
  });
});
