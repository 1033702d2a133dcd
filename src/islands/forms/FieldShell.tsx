/**
 * The frame every enquiry field shares: its label, hint and error message. Inputs are uncontrolled
 * (field-state.ts), so what a visitor types before the script arrives is kept, and each input's
 * `name` is its wire name, so the same markup is a working plain HTML form. Errors show next to
 * the field with aria-invalid and aria-describedby.
 */
import type { ReactNode } from 'react';
import { fieldIds, useFormMeta } from './context.ts';

/** A field's label, and the hint under it. */
export type Label = { label: string; hint?: string };

/** aria-describedby and aria-invalid for a field with an optional hint. */
export const describedBy = (ids: ReturnType<typeof fieldIds>, hint: boolean, error: string | undefined) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': [hint ? ids.hint : '', error ? ids.error : ''].filter(Boolean).join(' ') || undefined,
});

/** The message under a field that needs the visitor's attention; nothing while it is fine. */
export function ErrorText({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p className="field__error" id={id}>
      {message}
    </p>
  ) : null;
}

interface FieldShellProps {
  name: string;
  text: Label;
  error?: string;
  children: ReactNode;
  className?: string;
}

/** Label above the control, hint under the label, error under the control. */
export function FieldShell({ name, text, error, children, className }: FieldShellProps) {
  const ids = fieldIds(useFormMeta().idPrefix, name);
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={ids.input}>
        {text.label}
      </label>
      {text.hint && (
        <p className="field__hint" id={ids.hint}>
          {text.hint}
        </p>
      )}
      {children}
      <ErrorText id={ids.error} message={error} />
    </div>
  );
}
