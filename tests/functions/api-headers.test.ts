/**
 * netlify.toml's headers do not reach function answers, so every answer of the API carries its
 * own: no-store, nosniff and a policy that lets an answer opened in a browser load and run nothing.
 * Each way out is checked: 201, 422, 405, a native post's 303 and problem page, and the export.
 */
import { describe, expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import { useFreshLocalServers } from '../support/servers.ts';
import { BROWSER_NAVIGATION_ACCEPT, handlers, jsonRequest, nativeForm, send, sendForm, valid } from '../support/enquiry-requests.ts';
import { teamApiHandler } from '../../src/server/index.ts';

// A real, empty Blobs store before each test; nothing here reads it back.
useFreshLocalServers(() => {});

const expectApiHeaders = (headers: Headers) => {
  expect(headers.get('cache-control')).toBe('no-store');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('content-security-policy')).toMatch(/^default-src 'none'; .*frame-ancestors 'none'/);
  expect(headers.get('content-security-policy')).not.toContain('unsafe-inline');
};

describe('every API answer carries its security headers', () => {
  test('201 for a stored enquiry', async () => {
    const answer = await send('finance', valid.finance());
    expect(answer.status).toBe(201);
    expectApiHeaders(answer.headers);
  });

  test('422 naming the fields', async () => {
    const answer = await send('bankloan', { ...valid.bankloan(), phone: '123' });
    expect(answer.status).toBe(422);
    expectApiHeaders(answer.headers);
  });

  test('405 for a PUT', async () => {
    const response = await handlers.finance(jsonRequest('finance', undefined, { method: 'PUT' }));
    expect(response.status).toBe(405);
    expectApiHeaders(response.headers);
  });

  test("a native post's 303 to /Thankyou", async () => {
    const answer = await sendForm('finance', nativeForm('finance'), { headers: { accept: BROWSER_NAVIGATION_ACCEPT } });
    expect(answer.status).toBe(303);
    expectApiHeaders(answer.headers);
  });

  test("a native post's problem page allows its own stylesheet by hash, the site's fonts, and no script", async () => {
    const answer = await sendForm('finance', nativeForm('finance', { phone: '123' }), { headers: { accept: BROWSER_NAVIGATION_ACCEPT } });
    expect(answer.status).toBe(422);
    const policy = answer.headers.get('content-security-policy') ?? '';
    // One hash per language's stylesheet (a Tamil, Telugu or Kannada page names its font).
    expect(policy).toMatch(/^default-src 'none'; style-src( 'sha256-[A-Za-z0-9+/=]+'){4};/);
    expect(policy).not.toContain('script-src');
    // The site's own Indic fonts, and nothing from elsewhere.
    expect(policy).toContain("font-src 'self';");
    const style = /<style>([\s\S]*?)<\/style>/.exec(answer.text)?.[1] ?? '';
    expect(policy).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  test('the export, answered or refused', async () => {
    process.env.LEADS_EXPORT_TOKEN = 'headers-test-token-k7Qm2xR9vT4pW8nZ3bY6';
    try {
      const handler = teamApiHandler();
      const refused = await handler(new Request('http://localhost/api/leads'));
      expect(refused.status).toBe(401);
      expectApiHeaders(refused.headers);
      const ok = await handler(
        new Request('http://localhost/api/leads', { headers: { authorization: 'Bearer headers-test-token-k7Qm2xR9vT4pW8nZ3bY6' } }),
      );
      expect(ok.status).toBe(200);
      expectApiHeaders(ok.headers);
    } finally {
      delete process.env.LEADS_EXPORT_TOKEN;
    }
  });
});
