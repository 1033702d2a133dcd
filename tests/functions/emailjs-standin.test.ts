/**
 * The local EmailJS stand-in answers browsers (the forms' fallback through @emailjs/browser):
 * CORS on every answer and the preflight; and tests steer it through its control endpoints.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import emailjs from '@emailjs/browser';
import { startEmailJsStandIn, type EmailJsStandIn } from '../../harness/emailjs-standin.ts';

let standIn: EmailJsStandIn;
let outboxDir: string;
beforeAll(async () => {
  outboxDir = await mkdtemp(path.join(tmpdir(), 'standin-outbox-'));
  standIn = await startEmailJsStandIn({ outboxDir });
});
afterAll(async () => {
  await standIn.close();
  await rm(outboxDir, { recursive: true, force: true });
});
afterEach(() => {
  standIn.setBehaviour({ status: 200, delayMs: 0 });
  standIn.received.length = 0;
  vi.unstubAllGlobals();
});

const SEND = '/api/v1.0/email/send';
const PAGE_ORIGIN = 'http://localhost:8888';
const browserSend = (templateParams: Record<string, unknown>) => {
  // @emailjs/browser reads location.pathname (its rate limit key); Node has no location.
  vi.stubGlobal('location', new URL(`${PAGE_ORIGIN}/Contactus`));
  emailjs.init({ publicKey: 'public_local', origin: standIn.origin });
  return emailjs.send('service_local', 'template_local', templateParams);
};

test('the preflight of a browser send from a page on this machine is answered: its origin, POST, content-type', async () => {
  const response = await fetch(`${standIn.origin}${SEND}`, {
    method: 'OPTIONS',
    headers: { origin: PAGE_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });
  expect(response.status).toBe(204);
  expect(response.headers.get('access-control-allow-origin')).toBe(PAGE_ORIGIN);
  expect(response.headers.get('access-control-allow-methods')).toContain('POST');
  expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
});

test('@emailjs/browser send() is accepted, recorded with its wire fields, and written to outbox/ by kind', async () => {
  const result = await browserSend({ kind: 'finance', id: 'abc-123', Username: 'Priya Raman', Planning: 'AIF' });
  expect(result).toMatchObject({ status: 200, text: 'OK' });
  expect(standIn.received).toEqual([
    {
      lib_version: expect.any(String),
      user_id: 'public_local',
      service_id: 'service_local',
      template_id: 'template_local',
      template_params: { kind: 'finance', id: 'abc-123', Username: 'Priya Raman', Planning: 'AIF' },
    },
  ]);
  const files = (await readdir(outboxDir)).filter((name) => name.endsWith('-finance.json'));
  expect(files).toHaveLength(1);
  expect(JSON.parse(await readFile(path.join(outboxDir, files[0]), 'utf8')).template_params.id).toBe('abc-123');
});

test("a send's answers carry CORS for a page on this machine, failures too; nothing else carries it", async () => {
  const send = (body: string, origin = PAGE_ORIGIN) =>
    fetch(`${standIn.origin}${SEND}`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body });
  for (const response of [await send('{}'), await send('not json')]) {
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.headers.get('access-control-allow-origin')).toBe(PAGE_ORIGIN);
  }
  // Another site's page gets no CORS header: its script cannot read the answer.
  expect((await send('{}', 'https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  // The outbox and the controls are never readable by a web page, wherever it comes from.
  for (const path of ['/__standin/received', '/__standin/behaviour', '/elsewhere']) {
    const answer = await fetch(`${standIn.origin}${path}`, { headers: { origin: PAGE_ORIGIN } });
    expect(answer.headers.get('access-control-allow-origin'), path).toBeNull();
  }
});

test('an outbox file name keeps only safe characters of the kind', async () => {
  await browserSend({ kind: '../../etc/passwd', id: 'x' });
  expect(await readdir(outboxDir)).toContainEqual(expect.stringMatching(/-______etc_passwd\.json$/));
});

test('POST /__standin/behaviour makes sends fail or wait, and restores them; GET /__standin/received lists what was accepted', async () => {
  const behave = (body: unknown) =>
    fetch(`${standIn.origin}/__standin/behaviour`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  const failing = await behave({ status: 503 });
  expect(failing.status).toBe(200);
  expect(await failing.json()).toEqual({ status: 503, delayMs: 0 });
  await expect(browserSend({ kind: 'contact', id: 'one' })).rejects.toMatchObject({ status: 503 });

  await behave({ status: 200, delayMs: 300 });
  const started = Date.now();
  await browserSend({ kind: 'contact', id: 'two' });
  expect(Date.now() - started).toBeGreaterThanOrEqual(280);

  await behave({ delayMs: 0 });
  await browserSend({ kind: 'contact', id: 'three' });

  const received = await fetch(`${standIn.origin}/__standin/received`);
  expect(received.headers.get('content-type')).toMatch(/^application\/json/);
  expect((await received.json()).map((mail: { template_params: { id: string } }) => mail.template_params.id)).toEqual(['two', 'three']);
});

test('a wrong behaviour is refused with 400 naming its fields, and changes nothing', async () => {
  const answer = await fetch(`${standIn.origin}/__standin/behaviour`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'broken', delayMs: -1 }),
  });
  expect(answer.status).toBe(400);
  expect(Object.keys((await answer.json()).fields).sort()).toEqual(['delayMs', 'status']);
  await browserSend({ kind: 'contact', id: 'still-fine' });
  expect(standIn.received).toHaveLength(1);
});
