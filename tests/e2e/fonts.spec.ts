/**
 * The heading font is not preloaded: its fallback faces take its measurements
 * (src/styles/fallback-fonts.ts), so when it arrives late nothing on the page moves. Measured
 * here with the font held back on the network, as a slow phone would get it.
 */
import { expect, test, type Page } from '@playwright/test';

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
