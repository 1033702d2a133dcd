/**
 * People and roles in the inbox at /leads, in Chromium against the served site, on a phone (390 px)
 * and a desktop (1280 px): the owner adds a sales person on the Team page and sees the key once;
 * with that key the person works leads and releases spam but is shown no export, no erasure and no
 * Team page (and the server refuses them, 403); the owner removes the person, and their key stops
 * working at once; the team's log names each of them. Server side: tests/functions/team-access.test.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { EXPORT_TOKEN } from '../../playwright.config.ts';
import { sendFinanceLead } from '../support/form-filling.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { uniqueLetters } from '../support/unique.ts';
import { randomClientAddress } from '../../harness/client-address.ts';

// Two browsers, two sign-ins and three axe runs over pages that grew with routing (what each person takes).
test.describe.configure({ timeout: 60_000 });

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
];

/** Letters only, different each time: a name is on the team once, and a search finds one lead. */
const unique = () => uniqueLetters(6);

const signIn = async (page: Page, key: string) => {
  await page.goto('/leads');
  await page.getByLabel('Your key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

for (const size of WIDTHS) {
  test.describe(`on a ${size.name} (${size.width} px)`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('the owner adds a sales person and sees the key once; the key works leads without export, erasure or people; removal ends it', async ({
      page,
      browser,
    }) => {
      const name = `Kavya ${unique()}`;
      const lead = await sendFinanceLead(page.request);
      const spam = await sendFinanceLead(page.request, { company_website: 'http://spam.example' });

      // The owner, with the first key: the Team page, people and the log.
      await signIn(page, EXPORT_TOKEN);
      await expect(page.getByText('Signed in as Owner (owner)')).toBeVisible();
      await page.getByRole('button', { name: 'Team', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeFocused();
      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByLabel('Role').selectOption('sales');
      await page.getByRole('button', { name: 'Add and show their key' }).click();
      const shown = page.getByTestId('new-key');
      await expect(shown).toHaveText(/^[A-Za-z0-9_-]{43}$/);
      const key = (await shown.textContent()) as string;
      await expect(page.locator('.inbox-person', { hasText: name })).toContainText('sales');
      // Other tests write to the same log at the same time: the line itself, not the first line.
      await expect(page.locator('.inbox-log li', { hasText: `Owner added ${name} (sales)` })).toHaveCount(1);
      await expectNoAxeViolations(page, 'team page: ');
      // Shown once: hidden, and not shown again after a reload of the page.
      await page.getByRole('button', { name: 'Done, hide the key' }).click();
      await expect(page.getByText(key)).toHaveCount(0);
      await page.reload();
      await page.getByRole('button', { name: 'Team', exact: true }).click();
      await expect(page.locator('.inbox-person', { hasText: name })).toBeVisible();
      await expect(page.getByText(key)).toHaveCount(0);

      // The sales person, in a browser of their own.
      const salesContext = await browser.newContext({ viewport: { width: size.width, height: size.height } });
      // A client of its own (Netlify's client address header, read by the local server): the
      // refused key below counts against this client only.
      await salesContext.setExtraHTTPHeaders({ 'x-nf-client-connection-ip': randomClientAddress() });
      const sales = await salesContext.newPage();
      await signIn(sales, key);
      await expect(sales.getByText(`Signed in as ${name} (sales)`)).toBeVisible();
      await expect(sales.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
      await expect(sales.getByRole('button', { name: 'Download this view (CSV)' })).toHaveCount(0);
      await expectNoAxeViolations(sales, 'sales list: ');
      // The Team page, for a sales key: their own alerts on WhatsApp, not the people or the log.
      await sales.getByRole('button', { name: 'Team', exact: true }).click();
      await expect(sales.getByRole('heading', { name: 'Alerts on WhatsApp' })).toBeVisible();
      await expect(sales.getByRole('heading', { name: 'Team log' })).toHaveCount(0);
      await expect(sales.getByRole('button', { name: 'Add and show their key' })).toHaveCount(0);
      await sales.getByRole('button', { name: '← Back to the list' }).click();
      await sales.getByLabel('Name, phone or e-mail').fill(lead.phone);
      await sales.getByRole('button', { name: 'Find', exact: true }).click();
      await sales.locator('.inbox-card').first().click();
      await sales.getByLabel('Status', { exact: true }).selectOption('contacted');
      await sales.getByRole('button', { name: 'Save' }).click();
      await expect(sales.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
      await expect(sales.locator('.inbox-history')).toContainText(`${name} set contacted`);
      await expect(sales.getByRole('button', { name: 'Erase this lead…' })).toHaveCount(0);
      // The server refuses what the page hides.
      const asSales = { authorization: `Bearer ${key}` };
      expect((await sales.request.get('/api/leads?format=csv', { headers: asSales })).status()).toBe(403);
      expect((await sales.request.delete(`/api/leads/${lead.submissionId}`, { headers: asSales })).status()).toBe(403);
      expect((await sales.request.get('/api/leads/team', { headers: asSales })).status()).toBe(403);
      // Spam, released by the sales person.
      await sales.getByRole('button', { name: '← Back to the list' }).click();
      await sales.getByRole('button', { name: 'Spam', exact: true }).click();
      await sales.getByLabel('Name, phone or e-mail').fill(spam.phone);
      await sales.getByRole('button', { name: 'Find', exact: true }).click();
      await sales.locator('.inbox-card').first().click();
      await sales.getByRole('button', { name: 'Not spam' }).click();
      await expect(sales.getByRole('status').filter({ hasText: 'Moved to the leads' })).toBeVisible();

      // The owner removes the person: their next request is refused.
      await page.getByRole('button', { name: `Remove ${name}…` }).click();
      await page.getByRole('button', { name: `Yes, remove ${name}` }).click();
      await expect(page.locator('.inbox-person', { hasText: name })).toHaveCount(0);
      // Other tests write to the same log at the same time: the line itself, not the first line.
      await expect(page.locator('.inbox-log li', { hasText: `Owner removed ${name} (sales)` })).toHaveCount(1);
      expect((await sales.request.get('/api/leads/me', { headers: asSales })).status()).toBe(401);
      await sales.reload();
      await sales.getByRole('button', { name: 'Spam', exact: true }).click();
      await expect(sales.getByRole('alert')).toHaveText('The leads could not be loaded. Try again.');
      await salesContext.close();

      // The log, newest first, names each of them.
      await page.reload();
      await page.getByRole('button', { name: 'Team', exact: true }).click();
      const log = page.locator('.inbox-log');
      await expect(log).toContainText(`Owner removed ${name} (sales)`);
      await expect(log).toContainText(`${name} moved a lead out of spam`);
      await expect(log).toContainText(`${name} changed a lead (contacted)`);
      await expect(log).toContainText(`Owner added ${name} (sales)`);
    });
  });
}
