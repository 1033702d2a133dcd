/**
 * The routes as the server answers them: every built page at its own address, in every language,
 * exactly as it was built, and paths that are case-sensitive. The old contact address's redirect
 * and what the pages show in a browser are in tests/e2e/routes.spec.ts; every page's heading,
 * navigation and footer are read from the build in tests/dist/pages.test.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { builtPages, DIST } from '../support/dist.ts';
import { request } from '../support/served.ts';

it('every built page is served at its own address, in every language, as it was built', async () => {
  const pages = builtPages();
  expect(pages.length).toBeGreaterThan(140);
  const problems: string[] = [];
  // Eight requests at a time, as a browser would.
  for (let start = 0; start < pages.length; start += 8) {
    await Promise.all(
      pages.slice(start, start + 8).map(async ({ address, file }) => {
        // The 404 page is what an unknown address gets; /Contactpage is a permanent redirect (tests/e2e/routes.spec.ts).
        if (address === '/Contactpage') return;
        const notFound = /(^|\/)404$/.test(address);
        // Uncompressed, so the server's time goes to answering (its compression: tests/served/headers.test.ts).
        const response = await request(notFound ? address.replace(/404$/, 'no-such-page') : address, {
          headers: { 'accept-encoding': 'identity' },
        });
        const status = notFound ? 404 : 200;
        if (response.status !== status) problems.push(`${address}: ${response.status}, not ${status}`);
        else if (!/^text\/html/.test(response.headers.get('content-type') ?? ''))
          problems.push(`${address}: ${response.headers.get('content-type')}`);
        else if ((await response.text()) !== readFileSync(path.join(DIST, file), 'utf8')) problems.push(`${address}: not dist/${file}`);
      }),
    );
  }
  expect(problems).toEqual([]);
}, 120_000);

it('paths are case-sensitive: /flats is not /Flats', async () => {
  expect((await request('/Flats')).status).toBe(200);
  expect((await request('/flats')).status).toBe(404);
});
