/**
 * axe cannot see text over a picture, so this measures it: for every slide of the home carousel at
 * 320 to 1,440 px, it hides the hero's words, screenshots what is behind them, and checks each
 * pixel under the words against the text colour for WCAG's 4.5:1.
 */
import { expect, test } from '@playwright/test';
import { contrast, lowestContrast, parseRgb } from '../support/contrast.ts';
import { allFontsInUse } from '../support/fonts.ts';

const TEXT = '.carousel__title, .carousel__caption p';
// The test adds a style sheet of its own (hiding the words), which the site's CSP would block.
test.use({ bypassCSP: true });

test('the contrast helper agrees with WCAG', () => {
  expect(contrast([255, 255, 255], [0, 0, 0])).toBeCloseTo(21, 5);
  expect(contrast([255, 255, 255], [118, 118, 118])).toBeGreaterThanOrEqual(4.5);
  expect(contrast([255, 255, 255], [119, 119, 119])).toBeLessThan(4.5);
});

for (const width of [320, 390, 768, 1280, 1440]) {
  test(`hero text keeps 4.5:1 contrast on every slide at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 1000 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await page.locator('.carousel[data-ready]').waitFor();
    // Measure the words where they end up: in the heading font, once it has loaded.
    await allFontsInUse(page);
    const color = parseRgb(
      await page
        .locator('.carousel__title')
        .first()
        .evaluate((el) => getComputedStyle(el).color),
    );
    // A style sheet rather than inline styles, so the words stay hidden whatever the carousel's script changes.
    await page.addStyleTag({ content: `${TEXT} { color: transparent !important; text-shadow: none !important; }` });

    const slides = page.locator('.carousel__slide');
    const count = await slides.count();
    expect(count).toBeGreaterThan(1);
    for (let i = 0; i < count; i++) {
      await page.locator('.carousel__dot').nth(i).click();
      await expect(page.locator('.carousel')).toHaveAttribute('data-index', String(i));
      const slide = slides.nth(i);
      await expect.poll(async () => Math.round((await slide.boundingBox())!.x)).toBe(0);
      // The picture must be there: sampling the panel before it loads would prove nothing. (Slides
      // 2 and on show their picture once the slide before them has shown, in idle time.)
      await expect(slide.locator('img')).toBeVisible();
      await slide.locator('img').evaluate(async (img: HTMLImageElement) => {
        img.loading = 'eager';
        await img.decode();
      });
      const boxes = await slide.evaluate(
        (el, selector) =>
          [...el.querySelectorAll(selector)].flatMap((t) => {
            const range = document.createRange();
            range.selectNodeContents(t);
            return [...range.getClientRects()].map(({ x, y, width, height }) => ({ x, y, width, height }));
          }),
        TEXT,
      );
      expect(boxes.length).toBeGreaterThan(1);
      const worst = await lowestContrast(await page.screenshot(), boxes, color);
      expect(
        worst.ratio,
        `slide ${i + 1} at ${width} px: ${worst.ratio.toFixed(2)}:1 at (${worst.x}, ${worst.y}) on rgb(${worst.pixel.join(', ')})`,
      ).toBeGreaterThanOrEqual(4.5);
    }
  });
}
