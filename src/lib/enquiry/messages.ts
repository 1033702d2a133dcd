/**
 * Validation messages in the visitor's language. The shared schemas never hold words: each
 * problem they find is reported as a message key of the dictionary's `messages` section
 * (src/i18n/en.ts), with its {placeholders} as the issue's params. Whoever shows it picks the
 * words: the browser form with its page's language (passed to the island as props), the server
 * with the language the form posted (`locale`). No dictionary is imported here, so a form island
 * ships only the words its page gives it.
 */
import type * as z from 'zod/mini';
import type { Dictionary } from '../../i18n/en.ts';
import { format, indianNumber } from '../../i18n/format.ts';
import type { PlaceNames } from '../../i18n/places.ts';

export type { PlaceNames };

/** The `messages` section of one language's dictionary. */
export type MessageWords = Dictionary['messages'];
export type MessageKey = keyof MessageWords;
export type MessageParams = Record<string, string | number>;

/** A message key, checked against the dictionary (what the schemas report). */
export const m = <K extends MessageKey>(key: K): K => key;

/** The parameters that are place names (a state or city as sent), shown in the page's script. */
const PLACE_PARAMS = new Set(['state', 'city']);

/**
 * The words of a message key with its placeholders filled; numbers written the Indian way
 * (5,00,000), places in the page's script ("Choose a city in தமிழ்நாடு").
 */
export const messageText = (words: MessageWords, key: string, params: Record<string, unknown> = {}, places: PlaceNames = {}): string => {
  const template = (words as Record<string, string>)[key];
  if (template === undefined) return key;
  const values: MessageParams = {};
  for (const [name, value] of Object.entries(params)) {
    const text = typeof value === 'number' ? indianNumber(value) : String(value);
    values[name] = PLACE_PARAMS.has(name) ? (places[text] ?? text) : text;
  }
  return format(template, values);
};

/** One message per field (the first problem found), keyed by wire field name, in the given language. */
export const fieldMessages = (error: z.core.$ZodError, words: MessageWords, places: PlaceNames = {}): Record<string, string> => {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '_form';
    const params = (issue as { params?: Record<string, unknown> }).params;
    fields[field] ??= messageText(words, issue.message, params, places);
  }
  return fields;
};
