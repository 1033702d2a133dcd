/**
 * The calculators as a visitor uses them, against `npm start`: each computes a known case, "Use
 * this in my enquiry" sets the form's field, the form is sent and the band is found in the team's
 * export. One case in Tamil, one with bad input, one before the form's island has hydrated, and
 * axe on the calculator pages at 390 and 1280 px.
 */
import { REGULATOR_SENTENCES } from '../../src/i18n/regulators.ts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { dictionary, type Locale } from '../../src/i18n/index.ts';
import { format } from '../../src/i18n/format.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { humanPause, hydrated, leadsWithReference, shownReference } from '../support/form-filling.ts';
import { formTextIn } from '../support/words.ts';

test.describe.configure({ timeout: 90_000 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** The message as the field's description reads it (the error's ⚠ mark comes first). */
const described = (message: string) => new RegExp(`${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

const calculatorOf = (page: Page, id: 'emi' | 'sip' | 'land') => page.locator(`section#${id}`);

/** Waits until the calculator's island has hydrated (Astro drops `ssr` from the island then). */
const calculatorReady = async (page: Page, id: 'emi' | 'sip' | 'land') => {
  // It hydrates on the visitor's first interaction (client:interact): a press on its introduction.
  await page.locator(`section#${id} .calc__intro`).click();
  await page.locator(`astro-island:not([ssr]) section#${id}`).waitFor();
};

const typeInto = async (calculator: Locator, label: string, value: string) => {
  await calculator.getByLabel(label, { exact: true }).fill(value);
};

/** Fills the rest of a form by its labels in the page's language, ticks consent and sends it; returns the reference. */
const sendForm = async (page: Page, locale: Locale, steps: (form: Locator, text: ReturnType<typeof formTextIn>) => Promise<void>) => {
  const text = formTextIn(locale);
  const form = page.locator('form.enquiry-form');
  await steps(form, text);
  await form.getByLabel(text.fields.Username.label, { exact: true }).fill('Priya Raman');
  await form.getByLabel(text.fields.phone.label, { exact: true }).fill('98765 43210');
  await form.getByLabel(text.fields.email.label, { exact: true }).fill('priya@example.com');
  await form.locator('input[name="consent"]').check();
  await humanPause(page);
  await form.getByRole('button', { name: text.submit }).click();
  await expect(page.getByRole('heading', { name: text.success.title })).toBeVisible();
  return shownReference(page);
};

const place = async (form: Locator, text: ReturnType<typeof formTextIn>) => {
  await form.getByLabel(text.fields.selectedState.label, { exact: true }).selectOption('Tamil Nadu');
  await form.getByLabel(text.fields.selectedCity.label, { exact: true }).selectOption('Madurai');
};

test('EMI: ₹5,00,000 at 9 % for 60 months is ₹10,379; "Use this" picks the loan amount band, which is sent and exported', async ({
  page,
  request,
}) => {
  const words = dictionary('en').calculators;
  await page.setViewportSize(PHONE);
  await page.goto('/Vehicleloan');
  await hydrated(page);
  await calculatorReady(page, 'emi');
  const emi = calculatorOf(page, 'emi');
  await typeInto(emi, words.emi.amount, '5,00,000');
  await typeInto(emi, words.emi.rate, '9');
  await typeInto(emi, words.emi.months, '60');
  await expect(emi.getByRole('definition').nth(0)).toHaveText('₹10,379');
  await expect(emi.getByRole('definition').nth(1)).toHaveText('₹1,22,751');
  await expect(emi.getByRole('definition').nth(2)).toHaveText('₹6,22,751');
  await expect(emi).toContainText(words.emi.formula);

  await emi.getByRole('button', { name: words.useThis }).click();
  const amount = page.locator('form.enquiry-form select[name="Amount"]');
  await expect(amount).toHaveValue('10 lakhs & below');
  await expect(amount).toBeFocused();
  await expect(emi.getByRole('status')).toHaveText(format(words.used, { field: 'Loan amount', band: '10 lakhs & below' }));

  const reference = await sendForm(page, 'en', async (form) => {
    await form.getByRole('radio', { name: 'Private banks', exact: true }).check();
    await form.getByRole('radio', { name: 'Salaried', exact: true }).check();
    await place(form, formTextIn('en'));
  });
  const leads = await leadsWithReference(request, 'bankloan', reference);
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({ Amount: '10 lakhs & below', Loantype: 'Vehicle Loan', page: '/Vehicleloan' });
});

test('EMI before the form has hydrated: "Use this" sets the plain select, and the hydrated form sends that band', async ({
  page,
  request,
}) => {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/LoanForm.*.js', async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto('/Goldloan');
  await calculatorReady(page, 'emi');
  await expect(page.locator('astro-island[ssr] form.enquiry-form')).toBeAttached();
  const words = dictionary('en').calculators;
  const emi = calculatorOf(page, 'emi');
  // Gold loans start short; ₹30,00,000 falls in "25 to 50 lakhs".
  await expect(emi.getByLabel(words.emi.months, { exact: true })).toHaveValue('12');
  await typeInto(emi, words.emi.amount, '30,00,000');
  await emi.getByRole('button', { name: words.useThis }).click();
  await expect(page.locator('form.enquiry-form select[name="Amount"]')).toHaveValue('25 to 50 lakhs');

  release();
  await hydrated(page);
  await expect(page.locator('form.enquiry-form select[name="Amount"]')).toHaveValue('25 to 50 lakhs');
  const reference = await sendForm(page, 'en', async (form) => {
    await form.getByRole('radio', { name: 'NBFS', exact: true }).check();
    await form.getByRole('radio', { name: 'Business', exact: true }).check();
    await place(form, formTextIn('en'));
  });
  const leads = await leadsWithReference(request, 'bankloan', reference);
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({ Amount: '25 to 50 lakhs', Loantype: 'Gold Loan' });
});

test('SIP: ₹10,000 a month for 10 years at 12 % is about ₹23,23,391 with SEBI’s sentence; "Use this" sets the monthly band, exported', async ({
  page,
  request,
}) => {
  const words = dictionary('en').calculators;
  await page.goto('/Mutualfunds');
  await hydrated(page);
  await calculatorReady(page, 'sip');
  const sip = calculatorOf(page, 'sip');
  await typeInto(sip, words.sip.monthly, '10000');
  await typeInto(sip, words.sip.years, '10');
  await typeInto(sip, words.sip.rate, '12');
  await expect(sip.getByRole('definition').nth(0)).toHaveText('₹23,23,391');
  await expect(sip.getByRole('definition').nth(1)).toHaveText('₹12,00,000');
  await expect(sip).toContainText(REGULATOR_SENTENCES.sebiRisk.en);
  await expect(sip).toContainText(words.sip.notGuaranteed);
  // A 10 % step-up raises the estimate; back to none for the worked example.
  await typeInto(sip, words.sip.stepUp, '10');
  await expect(sip.getByRole('definition').nth(1)).toHaveText('₹19,12,491');
  await typeInto(sip, words.sip.stepUp, '');
  await expect(sip.getByRole('definition').nth(0)).toHaveText('₹23,23,391');

  await sip.getByRole('button', { name: words.useThis }).click();
  const monthly = page.locator('form.enquiry-form select[name="Monthly"]');
  await expect(monthly).toHaveValue('5000 to 10000');
  await expect(monthly).toBeFocused();

  const reference = await sendForm(page, 'en', async () => {});
  const leads = await leadsWithReference(request, 'finance', reference);
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({ Monthly: '5000 to 10000', Planning: 'Mutual Funds' });
});

test('Land in Tamil: 1 கிரவுண்ட் is 2,400 சதுர அடி and 222.97 m²; "Use this" checks the plot size band, exported', async ({
  page,
  request,
}) => {
  const words = dictionary('ta').calculators;
  const options = dictionary('ta').form.options;
  await page.setViewportSize(PHONE);
  await page.goto('/ta/Plots');
  await hydrated(page);
  await calculatorReady(page, 'land');
  const land = calculatorOf(page, 'land');
  await typeInto(land, words.land.area, '1');
  await land.getByLabel(words.land.unit, { exact: true }).selectOption({ label: words.land.units.ground });
  const row = (unit: keyof typeof words.land.units) => land.getByRole('row', { name: words.land.units[unit], exact: false });
  await expect(row('sqft').getByRole('cell')).toHaveText('2,400');
  await expect(row('sqm').getByRole('cell')).toHaveText('222.97');
  await expect(row('cent').getByRole('cell')).toHaveText('5.51');
  await expect(land).toContainText(format(words.bandIs, { field: dictionary('ta').form.fields.type.label, band: options['201 & above'] }));

  await land.getByRole('button', { name: words.useThis }).click();
  const chosen = page.locator('form.enquiry-form input[name="type"]:checked');
  await expect(chosen).toHaveValue('201 & above');
  await expect(chosen).toBeFocused();

  const reference = await sendForm(page, 'ta', async (form, text) => {
    await form.getByRole('radio', { name: options.VENTURES, exact: true }).check();
    await form.getByLabel(text.fields.cost.label, { exact: true }).selectOption('40 to 50 Lakhs');
    await form.getByRole('radio', { name: options.Immediate, exact: true }).check();
    await place(form, text);
    await form.getByLabel(text.fields.message.label, { exact: true }).fill('ஒரு கிரவுண்ட் மனை வேண்டும்.');
  });
  const leads = await leadsWithReference(request, 'realestate', reference);
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({ type: '201 & above', category: 'plots', locale: 'ta' });
});

test('Land on agricultural land: 4 hectares are 9.88 acres, in "5 to 10 acr", exported', async ({ page, request }) => {
  const words = dictionary('en').calculators;
  await page.goto('/Sellagricultural');
  await hydrated(page);
  await calculatorReady(page, 'land');
  const land = calculatorOf(page, 'land');
  await typeInto(land, words.land.area, '4');
  await land.getByLabel(words.land.unit, { exact: true }).selectOption('hectare');
  await expect(land.getByRole('row', { name: /^acre/ }).getByRole('cell')).toHaveText('9.88');
  await land.getByRole('button', { name: words.useThis }).click();
  await expect(page.locator('form.enquiry-form input[name="type"]:checked')).toHaveValue('5 to 10 acr');
  const reference = await sendForm(page, 'en', async (form, text) => {
    await form.getByLabel(text.fields.cost.label, { exact: true }).selectOption('50 to 75 Lakhs');
    await form.getByRole('radio', { name: 'Immediate', exact: true }).check();
    await place(form, text);
    await form.getByLabel(text.fields.message.label, { exact: true }).fill('Four hectares near Hosur.');
  });
  const leads = await leadsWithReference(request, 'realestate', reference);
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({ type: '5 to 10 acr', category: 'agricultural', intent: 'sell' });
});

test('bad input in Telugu: plain words next to each field, no NaN, and nothing to use', async ({ page }) => {
  const words = dictionary('te').calculators;
  await page.goto('/te/Goldloan');
  await calculatorReady(page, 'emi');
  const emi = calculatorOf(page, 'emi');
  await typeInto(emi, words.emi.amount, '');
  await typeInto(emi, words.emi.rate, '60');
  await typeInto(emi, words.emi.months, '-3');
  const amount = emi.getByLabel(words.emi.amount, { exact: true });
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription(described(words.problems.amountMissing));
  await expect(emi.getByLabel(words.emi.rate, { exact: true })).toHaveAccessibleDescription(described(words.problems.rateRange));
  await expect(emi.getByLabel(words.emi.months, { exact: true })).toHaveAccessibleDescription(described(words.problems.monthsRange));
  await expect(emi).toContainText(words.cannotCompute);
  await expect(emi).not.toContainText('NaN');
  await expect(emi.getByRole('button', { name: words.useThis })).toBeDisabled();
  await expectNoAxeViolations(page, 'bad input: ');

  await typeInto(emi, words.emi.amount, 'abc');
  await expect(amount).toHaveAccessibleDescription(described(words.problems.amountMissing));
  await typeInto(emi, words.emi.amount, '-5000');
  await expect(amount).toHaveAccessibleDescription(described(words.problems.amountRange));
});

for (const [path, id] of [
  ['/Vehicleloan', 'emi'],
  ['/Mutualfunds', 'sip'],
  ['/ta/Plots', 'land'],
  ['/kn/Financialplan', 'sip'],
] as const) {
  test(`${path}: the calculator is axe clean and fits at 390 and 1280 px, and works by keyboard`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(path);
    await hydrated(page);
    await calculatorReady(page, id);
    const calculator = calculatorOf(page, id);
    // Server-rendered with its default figures: a result, never a "cannot compute".
    await expect(calculator.locator('.calc__result')).not.toContainText('NaN');
    const words = dictionary(path.startsWith('/ta') ? 'ta' : path.startsWith('/kn') ? 'kn' : 'en').calculators;
    await expect(calculator).not.toContainText(words.cannotCompute);
    // Keyboard: tab to the button and press Enter.
    await calculator.getByRole('button', { name: words.useThis }).focus();
    await page.keyboard.press('Enter');
    await expect(calculator.getByRole('status')).not.toBeEmpty();
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await calculator.scrollIntoViewIfNeeded();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${size.width} px`).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page, `${size.width}: `);
    }
  });
}

test('before the calculator has hydrated: what is typed stays, and a press on "Use this" is not lost', async ({ page }) => {
  const words = dictionary('en').calculators;
  // The calculator's script is held back, as on a slow network, until everything below is typed and pressed.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/EmiCalculator.*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/Vehicleloan');
  const emi = calculatorOf(page, 'emi');
  await expect(page.locator('astro-island[ssr] section#emi')).toBeAttached();
  // Typed into the plain field: the first key wakes the island, which keeps what was typed.
  await emi.getByLabel(words.emi.amount, { exact: true }).fill('5,00,000');
  await emi.getByLabel(words.emi.rate, { exact: true }).fill('9');
  await emi.getByLabel(words.emi.months, { exact: true }).fill('60');
  await emi.getByRole('button', { name: words.useThis }).click();
  await expect(page.locator('astro-island[ssr] section#emi')).toBeAttached();
  release();
  await page.locator('astro-island:not([ssr]) section#emi').waitFor();
  await expect(emi.getByLabel(words.emi.amount, { exact: true })).toHaveValue('5,00,000');
  await expect(emi.getByRole('definition').nth(0)).toHaveText('₹10,379');
  // The press made before hydration is made again once the island can act on it.
  await expect(page.locator('form.enquiry-form select[name="Amount"]')).toHaveValue('10 lakhs & below');
});
