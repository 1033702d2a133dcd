/**
 * Every page template in every language, in the browser, once (tests/support/templates.ts picks
 * the page that stands for it; tests/dist/templates.test.ts proves no built page is left out):
 * - it loads with no CSP violation and no console error, its islands hydrate, and scroll-to-top
 *   appears once the visitor scrolls;
 * - the original site's heading above the h1 (loan and planning pages) is visible;
 * - axe (WCAG 2.2 AA) finds no violation once every island has hydrated;
 * - in English, every English page's subtitle fits its header in two lines at most;
 * - at 360 px nothing scrolls sideways, with the phone menu and every dropdown in it open too;
 * - in Tamil, Telugu and Kannada, a long word of the script in every heading and button of the
 *   page fits at 360, 390 and 1280 px.
 * What differs between the pages of a template is their content, which tests/dist reads on every page.
 */
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from '../support/axe.ts';
import { builtPages } from '../support/dist.ts';
import { islandsHydrated } from '../support/islands.ts';
import { watchProblems } from '../support/page-problems.ts';
import { TEMPLATE_SAMPLES } from '../support/templates.ts';
import { dictionary, DEFAULT_LOCALE, type Locale } from '../../src/i18n/index.ts';

/** A long word of each Indic script, for every heading and button. */
const LONG: Record<Locale, string> = {
  en: '',
  ta: 'தொடர்புகொள்ளுங்கள்விண்ணப்பிக்கவும்',
  te: 'సంప్రదించండిదరఖాస్తుచేయండి',
  kn: 'ಸಂಪರ್ಕಿಸಿಅರ್ಜಿಸಲ್ಲಿಸಿಮಾಹಿತಿಗಾಗಿ',
};

/** Every English page with a page header, whose subtitle each template's header must hold. */
const englishInnerPages = () =>
  builtPages()
    .filter((p) => p.locale === DEFAULT_LOCALE && !['/', '/admin', '/leads', '/Contactpage'].includes(p.address))
    .map((p) => (p.address === '/404' ? '/no-such-page' : p.address));

/** The English subtitles, as the server sends them (read by the first test that needs them). */
let subtitles: string[] | undefined;

/** How far the page scrolls sideways, in px (0 when it does not). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe.configure({ timeout: 60_000 });

for (const { file, locale, route, visit } of TEMPLATE_SAMPLES) {
  test(`${visit} (${file})`, async ({ page }) => {
    const t = dictionary(locale).site;

    await test.step('loads with no CSP violation or console error; islands hydrate; scroll-to-top appears', async () => {
      const watched = await watchProblems(page);
      const response = await page.goto(visit);
      expect(response?.status()).toBe(route === '/404' ? 404 : 200);
      await islandsHydrated(page, 15_000);
      await page.locator('[data-to-top][data-ready]').waitFor({ state: 'attached' });
      await page.mouse.wheel(0, 600);
      await expect(page.locator('[data-to-top]')).toBeVisible();
      expect.soft(await watched.violations(), 'CSP violations').toEqual([]);
      expect.soft(watched.errors, 'console errors').toEqual([]);
    });

    await test.step('the heading above the h1, where there is one, is visible', async () => {
      const kicker = page.locator('hgroup:has(h1) > :has(+ h1)');
      if ((await kicker.count()) > 0) await expect.soft(kicker).toBeVisible();
    });

    await test.step('axe: no WCAG 2.2 AA violation', async () => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      // At the top of the page: further down, the fixed scroll-to-top button may lie over a link at
      // the bottom edge of the window, which axe's target-size rule reports for whatever it covers.
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      expect.soft(await axeViolations(page)).toEqual([]);
    });

    const lead = page.locator('main .page-header .page-header__lead');
    if (locale === DEFAULT_LOCALE && (await lead.count()) === 1) {
      await test.step('every English subtitle fits this header in two lines at most', async () => {
        // Read from the served pages once per worker: the same ~100 pages for every template.
        subtitles ??= await page.evaluate(async (addresses) => {
          const texts = await Promise.all(
            addresses.map(async (address) => {
              const html = await (await fetch(address)).text();
              return new DOMParser().parseFromString(html, 'text/html').querySelector('.page-header__lead')?.textContent ?? '';
            }),
          );
          return texts.filter(Boolean);
        }, englishInnerPages());
        expect(subtitles.length).toBeGreaterThan(30);
        const tooLong = await lead.evaluate((element, texts) => {
          const own = element.textContent;
          const lines = (text: string) => {
            element.textContent = text;
            return Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight));
          };
          const found = texts.map((text) => ({ text, lines: lines(text) })).filter((subtitle) => subtitle.lines > 2);
          element.textContent = own;
          return found;
        }, subtitles);
        expect.soft(tooLong).toEqual([]);
      });
    }

    await test.step('at 360 px nothing scrolls sideways, with the phone menu and its dropdowns open too', async () => {
      await page.setViewportSize({ width: 360, height: 740 });
      expect.soft(await sideways(page), 'closed').toBeLessThanOrEqual(0);
      const toggle = page.getByRole('button', { name: t.header.menu, exact: true });
      await toggle.click();
      // Every dropdown of the menu open, all at once.
      const dropdowns = await page
        .locator('#site-nav details')
        .evaluateAll((all) => all.map((details) => ((details as HTMLDetailsElement).open = true)).length);
      expect(dropdowns).toBeGreaterThan(2);
      expect.soft(await sideways(page), 'menu open').toBeLessThanOrEqual(0);
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    });

    if (locale !== DEFAULT_LOCALE) {
      await test.step('long words of the script fit at 360, 390 and 1280 px', async () => {
        // The page's own headings and buttons get the long word; the header keeps its real labels
        // (one row of eight long words cannot fit any screen), and is checked as it is.
        await page.evaluate((word) => {
          for (const element of document.querySelectorAll<HTMLElement>(
            'main :is(h1, h2, h3, .eyebrow, .page-header__kicker, .button, summary):not(.visually-hidden)',
          ))
            if (element.children.length === 0) element.textContent = `${word} ${element.textContent ?? ''}`;
        }, LONG[locale]);
        for (const width of [360, 390, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          const overflow = await page.evaluate(() => {
            const found: string[] = [];
            const root = document.documentElement;
            if (root.scrollWidth > root.clientWidth) found.push(`page scrolls sideways by ${root.scrollWidth - root.clientWidth}px`);
            for (const heading of document.querySelectorAll<HTMLElement>('h1:not(.visually-hidden), h2, h3'))
              if (heading.scrollWidth > heading.clientWidth + 1 && heading.getClientRects().length > 0)
                found.push(`${heading.tagName} "${heading.textContent?.slice(0, 30)}" overflows`);
            const bar = document.querySelector<HTMLElement>('.site-header .bar');
            if (bar && bar.scrollWidth > bar.clientWidth + 1) found.push(`header bar overflows by ${bar.scrollWidth - bar.clientWidth}px`);
            return found;
          });
          expect.soft(overflow, `${width} px`).toEqual([]);
        }
      });
    }
  });
}
