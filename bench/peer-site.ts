/**
 * Serves another site's built folder the way `npm start` serves ours to Lighthouse: static files,
 * compressed with brotli or gzip as Netlify's CDN does (harness/compress.ts), `/x` answered by
 * `x.html` or `x/index.html`. For measuring a peer (AstroWind) on the same machine and in the same
 * run as our pages:
 *
 *   PEER_PORT=4400 node bench/peer-site.ts ../astrowind/dist &
 *   npm run bench:lighthouse -- --origin http://localhost:4400 --pages /,/contact --modes compressed
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { compress, isCompressible, negotiateEncoding } from '../harness/compress.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml',
};

const dir = path.resolve(process.argv[2] ?? '');
if (!process.argv[2] || !(await stat(dir).catch(() => null))?.isDirectory()) {
  console.error('peer-site: give the built folder to serve, e.g. node bench/peer-site.ts ../astrowind/dist');
  process.exit(1);
}

const fileFor = async (pathname: string): Promise<string | null> => {
  const clean = path.normalize(decodeURIComponent(pathname)).replace(/\/+$/, '');
  for (const candidate of [clean, `${clean}.html`, path.join(clean, 'index.html')]) {
    const file = path.join(dir, candidate);
    if (file.startsWith(dir) && (await stat(file).catch(() => null))?.isFile()) return file;
  }
  return null;
};

const port = Number(process.env.PEER_PORT || 4400);
createServer(async (request, response) => {
  const file = await fileFor(new URL(request.url ?? '/', 'http://localhost').pathname);
  if (!file) {
    response.writeHead(404).end('Not found');
    return;
  }
  const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  const body = await readFile(file);
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  if (encoding && isCompressible(type, body.byteLength)) {
    response.writeHead(200, { 'content-type': type, 'content-encoding': encoding, vary: 'accept-encoding' }).end(compress(body, encoding));
  } else response.writeHead(200, { 'content-type': type }).end(body);
}).listen(port, () => console.log(`peer site ${dir} at http://localhost:${port}`));
