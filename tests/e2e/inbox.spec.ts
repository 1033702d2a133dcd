/**
 * The team's inbox at /leads, in Chromium against `npm start`, on a phone (360 px) and a desktop
 * (1280 px): sign in with a key, find a lead just sent from a form by the visitor's phone, see every
 * field (when and in which language to call under the name), work it, release spam (e-mailed
 * once), erase, a wrong key, and two people at once, each under their own key's name. People and
 * roles: tests/e2e/team-access.spec.ts. What the
 * built /leads holds (noindex, out of the sitemap, its script on no visitor page) is in
 * tests/dist/team-pages.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { EMAILJS_STANDIN_ORIGIN, EXPORT_TOKEN } from '../../playwright.config.ts';
import { CONTACT_PAGE, fill, humanPause, hydrated, sendFinanceLead, submitButton, withChallenge } from '../support/form-filling.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { csvRecords } from '../support/csv.ts';
import { FORM_TEXT } from '../support/words.ts';
import { PRIVACY_VERIFY_LINE } from '../../src/lib/enquiry/index.ts';
import { uniqueLetters } from '../support/unique.ts';
import { randomClientAddress } from '../../harness/client-address.ts';

const auth = { authorization: `Bearer ${EXPORT_TOKEN}` };
const WIDTHS = [
  { name: 'phone', width: 360, height: 780 },
  { name: 'desktop', width: 1280, height: 900 },
];

/** Letters only, different each time: a name is on the team once, and a search finds one lead. */
const uniqueSurname = () => uniqueLetters(8);

/** A phone number no other test uses. */
const uniquePhone = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

const signIn = async (page: Page, key = EXPORT_TOKEN) => {
  await page.goto('/leads');
  await page.getByLabel('Your key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

/** Adds a person with the owner's key; their own key. Names are unique: the served database outlives a run. */
const addPerson = async (request: Page['request'], name: string, role = 'sales') => {
  const answer = await request.post('/api/leads/team', { headers: auth, data: { name, role } });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { key: string }).key;
};

const find = async (page: Page, text: string) => {
  await page.getByLabel('Name, phone or e-mail').fill(text);
  await page.getByRole('button', { name: 'Find', exact: true }).click();
};

const received = async (request: Page['request']) =>
  (await (await request.get(`${EMAILJS_STANDIN_ORIGIN}/__standin/received`)).json()) as { template_params: Record<string, string> }[];

for (const size of WIDTHS) {
  test.describe(`on a ${size.name} (${size.width} px)`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('a team member signs in, finds a lead just sent from a form by its phone, sees every field, and sets it to contacted with a note; the export shows it', async ({
      page,
      request,
    }) => {
      // A visitor sends the contact form.
      const phone = uniquePhone();
      const email = `priya.${uniqueSurname()}@example.com`;
      const steps = CONTACT_PAGE.steps.map((step) =>
        step.type === 'text' && /mobile/i.test(step.label)
          ? { ...step, value: phone }
          : // Their own e-mail: a search by phone finds every lead of the person, and a shared address is one person.
            step.type === 'text' && /e-mail/i.test(step.label)
            ? { ...step, value: email }
            : step,
      );
      await page.goto(CONTACT_PAGE.path);
      await hydrated(page);
      await fill(page, steps);
      // When and in which language to call back.
      await page.getByRole('radio', { name: 'Afternoon, 12 noon – 4 pm' }).check();
      await page.getByRole('radio', { name: 'Kannada' }).check();
      await humanPause(page);
      await submitButton(page, 'contact').click();
      await expect(page.getByRole('heading', { name: FORM_TEXT.success.title })).toBeVisible();

      await signIn(page);
      await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
      await expectNoAxeViolations(page, 'list: ');
      await find(page, `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`);
      const cards = page.locator('.inbox-card');
      await expect(cards).toHaveCount(1);
      await cards.first().click();

      const name = String(CONTACT_PAGE.expected.Username);
      await expect(page.getByRole('heading', { name, level: 1 })).toBeFocused();
      // When and in which language to call, under the name, before anything else.
      await expect(page.locator('.inbox-call')).toHaveText('Call: Afternoon (12:00-16:00), in Kannada');
      const fields = page.locator('.inbox-fields').first();
      await expect(fields.locator('div', { hasText: 'Best time to call' }).locator('dd')).toHaveText('Afternoon (12:00-16:00)');
      await expect(fields.locator('div', { hasText: 'Language for the call' }).locator('dd')).toHaveText('Kannada');
      for (const value of [phone, email, String(CONTACT_PAGE.expected.message)]) await expect(fields).toContainText(value);
      const about = page.locator('.inbox-fields').nth(1);
      await expect(about).toContainText('/Contactus');
      await expect(about.locator('div', { hasText: 'Team e-mailed at' }).locator('dd')).toHaveText(/\d{4}, \d{1,2}:\d{2} [AP]M/);
      await expect(page.getByRole('link', { name: new RegExp(`Call ${phone}`) })).toHaveAttribute('href', `tel:+91${phone}`);
      await expect(page.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', `https://wa.me/91${phone}`);
      await expectNoAxeViolations(page, 'lead: ');

      await page.getByLabel('Status', { exact: true }).selectOption('contacted');
      await page.getByLabel('Note', { exact: true }).fill('Called; wants the weekend batch');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
      await expect(page.locator('.inbox-history')).toContainText('Owner set contacted: Called; wants the weekend batch');

      const csv = await (await request.get(`/api/leads?kind=contact&q=${phone}`, { headers: auth })).text();
      const worked = expect.objectContaining({
        phone,
        status: 'contacted',
        note: 'Called; wants the weekend batch',
        statusBy: 'Owner',
        callTime: 'Afternoon (12:00-16:00)',
        callLanguage: 'Kannada',
      });
      expect(csvRecords(csv)).toEqual([worked]);

      // The list's own download: the view as filtered, through the export.
      await page.getByRole('button', { name: '← Back to the list' }).click();
      await page.getByText('More filters').click();
      await page.getByLabel('Status', { exact: true }).selectOption('contacted');
      await find(page, phone);
      await expect(page.locator('.inbox-card')).toHaveCount(1);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download this view (CSV)' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(csvRecords(await readFile(await download.path(), 'utf8'))).toEqual([worked]);

      // Signing out forgets the key, the name and the role.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByLabel('Your key')).toBeVisible();
      expect(await page.evaluate(() => sessionStorage.getItem('aranya:team-session'))).toBeNull();
    });

    test('"Not spam" moves a lead into the inbox and e-mails the team about it once', async ({ page, request }) => {
      const spam = await sendFinanceLead(request, { company_website: 'http://spam.example' });
      await signIn(page, await addPerson(request, `Ravi ${uniqueSurname()}`)); // a sales person releases spam
      await page.getByRole('button', { name: 'Spam', exact: true }).click();
      await find(page, spam.phone);
      await page.locator('.inbox-card').first().click();
      await expect(page.getByRole('heading', { level: 1, name: spam.Username })).toBeVisible();
      await expectNoAxeViolations(page, 'spam lead: ');
      await page.getByRole('button', { name: 'Not spam' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Moved to the leads' })).toBeVisible();
      const emails = (await received(request)).filter((email) => email.template_params.id === spam.submissionId);
      expect(emails).toHaveLength(1);
      // It is in the leads now, and a second release is refused.
      await page.getByRole('button', { name: 'All leads', exact: true }).click();
      await find(page, spam.phone);
      await expect(page.locator('.inbox-card')).toHaveCount(1);
      const again = await request.post(`/api/leads/${spam.submissionId}/release`, { headers: auth });
      expect(again.status()).toBe(409);
      expect((await received(request)).filter((email) => email.template_params.id === spam.submissionId)).toHaveLength(1);
    });

    test('a privacy request says how to verify it: the contact details already held, never those only in the request', async ({
      page,
      request,
    }, testInfo) => {
      const phone = uniquePhone();
      const body = {
        Username: `Meena ${uniqueSurname()}`,
        phone,
        email: `meena.${uniqueSurname()}@example.com`,
        request: 'access',
        currentdate: 'Wed, Nov 25 2026',
        page: '/Privacyrequest',
        submissionId: randomUUID(),
        company_website: '',
      };
      expect((await request.post('/api/privacy', { data: withChallenge('privacy', body) })).status()).toBe(201);
      await signIn(page);
      await find(page, phone);
      await page.locator('.inbox-card').first().click();
      const verify = page.locator('.inbox-detail').getByText(PRIVACY_VERIFY_LINE);
      await expect(verify).toBeVisible();
      await expect(page.locator('.inbox-detail')).toContainText('Before you answer:');
      await expectNoAxeViolations(page, 'privacy request: ');
      await page.screenshot({ path: testInfo.outputPath(`privacy-request-${size.width}.png`), fullPage: true });
    });

    test('erasing a lead, after a confirmation, removes it from the list and the export', async ({ page, request }) => {
      const lead = await sendFinanceLead(request);
      await signIn(page);
      await find(page, lead.phone);
      await page.locator('.inbox-card').first().click();
      await page.getByRole('button', { name: 'Erase this lead…' }).click();
      await page.getByRole('button', { name: 'Keep it' }).click();
      await page.getByRole('button', { name: 'Erase this lead…' }).click();
      await page.getByRole('button', { name: 'Yes, erase for good' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'The lead was erased.' })).toBeVisible();
      await find(page, lead.phone);
      await expect(page.getByText('No leads match.')).toBeVisible();
      const exported = await (await request.get(`/api/leads?format=json&q=${lead.phone}`, { headers: auth })).json();
      expect(exported.leads).toEqual([]);
    });

    test('a wrong key gets nothing', async ({ page }) => {
      const seen: number[] = [];
      page.on('response', (response) => response.url().includes('/api/leads') && seen.push(response.status()));
      // A client of its own (the local server reads Netlify's client address header), so wrong
      // keys of other tests and runs never add up to a lock-out here.
      await page.setExtraHTTPHeaders({ 'x-nf-client-connection-ip': randomClientAddress() });
      await signIn(page, 'not-the-key-of-anyone-0123456789abcdef');
      await expect(page.getByRole('alert')).toHaveText('That key is not right. Check it and try again.');
      await expect(page.locator('.inbox-card')).toHaveCount(0);
      expect(seen).toEqual([401]);
      await expectNoAxeViolations(page, 'sign-in: ');
    });

    test('two people change one lead at once: the second is told, and sees the first one’s change', async ({ browser, request }) => {
      const lead = await sendFinanceLead(request);
      const kavya = `Kavya ${uniqueSurname()}`;
      const open = async (b: Browser, name: string) => {
        const context = await b.newContext({ viewport: { width: size.width, height: size.height } });
        const page = await context.newPage();
        await signIn(page, await addPerson(request, name));
        await find(page, lead.phone);
        await page.locator('.inbox-card').first().click();
        await expect(page.getByLabel('Status', { exact: true })).toBeVisible();
        return page;
      };
      const first = await open(browser, kavya);
      const second = await open(browser, `Ravi ${uniqueSurname()}`);
      await first.getByLabel('Status', { exact: true }).selectOption('won');
      await first.getByRole('button', { name: 'Save' }).click();
      await expect(first.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
      await second.getByLabel('Status', { exact: true }).selectOption('lost');
      await second.getByLabel('Why was it lost?').selectOption('not-reachable');
      await second.getByLabel('Note', { exact: true }).fill('No answer');
      await second.getByRole('button', { name: 'Save' }).click();
      await expect(second.getByRole('alert')).toContainText(`${kavya} changed this lead a moment ago`);
      await expect(second.getByLabel('Status', { exact: true })).toHaveValue('won');
      const stored = (await (await request.get(`/api/leads/${lead.submissionId}`, { headers: auth })).json()).lead;
      expect(stored).toMatchObject({ status: 'won', statusBy: kavya });
      await first.context().close();
      await second.context().close();
    });
  });
}
