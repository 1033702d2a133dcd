/**
 * How the regular Tamil, Telugu or Kannada face stands in for its bold faces while they load.
 *
 * Until the semi-bold and bold faces arrive, their text is set in the regular face, drawn bold by
 * the browser (indic-fonts.ts). A bold drawn that way keeps the regular face's widths, and the
 * real bold faces set these scripts 5 to 10 % wider, so a heading set in the stand-in could take
 * one line less than in the bold face and move the page when the bold face arrives. So the stand-in
 * is scaled (`size-adjust`) to the bold face's width, measured here from the font files over every
 * word of the language's dictionary, with its vertical metrics kept (`ascent-override`,
 * `descent-override`, `line-gap-override`, which size-adjust would scale too).
 *
 * Runs at build time only (it reads the font files from node_modules); the page gets the numbers.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { create, type Font } from 'fontkitten';
import { dictionary } from '../i18n';
import type { Locale } from '../i18n/locales.ts';

const require = createRequire(import.meta.url);

/** One weight of an @fontsource Noto Sans family ('Noto Sans Tamil' → @fontsource/noto-sans-tamil), read from node_modules. */
const fontFile = (family: string, weight: 400 | 700): Font => {
  const script = family.replace(/^Noto Sans /, '').toLowerCase();
  // The package's exports map every path to CSS, so the files are found beside its index.css.
  const dir = path.dirname(require.resolve(`@fontsource/noto-sans-${script}`));
  return create(readFileSync(path.join(dir, 'files', `noto-sans-${script}-${script}-${weight}-normal.woff2`))) as Font;
};

/** Every string of a dictionary, however deep. */
const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];

/** The summed advance widths of the letters, in em (unshaped: a ratio of two faces is what counts). */
const width = (font: Font, letters: string) =>
  font.glyphsForString(letters).reduce((sum, glyph) => sum + glyph.advanceWidth, 0) / font.unitsPerEm;

const percent = (ratio: number) => `${(ratio * 100).toFixed(2)}%`;

/** Worked out once per language: every page of it gets the same numbers. */
const measured = new Map<Locale, string>();

/**
 * The regular face's descriptors as a stand-in for the bold one, for a language whose text is set
 * in `family` (an @fontsource Noto Sans family of that script).
 */
export const boldStandInDescriptors = (locale: Locale, family: string): string => {
  const known = measured.get(locale);
  if (known !== undefined) return known;
  const regular = fontFile(family, 400);
  // The dictionary's letters of the script (the subset file has nothing else).
  const letters = [...strings(dictionary(locale)).join('')].filter((char) => regular.hasGlyphForCodePoint(char.codePointAt(0)!)).join('');
  const ratio = width(fontFile(family, 700), letters) / width(regular, letters);
  const em = regular.unitsPerEm * ratio;
  const descriptors = [
    `size-adjust:${percent(ratio)}`,
    `ascent-override:${percent(regular.ascent / em)}`,
    `descent-override:${percent(Math.abs(regular.descent) / em)}`,
    `line-gap-override:${percent(regular.lineGap / em)}`,
  ].join(';');
  measured.set(locale, descriptors);
  return descriptors;
};
