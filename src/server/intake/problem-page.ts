/**
 * The answer to a native form post that failed: a small HTML page in the site's look (its
 * colours, its name) that lists each problem in plain words under its field's label, with a way
 * back to the form. Self-contained (inline CSS, no script; only the site's Indic fonts are fetched),
 * never cached, never indexed.
 * In the language of the page the form was on (the post's `locale`): the words are the
 * dictionary's `problem` section, the field messages come already in that language.
 */
import { phoneText, site, telHref } from '../../config/site.ts';
import { pageField } from '../../lib/enquiry/field-rules.ts';
import { DEFAULT_LOCALE, HTML_LANG, LOCALES, dictionary, format, type Locale } from '../../i18n/index.ts';
import { hrefOf, localizePath, splitLocalePath } from '../../lib/routing/index.ts';
import { createHash } from 'node:crypto';
import { indicFontFace, isIndicLocale } from '../../styles/indic-font-sources.ts';
import { apiHeaders, type HttpError } from '../errors.ts';

/** The site's colours (src/styles/global.css; tests/unit/problem-page.test.ts keeps them equal). */
export const PAGE_COLOURS = {
  'c-brand-900': '#0f3d22',
  'c-brand-800': '#14532d',
  'c-brand-700': '#166534',
  'c-brand-50': '#f0fdf4',
  'c-ink': '#0f172a',
  'c-ink-2': '#334155',
  'c-line': '#e2e8f0',
  'c-bg-soft': '#f8fafc',
  'c-danger': '#b91c1c',
  'c-accent-400': '#f59e0b',
} as const;

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/**
 * Where "back to the form" leads: the post's `page` field when it is a valid path of this site,
 * in the post's language, else the home page. Resolved like a browser would, so `/\host` cannot lead elsewhere.
 */
export const backLinkFor = (page: unknown, locale: Locale = DEFAULT_LOCALE): string => {
  const home = hrefOf('home', locale);
  if (!pageField.safeParse(page).success) return home;
  const base = 'https://site.invalid';
  const url = new URL(page as string, base);
  if (url.origin !== base) return home;
  // A path that resolves to `//host` (e.g. `/.//evil.example`) would be another site's address
  // in an href: collapse the leading slashes, so it stays a path here.
  const path = url.pathname.replace(/^\/{2,}/, '/');
  // `page` is the English route (a wire value); the link leads to the form in the visitor's language.
  return `${localizePath(splitLocalePath(path).route, locale)}${url.search}`;
};

/**
 * The page's one stylesheet, in `locale`: a Tamil, Telugu or Kannada page also gets the site's own
 * font of its script (the same file as the site's pages, so usually in the visitor's cache already),
 * and only that one, as the site's pages do.
 */
const styleFor = (locale: Locale) =>
  `${isIndicLocale(locale) ? `${indicFontFace('Site Indic', locale)}\n` : ''}:root{${Object.entries(PAGE_COLOURS)
    .map(([name, value]) => `--${name}:${value}`)
    .join(';')}}
*{box-sizing:border-box}
body{margin:0;font-family:'Site Indic',system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans Tamil','Noto Sans Telugu','Noto Sans Kannada',sans-serif;font-size:1rem;line-height:1.6;color:var(--c-ink);background:var(--c-bg-soft)}
header{background:var(--c-brand-800);padding:.9rem 1rem}
header a{color:#fff;font-weight:700;font-size:1.15rem;text-decoration:none}
main{width:min(100% - 2rem,40rem);margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid var(--c-line);border-radius:12px}
h1{margin:0 0 .75rem;font-size:1.6rem;line-height:1.25;color:var(--c-brand-900)}
p{margin:0 0 1rem;color:var(--c-ink-2)}
ul{margin:0 0 1.25rem;padding-left:1.25rem}
li{margin:.35rem 0;color:var(--c-danger)}
li strong{color:var(--c-ink)}
a{color:var(--c-brand-700);text-underline-offset:.18em}
a[href^="tel:"]{white-space:nowrap}
a:focus-visible,button:focus-visible{outline:3px solid var(--c-accent-400);outline-offset:2px}
.button{display:inline-flex;align-items:center;min-height:48px;padding:.6rem 1.2rem;border-radius:999px;background:var(--c-brand-700);color:#fff;font:inherit;font-weight:600;text-decoration:none;border:0;cursor:pointer}
.button:hover{background:var(--c-brand-900)}
.again{padding:.75rem 1rem;border-left:4px solid var(--c-accent-400);background:var(--c-bg-soft);color:var(--c-ink);font-weight:600}`;
const STYLES = new Map<Locale, string>(LOCALES.map((locale) => [locale, styleFor(locale)]));
/** The CSP's sources for the pages' stylesheets: one hash per language. */
const STYLE_HASHES = [...STYLES.values()].map((style) => `'sha256-${createHash('sha256').update(style).digest('base64')}'`).join(' ');

const byStatus = (texts: Record<string, string>, status: number): string => texts[status] ?? texts.other;

/** A small page in the site's look and in the visitor's language: its name as the header, then `body` (already escaped HTML). */
export const renderPageShell = (heading: string, body: string, locale: Locale = DEFAULT_LOCALE): string => `<!doctype html>
<html lang="${HTML_LANG[locale]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(heading)} | ${escapeHtml(site.name)}</title>
<style>${STYLES.get(locale)}</style>
</head>
<body>
<header><a href="${hrefOf('home', locale)}">${escapeHtml(site.name)}</a></header>
<main>
<h1>${escapeHtml(heading)}</h1>
${body}
</main>
</body>
</html>
`;

/**
 * The label the property form itself gives `type`: bedrooms on a flats form, land size on an
 * agricultural land form, size on the others (`category` as posted).
 */
const typeLabel = (locale: Locale, category: unknown): string => {
  const { form, problem } = dictionary(locale);
  return category === 'flats' ? form.fields.bedrooms.label : category === 'agricultural' ? form.fields.landSize.label : problem.fields.type;
};

/**
 * The page's HTML for an error; `backTo` is the link back to the form. Under the heading: the
 * list of field problems (422, and a 413 or 429 about the photos) in the page's language; otherwise, on English pages, the server's own detailed sentence,
 * and in the other languages the dictionary's sentence for the status.
 */
export const renderProblemPage = (error: HttpError, backTo: string, locale: Locale = DEFAULT_LOCALE, category?: unknown): string => {
  const words = dictionary(locale).problem;
  const problems = Object.entries(error.fields ?? {});
  const labelOf = (field: string) =>
    field === 'type'
      ? typeLabel(locale, category)
      : Object.hasOwn(words.fields, field)
        ? (words.fields as Record<string, string>)[field]
        : field;
  const intro = problems.length > 0 ? words.intro : locale === DEFAULT_LOCALE ? error.message : byStatus(words.explain, error.status);
  const list = problems.length
    ? `<ul>${problems.map(([field, message]) => `<li><strong>${escapeHtml(labelOf(field))}:</strong> ${escapeHtml(message)}</li>`).join('')}</ul>`
    : '';
  const phoneLink = `<a href="${escapeHtml(telHref)}">${escapeHtml(phoneText)}</a>`;
  return renderPageShell(
    byStatus(words.headings, error.status),
    `<p>${escapeHtml(intro)}</p>
${list}
<p>${escapeHtml(words.back)}</p>
<p><a class="button" href="${escapeHtml(backTo)}">${escapeHtml(words.backLink)}</a></p>
<p>${format(escapeHtml(words.callUs), { phone: phoneLink })}</p>`,
    locale,
  );
};

/**
 * An HTML page as an answer: never cached, never indexed; its one inline stylesheet by hash (the
 * hashes of the four languages' stylesheets), the site's own fonts, and no script at all.
 * `formPost` lets the page's own form post to this site (the confirm page).
 */
export const htmlPageResponse = (status: number, html: string, headers: Record<string, string> = {}, { formPost = false } = {}) =>
  new Response(html, {
    status,
    headers: apiHeaders({
      ...headers,
      'content-type': 'text/html; charset=utf-8',
      'x-robots-tag': 'noindex',
      'content-security-policy': `default-src 'none'; style-src ${STYLE_HASHES}; font-src 'self'; base-uri 'none'; form-action ${formPost ? "'self'" : "'none'"}; frame-ancestors 'none'`,
    }),
  });

/** The error as an HTML answer, with the error's own headers (Allow, Retry-After). */
export const problemPageResponse = (error: HttpError, page: unknown, locale: Locale = DEFAULT_LOCALE, category?: unknown): Response =>
  htmlPageResponse(error.status, renderProblemPage(error, backLinkFor(page, locale), locale, category), error.headers);
