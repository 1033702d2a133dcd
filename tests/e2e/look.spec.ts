/**
 * The look of the pages, measured: grids that run to the content edges, rows that line up, pages
 * that end with a way to enquire, and the footer's trust details. Every page's header, subtitle and
 * illustration are read in tests/dist/pages.test.ts; the subtitles measured in templates.spec.ts.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';

const box = async (locator: Locator) => (await locator.boundingBox())!;
/** Left and right edge of the page's content column (.container), in px. */
const contentEdges = async (page: Page, selector: string) => {
  const b = await box(page.locator(selector).first());
  return { left: Math.round(b.x), right: Math.round(b.x + b.width) };
};
const loadAllImages = (page: Page) =>
  page.evaluate(async () => {
    document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]').forEach((img) => (img.loading = 'eager'));
    await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
  });

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('home: the division cards and the loan and planning cards run from one content edge to the other', async ({ page }) => {
      await page.goto('/');
      const edges = await contentEdges(page, 'section[aria-labelledby="divisions-heading"]');
      const heading = await box(page.locator('#divisions-heading'));
      expect(Math.round(heading.x)).toBe(edges.left);
      for (const list of ['.division-cards', '.finance-cards']) {
        const cards = await page
          .locator(`${list} > li`)
          .evaluateAll((els) =>
            els
              .map((e) => e.getBoundingClientRect())
              .map((r) => ({ left: Math.round(r.left), right: Math.round(r.right), top: Math.round(r.top) })),
          );
        expect(Math.min(...cards.map((c) => c.left)), list).toBe(edges.left);
        expect(Math.max(...cards.map((c) => c.right)), list).toBe(edges.right);
      }
      const divisionTops = new Set(
        await page.locator('.division-cards > li').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top))),
      );
      // 2 x 2 on phones, one row of four on a laptop.
      expect(divisionTops.size).toBe(width === 390 ? 2 : 1);
    });

    test('home: programmes show their first sentence and a link to their block on the Training page', async ({ page }) => {
      await page.goto('/');
      const programmes = page.locator('.programme');
      await expect(programmes).toHaveCount(4);
      const first = programmes.first();
      await expect(first.locator('.programme__text')).toHaveText(/^[^.]+\.$/);
      const href = await first.getByRole('link', { name: /Read more/ }).getAttribute('href');
      expect(href).toMatch(/^\/Training_Growth#[a-z-]+$/);
      if (width === 1280) {
        // The words of every card in the row start at the same height, however the titles wrap.
        const tops = await page.locator('.programme__text').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
        expect(new Set(tops).size).toBe(1);
      }
      await page.goto(href!);
      await expect(page.locator(href!.slice(href!.indexOf('#')))).toBeVisible();
    });

    test('home: leadership is compact on phones, the promotion is a modest band, and the page ends with a call to action', async ({
      page,
    }) => {
      await page.goto('/');
      const people = await page
        .locator('.person')
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => Math.round(r.left)));
      expect(new Set(people).size).toBe(width === 390 ? 2 : 3);
      const promo = await box(page.locator('.promo'));
      expect(promo.height).toBeLessThan(width === 390 ? 420 : 220);
      await expect(page.locator('main > :last-child')).toHaveClass(/end-cta/);
      await expect(page.locator('main > :last-child').getByRole('link', { name: /Buy property/ })).toHaveAttribute('href', '/Buy');
      if (width === 390) {
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        // It was 11,667 px before the compact sections.
        expect(height).toBeLessThan(9000);
      }
    });

    test('Buy and Sell: five cards as 3 + 2 centred on a laptop, compact rows on a phone', async ({ page }) => {
      for (const path of ['/Buy', '/Sell']) {
        await page.goto(path);
        await loadAllImages(page);
        const cards = await page
          .locator('main .cards > li')
          .evaluateAll((els) =>
            els
              .map((e) => e.getBoundingClientRect())
              .map((r) => ({ left: r.left, right: r.right, top: Math.round(r.top), bottom: r.bottom })),
          );
        expect(cards).toHaveLength(5);
        const edges = await contentEdges(page, 'main .cards');
        if (width === 1280) {
          const rows = [...new Set(cards.map((c) => c.top))];
          expect(rows, path).toHaveLength(2);
          const second = cards.filter((c) => c.top === rows[1]);
          expect(second, path).toHaveLength(2);
          const leftGap = second[0].left - edges.left;
          const rightGap = edges.right - second[1].right;
          expect(Math.abs(leftGap - rightGap), `${path}: second row centred`).toBeLessThanOrEqual(1);
        } else {
          const total = cards[4].bottom - cards[0].top;
          // About 2,000 px of scrolling before.
          expect(total, path).toBeLessThan(1000);
        }
      }
    });

    test('division pages: pictures keep one size on both sides, and each page ends with a call to action to its enquiry pages', async ({
      page,
    }) => {
      const ends: Record<string, string[]> = {
        '/Aranya_Realty': ['/Buy', '/Sell'],
        '/Aranya_Consulting': ['/Contactus', '/Financialplan'],
        '/Immigration_International_Services': ['/Contactus', '/Aranya_Consulting'],
        '/Training_Growth': ['/Contactus'],
        '/Aboutpage': ['/Buy', '/Sell', '/Vehicleloan', '/Financialplan', '/Contactus'],
      };
      for (const [path, hrefs] of Object.entries(ends)) {
        await page.goto(path);
        const widths = await page.locator('.block__img').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().width)));
        if (path !== '/Aboutpage') {
          expect(widths.length, path).toBe(4);
          expect(Math.max(...widths) - Math.min(...widths), `${path}: ${widths.join(', ')}`).toBeLessThanOrEqual(1);
        }
        const end = page.locator('main > :last-child');
        await expect(end, path).toHaveClass(/end-cta/);
        const links = await end.locator('.end-cta__links a').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
        expect(links, path).toEqual(hrefs);
        await expect(end.locator('a[href="tel:+919000000000"]'), path).toBeVisible();
        await expect(end.locator('a[href="https://wa.me/919000000000"]'), path).toBeVisible();
      }
    });
  });
}

test('the footer: divisions, enquiry families, the privacy pages and the privacy request, office hours and WhatsApp; no registration line until one is set', async ({
  page,
}) => {
  await page.goto('/Privacy');
  const footer = page.locator('footer');
  const hrefs = async (name: string) =>
    footer
      .getByRole('navigation', { name })
      .locator('a')
      .evaluateAll((els) => els.map((e) => e.getAttribute('href')));
  expect(await hrefs('Divisions')).toEqual([
    '/Aranya_Realty',
    '/Aranya_Consulting',
    '/Immigration_International_Services',
    '/Training_Growth',
  ]);
  expect(await hrefs('Enquire')).toEqual(['/Buy', '/Sell', '/Vehicleloan', '/Financialplan', '/Contactus']);
  expect(await hrefs('Privacy Pages')).toEqual(['/Contactus', '/Privacy', '/Privacyrequest']);
  await expect(footer).toContainText('Monday to Saturday, 9:30 am to 6:30 pm');
  await expect(footer.locator('.office a[href="https://wa.me/919000000000"]')).toBeVisible();
  await expect(footer.getByRole('list', { name: 'Registration numbers' })).toHaveCount(0);
});
