/**
 * When the database cannot be reached (it refuses, or never answers), the visitor is told to
 * retry (503 + Retry-After) and no e-mail goes out; the form's browser fallback carries the
 * enquiry (tests/e2e/forms-faults.spec.ts).
 */
import net from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { closedPort, startLocalBlobs, type LocalBlobs } from '../../harness/local-blobs.ts';
import { useEmailJsStandIn } from '../../harness/emailjs-standin.ts';
import { BROWSER_NAVIGATION_ACCEPT, nativeForm, send, sendForm, valid, type Kind } from '../support/enquiry-requests.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';

let standIn: EmailJsStandIn;
let blobs: LocalBlobs;
beforeAll(async () => {
  standIn = await useEmailJsStandIn();
  blobs = await startLocalBlobs();
});
afterAll(async () => {
  await standIn.close();
  await blobs.stop();
});
beforeEach(async () => {
  process.env.NETLIFY_DB_URL = `postgres://postgres@127.0.0.1:${await closedPort()}/postgres`;
  delete process.env.LEADS_STORE_TIMEOUT_MS;
});

test.each(['realestate', 'bankloan', 'finance', 'contact'] as Kind[])(
  '%s: database refusing → 503 with Retry-After, plain JSON',
  async (kind) => {
    const answer = await send(kind, valid[kind]());
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('30');
    expect(answer.body).toEqual({ error: expect.stringMatching(/try again/) });
    expect(answer.text).not.toMatch(/ECONNREFUSED|at .*\.(ts|js)/);
    expect(standIn.requests).toHaveLength(0);
  },
);

test('a native form post with the database down gets the HTML page with 503 and Retry-After', async () => {
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

test('spam with the database down is a 503 too (never a stack trace)', async () => {
  const answer = await send('finance', valid.finance({ company_website: 'x' }));
  expect(answer.status).toBe(503);
});

test('a database that never answers is cut off by LEADS_STORE_TIMEOUT_MS', async () => {
  const sockets = new Set<net.Socket>();
  const hanging = net.createServer((socket) => sockets.add(socket)); // accepts and never answers
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  const { port } = hanging.address() as net.AddressInfo;
  process.env.NETLIFY_DB_URL = `postgres://postgres@127.0.0.1:${port}/postgres`;
  process.env.LEADS_STORE_TIMEOUT_MS = '300';
  const started = Date.now();
  const answer = await send('finance', valid.finance());
  expect(answer.status).toBe(503);
  expect(Date.now() - started).toBeLessThan(2000);
  for (const socket of sockets) socket.destroy();
  hanging.close();
});
