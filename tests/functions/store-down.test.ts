/** When Netlify Blobs cannot be reached, the visitor is told to retry (503 + Retry-After), no e-mail goes out. */
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { useUnreachableBlobs } from '../../harness/local-blobs.ts';
import { useEmailJsStandIn, type EmailJsStandIn } from '../../harness/emailjs-standin.ts';
import { BROWSER_NAVIGATION_ACCEPT, nativeForm, send, sendForm, valid, type Kind } from '../support/enquiry-requests.ts';

let standIn: EmailJsStandIn;
beforeAll(async () => {
  standIn = await useEmailJsStandIn();
});
afterAll(async () => {
  await standIn.close();
});
beforeEach(async () => {
  await useUnreachableBlobs();
  delete process.env.LEADS_STORE_TIMEOUT_MS;
});

test.each(['realestate', 'bankloan', 'finance', 'contact'] as Kind[])('%s: store down → 503 with Retry-After, plain JSON', async (kind) => {
  const answer = await send(kind, valid[kind]());
  expect(answer.status).toBe(503);
  expect(answer.headers.get('retry-after')).toBe('30');
  expect(answer.body).toEqual({ error: expect.stringMatching(/try again/) });
  expect(answer.text).not.toMatch(/ECONNREFUSED|at .*\.(ts|js)/);
  expect(standIn.requests).toHaveLength(0);
});

test('a native form post with the store down gets the HTML page with 503 and Retry-After', async () => {
  const answer = await sendForm('bankloan', nativeForm('bankloan'), {
    headers: { accept: BROWSER_NAVIGATION_ACCEPT, 'sec-fetch-mode': 'navigate' },
  });
  expect(answer.status).toBe(503);
  expect(answer.headers.get('retry-after')).toBe('30');
  expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(answer.text).toContain('We could not save your enquiry just now');
  expect(answer.text).toContain('href="/Vehicleloan"');
  expect(standIn.requests).toHaveLength(0);
});

test('spam with the store down is a 503 too (never a stack trace)', async () => {
  const answer = await send('finance', valid.finance({ company_website: 'x' }));
  expect(answer.status).toBe(503);
});

test('a store that hangs is cut off by LEADS_STORE_TIMEOUT_MS', async () => {
  const http = await import('node:http');
  const hanging = http.createServer(() => {}); // accepts and never answers
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  const { port } = hanging.address() as { port: number };
  const { setEnvironmentContext } = await import('@netlify/blobs');
  setEnvironmentContext({ edgeURL: `http://127.0.0.1:${port}`, uncachedEdgeURL: `http://127.0.0.1:${port}`, siteID: 's', token: 't' });
  process.env.LEADS_STORE_TIMEOUT_MS = '300';
  const started = Date.now();
  const answer = await send('finance', valid.finance());
  expect(answer.status).toBe(503);
  expect(Date.now() - started).toBeLessThan(2000);
  hanging.closeAllConnections();
  hanging.close();
});
