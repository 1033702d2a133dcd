/**
 * Follow-ups in the inbox, in Chromium at 390 px (a phone, India's clock): a sales member taps
 * *Call*, leaves the page and comes back; the sheet asks how it went and records "No answer" in
 * one tap; the lead shows "Attempt 1 of 6"; a quick pick sets the next follow-up, and on the fake
 * clock of that day the inbox opens on *Follow-ups due* with the lead under today's. The sheet
 * is a modal dialog: Escape closes it and focus goes back. And a planning lead worked through its
 * division's stages to Invested (won), with two unanswered calls and one connected; lost asks why.
 */
import { expect, test, type Page } from '@playwright/test';
import { EXPORT_TOKEN } from '../../playwright.config.ts';
import { sendFinanceLead } from '../support/form-filling.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { uniqueLetters } from '../support/unique.ts';

const auth = { authorization: `Bearer ${EXPORT_TOKEN}` };

/** The page leaves (the dialler is in front) and comes back, as a phone does around a call. */
const leaveAndComeBack = (page: Page) =>
  page.evaluate(() => {
    for (const state of ['hidden', 'visible']) {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }
  });

for (const width of [390, 1280])
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 }, timezoneId: 'Asia/Kolkata' });
    test('tap Call, leave and come back: the sheet records "No answer", the lead shows Attempt 1 of 6, and a quick pick puts it in Due today', async ({
      page,
      request,
    }) => {
      // A sales member of their own, and a lead given to them.
      const name = `Follow ${uniqueLetters(8)}`;
      const added = await request.post('/api/leads/team', { headers: auth, data: { name, role: 'sales' } });
      expect(added.status()).toBe(201);
      const { key, member } = (await added.json()) as { key: string; member: { id: string } };
      const lead = await sendFinanceLead(request);
      expect(
        (await request.post(`/api/leads/${lead.submissionId}/assign`, { headers: auth, data: { memberId: member.id } })).status(),
      ).toBe(200);

      await page.goto('/leads');
      await page.getByLabel('Your key').fill(key);
      await page.getByRole('button', { name: 'Sign in' }).click();
      // Nothing due yet: the inbox shows the member's leads.
      await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
      await page.locator('.inbox-card', { hasText: lead.Username }).click();
      await expect(page.getByRole('heading', { name: 'No attempts yet' })).toBeVisible();

      // Call: the link dials; back on the page, the sheet asks.
      const call = page.getByRole('link', { name: new RegExp(`Call ${lead.phone}`) });
      await expect(call).toHaveAttribute('href', `tel:+91${lead.phone}`);
      await call.evaluate((link) => link.addEventListener('click', (event) => event.preventDefault(), { once: true }));
      await call.click();
      await leaveAndComeBack(page);
      const sheet = page.getByRole('dialog', { name: 'How did the call go?' });
      await expect(sheet).toBeVisible();
      await expectNoAxeViolations(page, 'sheet: ');
      await page.screenshot({ path: `${process.env.SHOTS_DIR ?? 'test-results'}/follow-ups-sheet-${width}.png` });
      await sheet.getByLabel('Note (optional)').fill('Rang out');
      await sheet.getByRole('button', { name: 'No answer' }).click();
      await expect(sheet).toBeHidden();
      await expect(page.getByRole('heading', { name: 'Attempt 1 of 6' })).toBeVisible();
      await expect(page.locator('.inbox-history')).toContainText(`${name}: Call: No answer – Rang out`);

      // Record a call by hand: Escape closes the sheet without recording, and focus goes back.
      const record = page.getByRole('button', { name: 'Record a call' });
      await record.click();
      await expect(sheet).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
      await expect(record).toBeFocused();
      await expect(page.getByRole('heading', { name: 'Attempt 1 of 6' })).toBeVisible();

      // Contacted, with the quick pick "Tomorrow morning".
      await page.getByLabel('Status', { exact: true }).selectOption('contacted');
      const pick = page.getByRole('radio', { name: /^Tomorrow morning/ });
      await pick.check();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
      const { lead: saved } = (await (await request.get(`/api/leads/${lead.submissionId}`, { headers: auth })).json()) as {
        lead: { followUpAt: string; status: string };
      };
      expect(saved.status).toBe('contacted');
      await page.screenshot({ path: `${process.env.SHOTS_DIR ?? 'test-results'}/follow-ups-lead-${width}.png`, fullPage: true });

      // That morning at 08:00 (the browser's fake clock): the inbox opens on the due list, the lead under today's.
      const morning = new Date(Date.parse(saved.followUpAt) - 90 * 60_000);
      await page.clock.setFixedTime(morning);
      await page.goto('/leads');
      await expect(page.getByRole('heading', { name: 'Follow-ups due', level: 1 })).toBeVisible();
      const today = page.getByRole('region', { name: 'Your follow-ups due today' });
      await expect(today.locator('.inbox-card', { hasText: lead.Username })).toBeVisible();
      await expectNoAxeViolations(page, 'due: ');
      await page.screenshot({ path: `${process.env.SHOTS_DIR ?? 'test-results'}/follow-ups-due-${width}.png`, fullPage: true });
    });

    test('a planning lead worked through its stages to Invested: two unanswered calls, one connected, lost asks why', async ({
      page,
      request,
    }) => {
      const name = `Stages ${uniqueLetters(8)}`;
      const added = await request.post('/api/leads/team', { headers: auth, data: { name, role: 'sales' } });
      const { key, member } = (await added.json()) as { key: string; member: { id: string } };
      const lead = await sendFinanceLead(request);
      await request.post(`/api/leads/${lead.submissionId}/assign`, { headers: auth, data: { memberId: member.id } });
      await page.goto('/leads');
      await page.getByLabel('Your key').fill(key);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.locator('.inbox-card', { hasText: lead.Username }).click();

      // Two calls not answered, then one that is: the first Connected one makes the lead contacted.
      const sheet = page.getByRole('dialog', { name: 'How did the call go?' });
      for (const [count, outcome] of [
        [1, 'No answer'],
        [2, 'Busy'],
        [3, 'Connected'],
      ] as const) {
        const call = page.getByRole('link', { name: new RegExp(`Call ${lead.phone}`) });
        await call.evaluate((link) => link.addEventListener('click', (event) => event.preventDefault(), { once: true }));
        await call.click();
        await leaveAndComeBack(page);
        await sheet.getByRole('button', { name: outcome, exact: true }).click();
        await expect(sheet).toBeHidden();
        await expect(page.getByRole('heading', { name: `Attempt ${count} of 6` })).toBeVisible();
      }
      const status = page.getByLabel('Status', { exact: true });
      await expect(status).toHaveValue('contacted');
      // The division's own stages, in its words.
      await expect(status.locator('option')).toHaveText(['New', 'Contacted', 'Meeting', 'Proposal', 'Invested', 'Lost']);

      for (const stage of ['meeting', 'proposal']) {
        await status.selectOption(stage);
        await page.getByRole('button', { name: 'Save' }).click();
        await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
        await expect(status).toHaveValue(stage);
      }
      // Lost asks why, from the division's reasons; the lead is not lost here.
      await status.selectOption('lost');
      const why = page.getByLabel('Why was it lost?');
      await expect(why.locator('option:not([disabled])')).toHaveText(['Fees', 'Went elsewhere', 'Not reachable', 'Not interested']);
      // A lead being closed has no next follow-up to pick.
      await expect(page.getByText('Next follow-up', { exact: true })).toBeHidden();
      await expectNoAxeViolations(page, 'stages: ');
      await page.screenshot({ path: `${process.env.SHOTS_DIR ?? 'test-results'}/stages-lost-reason-${width}.png`, fullPage: true });

      await status.selectOption({ label: 'Invested' });
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
      const { lead: won } = (await (await request.get(`/api/leads/${lead.submissionId}`, { headers: auth })).json()) as {
        lead: { status: string; followUpAt?: string; history: { status: string; event?: string }[] };
      };
      expect(won.status).toBe('won');
      expect(won.followUpAt).toBeUndefined();
      expect(won.history.filter((entry) => !entry.event).map((entry) => entry.status)).toEqual(['meeting', 'proposal', 'won']);
      await expect(page.locator('.inbox-history')).toContainText(`${name} set invested`);
      await page.screenshot({ path: `${process.env.SHOTS_DIR ?? 'test-results'}/stages-won-${width}.png`, fullPage: true });
    });
  });
