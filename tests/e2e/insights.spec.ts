/**
 * Insights in /leads, in Chromium against the served site, on a phone (390 px) and a desktop
 * (1280 px): leads seeded in the served database days ago (one contacted, one still new, one
 * spam), then the owner signs in, opens Insights (its chunk loads only then), and sees the charts,
 * their tables, the CSV downloads and the waiting list, whose link opens the lead. axe finds
 * nothing. A sales key sees Insights too, with their figures' CSV, but no export of leads. The
 * figures themselves are counted by hand in tests/functions/insights.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { EXPORT_TOKEN } from '../../playwright.config.ts';
import { openProjectDatabase, readDatabase } from '../../harness/database.ts';
import { seedLead } from '../support/seed-leads.ts';
import { expectNoAxeViolations } from '../support/axe.ts';

const DAY = 86_400_000;
const daysAgo = (days: number, hours = 0) => new Date(Date.now() - days * DAY - hours * 3_600_000).toISOString();
/** 11:00 in India on a working day (Monday to Saturday) 4 or 5 days ago, and a number of minutes after it. */
const officeMorning = (() => {
  const day = (days: number) => new Date(Date.now() - days * DAY + 5.5 * 3_600_000);
  const date = day(4).getUTCDay() === 0 ? day(5) : day(4);
  const start = Date.parse(`${date.toISOString().slice(0, 10)}T11:00:00+05:30`);
  return (minutes = 0) => new Date(start + minutes * 60_000).toISOString();
})();

/** Three leads of a few days ago in the served site's database; the waiting one's name and the won one's campaign are returned. */
const seed = async () => {
  // The served site's database: the e2e run's own folder (playwright.config.ts), announced by the server.
  process.env.LOCAL_DB_DIR ??= path.join(process.env.E2E_STORE_DIR ?? '', 'database');
  const database = await openProjectDatabase();
  const reader = readDatabase(database.url);
  const unique = randomUUID().slice(0, 8);
  const waiting = `Waiting ${unique}`;
  const campaign = `e2e-diwali-${unique}`;
  const assignee = `Kavya ${unique}`;
  try {
    await seedLead(reader.rows, { id: randomUUID(), kind: 'bankloan', at: daysAgo(5), name: waiting, utm_source: 'e2e-source' });
    await seedLead(reader.rows, {
      id: randomUUID(),
      kind: 'realestate',
      at: officeMorning(),
      locale: 'ta',
      utm_campaign: campaign,
      status: 'won',
      // Given to Kavya on arrival in office hours, due 15 minutes later, reached after 10 (routing's figures).
      assignee: { name: assignee, at: officeMorning(), dueAt: officeMorning(15), contactedAt: officeMorning(10) },
      history: [
        ['contacted', officeMorning(10), assignee],
        ['won', daysAgo(3), 'Kavya Rao'],
      ],
    });
    await seedLead(reader.rows, { id: randomUUID(), kind: 'contact', at: daysAgo(3), spam: 'honeypot', name: 'Spam E2E' });
  } finally {
    await reader.close();
    await database.close();
  }
  return { waiting, campaign, assignee };
};

/** A sales person's own key, added with the owner's (names unique: the served database outlives a run). */
const salesKey = async (request: APIRequestContext) => {
  const answer = await request.post('/api/leads/team', {
    headers: { authorization: `Bearer ${EXPORT_TOKEN}` },
    data: { name: `Ravi ${randomUUID().replace(/[\d-]/g, '').slice(0, 6)}`, role: 'sales' },
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { key: string }).key;
};

const openInsights = async (page: Page, key = EXPORT_TOKEN) => {
  await page.goto('/leads');
  await page.getByLabel('Your key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  const chunk = page.waitForResponse((response) => /InsightsView/.test(response.url()));
  await page.getByRole('button', { name: 'Insights' }).click();
  await chunk; // loaded only now
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Leads per week, last 26 weeks' })).toBeVisible();
};

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test.describe(`on a ${size.name} (${size.width} px)`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('the owner opens Insights: charts with their legends, every chart with its table and CSV, the waiting list linked to the lead', async ({
      page,
    }) => {
      const { waiting, campaign, assignee } = await seed();
      await openInsights(page);

      // Charts: one labelled picture each, with its table and its download.
      const charts = page.getByRole('img', { name: /the numbers are in the table below/ });
      expect(await charts.count()).toBeGreaterThanOrEqual(8);
      const tables = page.getByRole('table');
      expect(await tables.count()).toBeGreaterThanOrEqual(10);
      const weekly = page.getByRole('table', { name: 'Leads per week, last 26 weeks: the numbers' });
      await expect(weekly.getByRole('columnheader')).toHaveText([
        'Week from',
        'Real estate (buy and sell)',
        'Loans',
        'Financial planning',
        'Contact',
        'Privacy requests',
        'Spam',
      ]);
      await expect(weekly.locator('tbody tr')).toHaveCount(26);
      await expect(page.locator('.chart-legend').first()).toContainText('Spam');
      const sources = page.getByRole('table', { name: 'Where leads came from: the numbers' });
      await expect(sources.getByRole('row', { name: /e2e-source/ })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Campaigns: the numbers' }).getByRole('row', { name: campaign })).toHaveText(
        new RegExp(`^${campaign}\\s*1\\s*1\\s*100 %\\s*0$`),
      );

      // Routing: the assignee reached their lead within the target, 10 minutes after it was given to them.
      const byPerson = page.getByRole('table', { name: /^First contact within .+, by person: the numbers$/ });
      await expect(byPerson.getByRole('columnheader')).toHaveText([
        'Person',
        'Assigned',
        'Contacted',
        'Within target',
        'Share within target',
        'Median from assignment',
        '90th percentile',
      ]);
      await expect(byPerson.getByRole('row', { name: assignee })).toHaveText(
        new RegExp(`^${assignee}\\s*1\\s*1\\s*1\\s*100 %\\s*10 min\\s*10 min$`),
      );
      await expect(
        page.getByRole('table', { name: /^First contact within .+, by division: the numbers$/ }).getByRole('row', { name: /^All/ }),
      ).toBeVisible();
      await expect(page.getByRole('table', { name: 'Leads given to someone else: the numbers' })).toBeVisible();

      // Each table downloads as CSV, its numbers as shown.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download these numbers (CSV): Campaigns' }).click();
      const csv = await readFile(await (await download).path(), 'utf8');
      expect(csv).toMatch(/^\uFEFFCampaign,Leads,Won,Share won,Lost\r\n/);
      expect(csv).toContain(`\r\n${campaign},1,1,100 %,0\r\n`);

      // Nothing wider than the page: the tables scroll in their own box.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await expectNoAxeViolations(page, `insights ${size.width}`);
      await page.screenshot({ path: `/tmp/insights-${size.width}.png`, fullPage: true });

      // The waiting list names the seeded lead, oldest first, and its link opens it.
      const list = page.getByRole('region', { name: /Waiting now/ });
      await list.getByRole('link', { name: waiting }).click();
      await expect(page.getByRole('heading', { name: waiting })).toBeVisible();
      expect(new URL(page.url()).hash).toMatch(/^#lead=/);
    });

    test('a sales key sees Insights too, with the CSV of their figures, but the leads view offers no export', async ({ page, request }) => {
      const { waiting } = await seed();
      await openInsights(page, await salesKey(request));
      expect(await page.getByRole('img', { name: /the numbers are in the table below/ }).count()).toBeGreaterThanOrEqual(8);
      await expect(page.getByRole('table', { name: 'Leads per week, last 26 weeks: the numbers' })).toBeVisible();
      await expect(page.getByRole('region', { name: /Waiting now/ }).getByRole('link', { name: waiting })).toBeVisible();
      await expect(page.getByRole('button', { name: /Download these numbers \(CSV\)/ }).first()).toBeVisible();
      await page.getByRole('button', { name: 'Mine', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Download this view (CSV)' })).toHaveCount(0);
    });
  });
}
