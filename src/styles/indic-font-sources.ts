/**
 * The Tamil, Telugu and Kannada text fonts: where they come from, what is kept of them, where
 * they are served, and their @font-face rules.
 *
 * Each language gets one file: Noto Sans Tamil / Telugu / Kannada, variable (@fontsource-variable),
 * cut by `npm run build:fonts` (scripts/build-fonts.ts) to its script's characters and to the weights
 * the site's CSS uses, 400 to 700. The cut files are committed in public/fonts, under names that
 * carry a hash of their bytes (so they can be cached for good), listed in indic-font-files.json.
 * The site's pages (indic-fonts.ts) and the server's own small pages (src/server/intake/problem-page.ts)
 * both use them. Plain data and strings, so that the script, the server and the tests can read it.
 */
import type { Locale } from '../i18n/locales.ts';
import files from './indic-font-files.json' with { type: 'json' };

export type IndicLocale = Extract<Locale, 'ta' | 'te' | 'kn'>;

export interface IndicFontSource {
  /** The family's name ('Noto Sans Tamil'). */
  family: string;
  /** The script's part of the @fontsource file names ('tamil'). */
  script: string;
  /** The script subset's range, as @fontsource declares it: what the cut file keeps. */
  unicodeRange: string;
}

export const INDIC_FONT_SOURCES: Record<IndicLocale, IndicFontSource> = {
  ta: {
    family: 'Noto Sans Tamil',
    script: 'tamil',
    unicodeRange: 'U+0964-0965,U+0B82-0BFA,U+200C-200D,U+20B9,U+25CC',
  },
  te: {
    family: 'Noto Sans Telugu',
    script: 'telugu',
    unicodeRange: 'U+0951-0952,U+0964-0965,U+0C00-0C7F,U+1CDA,U+1CF2,U+200C-200D,U+25CC',
  },
  kn: {
    family: 'Noto Sans Kannada',
    script: 'kannada',
    unicodeRange: 'U+0951-0952,U+0964-0965,U+0C80-0CF3,U+1CD0,U+1CD2-1CD3,U+1CDA,U+1CF2,U+1CF4,U+200C-200D,U+20B9,U+25CC,U+A830-A835',
  },
};

/** Whether `locale`'s pages are set in one of these fonts (English is not). */
export const isIndicLocale = (locale: Locale): locale is IndicLocale => locale in INDIC_FONT_SOURCES;

/** The weights the site's CSS sets text in (800 is only the Latin brand name, in the heading font). */
export const INDIC_WEIGHTS = { min: 400, max: 700 } as const;

/** The folder of public/ the cut files are in, and so their path on the site. */
export const INDIC_FONTS_PATH = '/fonts/';

/** The cut file's name, before its hash (`noto-sans-tamil-400-700`). */
export const indicFontBaseName = ({ script }: IndicFontSource): string => `noto-sans-${script}-${INDIC_WEIGHTS.min}-${INDIC_WEIGHTS.max}`;

/** Each language's cut file, as a path on the site (`/fonts/noto-sans-tamil-400-700.<hash>.woff2`). */
export const INDIC_FONT_FILES: Record<IndicLocale, string> = files;

/** The variable source file inside its @fontsource-variable package. */
export const indicFontSourcePath = ({ script }: IndicFontSource): string =>
  `@fontsource-variable/noto-sans-${script}/files/noto-sans-${script}-${script}-wght-normal.woff2`;

/** Every code point of a CSS unicode-range ('U+0B82-0BFA,U+20B9'). */
export const codePointsOf = (unicodeRange: string): number[] =>
  unicodeRange.split(',').flatMap((part) => {
    const [first, last = first] = part.trim().replace(/^U\+/i, '').split('-');
    const from = parseInt(first, 16);
    const to = parseInt(last, 16);
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });

/** One @font-face rule of a language's cut file: every weight it has, under `family`. */
export const indicFontFace = (family: string, locale: IndicLocale): string => {
  const { unicodeRange } = INDIC_FONT_SOURCES[locale];
  return `@font-face{font-family:'${family}';font-style:normal;font-display:swap;font-weight:${INDIC_WEIGHTS.min} ${INDIC_WEIGHTS.max};src:url(${INDIC_FONT_FILES[locale]}) format('woff2');unicode-range:${unicodeRange}}`;
};

/**
 * The faces of all three scripts under one family, 'Site Indic', each limited to its script's
 * characters: a page that can show words of any of them (the team's inbox) lists it in its font
 * stack, and the browser fetches a script's font only when such a word appears. The few characters
 * the ranges share (the zero-width joiners, the danda, ₹) are matched by the last face, so a word
 * with one of them can fetch the Kannada file too: a page in one known language declares only its
 * own face (indic-fonts.ts, src/server/intake/problem-page.ts).
 */
export const allIndicFontFaces = (): string =>
  (Object.keys(INDIC_FONT_SOURCES) as IndicLocale[]).map((locale) => indicFontFace('Site Indic', locale)).join('\n');
