/**
 * Waits until the page's headings are set in the heading font. On a visit's first page the font
 * is asked for only after the first paint (src/styles/late-heading-font.ts), so the wait class
 * goes first; then the font itself.
 */
import type { Page } from '@playwright/test';

export async function headingFontInUse(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.documentElement.classList.contains('fonts-wait'));
  await page.evaluate(async () => {
    await document.fonts.load('700 1em Heading');
    await document.fonts.ready;
  });
}
