/** What the field components of one form share besides their state (field-state.ts). */
import { createContext, useContext } from 'react';
import type { FormWords } from './language.ts';
import type { MessageWords, PlaceNames } from '../../lib/enquiry/messages.ts';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locales.ts';

export interface FormMeta {
  /** Prefix of every element id in the form (one form per page). */
  idPrefix: string;
  /** False in the server render and the first client render: the plain HTML form. */
  hydrated: boolean;
  /** The form's words and validation messages, in the page's language (from the island's props). */
  words: FormWords;
  messages: MessageWords;
  /** The page's language (dates are written its way). */
  locale: Locale;
  /** Place names in the page's script, by English name (none: shown as sent). */
  places: PlaceNames;
}

// Every form provides its own (EnquiryForm); no default words, so an island never ships a dictionary.
export const FormMetaContext = createContext<FormMeta>({
  idPrefix: 'enquiry',
  hydrated: false,
  words: undefined as unknown as FormWords,
  messages: undefined as unknown as MessageWords,
  locale: DEFAULT_LOCALE,
  places: {},
});
export const useFormMeta = () => useContext(FormMetaContext);

/** Ids of a field's input, hint and error message. */
export const fieldIds = (idPrefix: string, name: string) => ({
  input: `${idPrefix}-${name}`,
  hint: `${idPrefix}-${name}-hint`,
  error: `${idPrefix}-${name}-error`,
});
