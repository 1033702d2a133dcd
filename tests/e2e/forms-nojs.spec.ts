/**
 * The forms with JavaScript disabled, as on 2G before the script arrives: each is a plain HTML
 * form that posts to /api/<kind>; the server answers with /Thankyou or a page of problems.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL } from '../../playwright.config';
import { exportedLeads, fill, FORM_PAGES, submitButton, type FormPage, type Kind } from './support/forms';

test.use({ javaScriptEnabled: false });

const FAMILIES = ['/Sellflats', '/Depositloan', '/Financialplan', '/Contactus'];
const formOf = (path: string) => FORM_PAGES.find((f) => f.path === path) as FormPage;

/** The page's steps with a unique e-mail, to find the lead in the export afterwards. */
const withEmail = (form: FormPage, email: string) =>
  form.steps.map((step) => (step.type === 'text' && step.label === 'E-mail' ? { ...step, value: email } : step));

const leadByEmail = async (page: Page, kind: Kind, email: string) =>
  (await exportedLeads(page.request, kind)).filter((lead) => lead.email === email);

for (const path of FAMILIES) {
  test(`${path} without JavaScript: a valid post lands on /Thankyou, stored with via "html"`, async ({ page }) => {
    const form = formOf(path);
    const email = `nojs-${randomUUID().slice(0, 8)}@example.com`;
    await page.goto(path);
    // The plain form posts to its endpoint and lists every city, grouped by state.
    const html = page.locator('form.enquiry-form');
    await expect(html).toHaveAttribute('method', 'post');
    await expect(html).toHaveAttribute('action', `/api/${form.kind}`);
    if ('selectedCity' in form.expected) await expect(html.locator('select[name="selectedCity"] optgroup')).toHaveCount(4);
    await fill(page, withEmail(form, email));
    await submitButton(page, form.kind).click();
    await page.waitForURL('**/Thankyou');
    await expect(page.locator('h1')).toHaveText('Thank You for Submitting Query!');
    // Personal data never went into a URL.
    expect(page.url()).toBe(`${BASE_URL}/Thankyou`);

    const leads = await leadByEmail(page, form.kind, email);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ ...form.expected, email, via: 'html' });
    expect(String(leads[0].currentdate)).toMatch(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{2} \d{4}$/);
  });
}

test('without JavaScript: an invalid post gets the HTML page of problems, with a link back', async ({ page }) => {
  const form = formOf('/Depositloan');
  await page.goto(form.path);
  // Native checks pass, the server's do not: a city of another state from the grouped list.
  await fill(page, withEmail(form, 'nojs-invalid@example.com'));
  await page.locator('select[name="selectedState"]').selectOption('Karnataka');
  await page.locator('select[name="selectedCity"]').selectOption('Warangal');
  const [response] = await Promise.all([page.waitForResponse('**/api/bankloan'), submitButton(page, 'bankloan').click()]);
  expect(response.status()).toBe(422);
  await expect(page.locator('body')).toContainText('Choose a city in Karnataka');
  await expect(page.getByRole('link', { name: /back/i }).first()).toHaveAttribute('href', /\/Depositloan$/);
  expect((await leadByEmail(page, 'bankloan', 'nojs-invalid@example.com')).length).toBe(0);
});

test('a post from another site is refused with 403 and stores nothing', async ({ page }) => {
  const email = `cross-${randomUUID().slice(0, 8)}@example.com`;
  await page.route('http://other-site.example/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>x</title><form method="post" action="${BASE_URL}/api/finance">
        <input name="Planning" value="AIF"><input name="Username" value="Mallory"><input name="phone" value="9876543210">
        <input name="email" value="${email}"><input name="consent" value="on"><input name="page" value="/AIF">
        <button>Send</button></form>`,
    }),
  );
  await page.goto('http://other-site.example/form');
  const [response] = await Promise.all([page.waitForResponse('**/api/finance'), page.getByRole('button', { name: 'Send' }).click()]);
  expect(response.status()).toBe(403);
  expect((await leadByEmail(page, 'finance', email)).length).toBe(0);
});
