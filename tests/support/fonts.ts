/**
 * Waits until the page is set in all its fonts. On a visit's first page the heading font is asked
 * for only after the first paint (src/styles/late-fonts.ts), so the
 * wait class goes first; then a layout (which asks for the fonts the page uses) and the fonts.
 */
import type { Page } from '@playwright/test';

export async function allFontsInUse(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.documentElement.classList.contains('fonts-wait'));
  await page.evaluate(async () => {
    void document.body.getBoundingClientRect();
    await document.fonts.load('700 1em Heading');
    await document.fonts.ready;
  });
}
