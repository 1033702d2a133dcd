/**
 * `npm run fonts`: cuts the Tamil, Telugu and Kannada text fonts the pages use
 * (src/styles/indic-font-sources.ts says which and why) and writes them to src/assets/fonts.
 *
 * From each @fontsource-variable Noto Sans family it keeps the script's characters and the weights
 * 400 to 700 (HarfBuzz's subsetter and instancer, through subset-font): one file per language
 * that sets regular, semi-bold and bold text. Run it after updating those packages; the unit tests
 * (tests/unit/indic-fonts.test.ts) fail while a committed file is not what this script writes.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import {
  INDIC_FONT_SOURCES,
  INDIC_WEIGHTS,
  codePointsOf,
  indicFontFileName,
  indicFontSourcePath,
  type IndicFontSource,
} from '../src/styles/indic-font-sources.ts';

const require = createRequire(import.meta.url);

/** The cut font of one language, as bytes. */
export const cutIndicFont = async (source: IndicFontSource): Promise<Buffer> => {
  const variable = await readFile(require.resolve(indicFontSourcePath(source)));
  const text = String.fromCodePoint(...codePointsOf(source.unicodeRange));
  return subsetFont(variable, text, { targetFormat: 'woff2', variationAxes: { wght: { min: INDIC_WEIGHTS.min, max: INDIC_WEIGHTS.max } } });
};

const FONTS_DIR = new URL('../src/assets/fonts/', import.meta.url);

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const source of Object.values(INDIC_FONT_SOURCES)) {
    const bytes = await cutIndicFont(source);
    await writeFile(new URL(indicFontFileName(source), FONTS_DIR), bytes);
    console.log(`${indicFontFileName(source)}: ${(bytes.length / 1024).toFixed(1)} KB`);
  }
}
