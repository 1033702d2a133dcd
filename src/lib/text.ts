/** Small text helpers: content shown in short form, and values written out as text. */

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

/**
 * A value as a person reads it: text as it is, a number or true/false written out, a list joined
 * with ", ", nothing for none (the team's e-mail, the CSV, the browser's e-mail fallback, a form's field).
 */
export const displayValue = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.map(displayValue).join(', ');
  return value === undefined || value === null ? '' : JSON.stringify(value);
};

/** A form field's text from FormData: '' when it is missing or a file. */
export const formText = (data: FormData, name: string): string => {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
};
