/** What the field components of one form share besides react-hook-form's own context. */
import { createContext, useContext } from 'react';

export interface FormMeta {
  /** Prefix of every element id in the form (one form per page). */
  idPrefix: string;
  /** False in the server render and the first client render: the plain HTML form. */
  hydrated: boolean;
}

export const FormMetaContext = createContext<FormMeta>({ idPrefix: 'enquiry', hydrated: false });
export const useFormMeta = () => useContext(FormMetaContext);

/** Ids of a field's input, hint and error message. */
export const fieldIds = (idPrefix: string, name: string) => ({
  input: `${idPrefix}-${name}`,
  hint: `${idPrefix}-${name}-hint`,
  error: `${idPrefix}-${name}-error`,
});
