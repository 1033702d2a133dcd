/**
 * The headers the server sends, as netlify.toml sets them and as `npm start` applies them: a page's
 * security headers, compression and revalidation; a built asset's and a font's year-long cache;
 * an API answer's own headers. That a browser enforces the CSP is in tests/e2e/security.spec.ts;
 * the policy each page declares, in tests/dist/security.test.ts.
 */
import { expect, it } from 'vitest';
import { validFinance } from '../../harness/sample-enquiries.ts';
import { postJson, request, withChallenge } from '../support/served.ts';

const SITE_HEADERS = {
  'strict-transport-security': /^max-age=\d{8,}/,
  'x-content-type-options': /^nosniff$/,
  'referrer-policy': /^strict-origin-when-cross-origin$/,
  'permissions-policy': /camera=\(\)/,
  'content-security-policy': /frame-ancestors 'none'/,
};
const expectSiteHeaders = (headers: Headers) => {
  for (const [name, value] of Object.entries(SITE_HEADERS)) expect(headers.get(name), name).toMatch(value);
};

it('a page carries the security headers, is compressed and is revalidated', async () => {
  const answer = await request('/Flats', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(answer.status).toBe(200);
  expectSiteHeaders(answer.headers);
  expect(answer.headers.get('cache-control')).toMatch(/max-age=0, must-revalidate/);
  expect(answer.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
});

it('a built asset carries the security headers and is cached for a year, immutable', async () => {
  const html = await (await request('/')).text();
  const asset = /\/_astro\/[\w.-]+\.(?:css|js)/.exec(html)?.[0];
  expect(asset).toBeTruthy();
  const answer = await request(asset as string);
  expect(answer.status).toBe(200);
  expectSiteHeaders(answer.headers);
  expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
});

it("a Tamil page's font (its name carries a hash of its bytes too) is cached for a year, immutable", async () => {
  const html = await (await request('/ta/Flats')).text();
  const font = /<link rel="preload" href="(\/fonts\/[\w.-]+\.woff2)"/.exec(html)?.[1];
  expect(font).toBeTruthy();
  const answer = await request(font as string);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/font\/woff2/);
  expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
});

it('an API answer sets its own headers: nosniff, no-store and a restrictive CSP', async () => {
  for (const answer of [
    await postJson('/api/finance', withChallenge('finance', validFinance())),
    await postJson('/api/finance', { Planning: 'Mutual Funds' }),
    await request('/api/finance'),
  ]) {
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('content-security-policy')).toMatch(/^default-src 'none';.*frame-ancestors 'none'/);
  }
});
