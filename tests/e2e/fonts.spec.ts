/**
 * The heading font is not preloaded: its fallback faces take its measurements
 * (src/styles/fallback-fonts.ts), so when it arrives late nothing on the page moves. Measured
 * here with the font held back on the network, as a slow phone would get it. On a visit's first
 * page it is asked for only once the page has loaded and painted (src/styles/late-fonts.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { allFontsInUse } from '../support/fonts.ts';

/**
 * Holds the heading font back until the page has been drawn in its fallback faces (the font is
 * asked for, and two frames have been painted since), then lets it through: it arrives late, as on
 * a slow phone. Counts the layout shifts the page makes (as CLS does, without those after input).
 */
const watchShifts = async (page: Page) => {
  let asked = () => {};
  const fontAsked = new Promise<void>((resolve) => (asked = resolve));
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/noto-sans-display-*.woff2', async (route) => {
    asked();
    await released;
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
  /** Waits until the page has asked for the font and painted two frames without it, then lets the font through. */
  return async () => {
    await fontAsked;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    release();
  };
};

const headingFontLoaded = (page: Page) =>
  page.waitForFunction(() => [...document.fonts].some((font) => font.family.replace(/"/g, '') === 'Heading' && font.status === 'loaded'));

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
    test(`${path} at ${width} px: nothing moves when the heading font arrives after the page is drawn`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const letFontThrough = await watchShifts(page);
      await page.goto(path);
      await letFontThrough();
      await headingFontLoaded(page);
      // Two frames after the swap, for its layout to be done and observed.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);
      const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
      expect(total, JSON.stringify(shifts)).toBeLessThan(0.001);
    });
  }
}

// Tamil, Telugu and Kannada text comes from one variable file per language (src/styles/indic-fonts.ts),
// preloaded, that sets every weight the page uses: headings, labels and buttons are drawn in the
// font's own bold, not a bold the browser makes up from the regular face, and no other file of the
// script is fetched. A made-up bold keeps the regular widths; the real one sets these scripts 5 % or
// more wider, which is what is measured here on the page's own words.
for (const [script, path] of [
  ['tamil', '/ta/Contactus'],
  ['telugu', '/te/Vehicleloan'],
  ['kannada', '/kn/Privacy'],
] as const) {
  test(`${path}: one ${script} file, preloaded, draws the regular and the bold text`, async ({ page }) => {
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
    });
    await page.goto(path);
    await allFontsInUse(page);
    const file = new RegExp(`^/fonts/noto-sans-${script}-400-700\\.[0-9a-f]{10}\\.woff2$`);
    expect(fonts.filter((font) => /tamil|telugu|kannada/.test(font))).toEqual([expect.stringMatching(file)]);
    await expect(page.locator('link[rel="preload"][as="font"]')).toHaveAttribute('href', file);
    const widths = await page.evaluate(() => {
      const family = getComputedStyle(document.body).fontFamily.split(',')[0].replace(/"/g, '');
      const texts = [...document.querySelectorAll('main :is(h1, h2, h3, label, button)')]
        .map((el) => el.textContent.trim())
        .filter(Boolean);
      const width = (weight: number) => {
        const span = document.createElement('span');
        span.style.cssText = `font: ${weight} 40px '${family}'; white-space: pre; position: absolute`;
        let sum = 0;
        for (const text of texts) {
          span.textContent = text;
          document.body.append(span);
          sum += span.getBoundingClientRect().width;
          span.remove();
        }
        return sum;
      };
      const headingWeight = getComputedStyle(document.querySelector('main h1, main h2')!).fontWeight;
      return { family, texts: texts.length, headingWeight, bold: width(700), semiBold: width(600), regular: width(400) };
    });
    expect(widths.family).toMatch(/^Site Noto Sans/);
    expect(widths.texts).toBeGreaterThan(2);
    expect(Number(widths.headingWeight)).toBeGreaterThanOrEqual(600);
    expect(widths.bold / widths.regular, JSON.stringify(widths)).toBeGreaterThan(1.05);
    expect(widths.semiBold).toBeGreaterThan(widths.regular);
    expect(widths.semiBold).toBeLessThan(widths.bold);
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
    // The Tamil text font does not wait: it is preloaded, and has the bold weights too.
    {
      path: '/ta/Vehicleloan',
      early: /noto-sans-tamil-400-700/,
      body: /^"Site Noto Sans Tamil", "Site Noto Sans Tamil fallback"/,
    },
  ];
  for (const { path, early: earlyFonts, body } of CASES) {
    test(`${path}: headings start in the fallback faces; the font is asked for after the load event`, async ({ page }) => {
      // The page's logo, held back until the page has been read, keeps the load event away.
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/_astro/logo.*.svg', async (route) => {
        await released;
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
      if (earlyFonts) expect(early.filter((url) => earlyFonts.test(url))).toHaveLength(1);
      expect(await page.evaluate(() => document.readyState)).not.toBe('complete');

      release();
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
    expect(body).toMatch(/^"Site Noto Sans Tamil", "Site Noto Sans Tamil fallback"/);
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
    expect(body).toMatch(/^"Site Noto Sans Tamil", "Site Noto Sans Tamil fallback"/);
    await page.waitForFunction(() =>
      [...document.fonts].some((font) => font.family.replace(/"/g, '') === 'Heading' && font.status === 'loaded'),
    );
    await context.close();
  });
});
