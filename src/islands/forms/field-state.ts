/**
 * What the form knows about its fields besides their values: which the visitor has left, whether
 * they have tried to send, and what is wrong with each field. The values stay in the page's own
 * inputs (uncontrolled, as in the plain HTML form the island hydrates), so nothing typed before
 * or during hydration can be lost, and they are read from the form when they are checked.
 *
 * A field is checked when the visitor first leaves it and then on every change; after a try to
 * send, every field on every change. The check is the kind's zod schema over the whole form (the
 * `check` given to useFormFields); a field shows its own problem only.
 *
 * No form library: React and the form element already hold the state, and this is the little
 * that is left (react-hook-form did it before, for 12 KB gz of the 95 KB the form may load).
 */
import { createContext, useContext, useRef, useState, type RefObject } from 'react';

export type FieldValues = Record<string, unknown>;
export type FieldErrors = Record<string, string>;

/** The schema's verdict on the form's values: the values it gives back when they pass, else a message per field. */
export type FormCheck = (values: FieldValues) => { ok: true; values: FieldValues } | { ok: false; errors: FieldErrors };

/** The named controls the visitor fills in: not the page's hidden fields, the photo input or the buttons. */
const fillable = (form: HTMLFormElement) =>
  Array.from(form.elements).filter(
    (element): element is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement =>
      'name' in element &&
      typeof element.name === 'string' &&
      element.name !== '' &&
      !['hidden', 'file', 'submit', 'button', 'reset', 'fieldset'].includes((element as HTMLInputElement).type),
  );

/**
 * The form's values as the form sends them: text and selects as strings, a checkbox as true or
 * false, a group of radios as the chosen value or null when none is chosen.
 */
export const readFields = (form: HTMLFormElement): FieldValues => {
  const values: FieldValues = {};
  for (const element of fillable(form)) {
    if (element instanceof HTMLInputElement && element.type === 'radio') {
      if (!(element.name in values)) values[element.name] = null;
      if (element.checked) values[element.name] = element.value;
    } else if (element instanceof HTMLInputElement && element.type === 'checkbox') {
      values[element.name] = element.checked;
    } else {
      values[element.name] = element.value;
    }
  }
  return values;
};

/** Names of the form's fields in page order, each once. */
export const fieldNamesInOrder = (form: HTMLFormElement | null): string[] =>
  form ? [...new Set(fillable(form).map((element) => element.name))] : [];

/** Focus a field: the input, select or text area, or a radio group's chosen radio (else its first). */
export const focusField = (form: HTMLFormElement | null, name: string) => {
  const controls = form ? fillable(form).filter((element) => element.name === name) : [];
  const chosen = controls.find((element) => element instanceof HTMLInputElement && element.checked);
  (chosen ?? controls[0])?.focus();
};

/** Set a field's value in the page: a select or input's value, or the radio of that value. */
export const writeField = (form: HTMLFormElement | null, name: string, value: string) => {
  for (const element of form ? fillable(form).filter((control) => control.name === name) : []) {
    if (element instanceof HTMLInputElement && element.type === 'radio') element.checked = element.value === value;
    else element.value = value;
  }
};

export interface FieldState {
  /** The message shown under each field that has a problem, in the page's language. */
  errors: FieldErrors;
  /** Handlers for a field's input: checked when left, then on every change. */
  field: (name: string) => { name: string; onBlur: () => void; onChange: () => void };
  /** A field's value as the form would send it. */
  value: (name: string) => unknown;
  /** Set a field's value in the page, and check it again if the visitor has tried to send. */
  setValue: (name: string, value: string) => void;
}

export const FieldStateContext = createContext<FieldState>({
  errors: {},
  field: (name) => ({ name, onBlur: () => {}, onChange: () => {} }),
  value: () => undefined,
  setValue: () => {},
});

/** The message of a field's problem, if it has one. */
export const useFieldError = (name: string): string | undefined => useContext(FieldStateContext).errors[name];
export const useFieldState = () => useContext(FieldStateContext);

/**
 * The state of one enquiry form. `submit` checks every field: when all pass it calls `onValid`
 * with the schema's values, else it shows every problem, focuses the first field with one and
 * calls `onInvalid`.
 */
export function useFormFields(formRef: RefObject<HTMLFormElement | null>, check: FormCheck) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const left = useRef(new Set<string>());
  const tried = useRef(false);

  const values = () => (formRef.current ? readFields(formRef.current) : {});

  const checkField = (name: string) => {
    const verdict = check(values());
    const message = verdict.ok ? undefined : verdict.errors[name];
    setErrors((previous) => {
      if (previous[name] === message) return previous;
      const next = { ...previous };
      if (message) next[name] = message;
      else delete next[name];
      return next;
    });
  };

  const state: FieldState = {
    errors,
    field: (name) => ({
      name,
      onBlur: () => {
        left.current.add(name);
        checkField(name);
      },
      onChange: () => {
        if (left.current.has(name) || tried.current) checkField(name);
      },
    }),
    value: (name) => values()[name],
    setValue: (name, value) => {
      writeField(formRef.current, name, value);
      if (tried.current) checkField(name);
    },
  };

  return {
    state,
    submit: (
      event: { preventDefault: () => void },
      onValid: (values: FieldValues) => unknown,
      onInvalid: (errors: FieldErrors) => void,
    ) => {
      event.preventDefault();
      tried.current = true;
      const verdict = check(values());
      if (verdict.ok) {
        setErrors({});
        return onValid(verdict.values);
      }
      setErrors(verdict.errors);
      const first = fieldNamesInOrder(formRef.current).find((name) => verdict.errors[name]);
      if (first) focusField(formRef.current, first);
      onInvalid(verdict.errors);
    },
    /** Problems the server found, shown at their fields; the first of them is focused. */
    showErrors: (found: FieldErrors, focus: string | undefined) => {
      setErrors((previous) => ({ ...previous, ...found }));
      if (focus) focusField(formRef.current, focus);
    },
    /** A fresh start, after an enquiry is sent: no problems, nothing left or tried. */
    reset: () => {
      setErrors({});
      left.current.clear();
      tried.current = false;
    },
  };
}
