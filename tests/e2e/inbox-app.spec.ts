/**
 * The inbox as an app, in Chromium against the served site: its manifest is valid and scoped to
 * /leads, its service worker (registered by /leads only) shows a push alert and a tap opens the
 * lead, the last list shows offline, and *Turn on alerts* at 390 px. Chromium's headless shell
 * has no push service to subscribe at, so the push is delivered to the worker through Chrome
 * DevTools Protocol (ServiceWorker.deliverPushMessage), as a push service would; what the server
 * sends and the push stand-in decrypts is tested in tests/functions/routing.test.ts. The headless
 * shell refuses notifications whatever is granted: this file runs in the whole browser.
 */
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL, EXPORT_TOKEN, LAUNCH_OPTIONS } from '../../playwright.config.ts';
import { findChromium } from '../../harness/chromium.ts';
import { sendFinanceLead } from '../support/form-filling.ts';

/** What the worker's own scope offers the test (the DOM's types have no ServiceWorkerGlobalScope). */
interface WorkerScope {
  registration: { getNotifications(): Promise<Notification[]> };
  dispatchEvent(event: Event): boolean;
}
declare const NotificationEvent: new (type: string, init: { notification: Notification }) => Event;

const signIn = async (page: Page) => {
  await page.goto('/leads');
  await page.getByLabel('Your key').fill(EXPORT_TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
};
const worker = async (page: Page) => {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  return (
    page
      .context()
      .serviceWorkers()
      .find((one) => one.url().endsWith('/leads-sw.js')) ?? page.context().waitForEvent('serviceworker')
  );
};

// The whole browser: the headless shell refuses notifications whatever is granted.
test.use({
  viewport: { width: 390, height: 844 },
  launchOptions: { ...LAUNCH_OPTIONS, executablePath: findChromium({ headlessShell: false }) },
});

test('the manifest is valid and scoped to /leads; the worker shows a push alert, and a tap opens the lead', async ({
  page,
  context,
  request,
}, testInfo) => {
  const lead = await sendFinanceLead(request, { selectedCity: 'Hosur' });
  await context.grantPermissions(['notifications'], { origin: BASE_URL });
  await signIn(page);
  const cdp = await context.newCDPSession(page);
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
  expect(manifest.url).toMatch(/\/leads\.webmanifest$/);
  expect(manifest.errors).toEqual([]);
  const parsed = JSON.parse(manifest.data ?? '{}') as { scope: string; start_url: string; display: string; icons: { sizes: string }[] };
  expect(parsed).toMatchObject({ scope: '/leads', start_url: '/leads', display: 'standalone' });
  expect(parsed.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));

  const sw = await worker(page);
  expect(new URL(sw.url()).pathname).toBe('/leads-sw.js');
  expect(await sw.evaluate(() => Notification.permission)).toBe('granted');
  const registrations = new Promise<string>((resolve) =>
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      ({ registrations: found }: { registrations: { registrationId: string; scopeURL: string }[] }) => {
        const inbox = found.find((one) => new URL(one.scopeURL).pathname === '/leads');
        if (inbox) resolve(inbox.registrationId);
      },
    ),
  );
  await cdp.send('ServiceWorker.enable');
  const payload = {
    title: 'New financial planning enquiry for you',
    body: 'Hosur · call back any time',
    url: `/leads#lead=${lead.submissionId}`,
    tag: `${lead.submissionId}:assigned`,
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: await registrations,
    data: JSON.stringify(payload),
  });
  // The notification, as the worker showed it.
  await expect
    .poll(() =>
      sw.evaluate(async () => (await (self as unknown as WorkerScope).registration.getNotifications()).map((one) => [one.title, one.body])),
    )
    .toEqual([[payload.title, payload.body]]);
  // The tap: the worker's notificationclick, with that notification, brings the open inbox to the lead.
  await sw.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
  });
  await expect(page).toHaveURL(new RegExp(`/leads#lead=${lead.submissionId}$`));
  await expect(page.getByRole('heading', { name: lead.Username, level: 1 })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('lead-from-alert.png') });
});

test('the last list shows offline, and says so; Turn on alerts at 390 px', async ({ page, context, request }, testInfo) => {
  const lead = await sendFinanceLead(request);
  await signIn(page);
  await expect(page.getByRole('button', { name: 'Turn on alerts' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('turn-on-alerts-390.png'), fullPage: true });
  await page.getByLabel('Name, phone or e-mail').fill(lead.phone);
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(page.locator('.inbox-card')).toHaveCount(1);
  await worker(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  await expect(page.locator('.inbox-card')).toContainText(lead.Username);
  await page.screenshot({ path: testInfo.outputPath('offline-390.png'), fullPage: true });
  await context.setOffline(false);
});
