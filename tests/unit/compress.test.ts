import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress, isCompressible, negotiateEncoding } from '../../harness/compress.ts';

describe('compression of static answers (harness/serve.ts, as Netlify CDN)', () => {
  it('prefers brotli, falls back to gzip, and honours q=0', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });

  it('compresses text-like answers of 1 KB or more only', () => {
    expect(isCompressible('text/html; charset=utf-8', 4096)).toBe(true);
    expect(isCompressible('text/javascript; charset=utf-8', 4096)).toBe(true);
    expect(isCompressible('image/svg+xml', 4096)).toBe(true);
    expect(isCompressible('application/manifest+json', 4096)).toBe(true);
    expect(isCompressible('image/webp', 40_000)).toBe(false);
    expect(isCompressible('text/html', 200)).toBe(false);
  });

  it('round-trips both encodings', () => {
    const body = Buffer.from('<p>Aranya</p>'.repeat(500));
    expect(brotliDecompressSync(compress(body, 'br')).equals(body)).toBe(true);
    expect(gunzipSync(compress(body, 'gzip')).equals(body)).toBe(true);
    expect(compress(body, 'br').byteLength).toBeLessThan(body.byteLength / 10);
  });
});
