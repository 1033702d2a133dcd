/**
 * The committed Tamil, Telugu and Kannada text fonts (src/assets/fonts, cut by `npm run fonts`):
 * each has every character of its script that the source family has, the weights 400 to 700 and
 * nothing else, and is exactly what the script writes from the installed packages today.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkitten';
import { describe, expect, it } from 'vitest';
import { cutIndicFont } from '../../scripts/indic-fonts';
import {
  INDIC_FONT_SOURCES,
  INDIC_WEIGHTS,
  codePointsOf,
  indicFontFileName,
  indicFontSourcePath,
} from '../../src/styles/indic-font-sources';
import { indicFontCss } from '../../src/styles/indic-fonts';

const require = createRequire(import.meta.url);
const committed = (name: string) => readFileSync(new URL(`../../src/assets/fonts/${name}`, import.meta.url));

describe.each(Object.entries(INDIC_FONT_SOURCES))('%s text font', (locale, source) => {
  const file = committed(indicFontFileName(source));
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

  it('is what `npm run fonts` writes from the installed package (run it after updating the package)', async () => {
    expect(Buffer.compare(await cutIndicFont(source), file)).toBe(0);
  });

  it("is the page's one face for all its weights", () => {
    const css = indicFontCss(locale as keyof typeof INDIC_FONT_SOURCES);
    const faces = css.match(/@font-face\{[^}]*\}/g)!;
    const downloaded = faces.filter((rule) => rule.includes('url('));
    expect(downloaded).toHaveLength(1);
    expect(downloaded[0]).toContain(`font-weight:${INDIC_WEIGHTS.min} ${INDIC_WEIGHTS.max}`);
    expect(downloaded[0]).toContain(`unicode-range:${source.unicodeRange}`);
  });
});
