/**
 * The team's side as `npm start` serves it: erasure on /api/leads/<id> (a path parameter, routed by
 * the local function router), paging with limit and cursor, and the scheduled sweep answering on
 * its function path. What is stored and erased in detail is in tests/functions/erase.test.ts and
 * tests/functions/export-paging.test.ts, against the handlers.
 */
import { randomUUID } from 'node:crypto';
import { randomClientAddress } from '../../harness/client-address.ts';
import { expect, it } from 'vitest';
import { OWNER, postJson, request, withChallenge } from '../support/served.ts';

const enquiry = () => ({
  Planning: 'Mutual Funds',
  Username: 'Lakshmi Narayanan',
  phone: '9876501234',
  email: 'lakshmi@example.com',
  currentdate: 'Sun, Nov 22 2026',
  consent: true,
  page: '/Mutualfunds',
  submissionId: randomUUID(),
  company_website: '',
  elapsedMs: 20_000,
  utm_source: 'served-tests',
});

it('DELETE /api/leads/<id> erases a lead: 401 without the key, 204 with it, then 404', async () => {
  const body = enquiry();
  expect((await postJson('/api/finance', withChallenge('finance', body))).status).toBe(201);
  // A client of its own (Netlify's client address header, read by the local server): wrong keys add up per client.
  const client = { 'x-nf-client-connection-ip': randomClientAddress() };
  const erase = (headers: Record<string, string>) => request(`/api/leads/${body.submissionId}`, { method: 'DELETE', headers });
  expect((await erase(client)).status).toBe(401);
  expect((await erase(OWNER)).status).toBe(204);
  expect((await erase(OWNER)).status).toBe(404);
  // The inbox reads one lead with GET: the erased lead is gone for it too.
  expect((await request(`/api/leads/${body.submissionId}`, { headers: OWNER })).status).toBe(404);
});

it('the export pages with limit and cursor', async () => {
  for (let i = 0; i < 2; i++) expect((await postJson('/api/finance', withChallenge('finance', enquiry()))).status).toBe(201);
  const first = await request('/api/leads?kind=finance&limit=1&format=json', { headers: OWNER });
  expect(first.status).toBe(200);
  const { count, nextCursor } = (await first.json()) as { count: number; nextCursor: string };
  expect(count).toBe(1);
  expect(first.headers.get('x-next-cursor')).toBe(nextCursor);
  const second = await request(`/api/leads?kind=finance&limit=1&format=json&cursor=${nextCursor}`, { headers: OWNER });
  expect(((await second.json()) as { count: number }).count).toBe(1);
});

it('under npm start the sweep answers on /.netlify/functions/leads-sweep with its counts', async () => {
  const response = await postJson('/.netlify/functions/leads-sweep', { next_run: new Date().toISOString() });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({
    pending: expect.any(Number),
    due: expect.any(Number),
    sent: expect.any(Number),
    left: expect.any(Number),
  });
});
