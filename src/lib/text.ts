/** Small text helpers for content shown in short form. */

/** Markdown reduced to its words: links keep their text, emphasis and code marks go. */
export const plainText = (markdown: string): string =>
  markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The first sentence of a text: up to the first full stop, question or exclamation mark that ends a word. */
export const firstSentence = (markdown: string): string => {
  const text = plainText(markdown);
  const match = /^.+?[.!?](?=\s+[A-Z"“‘(]|$)/u.exec(text);
  return match ? match[0] : text;
};
