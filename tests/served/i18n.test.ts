/**
 * What the server answers in every language: an unknown path under /ta/, /te/ or /kn/ gets that
 * language's 404 page, the language's home answers with a trailing slash too, and English keeps its
 * routes with no prefix. That nothing redirects by the browser's language, and the switcher, are
 * in tests/e2e/i18n.spec.ts; what every page of every language holds, in tests/dist/i18n.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { HTML_LANG, LANGUAGE_NAMES, LOCALES, type Locale } from '../../src/i18n/locales.ts';
import { request } from '../support/served.ts';

const OTHERS = LOCALES.filter((locale): locale is Exclude<Locale, 'en'> => locale !== 'en');

describe.each(OTHERS)('%s', (locale) => {
  it(`an unknown path gets the 404 page in ${LANGUAGE_NAMES[locale]}; the home answers with a trailing slash too`, async () => {
    const missing = await request(`/${locale}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain(`<html lang="${HTML_LANG[locale]}"`);
    // With a trailing slash, the language's home is still its home (its canonical has none).
    const home = await request(`/${locale}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain(`<html lang="${HTML_LANG[locale]}"`);
  });
});

it('English keeps its routes, and an unknown English path gets the English 404', async () => {
  for (const path of ['/', '/Flats', '/Aranya_Realty']) expect((await request(path)).status, path).toBe(200);
  const missing = await request('/no-such-page');
  expect(missing.status).toBe(404);
  expect(await missing.text()).toContain('<html lang="en-IN"');
  expect((await request('/en/Flats')).status).toBe(404);
});
