/**
 * The text fonts of the Tamil, Telugu and Kannada pages: one self-hosted file per language,
 * Noto Sans Tamil / Telugu / Kannada cut to the script's characters and to weights 400 to 700
 * (indic-font-sources.ts, `npm run fonts`). Latin letters keep the system font and the heading font.
 *
 * One variable file sets regular, semi-bold and bold text, so the first layout has every face it
 * needs as soon as the preloaded file is in: no bold face arrives later to move a heading or to lay
 * the page out a second time, and there is nothing to stand in while it loads. It is smaller than
 * the three static faces it replaces (Telugu 63 KB against 110 KB).
 *
 * A page gets the rules of its own language only, inline in its <head> (BaseLayout): English pages
 * carry none of this and load no Indic font; a Tamil page can load only Tamil. Indic text also gets
 * more line height (taller letters, marks above and below) and long words may wrap.
 */
import type { Locale } from '../i18n/locales.ts';
import { textFallbackFace } from './fallback-fonts.ts';
import { INDIC_FONT_SOURCES, INDIC_WEIGHTS, type IndicFontSource, type IndicLocale } from './indic-font-sources.ts';
import ta from '../assets/fonts/noto-sans-tamil-400-700.woff2?url';
import te from '../assets/fonts/noto-sans-telugu-400-700.woff2?url';
import kn from '../assets/fonts/noto-sans-kannada-400-700.woff2?url';

interface IndicFont extends IndicFontSource {
  /** The cut file's URL in the built site. */
  file: string;
}

const FILES: Record<IndicLocale, string> = { ta, te, kn };

export const INDIC_FONTS: Partial<Record<Locale, IndicFont>> = Object.fromEntries(
  Object.entries(INDIC_FONT_SOURCES).map(([locale, source]) => [locale, { ...source, file: FILES[locale as IndicLocale] }]),
);

/** One @font-face rule of a cut file: every weight it has, under `family`. */
const face = (family: string, font: IndicFont) =>
  `@font-face{font-family:'${family}';font-style:normal;font-display:swap;font-weight:${INDIC_WEIGHTS.min} ${INDIC_WEIGHTS.max};src:url(${font.file}) format('woff2');unicode-range:${font.unicodeRange}}`;

/** The file to preload on a page: its language's text font (none for English). */
export const textFontPreload = (locale: Locale): string | undefined => INDIC_FONTS[locale]?.file;

/** The inline CSS of a page in an Indic language: its font faces, font stack and line heights. */
export const indicFontCss = (locale: Locale): string => {
  const font = INDIC_FONTS[locale];
  if (!font) return '';
  // A family name of its own, so that a font installed on the visitor's machine is not mixed in.
  const family = `Site ${font.family}`;
  return [
    face(family, font),
    textFallbackFace(font.family, `${family} fallback`, font.unicodeRange),
    // `:root[lang]` outranks global.css's own `:root` and element rules whichever comes first in
    // the page (with plain `:root` the global font list won and the script showed as empty boxes).
    // Headings keep 'Heading' (Latin only) first: its --font fallback is this one.
    `:root[lang]{--font:'${family}','${family} fallback',system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',sans-serif}`,
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
    .map((font) => face('Site Indic', font))
    .join('\n');
