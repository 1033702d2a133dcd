/**
 * The text fonts of the Tamil, Telugu and Kannada pages: Noto Sans Tamil / Telugu / Kannada from
 * @fontsource, self-hosted (Vite copies each file into /_astro with a hashed name), static weights
 * 400, 600 and 700 (the weights the site's CSS uses; 800 is only the Latin brand name), and only
 * each script's subset file (no Latin: Latin letters keep the system font and the heading font).
 *
 * A page gets the rules of its own language only, inline in its <head> (BaseLayout): English pages
 * carry none of this and load no Indic font; a Tamil page can load only Tamil. Indic text also gets
 * more line height (taller letters, marks above and below) and long words may wrap.
 */
import type { Locale } from '../i18n/locales.ts';
import { textFallbackFace } from './fallback-fonts.ts';
import { boldStandInDescriptors } from './bold-stand-in.ts';
import ta400 from '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-400-normal.woff2?url';
import ta600 from '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-600-normal.woff2?url';
import ta700 from '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-700-normal.woff2?url';
import te400 from '@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-400-normal.woff2?url';
import te600 from '@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-600-normal.woff2?url';
import te700 from '@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-700-normal.woff2?url';
import kn400 from '@fontsource/noto-sans-kannada/files/noto-sans-kannada-kannada-400-normal.woff2?url';
import kn600 from '@fontsource/noto-sans-kannada/files/noto-sans-kannada-kannada-600-normal.woff2?url';
import kn700 from '@fontsource/noto-sans-kannada/files/noto-sans-kannada-kannada-700-normal.woff2?url';

interface IndicFont {
  family: string;
  files: Record<400 | 600 | 700, string>;
  /** The script subset's range, as @fontsource declares it. */
  unicodeRange: string;
}

export const INDIC_FONTS: Partial<Record<Locale, IndicFont>> = {
  ta: {
    family: 'Noto Sans Tamil',
    files: { 400: ta400, 600: ta600, 700: ta700 },
    unicodeRange: 'U+0964-0965,U+0B82-0BFA,U+200C-200D,U+20B9,U+25CC',
  },
  te: {
    family: 'Noto Sans Telugu',
    files: { 400: te400, 600: te600, 700: te700 },
    unicodeRange: 'U+0951-0952,U+0964-0965,U+0C00-0C7F,U+1CDA,U+1CF2,U+200C-200D,U+25CC',
  },
  kn: {
    family: 'Noto Sans Kannada',
    files: { 400: kn400, 600: kn600, 700: kn700 },
    unicodeRange: 'U+0951-0952,U+0964-0965,U+0C80-0CF3,U+1CD0,U+1CD2-1CD3,U+1CDA,U+1CF2,U+1CF4,U+200C-200D,U+20B9,U+25CC,U+A830-A835',
  },
};

/** The file to preload on a page: its language's regular text font (none for English). */
export const textFontPreload = (locale: Locale): string | undefined => INDIC_FONTS[locale]?.files[400];

/** The inline CSS of a page in an Indic language: its font faces, font stack and line heights. */
export const indicFontCss = (locale: Locale): string => {
  const font = INDIC_FONTS[locale];
  if (!font) return '';
  // A family name of its own, so that a font installed on the visitor's machine is not mixed in.
  const family = `Site ${font.family}`;
  const faces = Object.entries(font.files).map(
    ([weight, url]) =>
      `@font-face{font-family:'${family}';font-style:normal;font-display:swap;font-weight:${weight};src:url(${url}) format('woff2');unicode-range:${font.unicodeRange}}`,
  );
  // While a semi-bold or bold face is still loading (only the regular one is preloaded), its text
  // is set in the regular face, already here (the same file, so no second download), drawn bold.
  // Without it the browser asks the system, run after run of the script's letters, for a font
  // that has them: on a machine with none that made the first layout two to three times longer
  // (docs/performance.md, "What the long tasks are"). These faces do not wait for the first paint
  // as the heading font does (late-fonts.ts): tried, that moved their layout after the first paint
  // and cost 50-200 ms of TBT for about 0.3 s of LCP (docs/performance.md).
  const loaded = `${family} regular`;
  // Scaled to the bold face's widths, so that a heading keeps its lines when the bold face comes
  // (bold-stand-in.ts).
  const regularAsFallback = `@font-face{font-family:'${loaded}';font-style:normal;font-display:swap;font-weight:400;src:url(${font.files[400]}) format('woff2');${boldStandInDescriptors(locale, font.family)};unicode-range:${font.unicodeRange}}`;
  return [
    ...faces,
    regularAsFallback,
    textFallbackFace(font.family, `${family} fallback`, font.unicodeRange),
    // `:root[lang]` outranks global.css's own `:root` and element rules whichever comes first in
    // the page (with plain `:root` the global font list won and the script showed as empty boxes).
    // Headings keep 'Heading' (Latin only) first: its --font fallback is this one.
    `:root[lang]{--font:'${family}','${loaded}','${family} fallback',system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',sans-serif}`,
    ':root[lang] body{line-height:1.8}',
    // Long compound words: `anywhere` (unlike break-word) also lets flex and grid items, buttons
    // and menus shrink below a word's width, so a word breaks only where it would overflow.
    ':root[lang] :is(h1,h2,h3,h4,.page-header__kicker,.eyebrow){line-height:1.45}',
    ':root[lang] :is(main,footer,header){overflow-wrap:anywhere}',
    // The header's one row (brand, navigation, switcher, phone, Enquire) with the script's wider words.
    '@media (min-width:1240px){:root[lang] :is(.nav__link,.nav__list summary){font-size:0.9rem}}',
  ].join('\n');
};

/**
 * The faces of all three scripts under one family, 'Site Indic', each limited to its script's
 * characters: a page that shows visitors' own words in any language (the team's inbox) lists it
 * after its text fonts, and the browser fetches a script's font only when such a word appears.
 */
export const allIndicFontFaces = (): string =>
  Object.values(INDIC_FONTS)
    .flatMap((font) =>
      ([400, 700] as const).map(
        (weight) =>
          `@font-face{font-family:'Site Indic';font-style:normal;font-display:swap;font-weight:${weight};src:url(${font.files[weight]}) format('woff2');unicode-range:${font.unicodeRange}}`,
      ),
    )
    .join('\n');
