/**
 * When our API fails: the store made to fail by the local server's fault switch (a real 503 from
 * our functions), or the network dropped. The e-mail fallback reaches the EmailJS stand-in; with
 * the stand-in failing too, the visitor keeps everything typed and Retry stores exactly once.
 * Runs in its own project after the others, because the switches act on the whole served site.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { EMAILJS_STANDIN_ORIGIN } from '../../playwright.config.ts';
import { FORM_TEXT } from '../support/words.ts';
import { KEPT_DB } from '../../src/lib/kept-enquiry.ts';
import { exportedLeads, fillWithUniqueEmail, FORM_PAGES, submitButton, type FormPage } from '../support/form-filling.ts';

test.describe.configure({ mode: 'serial' });
// With the store down each attempt waits for the store deadline (6 s) before its 503.
test.setTimeout(90_000);

const setStore = (request: APIRequestContext, store: 'down' | 'up') => request.post('/__local/faults', { data: { store } });
const setStandIn = (request: APIRequestContext, behaviour: { status?: number; delayMs?: number }) =>
  request.post(`${EMAILJS_STANDIN_ORIGIN}/__standin/behaviour`, { data: behaviour });
const received = async (request: APIRequestContext) =>
  (await (await request.get(`${EMAILJS_STANDIN_ORIGIN}/__standin/received`)).json()) as { template_params: Record<string, string> }[];

test.afterEach(async ({ request }) => {
  await setStore(request, 'up');
  await setStandIn(request, { status: 200, delayMs: 0 });
});

const form = FORM_PAGES.find((f) => f.path === '/Mutualfunds') as FormPage;

const fillUnique = (page: Page) => fillWithUniqueEmail(page, form, 'fault');

test('the API answers 503: retried once, then the enquiry is e-mailed to the team and the visitor told so', async ({ page, request }) => {
  expect((await setStore(request, 'down')).status()).toBe(200);
  const email = await fillUnique(page);
  const posts: number[] = [];
  page.on('response', (r) => r.url().endsWith('/api/finance') && r.request().method() === 'POST' && posts.push(r.status()));
  await submitButton(page, 'finance').click();
  await expect(page.getByText(FORM_TEXT.success.byEmail)).toBeVisible({ timeout: 30_000 });
  expect(posts).toEqual([503, 503]);
  const mails = (await received(request)).filter((m) => m.template_params.email === email);
  expect(mails).toHaveLength(1);
  expect(mails[0].template_params).toMatchObject({ kind: 'finance', via: 'browser-fallback', Planning: 'Mutual Funds' });
});

test('the network drops: the fallback e-mail reaches the team', async ({ page, request }) => {
  const email = await fillUnique(page);
  await page.route('**/api/finance', (route) => route.abort('internetdisconnected'));
  await submitButton(page, 'finance').click();
  await expect(page.getByText(FORM_TEXT.success.byEmail)).toBeVisible({ timeout: 30_000 });
  expect((await received(request)).filter((m) => m.template_params.email === email)).toHaveLength(1);
});

test('both paths fail: the enquiry is kept in the browser, every value in the form, links offered; Retry then stores exactly once', async ({
  page,
  request,
}) => {
  await setStore(request, 'down');
  await setStandIn(request, { status: 500 });
  const email = await fillUnique(page);
  await submitButton(page, 'finance').click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(FORM_TEXT.kept.title, { timeout: 30_000 });
  await expect(alert.getByRole('link', { name: /Call/ })).toHaveAttribute('href', 'tel:+919000000000');
  await expect(alert.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/919000000000');
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  await expect(page.getByLabel('Your name', { exact: true })).toHaveValue(String(form.expected.Username));

  await setStore(request, 'up');
  await setStandIn(request, { status: 200 });
  await page.getByRole('button', { name: FORM_TEXT.failure.retry }).click();
  await expect(page.getByRole('heading', { name: FORM_TEXT.success.title })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(FORM_TEXT.success.byEmail)).toHaveCount(0);
  const leads = (await exportedLeads(request, 'finance')).filter((lead) => lead.email === email);
  expect(leads).toHaveLength(1);
  // Sent by the form itself: nothing is kept for a later page to send again.
  const waiting = () =>
    page.evaluate(
      ({ database, store }) =>
        new Promise<number>((resolve, reject) => {
          const opening = indexedDB.open(database);
          opening.onerror = () => reject(new Error('IndexedDB'));
          opening.onsuccess = () => {
            const count = opening.result.transaction(store).objectStore(store).count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
      KEPT_DB,
    );
  await expect.poll(waiting).toBe(0);
});
