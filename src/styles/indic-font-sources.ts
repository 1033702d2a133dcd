/**
 * Where the Tamil, Telugu and Kannada text fonts come from, and what is kept of them.
 *
 * Each language gets one file: Noto Sans Tamil / Telugu / Kannada, variable (@fontsource-variable),
 * cut by `npm run fonts` (scripts/indic-fonts.ts) to its script's characters and to the weights
 * the site's CSS uses, 400 to 700. The cut files are committed in src/assets/fonts; indic-fonts.ts
 * puts them in the pages. Plain data, so that the script and the tests can read it in Node.
 */
import type { Locale } from '../i18n/locales.ts';

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

/** The weights the site's CSS sets text in (800 is only the Latin brand name, in the heading font). */
export const INDIC_WEIGHTS = { min: 400, max: 700 } as const;

/** The cut file's name in src/assets/fonts. */
export const indicFontFileName = ({ script }: IndicFontSource): string =>
  `noto-sans-${script}-${INDIC_WEIGHTS.min}-${INDIC_WEIGHTS.max}.woff2`;

/** The variable source file inside its @fontsource-variable package. */
export const indicFontSourcePath = ({ script }: IndicFontSource): string =>
  `@fontsource-variable/noto-sans-${script}/files/noto-sans-${script}-${script}-wght-normal.woff2`;

/** Every code point of a CSS unicode-range ('U+0B82-0BFA,U+20B9'). */
export const codePointsOf = (unicodeRange: string): number[] =>
  unicodeRange.split(',').flatMap((part) => {
    const [first, last = first] = part.trim().replace(/^U\+/i, '').split('-');
    const from = parseInt(first!, 16);
    const to = parseInt(last!, 16);
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });
