/**
 * Enquiries kept in the browser (docs/decisions/046-kept-enquiries.md): the network switched off as the
 * visitor presses Send keeps the enquiry in the browser, photos too; it reaches the team's export
 * once the connection returns, on the same page or on a later visit to any page, exactly once; and
 * a visitor with nothing waiting fetches nothing for it.
 */
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { FORM_TEXT } from '../support/words.ts';
import {
  ENQUIRY_PAGES,
  exportedLeads,
  fill,
  fillWithUniqueEmail,
  humanPause,
  hydrated,
  leadsWithReference,
  submitButton,
  type FormPage,
} from '../support/form-filling.ts';
import { KEPT_FLAG, KEPT_SENDER } from '../../src/lib/kept-enquiry.ts';

const formAt = (path: string) => ENQUIRY_PAGES.find((f) => f.path === path) as FormPage;
const keptPanel = (page: Page) => page.getByRole('alert').filter({ has: page.getByRole('heading', { name: FORM_TEXT.kept.title }) });
const flag = (page: Page) => page.evaluate((key) => localStorage.getItem(key), KEPT_FLAG);

test('offline at Send: kept, with every value; the connection returns and this form shows its thanks; stored once', async ({
  page,
  context,
  request,
}) => {
  const form = formAt('/Mutualfunds');
  const email = await fillWithUniqueEmail(page, form, 'kept');
  await context.setOffline(true);
  await submitButton(page, 'finance').click();
  await expect(keptPanel(page)).toContainText(FORM_TEXT.kept.body);
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  expect(await flag(page)).toBe('1');
  expect((await exportedLeads(request, 'finance')).filter((lead) => lead.email === email)).toHaveLength(0);

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: FORM_TEXT.success.title })).toBeVisible({ timeout: 20_000 });
  // The form claimed it: no second note on the page.
  await expect(page.locator('[data-kept-notice]')).toHaveCount(0);
  await expect.poll(() => flag(page)).toBeNull();
  const leads = (await exportedLeads(request, 'finance')).filter((lead) => lead.email === email);
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({ ...form.expected, email });
});

test('Sell Flats offline with a photo, the tab closed: the next visit to another page sends it, photo and all', async ({
  context,
  request,
}, testInfo) => {
  const photo = testInfo.outputPath('balcony.jpg');
  await sharp({ create: { width: 400, height: 300, channels: 3, background: '#6688aa' } })
    .jpeg()
    .toFile(photo);
  const form = formAt('/Sellflats');
  const first = await context.newPage();
  await first.goto(form.path);
  await hydrated(first);
  await fill(first, form.steps);
  await first.getByLabel('Photos (optional)').setInputFiles([photo]);
  await expect(first.locator('.photos__item')).toHaveCount(1);
  await humanPause(first);
  await context.setOffline(true);
  await submitButton(first, 'realestate').click();
  await expect(keptPanel(first)).toBeVisible();
  await first.close();

  await context.setOffline(false);
  const later = await context.newPage();
  const senders: string[] = [];
  later.on('request', (r) => new URL(r.url()).pathname === KEPT_SENDER && senders.push(r.url()));
  await later.goto('/Aboutpage');
  const notice = later.getByRole('status').filter({ hasText: /Your saved enquiry has now reached us/ });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  expect(senders).toHaveLength(1);
  const reference = /([0-9a-f]{8})/.exec((await notice.textContent()) ?? '')?.[1] ?? '';
  const leads = await leadsWithReference(request, 'realestate', reference);
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject(form.expected);
  expect(leads[0].photos).toHaveLength(1);
  await notice.getByRole('button', { name: FORM_TEXT.kept.close }).click();
  await expect(notice).toHaveCount(0);
  await expect.poll(() => flag(later)).toBeNull();

  // Nothing waits any more: the next page fetches no sender.
  await later.goto('/Contactus');
  await later.waitForLoadState('load');
  expect(senders).toHaveLength(1);
});
