/**
 * The heading font is not preloaded: its fallback faces take its measurements
 * (src/styles/fallback-fonts.ts), so when it arrives late nothing on the page moves. Measured
 * here with the font held back on the network, as a slow phone would get it. On a visit's first
 * page it is asked for only once the page has loaded and painted (src/styles/late-heading-font.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { headingFontInUse } from '../support/fonts';

const HELD_MS = 2000;

/** Holds the heading font back, and counts the layout shifts the page makes (as CLS does, without those after input). */
const watchShifts = async (page: Page) => {
  await page.route('**/_astro/noto-sans-display-*.woff2', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, HELD_MS));
    await route.continue();
  });
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Node }[] }[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: entry.sources.map((s) =>
            s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : String(s.node?.nodeName),
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
};

const headingFontLoaded = (page: Page) =>
  page.waitForFunction(
    () => [...document.fonts].some((font) => font.family.replace(/"/g, '') === 'Heading' && font.status === 'loaded'),
    null,
    {
      timeout: HELD_MS + 10_000,
    },
  );

test("English pages preload no font; headings fall back to faces drawn to the heading font's measurements", async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(0);
  await headingFontInUse(page);
  const stack = await page
    .locator('h2')
    .first()
    .evaluate((h) => getComputedStyle(h).fontFamily);
  expect(stack).toMatch(/^Heading, "Heading Fallback: Arial", "Heading Fallback: Roboto"/);
  // The fallback faces are in the page, with Capsize's overrides.
  const faces = await page.evaluate(() =>
    [...document.fonts].filter((f) => f.family.includes('Fallback')).map((f) => f.family.replace(/"/g, '')),
  );
  expect(faces).toEqual(expect.arrayContaining(['Heading Fallback: Arial', 'Heading Fallback: Roboto']));
});

for (const width of [390, 1280]) {
  for (const path of ['/', '/Aboutpage', '/Vehicleloan']) {
    test(`${path} at ${width} px: nothing moves when the heading font arrives ${HELD_MS} ms late`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await watchShifts(page);
      await page.goto(path);
      await headingFontLoaded(page);
      // Two frames after the swap, for its layout to be done and observed.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);
      const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
      expect(total, JSON.stringify(shifts)).toBeLessThan(0.001);
    });
  }
}

const HEADING_FONT = /noto-sans-display-latin-wght-normal/;

/** When the page's load event came, and when the heading font was asked for (page clock, ms). */
const fontAndLoadTimes = (page: Page) =>
  page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const font = performance.getEntriesByType('resource').find((entry) => entry.name.includes('noto-sans-display-latin-wght-normal'));
    return { loadEventEnd: navigation.loadEventEnd, fontStart: font?.startTime ?? null };
  });

/** The first heading's font stack. */
const headingStack = (page: Page) =>
  page
    .locator('h1, h2')
    .first()
    .evaluate((h) => getComputedStyle(h).fontFamily);

test.describe('the heading font on the first page of a visit waits for the page to load', () => {
  for (const path of ['/', '/Flats', '/ta/Vehicleloan']) {
    test(`${path}: headings start in the fallback faces; the font is asked for after the load event`, async ({ page }) => {
      // The page's logo held back 1.5 s keeps the load event away, so the page can be read before it.
      await page.route('**/_astro/logo.*.svg', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      const fontRequests: string[] = [];
      page.on('request', (request) => {
        if (HEADING_FONT.test(request.url())) fontRequests.push(request.url());
      });
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      expect(await page.evaluate(() => document.documentElement.classList.contains('fonts-wait'))).toBe(true);
      expect(await headingStack(page)).toMatch(/^"Heading Fallback: Arial", "Heading Fallback: Roboto"/);
      expect(fontRequests).toEqual([]);

      await page.waitForLoadState('load');
      await headingFontInUse(page);
      expect(await headingStack(page)).toMatch(/^Heading, "Heading Fallback: Arial"/);
      const { loadEventEnd, fontStart } = await fontAndLoadTimes(page);
      expect(fontStart).not.toBeNull();
      expect(fontStart!).toBeGreaterThanOrEqual(loadEventEnd);
    });
  }

  test('the next page of the same visit uses the font from the start (it is in the cache by then)', async ({ page }) => {
    await page.goto('/');
    await headingFontInUse(page);
    await page.goto('/Aboutpage', { waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => document.documentElement.classList.contains('fonts-wait'))).toBe(false);
    expect(await headingStack(page)).toMatch(/^Heading, "Heading Fallback: Arial"/);
    await page.waitForLoadState('load');
    const { loadEventEnd, fontStart } = await fontAndLoadTimes(page);
    expect(fontStart).not.toBeNull();
    expect(fontStart!).toBeLessThan(loadEventEnd);
  });

  test('without JavaScript nothing waits: headings ask for the font at once', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/Flats');
    expect(await headingStack(page)).toMatch(/^Heading, "Heading Fallback: Arial"/);
    await page.waitForFunction(() =>
      [...document.fonts].some((font) => font.family.replace(/"/g, '') === 'Heading' && font.status === 'loaded'),
    );
    await context.close();
  });
});
