/**
 * The enquiry forms as a visitor uses them, against `npm start` with its functions: every form a
 * visitor can meet (one page for each, FORM_VARIANTS) filled and sent, the lead read back through
 * the team's export, axe in the error and the success state at 360 px and 1280 px, keyboard-only
 * use, the contact kind and Sell Flats photos. What each page sets in its form (the loan type, the
 * plan, a property page's intent) and which fields it shows is read on every page, in every
 * language, in tests/dist/forms.test.ts.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type APIResponse, type Page } from '@playwright/test';
import sharp from 'sharp';
import { EXPORT_TOKEN } from '../../playwright.config.ts';
import { FORM_TEXT, MESSAGES } from '../support/words.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import {
  CONTACT_PAGE,
  ENQUIRY_PAGES,
  FORM_PAGES,
  FORM_VARIANTS,
  fill,
  humanPause,
  hydrated,
  leadsWithReference,
  shownReference,
  submitButton,
  type FormPage,
  type Step,
  radioName,
} from '../support/form-filling.ts';

// Each page test fills, sends and runs axe four times: give a busy machine room.
test.describe.configure({ timeout: 90_000 });

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };
const outbox = path.resolve(import.meta.dirname, '../../outbox');

/**
 * axe at the top of the page: further down, the fixed scroll-to-top button may lie over a link
 * at the bottom edge of the window, which axe's target-size rule reports for whatever it covers.
 */
const axeFromTop = async (page: Page, label: string) => {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await expectNoAxeViolations(page, label);
};

const successHeading = (page: Page) => page.getByRole('heading', { name: FORM_TEXT.success.title });

for (const form of FORM_VARIANTS) {
  test(`${form.path}: sent as a visitor would, thank-you shown, stored with every field as typed; axe clean`, async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    await page.goto(form.path);
    await hydrated(page);

    // The error state, at both widths.
    await submitButton(page, form.kind).click();
    await expect(page.getByRole('status').filter({ hasText: /need(s)? your attention/ })).toBeAttached();
    await expect(page.locator('.field__error').first()).toBeVisible();
    await axeFromTop(page, 'error 360: ');
    await page.setViewportSize(DESKTOP);
    await axeFromTop(page, 'error 1280: ');

    await fill(page, form.steps);
    await expect(page.locator('.field__error')).toHaveCount(0);
    await humanPause(page);
    await submitButton(page, form.kind).click();
    await expect(successHeading(page)).toBeVisible();
    await expect(successHeading(page)).toBeFocused();
    const reference = await shownReference(page);

    // The success state, at both widths.
    await axeFromTop(page, 'success 1280: ');
    await page.setViewportSize(PHONE);
    await axeFromTop(page, 'success 360: ');

    const leads = await leadsWithReference(request, form.kind, reference);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ kind: form.kind, ...form.expected });
    for (const field of ['selectedCity', 'Loantype', 'Planning'] as const) {
      if (field in form.expected) expect(String(leads[0][field]).trim()).not.toBe('');
    }
  });
}

/** Presses Tab until the element is focused (at most 40 times), so focus order is walked as a visitor would. */
const tabTo = async (page: Page, target: ReturnType<Page['locator']>) => {
  for (let i = 0; i < 40; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('never reached by Tab');
};

const keyboardStep = async (page: Page, step: Step) => {
  const form = page.locator('form.enquiry-form');
  if (step.type === 'text') {
    await tabTo(page, form.getByLabel(step.label, { exact: true }));
    await page.keyboard.type(step.value);
  } else if (step.type === 'select') {
    const select = form.getByLabel(step.label, { exact: true });
    await tabTo(page, select);
    await page.keyboard.type(step.value); // type-ahead picks the option
    await expect(select).toHaveValue(step.value);
  } else {
    const target = form.getByRole('radio', { name: radioName(step.value), exact: true });
    const group = form.locator(`input[type=radio][name="${await target.getAttribute('name')}"]`);
    // Tab enters the group on its checked radio, or on the first.
    for (let i = 0; i < 40 && !(await group.evaluateAll((els) => (els as Element[]).includes(document.activeElement as Element))); i += 1) {
      await page.keyboard.press('Tab');
    }
    if (await target.evaluate((el) => el === document.activeElement)) await page.keyboard.press('Space');
    for (let i = 0; i < 6 && !(await target.isChecked()); i += 1) await page.keyboard.press('ArrowRight');
    await expect(target).toBeChecked();
  }
};

for (const path of ['/Sellplots', '/Vehicleloan', '/Mutualfunds', '/Contactus']) {
  test(`${path}: filled and sent with the keyboard only`, async ({ page, request }) => {
    const form = FORM_PAGES.find((f) => f.path === path) as FormPage;
    await page.goto(path);
    await hydrated(page);
    await page.locator('#main').focus();
    for (const step of form.steps) await keyboardStep(page, step);
    await tabTo(page, page.getByRole('checkbox', { name: /I agree/ }));
    await page.keyboard.press('Space');
    await tabTo(page, submitButton(page, form.kind));
    await humanPause(page);
    await page.keyboard.press('Enter');
    await expect(successHeading(page)).toBeFocused();
    const leads = await leadsWithReference(request, form.kind, await shownReference(page));
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject(form.expected);
  });
}

test('the contact form: stored, one e-mail to the team, exported with kind=contact', async ({ page, request }) => {
  await page.goto(CONTACT_PAGE.path);
  await hydrated(page);
  await fill(page, CONTACT_PAGE.steps);
  await humanPause(page);
  await submitButton(page, 'contact').click();
  await expect(successHeading(page)).toBeVisible();
  const reference = await shownReference(page);
  const [lead] = await leadsWithReference(request, 'contact', reference);
  const id = String(lead.id);

  await expect
    .poll(async () => {
      const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.json'));
      const mails = await Promise.all(files.map((f) => readFile(path.join(outbox, f), 'utf8')));
      return mails.filter((m) => m.includes(id)).map((m) => JSON.parse(m).template_params.kind);
    })
    .toEqual(['contact']);

  // The export pages: read every page.
  let text = '';
  for (let cursor: string | undefined = ''; cursor !== undefined;) {
    const csv: APIResponse = await request.get(`/api/leads?kind=contact&format=csv&limit=2000${cursor ? `&cursor=${cursor}` : ''}`, {
      headers: { authorization: `Bearer ${EXPORT_TOKEN}` },
    });
    text += await csv.text();
    cursor = csv.headers()['x-next-cursor'];
  }
  const rows = text.split('\r\n').filter((row) => row.includes(id));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain('Please call me about the corporate training programme');
});

test('Sell Flats: two photos, one larger than 1.5 MB before resizing, are stored with the lead', async ({ page, request }, testInfo) => {
  const big = testInfo.outputPath('living-room.png');
  const small = testInfo.outputPath('kitchen.jpg');
  // Noise does not compress: a 2,400 × 1,800 PNG of it is far over the 1.5 MB per-photo limit.
  const noise = Buffer.alloc(2400 * 1800 * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
  await sharp(noise, { raw: { width: 2400, height: 1800, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toFile(big);
  await sharp({ create: { width: 800, height: 600, channels: 3, background: '#88aa66' } })
    .jpeg()
    .toFile(small);
  const bigSize = (await readFile(big)).byteLength;
  expect(bigSize).toBeGreaterThan(1.5 * 1024 * 1024);

  const form = ENQUIRY_PAGES.find((f) => f.path === '/Sellflats') as FormPage;
  await page.goto(form.path);
  await hydrated(page);
  await fill(page, form.steps);
  await page.getByLabel('Photos (optional)').setInputFiles([big, small]);
  await expect(page.locator('.photos__item')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Remove living-room.jpg' })).toBeVisible();
  await humanPause(page);
  await submitButton(page, 'realestate').click();
  await expect(successHeading(page)).toBeVisible({ timeout: 20_000 });
  const [lead] = await leadsWithReference(request, 'realestate', await shownReference(page));
  expect(lead).toMatchObject(form.expected);
  expect(lead.photos).toHaveLength(2);
});

test('Sell Flats: a photo can be removed before sending', async ({ page }, testInfo) => {
  const files = [testInfo.outputPath('a.jpg'), testInfo.outputPath('b.jpg')];
  for (const file of files)
    await sharp({ create: { width: 40, height: 30, channels: 3, background: '#abc' } })
      .jpeg()
      .toFile(file);
  await page.goto('/Sellflats');
  await hydrated(page);
  await page.getByLabel('Photos (optional)').setInputFiles(files);
  await expect(page.locator('.photos__item img')).toHaveCount(2);
  // The thumbnails show (the page's policy allows the photos' object URLs).
  for (const img of await page.locator('.photos__item img').all()) {
    await expect.poll(() => img.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  }
  await page.getByRole('button', { name: 'Remove a.jpg' }).click();
  await expect(page.locator('.photos__item')).toHaveCount(1);
  await expect(page.locator('.photos__name')).toHaveText('b.jpg');
});

test('422: the server’s messages appear at their fields, and nothing typed is lost', async ({ page }) => {
  const form = ENQUIRY_PAGES.find((f) => f.path === '/Goldloan') as FormPage;
  await page.goto(form.path);
  await hydrated(page);
  await fill(page, form.steps);
  // The browser's own check passes; the request is changed on its way, so the server finds the problems.
  await page.route('**/api/bankloan', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}');
    await route.continue({ postData: JSON.stringify({ ...body, phone: '12345', selectedCity: 'Chennai' }) });
  });
  await humanPause(page);
  await submitButton(page, 'bankloan').click();
  const phone = page.getByLabel('Mobile number');
  await expect(page.locator('#enquiry-phone-error')).toHaveText(MESSAGES.phone);
  await expect(page.locator('#enquiry-selectedCity-error')).toHaveText(MESSAGES.cityOfState(String(form.expected.selectedState)));
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  // Focus goes to the first of them in the form's order: the city comes before the mobile number.
  await expect(page.getByLabel('City', { exact: true })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: FORM_TEXT.serverErrorsSummary(2) })).toBeAttached();
  await expect(page.getByLabel('Your name')).toHaveValue(String(form.expected.Username));
});

test('after the server’s messages, one click on Send sends, though a message goes as the field is left', async ({ page }) => {
  const form = ENQUIRY_PAGES.find((f) => f.path === '/Goldloan') as FormPage;
  await page.goto(form.path);
  await hydrated(page);
  await fill(page, form.steps);
  // The first enquiry is changed on its way, so the server finds a problem with the city (the
  // form also asks this address for its next challenge, which goes through as it is).
  let requests = 0;
  await page.route('**/api/bankloan', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    requests += 1;
    const body = JSON.parse(route.request().postData() ?? '{}');
    await route.continue({ postData: JSON.stringify(requests === 1 ? { ...body, selectedCity: 'Chennai' } : body) });
  });
  await humanPause(page);
  const send = submitButton(page, 'bankloan');
  await send.click();
  const cityError = page.locator('#enquiry-selectedCity-error');
  await expect(cityError).toHaveText(MESSAGES.cityOfState(String(form.expected.selectedState)));
  const city = page.getByLabel('City', { exact: true });
  await expect(city).toBeFocused();
  // The city in the page is one the browser's check accepts, so leaving the field takes its
  // message away and the button moves up. A visitor presses near the button's lower edge: the
  // press and the release must land on it, so this one click sends.
  const box = await send.boundingBox();
  expect(box).not.toBeNull();
  await send.click({ position: { x: box!.width / 2, y: box!.height - 3 } });
  await expect(successHeading(page)).toBeVisible({ timeout: 20_000 });
  expect(requests).toBe(2);
});

test('the accessibility tree names every part of a form, in its error state too', async ({ page }) => {
  await page.goto('/Vehicleloan');
  await hydrated(page);
  await expect(page.locator('#enquiry')).toMatchAriaSnapshot(`
    - region "Get a call back":
      - form "Get a call back":
        - heading "Get a call back" [level=2]
        - group "What you need":
          - combobox "Loan type":
            - option "Vehicle Loan" [selected]
          - combobox "Loan amount"
          - group "Bank type":
            - radio "Govt Banks"
          - group "Profession":
            - radio "Salaried"
        - group "Where you live":
          - combobox "State"
          - combobox "City"
        - group "Your details":
          - textbox "Your name"
          - textbox "Mobile number"
          - textbox "E-mail"
        - group "When we call you":
          - group "Best time to call (optional)":
            - radio "Any time" [checked]
            - radio "Evening, 4–7 pm"
          - group "Language for the call (optional)":
            - radio "English" [checked]
            - radio "Hindi"
        - paragraph:
          - link "Privacy Policy"
        - checkbox "I agree that Aranya may use these details to answer my enquiry."
        - group "Only if you wish":
          - checkbox "The group's other divisions may contact me about related services"
          - checkbox "Send me updates on WhatsApp"
        - button "Request a call back"
      - paragraph:
        - link "Call +91 90000 00000"
        - link "WhatsApp us (opens in a new tab)"
  `);
  await submitButton(page, 'bankloan').click();
  await expect(page.getByRole('textbox', { name: 'Mobile number' })).toHaveAccessibleDescription(/10 digits.*Enter your mobile number/);
  await expect(page.getByRole('combobox', { name: 'City' })).toHaveAccessibleDescription(/Choose a city/);
  await expect(page.getByRole('group', { name: 'Bank type' })).toHaveAccessibleDescription(/Choose a bank type/);
  // The calling hours are read with the time's group; both groups are optional, so no message.
  await expect(page.getByRole('group', { name: 'Best time to call (optional)' })).toHaveAccessibleDescription(
    'We call only between 9:30 am and 7 pm.',
  );
  await expect(page.locator('#enquiry-callTime-error, #enquiry-callLanguage-error')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: FORM_TEXT.errorsSummary(9) })).toBeAttached();
});
