/**
 * The committed Tamil, Telugu and Kannada text fonts (public/fonts, cut by `npm run build:fonts`): each
 * has every character of its script that the source family has, the weights 400 to 700 and nothing
 * else, is exactly what the script writes from the installed packages today, and is served under
 * the name src/styles/indic-font-files.json gives it (the hash of its bytes).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkitten';
import { describe, expect, it } from 'vitest';
import { cutIndicFont, indicFontFileName } from '../../scripts/build-fonts.ts';
import {
  INDIC_FONT_FILES,
  INDIC_FONT_SOURCES,
  INDIC_FONTS_PATH,
  INDIC_WEIGHTS,
  allIndicFontFaces,
  codePointsOf,
  indicFontSourcePath,
  type IndicLocale,
} from '../../src/styles/indic-font-sources.ts';
import { indicFontCss, textFontPreload } from '../../src/styles/indic-fonts.ts';

const require = createRequire(import.meta.url);
const publicDir = new URL('../../public', import.meta.url);
const committed = (sitePath: string) => readFileSync(new URL(`.${sitePath}`, `${publicDir.href}/`));

describe.each(Object.entries(INDIC_FONT_SOURCES))('%s text font', (locale, source) => {
  const sitePath = INDIC_FONT_FILES[locale as IndicLocale];
  const file = committed(sitePath);
  const font = create(file) as Font;
  const original = create(readFileSync(require.resolve(indicFontSourcePath(source)))) as Font;

  it(`is ${source.family}, weights ${INDIC_WEIGHTS.min} to ${INDIC_WEIGHTS.max}`, () => {
    expect(font.familyName).toBe(source.family);
    expect(font.variationAxes).toEqual({ wght: expect.objectContaining({ min: INDIC_WEIGHTS.min, max: INDIC_WEIGHTS.max }) });
    // The source goes further, so the cut is what made it smaller.
    expect(original.variationAxes.wght!.min).toBeLessThan(INDIC_WEIGHTS.min);
    expect(original.variationAxes.wght!.max).toBeGreaterThan(INDIC_WEIGHTS.max);
  });

  it('has every character of the range that the source family has, and no Latin', () => {
    const wanted = codePointsOf(source.unicodeRange).filter((codePoint) => original.hasGlyphForCodePoint(codePoint));
    expect(wanted.length).toBeGreaterThan(70);
    expect(wanted.filter((codePoint) => !font.hasGlyphForCodePoint(codePoint))).toEqual([]);
    expect(font.hasGlyphForCodePoint('A'.codePointAt(0)!)).toBe(false);
  });

  it('is what `npm run build:fonts` writes from the installed package, under the hash of its bytes (run it after updating the package)', async () => {
    const fresh = await cutIndicFont(source);
    expect(Buffer.compare(fresh, file)).toBe(0);
    expect(sitePath).toBe(`${INDIC_FONTS_PATH}${indicFontFileName(source, fresh)}`);
  });

  it("is the language's page's one face for all its weights, and its preload", () => {
    const css = indicFontCss(locale as IndicLocale);
    const downloaded = css.match(/@font-face\{[^}]*\}/g)!.filter((rule) => rule.includes('url('));
    expect(downloaded).toEqual([expect.stringContaining(`src:url(${sitePath}) format('woff2')`)]);
    expect(downloaded[0]).toContain(`font-weight:${INDIC_WEIGHTS.min} ${INDIC_WEIGHTS.max}`);
    expect(downloaded[0]).toContain(`unicode-range:${source.unicodeRange}`);
    expect(textFontPreload(locale as IndicLocale)).toBe(sitePath);
  });
});

describe('the fonts folder', () => {
  it('holds the three cut files and nothing else (no file under an older hash)', () => {
    const served = readdirSync(new URL(`.${INDIC_FONTS_PATH}`, `${publicDir.href}/`)).map((name) => `${INDIC_FONTS_PATH}${name}`);
    expect(served.sort()).toEqual(Object.values(INDIC_FONT_FILES).sort());
  });

  it("an English page has no Indic font; the all-scripts family has each script's file once", () => {
    expect(indicFontCss('en')).toBe('');
    expect(textFontPreload('en')).toBeUndefined();
    const faces = allIndicFontFaces().split('\n');
    expect(faces).toHaveLength(3);
    for (const [locale, sitePath] of Object.entries(INDIC_FONT_FILES)) {
      expect(
        faces.filter((face) => face.includes(sitePath)),
        locale,
      ).toEqual([expect.stringContaining("font-family:'Site Indic'")]);
    }
  });
});
