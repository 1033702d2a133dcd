/**
 * Every visible English word that is not content (content lives in src/content). ta.ts, te.ts and
 * kn.ts have exactly this shape (tests/unit/i18n-keys.test.ts).
 *
 * Rules for every language file:
 * - values are plain strings; {name} marks a placeholder filled by format() (src/i18n/format.ts);
 * - wire values (what a form sends, what the team receives), brand names, people's names and
 *   registration numbers are never in a dictionary: they are not translated.
 *
 * Sections:
 * - site: header, navigation, phone bar, footer, language switcher, carousel, scroll-to-top,
 *   page titles and meta descriptions, 404, /Thankyou;
 * - form: labels, hints, placeholders, group headings, how each option is shown, consent text,
 *   sending, success, failure and fallback states;
 * - messages: every validation message (shared with the server's 422 answers);
 * - problem: the page a visitor without JavaScript sees when the server refuses a post.
 */
export const en = {
  site: {},
  form: {},
  messages: {},
  problem: {},
};

/** The shape every language's dictionary has. */
export type Dictionary = typeof en;
