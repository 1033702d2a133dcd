/**
 * The site in Tamil, Telugu and Kannada, as the browser shows it:
 * - nothing redirects by the browser's language (the 404 of each language, and English routes, as
 *   the server answers them, are in tests/served/i18n.test.ts);
 * - the switcher leads to the same page in the other language, by keyboard too, in the header and
 *   in the phone menu;
 * - English pages load no Indic font; a Tamil page only Tamil, preloaded.
 * What every page of every language holds (<html lang>, canonical, hreflang, links that stay in the
 * language, the sitemap, no English sentence of the dictionary) is in tests/dist/i18n.test.ts;
 * axe and long words at 360, 390 and 1280 px on every template in every language, in templates.spec.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { dictionary, HTML_LANG, LANGUAGE_NAMES, LOCALES, type Locale } from '../../src/i18n/index.ts';
import { localizePath } from '../../src/lib/routing/index.ts';

const OTHERS = LOCALES.filter((locale): locale is Exclude<Locale, 'en'> => locale !== 'en');

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
