/**
 * The form islands hydrate on the visitor's first interaction (`client:interact`,
 * src/islands/directives/interact.ts): a page that is only read fetches none of the form's
 * script; what the visitor types or chooses before and during hydration stays; a link that
 * jumps to the form wakes it; a submit before hydration is the plain form's native post.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import {
  exportedLeads,
  fill,
  FORM_PAGES,
  humanPause,
  leadsWithReference,
  shownReference,
  submitButton,
  type FormPage,
  readingPause,
  radioName,
} from '../support/form-filling.ts';
import { FORM_TEXT } from '../support/words.ts';

const formPage = (path: string) => FORM_PAGES.find((f) => f.path === path) as FormPage;
const island = (page: Page) => page.locator('astro-island').filter({ has: page.locator('form.enquiry-form') });

/** The island's own script and its renderer, as the page names them. */
const islandScripts = async (page: Page) => {
  const element = island(page);
  const urls = [await element.getAttribute('component-url'), await element.getAttribute('renderer-url')];
  return urls.filter((url): url is string => Boolean(url)).map((url) => new URL(url, page.url()).pathname);
};

/** Every script path the page asks for, from now on. */
const recordScripts = (page: Page) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') asked.push(new URL(request.url()).pathname);
  });
  return asked;
};

/**
 * From now on, holds back every module script of the site the page asks for, as a slow network
 * would, until the returned `release` is called.
 */
const holdScripts = async (page: Page) => {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
};

const settled = (page: Page) => page.locator('[data-to-top][data-ready]').waitFor({ state: 'attached' });

test('a form page fetches no form script until the visitor reaches for the form; then it hydrates', async ({ page }) => {
  const asked = recordScripts(page);
  await page.clock.install();
  await page.goto('/Vehicleloan');
  await settled(page);
  // Scroll to the form until it is on screen, past it, and read for a minute (the page's clock
  // moved on, every timer and idle callback of that minute run): still no form script.
  const form = page.locator('form.enquiry-form');
  await form.scrollIntoViewIfNeeded();
  await form.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        const observer = new IntersectionObserver((entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            observer.disconnect();
            resolve();
          }
        });
        observer.observe(element);
      }),
  );
  await page.mouse.wheel(0, 1200);
  await page.clock.runFor(60_000);
  const formScripts = await islandScripts(page);
  expect(formScripts.length).toBeGreaterThan(0);
  expect(asked.filter((path) => formScripts.includes(path))).toEqual([]);
  await expect(island(page)).toHaveAttribute('ssr', '');

  await page.getByLabel(FORM_TEXT.fields.Username.label, { exact: true }).click();
  await expect(island(page)).not.toHaveAttribute('ssr', '');
  expect(asked).toEqual(expect.arrayContaining(formScripts));
});

test('typing straight away, with the script held back by a slow network, keeps every character and choice', async ({ page, request }) => {
  const form = formPage('/Vehicleloan');
  await page.goto(form.path);
  const release = await holdScripts(page);
  // Fill the whole form (text, selects, radio chips, state then city) while the script is on its way.
  await fill(page, form.steps);
  await expect(island(page)).toHaveAttribute('ssr', '');
  release();
  await expect(island(page)).not.toHaveAttribute('ssr', '');

  // After hydration every value is still there, the city list is the chosen state's.
  const html = page.locator('form.enquiry-form');
  for (const step of form.steps) {
    if (step.type === 'radio') await expect(html.getByRole('radio', { name: radioName(step.value), exact: true })).toBeChecked();
    else await expect(html.getByLabel(step.label, { exact: true })).toHaveValue(step.value);
  }
  await expect(html.locator('select[name="selectedCity"] optgroup')).toHaveCount(1);

  await humanPause(page);
  await submitButton(page, form.kind).click();
  await expect(page.getByRole('heading', { name: FORM_TEXT.success.title })).toBeVisible();
  const leads = await leadsWithReference(request, form.kind, await shownReference(page));
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({ ...form.expected, via: 'js' });
});

test('typing during hydration keeps every character', async ({ page }) => {
  await page.goto('/Contactus');
  const release = await holdScripts(page);
  const name = page.getByLabel(FORM_TEXT.fields.Username.label, { exact: true });
  await name.click();
  // The first name goes in while the script is held back; it is let through as the rest is typed,
  // key by key, so the island hydrates under the visitor's typing.
  await name.pressSequentially('Lakshmi ');
  await expect(island(page)).toHaveAttribute('ssr', '');
  release();
  await name.pressSequentially('Narayanan Venkataraman');
  await expect(island(page)).not.toHaveAttribute('ssr', '');
  await expect(name).toHaveValue('Lakshmi Narayanan Venkataraman');
  await expect(name).toBeFocused();
});

test("a submit before hydration is the plain form's native post", async ({ page }) => {
  const form = formPage('/Financialplan');
  const email = `early-${randomUUID().slice(0, 8)}@example.com`;
  // The form's script never comes: the plain form is all there is.
  await page.route('**/_astro/*.js', (route) => route.abort());
  await page.goto(form.path);
  await fill(
    page,
    form.steps.map((step) => (step.type === 'text' && step.label === FORM_TEXT.fields.email.label ? { ...step, value: email } : step)),
  );
  await submitButton(page, form.kind).click();
  await expect(page.locator('h1')).toHaveText('Confirm your enquiry');
  // A person reads the page before the click (a click sooner than the minimum fill time gets the page again).
  await readingPause();
  await page.getByRole('button', { name: 'Confirm and send my enquiry' }).click();
  await page.waitForURL('**/Thankyou');
  const leads = (await exportedLeads(page.request, form.kind)).filter((lead) => lead.email === email);
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({ via: 'html', Planning: form.expected.Planning });
});

test('the header\'s "Enquire" link wakes the form it jumps to', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/Flats');
  await settled(page);
  await expect(island(page)).toHaveAttribute('ssr', '');
  await page
    .locator('header')
    .getByRole('link', { name: /Enquire/ })
    .first()
    .click();
  await expect(page).toHaveURL(/#enquiry$/);
  await expect(island(page)).not.toHaveAttribute('ssr', '');
});

test('arriving at /Contactus#enquiry hydrates the form at once', async ({ page }) => {
  await page.goto('/Contactus#enquiry');
  await expect(island(page)).not.toHaveAttribute('ssr', '');
});

test("the visitor's date is written when the enquiry is sent: its script (dayjs) comes then, not when the form wakes", async ({
  page,
  request,
}) => {
  const form = formPage('/Contactus');
  const asked = recordScripts(page);
  await page.goto(form.path);
  await fill(page, form.steps);
  await expect(island(page)).not.toHaveAttribute('ssr', '');
  await humanPause(page);
  expect(asked.filter((path) => /\/(date|dayjs)[.\w-]*\.js$/.test(path))).toEqual([]);

  await submitButton(page, form.kind).click();
  await expect(page.getByRole('heading', { name: FORM_TEXT.success.title })).toBeVisible();
  expect(asked.filter((path) => /\/dayjs[.\w-]*\.js$/.test(path))).toHaveLength(1);
  const [lead] = await leadsWithReference(request, form.kind, await shownReference(page));
  const today = await page.evaluate(() => {
    const now = new Date();
    const part = (options: Intl.DateTimeFormatOptions) => now.toLocaleString('en-US', options);
    return `${part({ weekday: 'short' })}, ${part({ month: 'short' })} ${part({ day: '2-digit' })} ${now.getFullYear()}`;
  });
  expect(lead.currentdate).toBe(today);
});

test('when the date script cannot be fetched at sending (the visitor went offline), the enquiry is kept in the browser and nothing is lost', async ({
  page,
}) => {
  const form = formPage('/Contactus');
  await page.route(/\/_astro\/(date|dayjs)[.\w-]*\.js$/, (route) => route.abort('internetdisconnected'));
  await page.goto(form.path);
  await fill(page, form.steps);
  // Awake (the fill woke it) before the click: on a busy machine the island can take longer than the fill.
  await page.locator('astro-island:not([ssr]) form.enquiry-form').waitFor();
  await humanPause(page);
  await submitButton(page, form.kind).click();
  await expect(page.getByRole('heading', { name: FORM_TEXT.kept.title })).toBeVisible();
  await expect(page.getByText(FORM_TEXT.emailStatus[0])).toBeVisible();
  const html = page.locator('form.enquiry-form');
  for (const step of form.steps) {
    if (step.type === 'radio') await expect(html.getByRole('radio', { name: radioName(step.value), exact: true })).toBeChecked();
    else await expect(html.getByLabel(step.label, { exact: true })).toHaveValue(step.value);
  }
});
