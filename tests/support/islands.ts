/**
 * The form islands hydrate on the visitor's first interaction (`client:interact`). Tests that
 * look at a page's hydrated state wake them first, as a visitor's first focus would; the tests of
 * the interaction itself are in tests/e2e/hydrate-on-interaction.spec.ts.
 */
import { expect, type Page } from '@playwright/test';

/** Wakes every island still waiting for an interaction, as a focus inside it would. */
export const wakeIslands = async (page: Page) => {
  await page.evaluate(() => {
    document.querySelectorAll('astro-island[ssr]').forEach((island) => island.dispatchEvent(new FocusEvent('focusin', { bubbles: true })));
  });
};

/** Wakes the page's islands and waits until every one has hydrated (a page may have none). */
export const islandsHydrated = async (page: Page, timeout?: number) => {
  await wakeIslands(page);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout });
};
