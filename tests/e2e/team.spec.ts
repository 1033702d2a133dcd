/**
 * The team's side as `npm start` serves it: attribution recorded by the page script, erasure
 * on /api/leads/<id> (a path parameter, routed by the local function router) and paging.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { EXPORT_TOKEN } from '../../playwright.config';
import { withChallenge } from '../support/form-filling.ts';

const auth = { authorization: `Bearer ${EXPORT_TOKEN}` };

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
  utm_source: 'e2e',
});

test('the first page of a visit records where it came from; later pages keep it', async ({ page }) => {
  await page.goto('/Aboutpage?utm_source=newsletter&utm_medium=email&utm_campaign=nov-loans&gclid=abc123');
  await page.locator('footer').getByRole('link', { name: 'Contact us' }).click();
  await page.waitForURL(/Contactus/);
  await page.goto('/?utm_source=other');
  const stored = await page.evaluate(() => sessionStorage.getItem('aranya:attribution'));
  expect(JSON.parse(stored ?? 'null')).toEqual({
    landingPath: '/Aboutpage',
    utm_source: 'newsletter',
    utm_medium: 'email',
    utm_campaign: 'nov-loans',
    gclid: 'abc123',
  });
});

test('with sessionStorage blocked the page runs without errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    Object.defineProperty(window, 'sessionStorage', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  await page.goto('/?utm_source=blocked');
  // The page's scripts ran after the attribution script: the carousel and scroll-to-top started.
  await page.locator('.carousel[data-ready]').waitFor({ state: 'attached' });
  await page.locator('[data-to-top][data-ready]').waitFor({ state: 'attached' });
  expect(errors).toEqual([]);
});

test('DELETE /api/leads/<id> erases a lead: 401 without the token, 204 with it, then 404', async ({ request }) => {
  const body = enquiry();
  expect((await request.post('/api/finance', { data: withChallenge('finance', body) })).status()).toBe(201);
  // A client of its own (Netlify's client address header, read by the local server): wrong keys add up per client.
  const client = { 'x-nf-client-connection-ip': randomUUID() };
  expect((await request.delete(`/api/leads/${body.submissionId}`, { headers: client })).status()).toBe(401);
  expect((await request.delete(`/api/leads/${body.submissionId}`, { headers: auth })).status()).toBe(204);
  expect((await request.delete(`/api/leads/${body.submissionId}`, { headers: auth })).status()).toBe(404);
  // The inbox reads one lead with GET: the erased lead is gone for it too.
  expect((await request.get(`/api/leads/${body.submissionId}`, { headers: auth })).status()).toBe(404);
});

test('the export pages with limit and cursor', async ({ request }) => {
  for (let i = 0; i < 2; i++)
    expect((await request.post('/api/finance', { data: withChallenge('finance', enquiry()) })).status()).toBe(201);
  const first = await request.get('/api/leads?kind=finance&limit=1&format=json', { headers: auth });
  expect(first.status()).toBe(200);
  const { count, nextCursor } = await first.json();
  expect(count).toBe(1);
  expect(first.headers()['x-next-cursor']).toBe(nextCursor);
  const second = await request.get(`/api/leads?kind=finance&limit=1&format=json&cursor=${nextCursor}`, { headers: auth });
  expect((await second.json()).count).toBe(1);
});

test('under npm start the sweep answers on /.netlify/functions/leads-sweep with its counts', async ({ request }) => {
  const response = await request.post('/.netlify/functions/leads-sweep', { data: { next_run: new Date().toISOString() } });
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({
    pending: expect.any(Number),
    due: expect.any(Number),
    sent: expect.any(Number),
    left: expect.any(Number),
  });
});
