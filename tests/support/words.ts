/**
 * The words a visitor should see, per language, read from the dictionaries (src/i18n): tests
 * assert the dictionary's text for a locale, so they check Tamil, Telugu and Kannada as soon as
 * those dictionaries are filled. The {placeholders} are filled as the forms and server fill them.
 */
import { dictionary, format, indianNumber, type Locale } from '../../src/i18n/index.ts';
import { messageText } from '../../src/lib/enquiry/messages.ts';
import { placeNamesIn } from '../../src/i18n/places.ts';

const countText = (one: string, many: string, count: number) => (count === 1 ? one : format(many, { count }));

/** Validation messages of a language; the ones with placeholders as functions. */
export const messagesIn = (locale: Locale) => {
  const words = dictionary(locale).messages;
  // Places are named in the language's script, as the forms and the server name them.
  const say = (key: keyof typeof words, params: Record<string, string | number>) => messageText(words, key, params, placeNamesIn(locale));
  return {
    ...words,
    cityOfState: (state: string) => say('cityOfState', { state }),
    photosCount: (max: number) => say('photosCount', { max }),
    photosType: (name: string) => say('photosType', { name }),
    photosFileSize: (name: string, maxMb: number) => say('photosFileSize', { name, maxMb }),
    photosTotalSize: (maxMb: number) => say('photosTotalSize', { maxMb }),
  };
};

/** The form's words of a language; the ones with placeholders as functions. */
export const formTextIn = (locale: Locale) => {
  const words = dictionary(locale).form;
  return {
    ...words,
    success: { ...words.success, reference: (reference: string) => format(words.success.reference, { reference }) },
    counter: (used: number, max: number) => format(words.counter, { used: indianNumber(used), max: indianNumber(max) }),
    errorsSummary: (count: number) => countText(words.errorsSummaryOne, words.errorsSummaryMany, count),
    serverErrorsSummary: (count: number) => countText(words.serverErrorsSummaryOne, words.serverErrorsSummaryMany, count),
  };
};

export const MESSAGES = messagesIn('en');
export const FORM_TEXT = formTextIn('en');

/** Every string of a dictionary part marked with a language (`⟨ta⟩ Your name`); {placeholders} kept. */
export const pseudoTranslate = <T>(locale: string, value: T): T =>
  (typeof value === 'string'
    ? `⟨${locale}⟩ ${value}`
    : Object.fromEntries(Object.entries(value as object).map(([key, inner]) => [key, pseudoTranslate(locale, inner)]))) as T;
