/**
 * What each built page makes a visitor download: the JavaScript it loads (module scripts, island
 * components and renderers, and every module they import statically, each file counted once) and
 * its HTML and CSS, gzipped. Reads dist/ only.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface PageWeight {
  /** Route, e.g. /Flats. */
  route: string;
  jsGz: number;
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
}

const gz = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).byteLength;

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
const moduleClosure = async (dist: string, start: string, seen: Set<string>) => {
  if (seen.has(start)) return;
  seen.add(start);
  const code = await readFile(path.join(dist, start), 'utf8');
  for (const match of code.matchAll(STATIC_IMPORT)) {
    const target = path.posix.join(path.posix.dirname(start), match[1]);
    await moduleClosure(dist, target, seen);
  }
};

const attr = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]);

export const routeOf = (file: string) => {
  const route = `/${file.replace(/\\/g, '/').replace(/\.html$/, '')}`;
  return route === '/index' ? '/' : route.replace(/\/index$/, '');
};

export const measurePages = async (dist: string): Promise<PageWeight[]> => {
  const pages: PageWeight[] = [];
  for (const file of await htmlFiles(dist)) {
    const html = await readFile(path.join(dist, file), 'utf8');
    const islands = attr(html, /\scomponent-url="([^"]+)"/g).map((url) => url.replace(/^\//, ''));
    const entries = [
      ...attr(html, /<script[^>]*\stype="module"[^>]*\ssrc="([^"]+)"/g),
      ...islands,
      ...attr(html, /\srenderer-url="([^"]+)"/g),
    ].map((url) => url.replace(/^\//, ''));
    const seen = new Set<string>();
    for (const entry of entries) await moduleClosure(dist, entry, seen);
    const inlineScripts = attr(html, /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g).filter((s) => !s.trim().startsWith('{'));
    const inlineJsGz = inlineScripts.length > 0 ? gz(inlineScripts.join('\n')) : 0;
    const moduleGz: Record<string, number> = {};
    for (const script of seen) moduleGz[script] = gz(await readFile(path.join(dist, script)));
    const jsGz = inlineJsGz + Object.values(moduleGz).reduce((sum, size) => sum + size, 0);
    const stylesheets = attr(html, /<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g).map((u) => u.replace(/^\//, ''));
    const inlineStyles = attr(html, /<style[^>]*>([\s\S]*?)<\/style>/g).join('\n');
    let linkedCssGz = 0;
    for (const sheet of stylesheets) linkedCssGz += gz(await readFile(path.join(dist, sheet)));
    const cssGz = (inlineStyles ? gz(inlineStyles) : 0) + linkedCssGz;
    pages.push({
      route: routeOf(file),
      jsGz,
      inlineJsGz,
      moduleGz,
      htmlGz: gz(html),
      cssGz,
      linkedCssGz,
      scripts: [...seen].sort(),
      islands: [...new Set(islands)].sort(),
    });
  }
  return pages;
};

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
