/**
 * The forms with JavaScript disabled, as on 2G before the script arrives: each is a plain HTML
 * form that posts to /api/<kind>; the server answers with /Thankyou or a page of problems.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL } from '../../playwright.config.ts';
import { exportedLeads, fill, FORM_PAGES, readingPause, submitButton, type FormPage } from '../support/form-filling.ts';
import type { EnquiryKind } from '../../src/lib/enquiry/kinds.ts';

test.use({ javaScriptEnabled: false });

const FAMILIES = ['/Sellflats', '/Depositloan', '/Financialplan', '/Contactus'];
const formOf = (path: string) => FORM_PAGES.find((f) => f.path === path) as FormPage;

/** The page's steps with a unique e-mail, to find the lead in the export afterwards. */
const withEmail = (form: FormPage, email: string) =>
  form.steps.map((step) => (step.type === 'text' && step.label === 'E-mail' ? { ...step, value: email } : step));

const leadByEmail = async (page: Page, kind: EnquiryKind, email: string) =>
  (await exportedLeads(page.request, kind)).filter((lead) => lead.email === email);

for (const path of FAMILIES) {
  test(`${path} without JavaScript: one click on "Confirm your enquiry", then /Thankyou, stored with via "html"`, async ({ page }) => {
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
    // Without JavaScript the server asks once to confirm: nothing is stored until then.
    await expect(page.locator('h1')).toHaveText('Confirm your enquiry');
    expect(await leadByEmail(page, form.kind, email)).toEqual([]);
    // A person reads the page before the click (a click sooner than the minimum fill time gets the page again).
    await readingPause();
    await page.getByRole('button', { name: 'Confirm and send my enquiry' }).click();
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

/** Per family: values the browser's own checks let through but the server refuses, and the message it gives. */
const INVALID: Record<string, { tweak: (page: Page) => Promise<void>; message: string }> = {
  '/Sellflats': {
    tweak: async (page) => {
      await page.locator('select[name="selectedState"]').selectOption('Tamil Nadu');
      await page.locator('select[name="selectedCity"]').selectOption('Mysuru');
    },
    message: 'Choose a city in Tamil Nadu',
  },
  '/Depositloan': {
    tweak: async (page) => {
      await page.locator('select[name="selectedState"]').selectOption('Karnataka');
      await page.locator('select[name="selectedCity"]').selectOption('Warangal');
    },
    message: 'Choose a city in Karnataka',
  },
  '/Financialplan': { tweak: (page) => page.locator('input[name="Username"]').fill('Priya 123'), message: 'Use only letters' },
  '/Contactus': { tweak: (page) => page.locator('input[name="Username"]').fill('R2-D2'), message: 'Use only letters' },
};

for (const path of FAMILIES) {
  test(`${path} without JavaScript: an invalid post gets the HTML page of problems, with a link back`, async ({ page }) => {
    const form = formOf(path);
    const email = `nojs-bad-${randomUUID().slice(0, 8)}@example.com`;
    await page.goto(form.path);
    await fill(page, withEmail(form, email));
    await INVALID[path].tweak(page);
    const [response] = await Promise.all([page.waitForResponse(`**/api/${form.kind}`), submitButton(page, form.kind).click()]);
    expect(response.status()).toBe(422);
    await expect(page.locator('body')).toContainText(INVALID[path].message);
    await expect(page.getByRole('link', { name: /back/i }).first()).toHaveAttribute('href', new RegExp(`${path}$`));
    expect(await leadByEmail(page, form.kind, email)).toHaveLength(0);
  });

  test(`${path}: a post from another site is refused with 403 and stores nothing`, async ({ page }) => {
    const form = formOf(path);
    const email = `cross-${randomUUID().slice(0, 8)}@example.com`;
    const inputs = Object.entries({ ...form.expected, email, consent: 'on', company_website: '' })
      .map(([name, value]) => `<input name="${name}" value="${String(value).replace(/"/g, '&quot;')}">`)
      .join('');
    await page.route('http://other-site.example/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>x</title><form method="post" action="${BASE_URL}/api/${form.kind}">${inputs}<button>Send</button></form>`,
      }),
    );
    await page.goto('http://other-site.example/form');
    const [response] = await Promise.all([page.waitForResponse(`**/api/${form.kind}`), page.getByRole('button', { name: 'Send' }).click()]);
    expect(response.status()).toBe(403);
    expect(await leadByEmail(page, form.kind, email)).toHaveLength(0);
  });
}

// Without JavaScript the phone's navigation cannot fold under a menu button, so it is laid out as
// part of the page and scrolls away with the header; it used to stay over the form as a sticky
// panel, and a tap on a field under it reached a menu link instead.
for (const width of [360, 390, 1024]) {
  test(`at ${width} px without JavaScript, the open navigation scrolls away and every control of the form can be reached`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/te/Contactus');
    await expect(page.locator('#site-nav')).toBeVisible();
    expect(await page.locator('header.site-header').evaluate((el) => getComputedStyle(el).position)).toBe('static');
    // Playwright's click scrolls the control into view and fails if something else would take the tap.
    await page.locator('form.enquiry-form [name="Username"]').click();
    await page.locator('form.enquiry-form [name="consent"]').check();
    await expect(page.locator('form.enquiry-form [name="consent"]')).toBeChecked();
    const submit = page.locator('form.enquiry-form button[type="submit"]');
    // Mid-screen, as a visitor scrolls to it: a phone's call bar stays at the foot of the screen.
    await submit.evaluate((button) => button.scrollIntoView({ block: 'center' }));
    const covered = await submit.evaluate((button) => {
      const box = button.getBoundingClientRect();
      const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return top === button || button.contains(top) ? null : `${top?.tagName}.${top?.className}`;
    });
    expect(covered).toBeNull();
  });
}
