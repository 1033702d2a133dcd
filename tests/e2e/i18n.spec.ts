/**
 * The site in Tamil, Telugu and Kannada, against the served build (npm start):
 * - every route, /Thankyou and 404 exists in every language, with <html lang>, its own canonical
 *   and hreflang alternates (x-default: English); an unknown path under /ta/ gets the Tamil 404;
 * - no Tamil, Telugu or Kannada page shows an English sentence of the dictionary;
 * - the switcher leads to the same page in the other language, by keyboard too, in the header and
 *   in the phone menu; nothing redirects by the browser's language;
 * - English pages load no Indic font; a Tamil page only Tamil, preloaded;
 * - long Indic words do not overflow at 360, 390 and 1280 px on any page type;
 * - axe is clean on every route in every language (one browser page per language, so it stays fast).
 */
import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from './routes';
import { expectNoAxeViolations } from '../support/axe';
import { en } from '../../src/i18n/en';
import { dictionary, HTML_LANG, LANGUAGE_NAMES, LOCALES, type Locale } from '../../src/i18n';
import { localizePath } from '../../src/lib/routing';
import { islandsHydrated } from '../support/islands';

const OTHERS = LOCALES.filter((locale): locale is Exclude<Locale, 'en'> => locale !== 'en');
const PATHS = [...ROUTES.map((r) => r.path), '/Thankyou'];

const decode = (text: string) =>
  text
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\u00a0/g, ' ');

/** An element in English on purpose, with its content: `<strong lang="en">…</strong>` (never `<html>`). */
const ENGLISH_ELEMENT = /<(?!html\b)([a-z][a-z0-9]*)\b[^>]*\slang="en(?:-[A-Za-z]+)?"[^>]*>[\s\S]*?<\/\1>/g;

/** What a visitor (or a screen reader, or a search result) reads on a page: text, labels, alt, title, description. */
const readableText = (html: string) => {
  const attributes = [...html.matchAll(/\s(?:aria-label|alt|title|placeholder|content)="([^"]*)"/g)].map((m) => m[1]);
  const body = html
    .replace(/<script\b[\s\S]*?<\/script>/g, ' ')
    .replace(/<style\b[\s\S]*?<\/style>/g, ' ')
    // English on purpose: an element marked lang="en" (a regulator's verbatim words beside their
    // translation, the switcher's "English"). Such an element never nests one of its own tag.
    .replace(ENGLISH_ELEMENT, ' ')
    .replace(/<[^>]+>/g, ' ');
  return decode(`${body} ${attributes.join(' ')}`).replace(/\s+/g, ' ');
};

/** Every leaf of a dictionary. */
const leaves = (node: unknown): string[] =>
  node !== null && typeof node === 'object' ? Object.values(node).flatMap(leaves) : [String(node)];

/**
 * The English sentences of the dictionary, as they can appear on a page: each text between its
 * {placeholders} that has two or more Latin words, one of them lower case (so brand names such as
 * "WhatsApp" or "Aranya Group" and acronyms are not sentences).
 */
const ENGLISH_SENTENCES = [
  ...new Set(
    leaves(en)
      .flatMap((text) => text.split(/\{\w+\}/))
      .map((part) => part.replace(/\s+/g, ' ').trim())
      .filter((part) => {
        const words = part.match(/[A-Za-z]+/g) ?? [];
        return words.length >= 2 && words.some((word) => /^[a-z]{2,}$/.test(word));
      }),
  ),
];

test.describe('every route in every language', () => {
  for (const locale of OTHERS) {
    test(`${locale}: all 32 routes, /Thankyou and 404 answer in ${LANGUAGE_NAMES[locale]}`, async ({ request }) => {
      test.setTimeout(120_000);
      for (const path of PATHS) {
        const url = localizePath(path, locale);
        const response = await request.get(url);
        expect(response.status(), url).toBe(200);
        const html = await response.text();
        expect(html, url).toContain(`<html lang="${HTML_LANG[locale]}"`);
        if (path === '/Thankyou') {
          expect(html, url).toContain('<meta name="robots" content="noindex">');
          continue;
        }
        const absolute = (p: string) => new RegExp(`href="https?://[^"/]+${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`);
        // Its own canonical, and the four versions plus x-default (English) as alternates.
        expect(html, url).toMatch(new RegExp(`<link rel="canonical" ${absolute(url).source}`));
        for (const other of LOCALES)
          expect(html, `${url} → ${other}`).toMatch(
            new RegExp(`hreflang="${HTML_LANG[other]}" ${absolute(localizePath(path, other)).source}`),
          );
        expect(html, url).toMatch(new RegExp(`hreflang="x-default" ${absolute(path).source}`));
        // The page's own links stay in its language.
        // The page's own links stay in its language: only the switcher leads to the other versions
        // (and the consent notice's link to the policy, which the forms' side localizes).
        const switcher = new Set(LOCALES.filter((other) => other !== locale).map((other) => localizePath(path, other)));
        const internal = [...html.matchAll(/<a\b[^>]*\shref="(\/[^"#]*)/g)].map((m) => m[1]);
        const elsewhere = internal.filter((href) => href !== `/${locale}` && !href.startsWith(`/${locale}/`) && !switcher.has(href));
        expect(
          elsewhere.filter((href) => href !== '/Privacy'),
          url,
        ).toEqual([]);
      }
      const missing = await request.get(`/${locale}/no-such-page`);
      expect(missing.status()).toBe(404);
      expect(await missing.text()).toContain(`<html lang="${HTML_LANG[locale]}"`);
      // With a trailing slash, the language's home is still its home (its canonical has none).
      const home = await request.get(`/${locale}/`);
      expect(home.status()).toBe(200);
      expect(await home.text()).toContain(`<html lang="${HTML_LANG[locale]}"`);
    });
  }

  test('English keeps its routes, and an unknown English path gets the English 404', async ({ request }) => {
    for (const path of ['/', '/Flats', '/Aranya_Realty']) expect((await request.get(path)).status(), path).toBe(200);
    const missing = await request.get('/no-such-page');
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain('<html lang="en-IN"');
    expect((await request.get('/en/Flats')).status()).toBe(404);
  });

  test('nothing redirects by the browser language: a Tamil browser gets the English page it asked for, and the reverse', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'ta-IN', extraHTTPHeaders: { 'Accept-Language': 'ta-IN,ta;q=0.9' } });
    const page = await context.newPage();
    const response = await page.goto('/Flats');
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/Flats');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
    await page.goto('/kn/Flats');
    expect(new URL(page.url()).pathname).toBe('/kn/Flats');
    await context.close();
  });

  test('the sitemap lists every version of a page with hreflang alternates and x-default', async ({ request }) => {
    const xml = await (await request.get('/sitemap-0.xml')).text();
    const entry = /<url><loc>[^<]*\/ta\/Vehicleloan<\/loc>([\s\S]*?)<\/url>/.exec(xml)?.[1] ?? '';
    for (const locale of LOCALES)
      expect(entry).toMatch(new RegExp(`hreflang="${HTML_LANG[locale]}" href="https?://[^"/]+${localizePath('/Vehicleloan', locale)}"`));
    expect(entry).toMatch(/hreflang="x-default" href="https?:\/\/[^"]+\/Vehicleloan"/);
    expect(xml).not.toMatch(/\/(ta|te|kn)\/(Thankyou|404)</);
  });
});

test.describe('no English sentence of the dictionary on a Tamil, Telugu or Kannada page', () => {
  test('the check finds them where they are: English pages show many', async ({ request }) => {
    const text = readableText(await (await request.get('/Flats')).text());
    const found = ENGLISH_SENTENCES.filter((sentence) => text.includes(sentence));
    expect(ENGLISH_SENTENCES.length).toBeGreaterThan(50);
    expect(found.length).toBeGreaterThan(20);
  });

  for (const locale of OTHERS) {
    test(`${locale}: no page shows one`, async ({ request }) => {
      test.setTimeout(120_000);
      const found: string[] = [];
      for (const path of [...PATHS, '/no-such-page']) {
        const url = localizePath(path, locale);
        const text = readableText(await (await request.get(url)).text());
        for (const sentence of ENGLISH_SENTENCES) if (text.includes(sentence)) found.push(`${url}: "${sentence}"`);
      }
      expect(found).toEqual([]);
    });
  }
});

test.describe('the language switcher', () => {
  test('in the header: a "Language" landmark, each language in its own script, the same page in the other language, by keyboard', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/Flats');
    const switcher = page.getByRole('navigation', { name: 'Language' });
    await expect(switcher).toHaveCount(1);
    const summary = switcher.locator('summary');
    await expect(summary).toContainText('English');
    await summary.focus();
    await page.keyboard.press('Enter');
    const links = switcher.getByRole('link');
    await expect(links).toHaveText(['English', 'தமிழ்', 'తెలుగు', 'ಕನ್ನಡ']);
    for (const locale of LOCALES) {
      const link = switcher.getByRole('link', { name: LANGUAGE_NAMES[locale] });
      await expect(link).toHaveAttribute('lang', HTML_LANG[locale]);
      await expect(link).toHaveAttribute('hreflang', HTML_LANG[locale]);
      await expect(link).toHaveAttribute('href', localizePath('/Flats', locale));
    }
    await expect(switcher.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Tab'); // English
    await page.keyboard.press('Tab'); // தமிழ்
    await expect(page.locator(':focus')).toHaveText('தமிழ்');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/ta\/Flats$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta-IN');
    const tamilSwitcher = page.getByRole('navigation', { name: dictionary('ta').site.language.label });
    // Opened, it marks Tamil as the current language; Escape closes it again.
    await tamilSwitcher.locator('summary').click();
    await expect(tamilSwitcher.locator('details')).toHaveAttribute('open', '');
    await expect(tamilSwitcher.getByRole('link', { name: 'தமிழ்' })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await expect(tamilSwitcher.locator('details')).not.toHaveAttribute('open', '');
  });

  test('in the phone menu: from the Telugu loan page to the Kannada one, and home to home', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/te/Vehicleloan');
    await page.getByRole('button', { name: dictionary('te').site.header.menu }).click();
    const switcher = page.getByRole('group', { name: dictionary('te').site.language.label, exact: true });
    await expect(switcher).toBeVisible();
    await switcher.getByRole('link', { name: 'ಕನ್ನಡ' }).click();
    await expect(page).toHaveURL(/\/kn\/Vehicleloan$/);
    await page.goto('/kn');
    await page.getByRole('button', { name: dictionary('kn').site.header.menu }).click();
    await page
      .getByRole('group', { name: dictionary('kn').site.language.label, exact: true })
      .getByRole('link', { name: 'English' })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  });
});

test.describe('fonts', () => {
  const fontsOf = async (page: Page, path: string) => {
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
    });
    await page.goto(path);
    await page.evaluate(() => document.fonts.ready);
    // Open the header's switcher too: the other languages' names must not pull in their fonts.
    const summary = page.locator('[data-language-switcher] summary');
    if (await summary.isVisible()) await summary.click();
    await page.evaluate(() => document.fonts.ready);
    return fonts;
  };

  test('English pages load no Indic font; each Indic page only its own script, preloaded', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    expect((await fontsOf(page, '/')).filter((f) => /tamil|telugu|kannada/.test(f))).toEqual([]);
    expect((await fontsOf(page, '/Vehicleloan')).filter((f) => /tamil|telugu|kannada/.test(f))).toEqual([]);
    const scripts = { ta: 'tamil', te: 'telugu', kn: 'kannada' } as const;
    for (const locale of OTHERS) {
      const fonts = await fontsOf(page, localizePath('/Flats', locale));
      const indic = fonts.filter((f) => /tamil|telugu|kannada/.test(f));
      expect(indic.length, locale).toBeGreaterThan(0);
      for (const font of indic) expect(font, locale).toMatch(new RegExp(`noto-sans-${scripts[locale]}-400-700`));
      const preloads = await page
        .locator('link[rel="preload"][as="font"]')
        .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
      expect(preloads, locale).toEqual([expect.stringMatching(new RegExp(`noto-sans-${scripts[locale]}-400-700`))]);
    }
  });
});

test.describe('long Indic words fit at 360, 390 and 1280 px on every page type', () => {
  // One page of each type; a long word of each script in every heading and button of the page.
  const TYPES = [
    '/',
    '/Aranya_Realty',
    '/Training_Growth',
    '/Buy',
    '/Flats',
    '/Vehicleloan',
    '/Mutualfunds',
    '/Contactus',
    '/Aboutpage',
    '/Privacy',
    '/Thankyou',
    '/no-such-page',
  ];
  const LONG: Record<Exclude<Locale, 'en'>, string> = {
    ta: 'தொடர்புகொள்ளுங்கள்விண்ணப்பிக்கவும்',
    te: 'సంప్రదించండిదరఖాస్తుచేయండి',
    kn: 'ಸಂಪರ್ಕಿಸಿಅರ್ಜಿಸಲ್ಲಿಸಿಮಾಹಿತಿಗಾಗಿ',
  };
  for (const width of [360, 390, 1280]) {
    test(`at ${width} px`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: 800 });
      const problems: string[] = [];
      for (const locale of OTHERS) {
        for (const path of TYPES) {
          await page.goto(localizePath(path, locale));
          const overflow = await page.evaluate((word) => {
            // The page's own headings and buttons get the long word; the header keeps its real
            // labels (one row of eight long words cannot fit any screen), and is checked as it is.
            for (const element of document.querySelectorAll<HTMLElement>(
              'main :is(h1, h2, h3, .eyebrow, .page-header__kicker, .button, summary):not(.visually-hidden)',
            ))
              if (element.children.length === 0) element.textContent = `${word} ${element.textContent ?? ''}`;
            const found: string[] = [];
            const page = document.documentElement;
            if (page.scrollWidth > page.clientWidth) found.push(`page scrolls sideways by ${page.scrollWidth - page.clientWidth}px`);
            for (const heading of document.querySelectorAll<HTMLElement>('h1:not(.visually-hidden), h2, h3'))
              if (heading.scrollWidth > heading.clientWidth + 1 && heading.getClientRects().length > 0)
                found.push(`${heading.tagName} "${heading.textContent?.slice(0, 30)}" overflows`);
            const bar = document.querySelector<HTMLElement>('.site-header .bar');
            if (bar && bar.scrollWidth > bar.clientWidth + 1) found.push(`header bar overflows by ${bar.scrollWidth - bar.clientWidth}px`);
            return found;
          }, LONG[locale]);
          problems.push(...overflow.map((p) => `${localizePath(path, locale)}: ${p}`));
        }
      }
      expect(problems).toEqual([]);
    });
  }
});

test.describe('axe on every route in every language', () => {
  for (const locale of OTHERS) {
    test(`${locale}: every route, /Thankyou and 404 have no WCAG 2.2 AA violation`, async ({ page }) => {
      test.setTimeout(300_000);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      for (const path of [...PATHS, '/no-such-page']) {
        await page.goto(localizePath(path, locale));
        await page.locator('[data-to-top][data-ready]').waitFor({ state: 'attached' });
        await islandsHydrated(page);
        await expectNoAxeViolations(page, `${localizePath(path, locale)}: `);
      }
    });
  }
});
