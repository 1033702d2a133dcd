/**
 * `npm run build:fonts`: cuts the Tamil, Telugu and Kannada text fonts the pages use
 * (src/styles/indic-font-sources.ts says which and why), writes them to public/fonts under names
 * that carry a hash of their bytes, and lists them in src/styles/indic-font-files.json.
 *
 * From each @fontsource-variable Noto Sans family it keeps the script's characters and the weights
 * 400 to 700 (HarfBuzz's subsetter and instancer, through subset-font): one file per language
 * that sets regular, semi-bold and bold text. Run it after updating those packages; the unit tests
 * (tests/unit/indic-fonts.test.ts) fail while a committed file is not what this script writes.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import {
  INDIC_FONT_SOURCES,
  INDIC_FONTS_PATH,
  INDIC_WEIGHTS,
  codePointsOf,
  indicFontBaseName,
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

/** The file's name for these bytes: its base name and the first 10 hex digits of their SHA-256. */
export const indicFontFileName = (source: IndicFontSource, bytes: Uint8Array): string =>
  `${indicFontBaseName(source)}.${createHash('sha256').update(bytes).digest('hex').slice(0, 10)}.woff2`;

const PUBLIC_FONTS = new URL(`../public${INDIC_FONTS_PATH}`, import.meta.url);
const FILES_LIST = new URL('../src/styles/indic-font-files.json', import.meta.url);

if (import.meta.url === `file://${process.argv[1]}`) {
  const old = await readdir(PUBLIC_FONTS).catch(() => [] as string[]);
  const files: Record<string, string> = {};
  for (const [locale, source] of Object.entries(INDIC_FONT_SOURCES)) {
    const bytes = await cutIndicFont(source);
    const name = indicFontFileName(source, bytes);
    // A file of this font under an older hash is not served any more.
    for (const stale of old.filter((file) => file.startsWith(`${indicFontBaseName(source)}.`) && file !== name))
      await rm(new URL(stale, PUBLIC_FONTS));
    await writeFile(new URL(name, PUBLIC_FONTS), bytes);
    files[locale] = `${INDIC_FONTS_PATH}${name}`;
    console.log(`${files[locale]}: ${(bytes.length / 1024).toFixed(1)} KB`);
  }
  await writeFile(FILES_LIST, `${JSON.stringify(files, null, 2)}\n`);
}
