/**
 * harness/static-site.ts serves another build the way `npm start` serves ours: a Lighthouse A/B of two
 * builds is fair only if both get netlify.toml's headers. Without Cross-Origin-Opener-Policy, the
 * page loads in the renderer Lighthouse's about:blank already has, and its main-thread tasks are
 * not those a page served with the header gets (docs/performance.md, "Comparing two builds").
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStaticSite, type StaticSite } from '../../harness/static-site.ts';

let dir: string;
let withHeaders: StaticSite;
let bare: StaticSite;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'static-site-'));
  await mkdir(path.join(dir, 'fonts'));
  await mkdir(path.join(dir, 'ta'));
  await writeFile(path.join(dir, 'Flats.html'), `<!doctype html><title>Flats</title>${'<p>Flats</p>'.repeat(200)}`);
  await writeFile(path.join(dir, 'fonts/noto-sans-tamil-400-700.0123456789.woff2'), Buffer.alloc(2048, 1));
  await writeFile(path.join(dir, '404.html'), '<!doctype html><title>Not found</title>');
  await writeFile(path.join(dir, 'ta/404.html'), '<!doctype html><title>கிடைக்கவில்லை</title>');
  withHeaders = await serveStaticSite(dir);
  bare = await serveStaticSite(dir, { headers: null });
});
afterAll(async () => {
  await Promise.all([withHeaders?.close(), bare?.close()]);
  await rm(dir, { recursive: true, force: true });
});

describe('harness/static-site.ts', () => {
  it("answers a page with netlify.toml's headers and Netlify's default Cache-Control, compressed", async () => {
    const response = await fetch(`${withHeaders.origin}/Flats`, { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(await response.text()).toContain('<title>Flats</title>');
  });

  it('gives a hashed font the year-long cache netlify.toml gives /fonts/*', async () => {
    const response = await fetch(`${withHeaders.origin}/fonts/noto-sans-tamil-400-700.0123456789.woff2`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toBe('font/woff2');
  });

  it("answers an unknown path with status 404 and the language's own 404 page", async () => {
    const tamil = await fetch(`${withHeaders.origin}/ta/nowhere`);
    expect(tamil.status).toBe(404);
    expect(await tamil.text()).toContain('கிடைக்கவில்லை');
    const english = await fetch(`${withHeaders.origin}/nowhere`);
    expect(english.status).toBe(404);
    expect(english.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it('serves another project with no headers when told to', async () => {
    const response = await fetch(`${bare.origin}/Flats`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(response.headers.get('cache-control')).toBeNull();
  });
});
