/**
 * What each built page makes a visitor download: the JavaScript it loads (module scripts, island
 * components and renderers, and every module they import statically, each file counted once) and
 * its HTML and CSS, gzipped. Reads dist/ only.
 *
 * JavaScript is counted twice: all of it (what a visitor who uses the page's islands has loaded),
 * and what loads before any interaction. An island with `client:interact` (the forms) loads only
 * when the visitor first reaches for it, so its files count only in the first figure, unless the
 * page's other scripts load them anyway. A third figure is what a form page has loaded once the
 * visitor has reached for its form (and for nothing else).
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { routeOfPath } from '../../src/lib/routing/index.ts';

/** The component file of a form island (`EnquiryForm`, `PropertyForm`, …): a page with one is a form page. */
export const FORM_ISLAND = /Form\.[\w-]+\.js$/;
/** The most JS (gz) a form page may load once the visitor has reached for its form (budget and weight). */
export const FORM_JS_LIMIT = 95 * 1024;

export interface PageWeight {
  /** Route, e.g. /Flats. */
  route: string;
  /** All the page's JS: what is loaded once the visitor has used every island. */
  jsGz: number;
  /** The JS loaded before the visitor interacts: inline scripts, module scripts, islands that do not wait. */
  jsBeforeGz: number;
  /**
   * The JS loaded once the visitor has reached for the page's form (null when it has none): what
   * loads before, and the form island's files. Another island that waits for its own interaction
   * (a calculator) counts only in jsGz.
   */
  formJsGz: number | null;
  /** Of jsGz: the inline scripts (Astro's island loader, the header's few lines). */
  inlineJsGz: number;
  /** Of jsGz: each module file, gzipped. */
  moduleGz: Record<string, number>;
  /** The HTML file, inline <style> and <script> included. */
  htmlGz: number;
  /** All CSS, inline <style> (inside htmlGz) and stylesheets. */
  cssGz: number;
  /** Of cssGz: the stylesheets the page links (outside htmlGz). */
  linkedCssGz: number;
  /** The JS files, relative to dist/. */
  scripts: string[];
  /** The islands' component files (component-url), relative to dist/. */
  islands: string[];
  /** Of islands: those that load on the visitor's first interaction (client:interact). */
  onInteraction: string[];
  /** The JS files loaded before any interaction, relative to dist/. */
  scriptsBefore: string[];
}

/** An island as the page declares it: its component and renderer files and its client directive. */
interface IslandTag {
  component: string;
  renderer: string | null;
  client: string | null;
}

const islandTags = (html: string): IslandTag[] =>
  [...html.matchAll(/<astro-island\b[^>]*>/g)].map(([tag]) => {
    const value = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? null;
    return {
      component: (value('component-url') ?? '').replace(/^\//, ''),
      renderer: value('renderer-url')?.replace(/^\//, '') ?? null,
      client: value('client'),
    };
  });

export const gz = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).byteLength;

const htmlFiles = async (dir: string, base = dir): Promise<string[]> => {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await htmlFiles(full, base)));
    else if (entry.name.endsWith('.html')) out.push(path.relative(base, full));
  }
  return out.sort();
};

const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*${},\s]+from\s*)?["']([^"']+\.js)["']/g;

/** The module and every module it imports statically (dynamic import() is loaded later, if ever). */
export const moduleClosure = async (dist: string, start: string, seen: Set<string>) => {
  if (seen.has(start)) return;
  seen.add(start);
  const code = await readFile(path.join(dist, start), 'utf8');
  for (const match of code.matchAll(STATIC_IMPORT)) {
    const target = path.posix.join(path.posix.dirname(start), match[1]);
    await moduleClosure(dist, target, seen);
  }
};

const attr = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]);

export const measurePages = async (dist: string): Promise<PageWeight[]> => {
  const pages: PageWeight[] = [];
  for (const file of await htmlFiles(dist)) {
    const html = await readFile(path.join(dist, file), 'utf8');
    const tags = islandTags(html);
    const islands = tags.map((tag) => tag.component);
    const waiting = tags.filter((tag) => tag.client === 'interact');
    const moduleScripts = attr(html, /<script[^>]*\stype="module"[^>]*\ssrc="([^"]+)"/g).map((url) => url.replace(/^\//, ''));
    const filesOf = (list: IslandTag[]) => list.flatMap((tag) => [tag.component, ...(tag.renderer ? [tag.renderer] : [])]);
    const before = new Set<string>();
    for (const entry of [...moduleScripts, ...filesOf(tags.filter((tag) => !waiting.includes(tag)))])
      await moduleClosure(dist, entry, before);
    const seen = new Set<string>(before);
    for (const entry of filesOf(waiting)) await moduleClosure(dist, entry, seen);
    const inlineScripts = attr(html, /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g).filter((s) => !s.trim().startsWith('{'));
    const inlineJsGz = inlineScripts.length > 0 ? gz(inlineScripts.join('\n')) : 0;
    const moduleGz: Record<string, number> = {};
    for (const script of seen) moduleGz[script] = gz(await readFile(path.join(dist, script)));
    const jsGz = inlineJsGz + Object.values(moduleGz).reduce((sum, size) => sum + size, 0);
    const jsBeforeGz = inlineJsGz + [...before].reduce((sum, script) => sum + moduleGz[script], 0);
    const formTag = waiting.find((tag) => FORM_ISLAND.test(tag.component));
    let formJsGz: number | null = null;
    if (formTag) {
      const withForm = new Set<string>(before);
      for (const entry of filesOf([formTag])) await moduleClosure(dist, entry, withForm);
      formJsGz = inlineJsGz + [...withForm].reduce((sum, script) => sum + moduleGz[script], 0);
    }
    const stylesheets = attr(html, /<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g).map((u) => u.replace(/^\//, ''));
    const inlineStyles = attr(html, /<style[^>]*>([\s\S]*?)<\/style>/g).join('\n');
    let linkedCssGz = 0;
    for (const sheet of stylesheets) linkedCssGz += gz(await readFile(path.join(dist, sheet)));
    const cssGz = (inlineStyles ? gz(inlineStyles) : 0) + linkedCssGz;
    pages.push({
      route: routeOfPath(`/${file.replace(/\\/g, '/')}`),
      jsGz,
      jsBeforeGz,
      formJsGz,
      inlineJsGz,
      moduleGz,
      htmlGz: gz(html),
      cssGz,
      linkedCssGz,
      scripts: [...seen].sort(),
      islands: [...new Set(islands)].sort(),
      onInteraction: [...new Set(waiting.map((tag) => tag.component))].sort(),
      scriptsBefore: [...before].sort(),
    });
  }
  return pages;
};

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const DYNAMIC_IMPORT = /\bimport\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g;

/**
 * The chunks a page's scripts load later, with import() (a view opened on demand): for each, the
 * files it brings that the page has not loaded already, and their weight (gz).
 */
export const lazyChunks = async (dist: string, page: PageWeight): Promise<{ entry: string; files: string[]; gz: number }[]> => {
  const loaded = new Set(page.scripts);
  const entries = new Set<string>();
  for (const script of page.scripts) {
    const code = await readFile(path.join(dist, script), 'utf8');
    for (const match of code.matchAll(DYNAMIC_IMPORT)) entries.add(path.posix.join(path.posix.dirname(script), match[1]));
  }
  const chunks = [];
  for (const entry of [...entries].filter((file) => !loaded.has(file))) {
    const closure = new Set<string>();
    await moduleClosure(dist, entry, closure);
    const files = [...closure].filter((file) => !loaded.has(file));
    let size = 0;
    for (const file of files) size += gz(await readFile(path.join(dist, file)));
    chunks.push({ entry, files, gz: size });
  }
  return chunks;
};
