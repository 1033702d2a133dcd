/**
 * The heading font is not preloaded: its fallback faces take its measurements
 * (src/styles/fallback-fonts.ts), so when it arrives late nothing on the page moves. Measured
 * here with the font held back on the network, as a slow phone would get it. On a visit's first
 * page it is asked for only once the page has loaded and painted (src/styles/late-fonts.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { allFontsInUse } from '../support/fonts';

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
  await allFontsInUse(page);
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

// The Tamil, Telugu and Kannada semi-bold and bold faces are not preloaded: until they come, the
// regular face stands in, drawn bold and scaled to their widths (src/styles/bold-stand-in.ts), so
// a heading keeps its lines when they arrive. Measured on the page's own headings, labels and
// buttons once every face has loaded: the stand-in sets them as wide as the bold face does.
for (const [script, path] of [
  ['Tamil', '/ta/Contactus'],
  ['Telugu', '/te/Vehicleloan'],
  ['Kannada', '/kn/Privacy'],
] as const) {
  test(`${path}: the regular ${script} face stands in for the bold one at the bold one's width`, async ({ page }) => {
    await page.goto(path);
    await allFontsInUse(page);
    const widths = await page.evaluate(async (script) => {
      const family = `Site Noto Sans ${script}`;
      await Promise.all([document.fonts.load(`700 40px '${family}'`), document.fonts.load(`400 40px '${family} regular'`)]);
      const texts = [...document.querySelectorAll('main :is(h1, h2, h3, label, button)')]
        .map((el) => el.textContent!.trim())
        .filter(Boolean);
      const width = (fontFamily: string, weight: number) => {
        const span = document.createElement('span');
        span.style.cssText = `font: ${weight} 40px '${fontFamily}'; white-space: pre; position: absolute`;
        let sum = 0;
        for (const text of texts) {
          span.textContent = text;
          document.body.append(span);
          sum += span.getBoundingClientRect().width;
          span.remove();
        }
        return sum;
      };
      return { texts: texts.length, bold: width(family, 700), standIn: width(`${family} regular`, 700), regular: width(family, 400) };
    }, script);
    expect(widths.texts).toBeGreaterThan(2);
    // The real bold face is 5 % or more wider than the regular one: the stand-in must make up for it.
    expect(widths.bold / widths.regular).toBeGreaterThan(1.05);
    expect(Math.abs(widths.standIn / widths.bold - 1), JSON.stringify(widths)).toBeLessThan(0.015);
  });
}

/** The font that waits on a visit's first page: the heading font. */
const LATE_FONT = /noto-sans-display-latin-wght-normal/;

/** When the page's load event came, and when the heading font was asked for (page clock, ms). */
const lateFontTimes = (page: Page) =>
  page.evaluate((pattern) => {
    const late = new RegExp(pattern);
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const fonts = performance.getEntriesByType('resource').filter((entry) => late.test(entry.name));
    return { loadEventEnd: navigation.loadEventEnd, fontStarts: fonts.map((font) => font.startTime) };
  }, LATE_FONT.source);

/** The font stack of the first heading, and of the body text. */
const stacks = (page: Page) =>
  page.evaluate(() => ({
    heading: getComputedStyle(document.querySelector('h1, h2')!).fontFamily,
    body: getComputedStyle(document.body).fontFamily,
  }));

test.describe('on the first page of a visit the heading font waits for the page to load', () => {
  const CASES = [
    { path: '/' },
    { path: '/Flats' },
    // The Tamil text faces do not wait: the regular one is preloaded, the bold ones come with the first layout.
    {
      path: '/ta/Vehicleloan',
      early: /tamil-(400|600|700)-normal/,
      body: /^"Site Noto Sans Tamil", "Site Noto Sans Tamil regular"/,
    },
  ];
  for (const { path, early: earlyFonts, body } of CASES) {
    test(`${path}: headings start in the fallback faces; the font is asked for after the load event`, async ({ page }) => {
      // The page's logo held back 1.5 s keeps the load event away, so the page can be read before it.
      await page.route('**/_astro/logo.*.svg', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      const early: string[] = [];
      const onRequest = (request: { url: () => string; resourceType: () => string }) => {
        if (request.resourceType() === 'font' || request.resourceType() === 'other') early.push(request.url());
      };
      page.on('request', onRequest);
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      page.off('request', onRequest);
      expect(await page.evaluate(() => document.documentElement.classList.contains('fonts-wait'))).toBe(true);
      const waiting = await stacks(page);
      expect(waiting.heading).toMatch(/^"Heading Fallback: Arial", "Heading Fallback: Roboto"/);
      if (body) expect(waiting.body).toMatch(body);
      expect(early.filter((url) => LATE_FONT.test(url))).toEqual([]);
      if (earlyFonts) expect(early.filter((url) => earlyFonts.test(url))).toHaveLength(3);

      await page.waitForLoadState('load');
      await allFontsInUse(page);
      expect((await stacks(page)).heading).toMatch(/^Heading, "Heading Fallback: Arial"/);
      const { loadEventEnd, fontStarts } = await lateFontTimes(page);
      expect(fontStarts).toHaveLength(1);
      for (const start of fontStarts) expect(start).toBeGreaterThanOrEqual(loadEventEnd);
    });
  }

  test('the next page of the same visit uses it from the start (it is in the cache by then)', async ({ page }) => {
    await page.goto('/ta/');
    await allFontsInUse(page);
    await page.goto('/ta/Aboutpage', { waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => document.documentElement.classList.contains('fonts-wait'))).toBe(false);
    const { heading, body } = await stacks(page);
    expect(heading).toMatch(/^Heading, "Heading Fallback: Arial"/);
    expect(body).toMatch(/^"Site Noto Sans Tamil", "Site Noto Sans Tamil regular"/);
    await page.waitForLoadState('load');
    const { loadEventEnd, fontStarts } = await lateFontTimes(page);
    expect(fontStarts.length).toBeGreaterThan(0);
    for (const start of fontStarts) expect(start).toBeLessThan(loadEventEnd);
  });

  test('without JavaScript nothing waits: headings ask for the font at once', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/ta/Flats');
    const { heading, body } = await stacks(page);
    expect(heading).toMatch(/^Heading, "Heading Fallback: Arial"/);
    expect(body).toMatch(/^"Site Noto Sans Tamil", "Site Noto Sans Tamil regular"/);
    await page.waitForFunction(() =>
      [...document.fonts].some((font) => font.family.replace(/"/g, '') === 'Heading' && font.status === 'loaded'),
    );
    await context.close();
  });
});
