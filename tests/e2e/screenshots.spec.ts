/**
 * Screenshot baselines of the pages that carry the look: home, a division, Buy, one enquiry page
 * of each family, Contact and 404, and the home and one form page of each other language, at 390
 * and 1280 px. One set per Chromium build (playwright.config.ts, harness/chromium.ts), each drawn
 * with the fonts of its own machine image:
 * - debian-headless-shell: Debian's chromium-headless-shell, as on this project's CI machine, and
 *   debian-chromium: Debian's whole browser; both committed and compared.
 * - playwright-chromium: Playwright's download, as in the GitHub workflow. Until its set is
 *   committed, a run writes it (into tests/e2e/screenshots.spec.ts-snapshots/playwright-chromium/)
 *   and passes, marking each test "baseline written": nothing is compared on that build until the
 *   written pictures, checked by eye, are committed.
 * To accept an intended change of look (on the build you run):
 *   npx playwright test tests/e2e/screenshots.spec.ts --update-snapshots
 * Kept still: reduced motion (no carousel autoplay), islands hydrated, heading font and every
 * image loaded; the footer's year is masked so the baselines outlive the year.
 */
import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_BUILD, SCREENSHOT_SET, WRITING_SCREENSHOT_SET } from '../../playwright.config.ts';
import { islandsHydrated } from '../support/islands.ts';
import { allFontsInUse } from '../support/fonts.ts';

// No set for this Chromium build yet: this run writes one, and compares nothing.
test.beforeEach(() => {
  if (WRITING_SCREENSHOT_SET)
    test.info().annotations.push({
      type: 'baseline written',
      description: `no screenshots of ${CHROMIUM_BUILD} are committed: this run writes them to ${SCREENSHOT_SET}, compared from the run after they are committed`,
    });
});

test.describe.configure({ timeout: 90_000 });
// The tests add a style sheet of their own (hiding fixed elements), which the site's CSP would block.
test.use({ bypassCSP: true });

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'realty', path: '/Aranya_Realty' },
  { name: 'buy', path: '/Buy' },
  { name: 'flats', path: '/Flats' },
  { name: 'vehicle-loan', path: '/Vehicleloan' },
  { name: 'mutual-funds', path: '/Mutualfunds' },
  { name: 'contact', path: '/Contactus' },
  { name: 'not-found', path: '/no-such-page' },
  // Each other language: its home page and one form page.
  { name: 'ta-home', path: '/ta' },
  { name: 'ta-flats', path: '/ta/Flats' },
  { name: 'te-home', path: '/te' },
  { name: 'te-vehicle-loan', path: '/te/Vehicleloan' },
  { name: 'kn-home', path: '/kn' },
  { name: 'kn-mutual-funds', path: '/kn/Mutualfunds' },
];

async function settle(page: Page) {
  await islandsHydrated(page);
  // The plain scripts (scroll-to-top, the home carousel) start when the browser is idle.
  await page.locator('[data-to-top][data-ready]').waitFor({ state: 'attached' });
  if ((await page.locator('[data-carousel]').count()) > 0) await page.locator('[data-carousel][data-ready]').waitFor({ state: 'attached' });
  await allFontsInUse(page);
  await page.evaluate(async () => {
    document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]').forEach((img) => (img.loading = 'eager'));
    await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
    await document.fonts.load('700 1em Heading');
    await document.fonts.ready;
  });
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 844 : 800 } });

    for (const { name, path } of PAGES) {
      test(`${name} looks as agreed`, async ({ page }) => {
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.goto(path);
        await settle(page);
        // Fixed elements would land mid-page in a full-page shot; the phone bar has its own shot below.
        await page.addStyleTag({ content: '.phone-bar, .to-top { display: none !important; }' });
        await expect(page).toHaveScreenshot(`${name}-${width}.png`, {
          fullPage: true,
          mask: [page.locator('.site-footer .bottom p')],
          maxDiffPixelRatio: 0.001,
          // Long pages on a busy machine take a while to capture twice alike.
          timeout: 30_000,
        });
      });
    }
  });
}

test.describe('on a phone, at the end of a page', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the Call and WhatsApp bar, with scroll-to-top above it', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/Aboutpage');
    await settle(page);
    await page.locator('footer').evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await expect(page.getByRole('button', { name: 'Back to top' })).toBeVisible();
    await expect(page).toHaveScreenshot('phone-bar-390.png', {
      mask: [page.locator('.site-footer .bottom p')],
      maxDiffPixelRatio: 0.001,
      timeout: 30_000,
    });
  });
});
