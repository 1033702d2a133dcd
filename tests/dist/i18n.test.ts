/**
 * The languages in the built pages, every page of every language:
 * - <html lang>, its own canonical and the hreflang alternates of its four versions (x-default:
 *   English); the thank-you, request-sent and 404 pages are not indexed and have neither;
 * - a page's own links stay in its language (only the switcher, and the consent notice's link to
 *   the policy, lead elsewhere);
 * - the sitemap lists every version of a page with its alternates and x-default;
 * - no Tamil, Telugu or Kannada page shows an English sentence of the dictionary.
 * What the server answers (an unknown path's 404 in its language) is in tests/served/i18n.test.ts;
 * that nothing redirects by the browser's language, in tests/e2e/i18n.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import { builtPages, documentAt, sitemapEntries, textOf, type BuiltPage } from '../support/dist.ts';
import { en } from '../../src/i18n/en.ts';
import { dictionary, format } from '../../src/i18n/index.ts';
import { DEFAULT_LOCALE, HTML_LANG, LOCALES, type Locale } from '../../src/i18n/locales.ts';
import { localizePath } from '../../src/lib/routing/index.ts';

const OTHERS = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);
/** Pages that are not for search engines: no canonical, no alternates. */
const NOT_INDEXED = ['/Thankyou', '/Privacyrequestsent', '/404'];
const pagesIn = (locale: Locale): BuiltPage[] =>
  builtPages().filter((page) => page.locale === locale && !['/admin', '/leads', '/Contactpage'].includes(page.address));

/** Every leaf of a dictionary. */
const leaves = (node: unknown): string[] =>
  node !== null && typeof node === 'object' ? Object.values(node).flatMap(leaves) : [String(node)];

/**
 * The English sentences of the dictionary, as they can appear on a page: each text between its
 * {placeholders} that has two or more Latin words, one of them lower case (so brand names such as
 * "WhatsApp" or "Aranya Group" and acronyms are not sentences).
 */
const ENGLISH_SENTENCES = [
  ...new Set(
    leaves(en)
      .flatMap((text) => text.split(/\{\w+\}/))
      .map((part) => part.replace(/\s+/g, ' ').trim())
      .filter((part) => {
        const words = part.match(/[A-Za-z]+/g) ?? [];
        return words.length >= 2 && words.some((word) => /^[a-z]{2,}$/.test(word));
      }),
  ),
];

/** An element in English on purpose (never <html>): `<strong lang="en">`. */
const inEnglish = (element: Element) => element.tagName !== 'HTML' && /^en(-|$)/.test(element.getAttribute('lang') ?? '');

/**
 * What a visitor (or a screen reader, or a search result) reads on a page: its text, and its
 * labels, alt texts, titles, placeholders and meta contents. An element marked lang="en" is English
 * on purpose (a regulator's verbatim words beside their translation, the switcher's "English").
 */
const readableText = (document: Document) => {
  const attributes = [...document.querySelectorAll('[aria-label], [alt], [title], [placeholder], [content]')].flatMap((element) =>
    ['aria-label', 'alt', 'title', 'placeholder', 'content'].map((name) => element.getAttribute(name) ?? ''),
  );
  return `${textOf(document.documentElement, inEnglish)} ${attributes.join(' ')}`.replace(/\s+/g, ' ');
};

describe('every page in every language', () => {
  for (const locale of LOCALES) {
    it(`${locale}: <html lang="${HTML_LANG[locale]}">, its own canonical, the four versions and x-default as alternates`, () => {
      const problems: string[] = [];
      for (const { address, route } of pagesIn(locale)) {
        const document = documentAt(address);
        if (document.documentElement.lang !== HTML_LANG[locale]) problems.push(`${address}: lang="${document.documentElement.lang}"`);
        const canonical = document.querySelector('link[rel="canonical"]')?.getAttribute('href');
        const alternates = Object.fromEntries(
          [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [
            link.getAttribute('hreflang'),
            new URL(link.getAttribute('href') ?? '').pathname,
          ]),
        );
        if (NOT_INDEXED.includes(route)) {
          if (document.querySelector('meta[name="robots"]')?.getAttribute('content') !== 'noindex')
            problems.push(`${address}: not noindex`);
          if (canonical || Object.keys(alternates).length) problems.push(`${address}: a page not indexed has a canonical or alternates`);
          continue;
        }
        if (!canonical || new URL(canonical).pathname !== address) problems.push(`${address}: canonical ${canonical}`);
        const expected = {
          ...Object.fromEntries(LOCALES.map((other) => [HTML_LANG[other], localizePath(route, other)])),
          'x-default': route,
        };
        if (JSON.stringify(alternates) !== JSON.stringify(expected)) problems.push(`${address}: alternates ${JSON.stringify(alternates)}`);
      }
      expect(problems).toEqual([]);
      expect(pagesIn(locale).length).toBeGreaterThanOrEqual(36);
    });

    it(`${locale}: a page's own links stay in ${locale === DEFAULT_LOCALE ? 'English' : 'its language'}; only the switcher leads to the other versions`, () => {
      const problems: string[] = [];
      for (const { address, route } of pagesIn(locale)) {
        const switcher = new Set(LOCALES.filter((other) => other !== locale).map((other) => localizePath(route, other)));
        for (const link of documentAt(address).querySelectorAll('a[href^="/"]')) {
          const href = (link.getAttribute('href') ?? '').split('#')[0];
          if (href === '' || href.startsWith('//') || switcher.has(href)) continue;
          // The consent notice's link to the policy, which the forms' side localizes.
          if (href === '/Privacy') continue;
          const inLanguage =
            locale === DEFAULT_LOCALE
              ? !OTHERS.some((other) => href === `/${other}` || href.startsWith(`/${other}/`))
              : href === `/${locale}` || href.startsWith(`/${locale}/`);
          if (!inLanguage) problems.push(`${address} links to ${href}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('the sitemap lists every version of a page with hreflang alternates and x-default, and no thank-you or 404 page', () => {
    const entries = sitemapEntries();
    const entry = entries.find((e) => new URL(e.loc).pathname === '/ta/Vehicleloan');
    expect(entry).toBeDefined();
    const alternates = Object.fromEntries(Object.entries(entry!.alternates).map(([lang, href]) => [lang, new URL(href).pathname]));
    expect(alternates).toEqual({
      ...Object.fromEntries(LOCALES.map((locale) => [HTML_LANG[locale], localizePath('/Vehicleloan', locale)])),
      'x-default': '/Vehicleloan',
    });
    expect(entries.map((e) => new URL(e.loc).pathname).filter((path) => /\/(Thankyou|404|Privacyrequestsent)$/.test(path))).toEqual([]);
  });
});

describe('no English sentence of the dictionary on a Tamil, Telugu or Kannada page', () => {
  it('the check finds them where they are: English pages show many', () => {
    const text = readableText(documentAt('/Flats'));
    expect(ENGLISH_SENTENCES.length).toBeGreaterThan(50);
    expect(ENGLISH_SENTENCES.filter((sentence) => text.includes(sentence)).length).toBeGreaterThan(20);
  });

  for (const locale of OTHERS) {
    it(`${locale}: no page shows one`, () => {
      const found: string[] = [];
      for (const { address } of pagesIn(locale)) {
        const text = readableText(documentAt(address));
        for (const sentence of ENGLISH_SENTENCES) if (text.includes(sentence)) found.push(`${address}: "${sentence}"`);
      }
      expect(found).toEqual([]);
    });
  }
});

describe('what screen readers hear around a visible word is in the page language and its word order', () => {
  const spoken = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim();
  /** The text a sighted reader sees: without the visually hidden words. */
  const visible = (element: Element) => {
    const copy = element.cloneNode(true) as Element;
    copy.querySelectorAll('.visually-hidden').forEach((hidden) => hidden.remove());
    return spoken(copy) ?? '';
  };

  for (const locale of LOCALES) {
    const t = dictionary(locale).site;

    it(`${locale}: the menu's Buy and Sell links, the programmes' "Read more" and the carousel`, () => {
      const home = documentAt(localizePath('/', locale));
      const buyFlats = home.querySelector(`nav a[href="${localizePath('/Flats', locale)}"]`);
      expect(buyFlats).not.toBeNull();
      expect(spoken(buyFlats)).toBe(format(t.nav.buyLink, { label: visible(buyFlats!) }));
      const sellFlats = home.querySelector(`nav a[href="${localizePath('/Sellflats', locale)}"]`);
      expect(spoken(sellFlats)).toBe(format(t.nav.sellLink, { label: visible(sellFlats!) }));

      const readMore = [...home.querySelectorAll('a.programme__link')];
      expect(readMore.length).toBeGreaterThan(2);
      for (const link of readMore) {
        const title = spoken(link.closest('li')?.querySelector('.programme__title'));
        expect(visible(link)).toBe(t.home.readMore);
        expect(spoken(link)).toBe(format(t.home.readMoreAbout, { readMore: t.home.readMore, title: title! }));
      }

      expect(home.querySelector('[data-carousel]')?.getAttribute('aria-roledescription')).toBe(t.carousel.roleCarousel);
      const slides = [...home.querySelectorAll('.carousel__slide')];
      expect(slides.length).toBeGreaterThan(1);
      for (const slide of slides) expect(slide.getAttribute('aria-roledescription')).toBe(t.carousel.roleSlide);
    });
  }

  it('Tamil, Telugu and Kannada put the verb after the word, as they speak', () => {
    const tamil = documentAt('/ta').querySelector('nav a[href="/ta/Flats"]');
    expect(spoken(tamil)).toMatch(/ வாங்க$/);
    expect(spoken(documentAt('/kn').querySelector('nav a[href="/kn/Flats"]'))).toMatch(/ ಖರೀದಿ$/);
    expect(spoken(documentAt('/te').querySelector('a.programme__link'))).toMatch(/ గురించి ఇంకా చదవండి$/);
  });
});
