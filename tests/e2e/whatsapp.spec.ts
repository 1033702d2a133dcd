/**
 * WhatsApp on the lead, in Chromium against the served site and its WhatsApp stand-in: a visitor
 * who ticked the WhatsApp box gets the acknowledgement in their page's language; a signed `read`
 * status from "Meta" (the stand-in plays its webhook) shows on the lead in the inbox, at 390 px
 * (a phone) and 1280 px, and a later `delivered` does not move it back. The wa.me link is there.
 * Insights counts it among the week's messages read, with the month's cost.
 * A sales member opts in to alerts on WhatsApp on the Team page: a wrong number is named next to
 * the field, a right one saved.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_WHATSAPP_STANDIN_PORT, EXPORT_TOKEN } from '../../playwright.config.ts';
import { sendFinanceLead } from '../support/form-filling.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { uniqueLetters } from '../support/unique.ts';

const STANDIN = `http://127.0.0.1:${E2E_WHATSAPP_STANDIN_PORT}`;

/** The wamid of the message the stand-in took for this number. */
const wamidFor = async (request: APIRequestContext, to: string) => {
  let wamid = '';
  await expect
    .poll(async () => {
      const received = (await (await request.get(`${STANDIN}/__standin/received`)).json()) as {
        wamid?: string;
        body: { to?: string; template?: { language?: { code?: string } } };
      }[];
      const message = received.find((one) => one.body.to === to && one.wamid);
      wamid = message?.wamid ?? '';
      return message?.body.template?.language?.code ?? '';
    })
    .toBe('ta');
  return wamid;
};

/** A status as Meta would post it, signed by the stand-in; the site's answer. */
const postStatus = async (request: APIRequestContext, wamid: string, status: string) =>
  ((await (await request.post(`${STANDIN}/__standin/status`, { data: { wamid, status } })).json()) as { webhookStatus: number })
    .webhookStatus;

for (const width of [390, 1280])
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 }, timezoneId: 'Asia/Kolkata' });
    test('a Tamil visitor’s WhatsApp acknowledgement: read on the lead, never back to delivered', async ({ page, request }) => {
      const lead = await sendFinanceLead(request, { consentWhatsapp: true, locale: 'ta' });
      const wamid = await wamidFor(request, `91${lead.phone}`);
      expect(await postStatus(request, wamid, 'delivered')).toBe(200);
      expect(await postStatus(request, wamid, 'read')).toBe(200);
      expect(await postStatus(request, wamid, 'delivered')).toBe(200);

      await page.goto('/leads');
      await page.getByLabel('Your key').fill(EXPORT_TOKEN);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByLabel('Name, phone or e-mail').fill(lead.phone);
      await page.getByRole('button', { name: 'Find', exact: true }).click();
      await page.locator('.inbox-card', { hasText: lead.Username }).click();
      const status = page.locator('.inbox-whatsapp');
      await expect(status).toContainText('WhatsApp acknowledgement (in Tamil): Read');
      await expect(page.getByRole('link', { name: /^WhatsApp/ })).toHaveAttribute('href', `https://wa.me/91${lead.phone}`);
      // The name, its heading, may be in Tamil, Telugu or Kannada: the heading falls back to the inbox's Indic faces.
      expect(await page.locator('h1').evaluate((heading) => getComputedStyle(heading).fontFamily)).toContain('Site Indic');
      // Within the phone's width: nothing runs off the side.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoAxeViolations(page, 'lead: ');
      await page.screenshot({ path: `${process.env.SHOTS_DIR ?? 'test-results'}/whatsapp-lead-${width}.png`, fullPage: false });

      // Insights: this week's messages, read among them, with the table behind the chart and the month's cost.
      await page.getByRole('button', { name: '← Back to the list' }).click();
      await page.getByRole('button', { name: 'Insights' }).click();
      const block = page.getByRole('region', { name: 'WhatsApp messages per week', exact: true });
      await expect(block.getByRole('heading', { name: 'WhatsApp messages per week' })).toBeVisible();
      await expect(block).toContainText(/This month \([A-Z][a-z]+ 20\d\d\): \d+ messages?, about ₹\d+\.\d\d at ₹0\.12 each/);
      const lastRow = block.locator('table tbody tr').last();
      await expect(lastRow.locator('td').nth(2)).not.toHaveText('0');
      await block.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${process.env.SHOTS_DIR ?? 'test-results'}/whatsapp-insights-${width}.png` });
    });
  });

for (const width of [390, 1280])
  test.describe(`the Team page at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });
    test('a sales member adds their WhatsApp number and opts in to alerts there', async ({ page, request }) => {
      const added = await request.post('/api/leads/team', {
        headers: { authorization: `Bearer ${EXPORT_TOKEN}` },
        data: { name: `Alerts ${uniqueLetters(8)}`, role: 'sales' },
      });
      expect(added.status()).toBe(201);
      const { key } = (await added.json()) as { key: string };
      await page.goto('/leads');
      await page.getByLabel('Your key').fill(key);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Team', exact: true }).click();
      const number = page.getByLabel('Your WhatsApp number');
      await number.fill('12345');
      await page.getByLabel('Send me alerts on WhatsApp when push can’t reach me').check();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Write your Indian mobile number: 10 digits, starting with 6, 7, 8 or 9.')).toBeVisible();
      await expect(number).toHaveAttribute('aria-invalid', 'true');
      await number.fill('98450 12345');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
      await expect(page.getByLabel('Your WhatsApp number')).toHaveValue('9845012345');
      const saved = await request.get('/api/leads/whatsapp', { headers: { authorization: `Bearer ${key}` } });
      expect(await saved.json()).toEqual({ on: true, number: '9845012345', optedIn: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoAxeViolations(page, 'team page: ');
      await page.screenshot({ path: `${process.env.SHOTS_DIR ?? 'test-results'}/whatsapp-team-alerts-${width}.png` });
    });
  });
