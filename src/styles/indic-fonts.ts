/**
 * The text fonts of the Tamil, Telugu and Kannada pages: one self-hosted file per language,
 * Noto Sans Tamil / Telugu / Kannada cut to the script's characters and to weights 400 to 700
 * (indic-font-sources.ts, `npm run build:fonts`). Latin letters keep the system font and the heading font.
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
import { INDIC_FONT_FILES, INDIC_FONT_SOURCES, indicFontFace, isIndicLocale } from './indic-font-sources.ts';

/** The file to preload on a page: its language's text font (none for English). */
export const textFontPreload = (locale: Locale): string | undefined => (isIndicLocale(locale) ? INDIC_FONT_FILES[locale] : undefined);

/** The inline CSS of a page in an Indic language: its font faces, font stack and line heights. */
export const indicFontCss = (locale: Locale): string => {
  if (!isIndicLocale(locale)) return '';
  const font = INDIC_FONT_SOURCES[locale];
  // A family name of its own, so that a font installed on the visitor's machine is not mixed in.
  const family = `Site ${font.family}`;
  return [
    indicFontFace(family, locale),
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
