/**
 * Fallback faces that take the web fonts' measurements, so that text set in a local font while a
 * web font loads takes the same room, and nothing moves when the web font swaps in. This is what
 * lets the heading font load without a preload and still keep layout shift at 0.
 *
 * The overrides (`size-adjust`, `ascent-override`, `descent-override`, `line-gap-override`) are
 * computed by Capsize (`@capsizecss/core`) from the published metrics of each font
 * (`@capsizecss/metrics`), not tuned by hand:
 * - headings ('Heading', Noto Sans Display, Latin): Arial where the visitor has it (Windows, macOS,
 *   iOS; Liberation Sans and Arimo, on Linux and ChromeOS, are drawn to Arial's metrics), else
 *   Roboto (Android);
 * - Tamil, Telugu and Kannada text: the phone's own copy of the same Noto family (Android ships
 *   them), which needs no override; any other local font of the script is the browser's choice.
 *
 * Each fallback face covers only its web font's characters (unicode-range), so a heading's Tamil
 * letters still fall through to the Tamil text font.
 */
import { createFontStack } from '@capsizecss/core';
import notoSansDisplay from '@capsizecss/metrics/notoSansDisplay';
import arial from '@capsizecss/metrics/arial';
import roboto from '@capsizecss/metrics/roboto';
import { FONTS_WAIT_CLASS } from './late-fonts.ts';

/** The Latin range the heading font is declared with (src/styles/global.css). */
export const HEADING_RANGE =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

/**
 * The local faces of each fallback, regular and bold. Headings are bold, and a bold face differs
 * in width from the regular one; a synthesized bold does not, so each weight gets its own face.
 * Liberation Sans and Arimo are drawn to Arial's metrics, so they share its overrides.
 */
const LOCAL_FACES: Record<string, { regular: string[]; bold: string[] }> = {
  Arial: {
    regular: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans', 'Arimo', 'Arimo Regular'],
    bold: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'LiberationSans-Bold', 'Arimo Bold', 'Arimo-Bold'],
  },
  Roboto: { regular: ['Roboto', 'Roboto Regular', 'Roboto-Regular'], bold: ['Roboto Bold', 'Roboto-Bold'] },
};
/** Which weights each face stands in for (the heading font is variable, 100 to 900). */
const WEIGHTS = { regular: '100 500', bold: '600 900' } as const;

interface FallbackFace {
  fontFamily: string;
  src: string;
  fontWeight?: string;
  [property: string]: string | undefined;
}

const localSrc = (names: string[]) => names.map((name) => `local('${name}')`).join(', ');

const headingStack = createFontStack([{ ...notoSansDisplay, familyName: 'Heading' }, arial, roboto], { fontFaceFormat: 'styleObject' });
/** The fallback families, in the order the stack tries them. */
const headingFamilies = headingStack.fontFaces.map(({ '@font-face': face }) => String(face.fontFamily));
const headingFaces: FallbackFace[] = headingStack.fontFaces.flatMap(({ '@font-face': face }, index) => {
  const { fontFamily, src, ...overrides } = face as FallbackFace;
  const local = LOCAL_FACES[[arial, roboto][index].familyName];
  return (['regular', 'bold'] as const).map((weight) => ({
    fontFamily,
    src: local ? localSrc(local[weight]) : src,
    fontWeight: WEIGHTS[weight],
    ...overrides,
  }));
});

const cssProperty = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const familyName = (name: string) => `'${name.replace(/^"|"$/g, '')}'`;

const faceCss = ({ fontFamily, src, ...descriptors }: FallbackFace, unicodeRange: string) =>
  `@font-face{font-family:${familyName(fontFamily)};src:${src};${Object.entries(descriptors)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${cssProperty(name)}:${value};`)
    .join('')}unicode-range:${unicodeRange}}`;

/**
 * Every selector whose rule sets `font-family: var(--font-heading)` (global.css, PageHeader.astro,
 * DivisionCards.astro; tests/unit/fallback-fonts.test.ts finds them all in src/).
 */
export const HEADING_FONT_USERS = ['h1', 'h2', 'h3', '.page-header__kicker', '.division-card__title'] as const;

/**
 * The heading font's fallback faces and the heading font stack that uses them (every page;
 * `:root[lang]` outranks global.css's `:root` wherever the two land in the page). While <html>
 * has the wait class (late-fonts.ts), the stack of the elements that use it leaves 'Heading' out,
 * so the browser does not fetch it yet. The wait changes the stack on those elements only, not on
 * `:root`: a custom property changed on `:root` restyles every element of the page (1,245 on
 * `/Flats`) when the class goes, after the load; on them, 13.
 */
export const headingFallbackCss = (): string => {
  const fallbacks = `${headingFamilies.map(familyName).join(',')},var(--font)`;
  return [
    ...headingFaces.map((face) => faceCss(face, HEADING_RANGE)),
    `:root[lang]{--font-heading:'Heading',${fallbacks}}`,
    `.${FONTS_WAIT_CLASS} :where(${HEADING_FONT_USERS.join(',')}){--font-heading:${fallbacks}}`,
  ].join('\n');
};

/** The fallback face of an Indic text font: the same family installed on the visitor's phone. */
export const textFallbackFace = (family: string, fallbackName: string, unicodeRange: string): string => {
  const compact = family.replace(/ /g, '');
  return faceCss({ fontFamily: fallbackName, src: `local('${family}'), local('${compact}-Regular'), local('${family} UI')` }, unicodeRange);
};
