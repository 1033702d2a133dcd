/**
 * The built site (dist/) as the tests in tests/dist read it: every page's address, language and
 * route, its HTML parsed by jsdom (no script runs), and the files it points to. The e2e tests use
 * it for the list of pages.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import type { Locale } from '../../src/i18n/locales.ts';
import { routeOfPath, splitLocalePath } from '../../src/lib/routing/paths.ts';

export const DIST = `${path.resolve(import.meta.dirname, '../../dist')}${path.sep}`;

/** What the tests say when there is no build to read. */
export const NO_BUILD = 'dist/ has no built site: run `npm run build` first, then `npm run test:dist`.';

export interface BuiltPage {
  /** The file, relative to dist/ (`ta/Flats.html`). */
  file: string;
  /** The address the host serves it at (`/ta/Flats`, `/`, `/ta`, `/404`). */
  address: string;
  locale: Locale;
  /** The address without its language (`/Flats`). */
  route: string;
}

const htmlFiles = (folder: string, prefix = ''): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const relative = `${prefix}${entry.name}`;
    if (entry.isDirectory()) return entry.name === '_astro' ? [] : htmlFiles(path.join(folder, entry.name), `${relative}/`);
    return entry.name.endsWith('.html') ? [relative] : [];
  });

let pages: BuiltPage[] | undefined;
/** Every HTML page in dist/, sorted by address. */
export const builtPages = (): BuiltPage[] => {
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error(NO_BUILD);
  pages ??= htmlFiles(DIST)
    .map((file) => {
      const address = routeOfPath(`/${file}`);
      return { file, address, ...splitLocalePath(address) };
    })
    .sort((a, b) => a.address.localeCompare(b.address));
  return pages;
};

/** The built page at an address, or undefined. */
export const pageAt = (address: string): BuiltPage | undefined => builtPages().find((page) => page.address === address);

/** The text of a file in dist/ (`sitemap-0.xml`). */
export const distText = (file: string): string => readFileSync(path.join(DIST, file), 'utf8');

/** Whether a site path (`/_astro/logo.svg`, `/fonts/x.woff2`) is a file in dist/. */
export const isBuiltFile = (sitePath: string): boolean => {
  const file = path.join(DIST, decodeURIComponent(sitePath));
  return file.startsWith(DIST) && existsSync(file) && statSync(file).isFile();
};

const html = new Map<string, string>();
/** The HTML of the page at an address, as the host sends it. */
export const htmlAt = (address: string): string => {
  const page = pageAt(address);
  if (!page) throw new Error(`no built page at ${address}`);
  if (!html.has(address)) html.set(address, readFileSync(path.join(DIST, page.file), 'utf8'));
  return html.get(address)!;
};

/** One window parses every page (a window for each would cost more than the parsing). */
let window: JSDOM['window'] | undefined;
const parse = (text: string, type: DOMParserSupportedType) => {
  window ??= new JSDOM('').window;
  return new window.DOMParser().parseFromString(text, type);
};

const documents = new Map<string, Document>();
/** The page at an address, parsed (scripts do not run). */
export const documentAt = (address: string): Document => {
  if (!documents.has(address)) documents.set(address, parse(htmlAt(address), 'text/html'));
  return documents.get(address)!;
};

const NOT_READ = new Set(['SCRIPT', 'STYLE', 'TEMPLATE']);
/**
 * What a visitor reads in an element: its text outside scripts, styles and templates, each
 * element's text apart from the next (as if the tags were spaces), the spaces folded. `skip` leaves
 * out more elements (e.g. those in English on purpose).
 */
export const textOf = (node: Element, skip: (element: Element) => boolean = () => false): string => {
  const parts: string[] = [];
  const walk = (current: Node) => {
    for (const child of current.childNodes) {
      if (child.nodeType === 3) parts.push(child.nodeValue ?? '');
      else if (child.nodeType === 1 && !NOT_READ.has((child as Element).tagName) && !skip(child as Element)) walk(child);
    }
  };
  walk(node);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
};

/** The value of an element's attribute found by a selector, or undefined. */
export const attributeOf = (document: Document, selector: string, attribute: string): string | undefined =>
  document.querySelector(selector)?.getAttribute(attribute) ?? undefined;

export interface SitemapEntry {
  loc: string;
  /** hreflang → href of its alternates. */
  alternates: Record<string, string>;
}

const xmlAt = (file: string) => parse(distText(file), 'text/xml');
/** Every <url> of the sitemaps the sitemap index lists, parsed as XML. */
export const sitemapEntries = (): SitemapEntry[] => {
  const sitemaps = [...xmlAt('sitemap-index.xml').getElementsByTagName('loc')].map((loc) => new URL(loc.textContent ?? '').pathname);
  return sitemaps.flatMap((sitemap) =>
    [...xmlAt(sitemap.slice(1)).getElementsByTagName('url')].map((url) => ({
      loc: url.getElementsByTagName('loc')[0]?.textContent ?? '',
      alternates: Object.fromEntries(
        [...url.getElementsByTagName('xhtml:link')].map((link) => [link.getAttribute('hreflang') ?? '', link.getAttribute('href') ?? '']),
      ),
    })),
  );
};
