/**
 * A built folder served as `npm start` serves our dist/ to a browser (harness/serve.ts, without
 * the functions): static files, `/x` answered by `x.html` or `x/index.html`, netlify.toml's
 * headers (read once by Netlify's own parser, @netlify/headers-parser), Netlify's default
 * Cache-Control where no rule sets one, compression as Netlify's CDN does (harness/compress.ts),
 * and a 404 page (a language's own under /ta/, /te/ and /kn/) with status 404.
 *
 * Used where pages are measured: `npm run bench:lighthouse -- --against <dir>` serves both builds of
 * an A/B with it (two builds must be served alike: netlify.toml's Cross-Origin-Opener-Policy alone
 * puts the page in a new renderer process and changes its main-thread tasks, docs/performance.md,
 * "Comparing two builds"), `npm run check:budget` counts the pages' work on it, and bench/peer-site.ts
 * serves any folder with it from the command line.
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { parseAllHeaders, type Header } from '@netlify/headers-parser';
import { compress, isCompressible, negotiateEncoding } from './compress.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
};
/** Netlify's Cache-Control for a static file that no header rule gives one (as harness/serve.ts). */
const NETLIFY_DEFAULT_CACHE = 'public, max-age=0, must-revalidate';
/** This tree's netlify.toml: the headers our site is served with. */
export const OUR_NETLIFY_TOML = path.resolve(import.meta.dirname, '..', 'netlify.toml');

/** The header rules of a netlify.toml, as Netlify reads them. */
export const headerRules = async (netlifyToml: string): Promise<Header[]> => {
  const { headers, errors } = await parseAllHeaders({
    headersFiles: [],
    netlifyConfigPath: netlifyToml,
    configHeaders: [],
    minimal: false,
  });
  if (errors.length > 0) throw new Error(`static-site: ${netlifyToml}: ${errors.map((e) => e.message).join('; ')}`);
  return headers as Header[];
};

/** What netlify.toml's rules give a path: later rules override earlier ones, as on Netlify. */
export const headersFor = (rules: Header[], pathname: string): Record<string, string> =>
  Object.fromEntries(
    rules
      .filter((rule) => rule.forRegExp.test(pathname))
      .flatMap((rule) => Object.entries(rule.values))
      .map(([name, value]) => [name.toLowerCase(), value]),
  );

export interface StaticSite {
  origin: string;
  server: Server;
  close: () => Promise<void>;
}

/**
 * Serves `dir` on `port` (0: a free one). `headers`: the netlify.toml whose header rules apply
 * (this tree's by default), or null for none (another project's site).
 */
export const serveStaticSite = async (
  dir: string,
  { port = 0, headers = OUR_NETLIFY_TOML }: { port?: number; headers?: string | null } = {},
): Promise<StaticSite> => {
  const root = path.resolve(dir);
  if (!(await stat(root).catch(() => null))?.isDirectory()) throw new Error(`static-site: ${root} is not a folder`);
  const rules = headers ? await headerRules(headers) : [];

  const fileFor = async (pathname: string): Promise<string | null> => {
    const clean = path.normalize(decodeURIComponent(pathname)).replace(/\/+$/, '');
    for (const candidate of [clean, `${clean}.html`, path.join(clean, 'index.html')]) {
      const file = path.join(root, candidate);
      if (file.startsWith(root) && (await stat(file).catch(() => null))?.isFile()) return file;
    }
    return null;
  };
  /** The language's 404 page under its prefix (/ta/… → ta/404.html), else 404.html. */
  const notFoundFile = async (pathname: string): Promise<string | null> => {
    const prefix = /^\/([a-z]{2})\//.exec(pathname)?.[1];
    for (const candidate of [prefix ? `${prefix}/404.html` : null, '404.html']) {
      if (candidate && (await stat(path.join(root, candidate)).catch(() => null))?.isFile()) return path.join(root, candidate);
    }
    return null;
  };

  const server = createServer((request, response) => {
    void (async () => {
      try {
        const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
        const found = await fileFor(pathname);
        const file = found ?? (await notFoundFile(pathname));
        const status = found ? 200 : 404;
        const type = file ? (TYPES[path.extname(file)] ?? 'application/octet-stream') : 'text/plain; charset=utf-8';
        const raw: Buffer = file ? await readFile(file) : Buffer.from('Not found');
        const out: Record<string, string> = { ...headersFor(rules, found ? pathname : '/404.html'), 'content-type': type };
        if (headers) out['cache-control'] ??= NETLIFY_DEFAULT_CACHE;
        const encoding = negotiateEncoding(request.headers['accept-encoding']);
        const compressed = encoding && isCompressible(type, raw.byteLength);
        if (compressed) Object.assign(out, { 'content-encoding': encoding, vary: 'Accept-Encoding' });
        response.writeHead(status, out).end(compressed ? compress(raw, encoding) : raw);
      } catch (error) {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, resolve));
  const address = server.address();
  const origin = `http://localhost:${typeof address === 'object' && address ? address.port : port}`;
  return { origin, server, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};
