/** A one-line text field: the visitor's name, e-mail, mobile number, or an enquiry reference. */
import { fieldIds, useFormMeta } from './context.ts';
import { useFieldError, useFieldState } from './field-state.ts';
import { FieldShell, describedBy, type Label } from './FieldShell.tsx';

const TEXT_INPUTS = {
  Username: { type: 'text', inputMode: 'text', autoComplete: 'name', maxLength: 60 },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email', maxLength: 254 },
  phone: { type: 'tel', inputMode: 'numeric', autoComplete: 'tel', maxLength: 16 },
  /** The privacy request's enquiry reference: 8 characters, or a whole id of 36. */
  reference: { type: 'text', inputMode: 'text', autoComplete: 'off', maxLength: 40 },
} as const;

/**
 * Native check of a mobile number: optional +91 or 0, then 10 digits starting 6-9, with spaces
 * or dashes anywhere (the same rule as the schema's; written for the `v` flag browsers use).
 */
const PHONE_HTML_PATTERN = String.raw`(\+91|0)?[\s\-]*[6-9]([\s\-]*[0-9]){9}[\s\-]*`;

interface TextFieldProps {
  name: keyof typeof TEXT_INPUTS;
  className?: string;
  /** Label and hint other than the dictionary's own for this field. */
  text?: Label;
  /** Not required by the browser (the schema decides: the privacy form needs phone or e-mail). */
  optional?: boolean;
}

/** Name, e-mail, mobile number or an enquiry reference. The mobile field shows a fixed +91 prefix. */
export function TextField({ name, className, text: ownText, optional = false }: TextFieldProps) {
  const { field } = useFieldState();
  const { idPrefix, words } = useFormMeta();
  const error = useFieldError(name);
  const ids = fieldIds(idPrefix, name);
  const text: Label = ownText ?? words.fields[name];
  const input = (
    <input
      id={ids.input}
      className="field__control"
      {...TEXT_INPUTS[name]}
      required={!optional}
      pattern={name === 'phone' ? PHONE_HTML_PATTERN : undefined}
      {...describedBy(ids, Boolean(text.hint), error)}
      {...field(name)}
    />
  );
  return (
    <FieldShell name={name} text={text} error={error} className={className}>
      {name === 'phone' ? (
        <div className="field__prefixed">
          <span className="field__prefix" aria-hidden="true">
            {words.phonePrefix}
          </span>
          {input}
        </div>
      ) : (
        input
      )}
    </FieldShell>
  );
}
