/**
 * Compression of static answers as Netlify's CDN does it: brotli when the browser accepts it,
 * else gzip, for text-like types. Bodies are compressed once and kept (dist/ files do not change
 * while the server runs).
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml|ld\+json)|image\/svg\+xml)/i;
/** Below this, compression costs more than it saves (Netlify's threshold is similar). */
const MIN_BYTES = 1024;

/** The encoding to use for an Accept-Encoding header, or null for none. */
export const negotiateEncoding = (accept: string | undefined): Encoding | null => {
  const offered = (accept ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || Number(q.split('=')[1]) > 0)
    .map(([name]) => name.toLowerCase());
  if (offered.includes('br')) return 'br';
  if (offered.includes('gzip')) return 'gzip';
  return null;
};

export const isCompressible = (contentType: string | null, bytes: number): boolean =>
  bytes >= MIN_BYTES && COMPRESSIBLE.test(contentType ?? '');

const cache = new Map<string, Buffer>();

export const compress = (body: Buffer, encoding: Encoding): Buffer => {
  const key = `${encoding}:${createHash('sha1').update(body).digest('hex')}`;
  let out = cache.get(key);
  if (!out) {
    out = encoding === 'br' ? brotliCompressSync(body) : gzipSync(body, { level: 9 });
    cache.set(key, out);
  }
  return out;
};
