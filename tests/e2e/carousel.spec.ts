/**
 * The home carousel. Time is the page's clock (Playwright's `page.clock`), so "2 s of autoplay" or
 * "held for longer than a slide" is the clock moved on, not the test waiting.
 */
import { expect, test, type Page } from '@playwright/test';

const carousel = (page: Page) => page.locator('.carousel');
const index = async (page: Page) => Number(await carousel(page).getAttribute('data-index'));
/** Longer than one slide's 2 s: a carousel that plays has moved on by then. */
const LONGER_THAN_A_SLIDE = 2600;

async function ready(page: Page) {
  await page.clock.install();
  await page.goto('/');
  await page.locator('.carousel[data-ready]').waitFor();
}

test('autoplays every 2 s and pauses while hovered', async ({ page }) => {
  await ready(page);
  await page.mouse.move(5, 700); // away from the carousel
  await page.clock.runFor(2000);
  await expect.poll(() => index(page)).toBe(1);
  await carousel(page).hover();
  await expect(carousel(page)).toHaveAttribute('data-playing', 'false');
  const held = await index(page);
  await page.clock.runFor(LONGER_THAN_A_SLIDE);
  expect(await index(page)).toBe(held);
  await page.mouse.move(5, 700);
  await expect(carousel(page)).toHaveAttribute('data-playing', 'true');
  await page.clock.runFor(LONGER_THAN_A_SLIDE);
  await expect.poll(() => index(page)).not.toBe(held);
});

test('the pause control stops and restarts autoplay', async ({ page }) => {
  await ready(page);
  await page.getByRole('button', { name: 'Pause slideshow' }).click();
  await page.mouse.move(5, 700);
  await expect(carousel(page)).toHaveAttribute('data-playing', 'false');
  const held = await index(page);
  await page.clock.runFor(LONGER_THAN_A_SLIDE);
  expect(await index(page)).toBe(held);
  await page.getByRole('button', { name: 'Play slideshow' }).click();
  await page.mouse.move(5, 700);
  await expect(carousel(page)).toHaveAttribute('data-playing', 'true');
  await page.clock.runFor(LONGER_THAN_A_SLIDE);
  await expect.poll(() => index(page)).not.toBe(held);
});

test('prev and next move one slide and loop around (more than 2 slides)', async ({ page }) => {
  await ready(page);
  await page.getByRole('button', { name: 'Pause slideshow' }).click();
  const count = await page.locator('.carousel__slide').count();
  expect(count).toBeGreaterThan(2);
  const start = await index(page);
  const next = page.getByRole('button', { name: 'Next slide' });
  const prev = page.getByRole('button', { name: 'Previous slide' });
  await next.click();
  await expect.poll(() => index(page)).toBe((start + 1) % count);
  await expect(prev).toBeEnabled();
  await prev.click();
  await expect.poll(() => index(page)).toBe(start);
  await expect(prev).toBeEnabled();
  await prev.click();
  await expect.poll(() => index(page)).toBe((start - 1 + count) % count);
});

test('next is disabled while the slide animates', async ({ page }) => {
  await ready(page);
  await page.getByRole('button', { name: 'Pause slideshow' }).click();
  const next = page.getByRole('button', { name: 'Next slide' });
  await next.click();
  await expect(next).toBeDisabled();
  await expect(next).toBeEnabled();
});

test('a swipe of 15 px or more moves it; a shorter one does not', async ({ page }) => {
  await ready(page);
  await page.getByRole('button', { name: 'Pause slideshow' }).click();
  const box = (await page.locator('.carousel__viewport').boundingBox())!;
  const y = box.y + box.height / 3;
  const x = box.x + box.width / 2;
  const drag = async (dx: number) => {
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(x + (dx * i) / 10, y);
    await page.mouse.up();
  };
  const start = await index(page);
  await drag(-8);
  // Longer than any slide animation: had the short swipe moved it, it would have landed by now.
  await page.clock.runFor(1000);
  await expect(page.getByRole('button', { name: 'Next slide' })).toBeEnabled();
  expect(await index(page)).toBe(start);
  await drag(-200);
  await expect.poll(() => index(page)).not.toBe(start);
});

test('under reduced motion it does not autoplay and offers no pause control', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await ready(page);
  await page.mouse.move(5, 700);
  await expect(carousel(page)).toHaveAttribute('data-playing', 'false');
  await expect(page.getByRole('button', { name: 'Pause slideshow' })).toBeHidden();
  await page.clock.runFor(LONGER_THAN_A_SLIDE);
  expect(await index(page)).toBe(0);
  await page.getByRole('button', { name: 'Next slide' }).click();
  await expect.poll(() => index(page)).toBe(1);
});
