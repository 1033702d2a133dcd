/**
 * A way to enquire always within reach: the header's Enquire button and phone number on wider
 * screens, and on phones the Call / WhatsApp bar, which steps aside for the on-screen keyboard and
 * for the enquiry form, and never covers scroll-to-top.
 */
import { expect, test, type Page } from '@playwright/test';
import { allFontsInUse } from '../support/fonts.ts';

const bar = (page: Page) => page.locator('.phone-bar');
const toTop = (page: Page) => page.getByRole('button', { name: 'Back to top' });
/** The bar's script runs as a module once the page is parsed; scroll-to-top's starts after that, when the browser is idle. */
const ready = (page: Page) => page.locator('[data-to-top][data-ready]').waitFor({ state: 'attached' });
const scrollToFooter = (page: Page) => page.locator('footer').evaluate((el) => el.scrollIntoView({ block: 'end' }));

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a slim bar offers Call and WhatsApp with 44 px targets; the header keeps only the menu', async ({ page }) => {
    await page.goto('/Aboutpage');
    await ready(page);
    await expect(bar(page)).toBeVisible();
    const call = bar(page).getByRole('link', { name: 'Call us' });
    const whatsapp = bar(page).getByRole('link', { name: /WhatsApp/ });
    await expect(call).toHaveAttribute('href', 'tel:+919000000000');
    await expect(whatsapp).toHaveAttribute('href', 'https://wa.me/919000000000');
    for (const link of [call, whatsapp]) {
      const box = (await link.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
    }
    const barBox = (await bar(page).boundingBox())!;
    expect(Math.round(barBox.y + barBox.height)).toBe(844);
    expect(barBox.height).toBeLessThanOrEqual(56);
    await expect(page.locator('.header-actions')).toBeHidden();
  });

  for (const path of ['/Flats', '/Vehicleloan', '/Mutualfunds', '/Contactus']) {
    test(`${path}: the bar is hidden while the enquiry form is on screen`, async ({ page }) => {
      await page.goto(path);
      await ready(page);
      // The form comes first on phones, so it is on screen when the page opens.
      await expect(page.locator('#enquiry')).toBeInViewport();
      await expect(bar(page)).toBeHidden();
      await scrollToFooter(page);
      await expect(page.locator('#enquiry')).not.toBeInViewport();
      await expect(bar(page)).toBeVisible();
      await page.locator('#enquiry').evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await expect(bar(page)).toBeHidden();
    });
  }

  test('the bar steps aside while a text field has focus (the keyboard is open)', async ({ page }) => {
    await page.goto('/Contactus');
    await ready(page);
    await scrollToFooter(page);
    await expect(bar(page)).toBeVisible();
    // Focus without scrolling: the form stays off screen, so only the keyboard can hide the bar.
    const message = page.getByRole('textbox', { name: /Message/ });
    await message.evaluate((el: HTMLElement) => el.focus({ preventScroll: true }));
    await expect(page.locator('#enquiry')).not.toBeInViewport();
    await expect(bar(page)).toBeHidden();
    await message.evaluate((el: HTMLElement) => el.blur());
    await expect(bar(page)).toBeVisible();
  });

  test('scroll-to-top sits above the bar, never under it', async ({ page }) => {
    await page.goto('/Privacy');
    await ready(page);
    await page.evaluate(() => window.scrollTo(0, 2000));
    await expect(toTop(page)).toBeVisible();
    await expect(bar(page)).toBeVisible();
    const button = (await toTop(page).boundingBox())!;
    const barBox = (await bar(page).boundingBox())!;
    expect(button.y + button.height).toBeLessThanOrEqual(barBox.y);
    // And it can be clicked, not just seen.
    await toTop(page).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('on a desktop (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the header has a primary Enquire button and the phone number, and there is no bottom bar', async ({ page }) => {
    await page.goto('/Aboutpage');
    const header = page.locator('header.site-header');
    await expect(header.getByRole('link', { name: 'Call +91 90000 00000' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Call +91 90000 00000' })).toHaveAttribute('href', 'tel:+919000000000');
    const enquire = header.getByRole('link', { name: 'Enquire' });
    await expect(enquire).toBeVisible();
    await expect(enquire).toHaveAttribute('href', '/Contactus#enquiry');
    await expect(bar(page)).toBeHidden();
    // One row: nothing in the header wraps at this width.
    const height = (await header.boundingBox())!.height;
    expect(height).toBeLessThan(80);
  });

  test("on an enquiry page, Enquire goes to that page's own form", async ({ page }) => {
    await page.goto('/Vehicleloan');
    const enquire = page.locator('header.site-header').getByRole('link', { name: 'Enquire' });
    await expect(enquire).toHaveAttribute('href', '#enquiry');
    await enquire.click();
    await expect(page.locator('#enquiry')).toBeInViewport();
  });
});

for (const width of [720, 1024, 1239, 1240, 1280, 1440]) {
  test(`at ${width} px the header holds brand, navigation or menu, phone and Enquire in one row without overlap`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/Privacy');
    await allFontsInUse(page);
    const parts = await page.evaluate(() => {
      const rect = (selector: string) => {
        const el = document.querySelector<HTMLElement>(selector)!;
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, visible: r.width > 0, overflows: el.scrollWidth > el.clientWidth + 1 };
      };
      return { brand: rect('.brand'), nav: rect('.nav__list'), toggle: rect('.menu-toggle'), actions: rect('.header-actions') };
    });
    expect(parts.brand.overflows).toBe(false);
    expect(parts.actions.visible).toBe(true);
    const middle = width >= 1240 ? parts.nav : parts.toggle;
    expect(middle.visible).toBe(true);
    const row = width >= 1240 ? [parts.brand, parts.nav, parts.actions] : [parts.brand, parts.actions, parts.toggle];
    for (let i = 1; i < row.length; i++)
      expect(row[i].left, `part ${i} starts after part ${i - 1} ends`).toBeGreaterThanOrEqual(row[i - 1].right);
  });
}
