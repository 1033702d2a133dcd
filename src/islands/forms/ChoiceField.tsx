/** A choice among listed options: a select, or a group of radio chips for short lists. */
import { fieldIds, useFormMeta } from './context.ts';
import { useFieldError, useFieldState } from './field-state.ts';
import { ErrorText, FieldShell, describedBy, type Label } from './FieldShell.tsx';
import { optionLabel } from './language.ts';

interface ChoiceProps {
  name: string;
  text: Label;
  /** Wire values; each is shown as the dictionary's `options` says. */
  options: readonly string[];
  /** The empty first option of a select; the dictionary's `placeholders.any` when not given. */
  placeholder?: string;
  /** The option chosen when the page loads (a loan page's own loan type). */
  preselected?: string;
  /** Radio chips instead of a select; for lists of five options or fewer. */
  chips?: boolean;
  /** Not required: the visitor may leave it (a select stays at its placeholder). */
  optional?: boolean;
  /** Chips only: a first chip for "no preference", which sends an empty value (chosen when nothing is preselected). */
  none?: string;
  /** Called with the new value after the field has been checked again. */
  onValueChange?: (value: string) => void;
  /** How an option is shown, when it is not the dictionary's `options` (place names). */
  labelOf?: (value: string) => string;
}

/** A select whose placeholder is never a valid value, or a group of radio chips. */
export function ChoiceField({
  name,
  text,
  options,
  placeholder,
  preselected,
  chips = false,
  optional = false,
  none,
  onValueChange,
  labelOf,
}: ChoiceProps) {
  const handlers = useFieldState().field(name);
  const field = {
    ...handlers,
    onChange: (event: { target: { value: string } }) => {
      handlers.onChange();
      onValueChange?.(event.target.value);
    },
  };
  const { idPrefix, words } = useFormMeta();
  const error = useFieldError(name);
  const ids = fieldIds(idPrefix, name);
  if (chips) {
    const values = none === undefined ? options : ['', ...options];
    return (
      <fieldset
        className={['field', 'chips', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}
        {...describedBy(ids, Boolean(text.hint), error)}
      >
        <legend className="field__label">{text.label}</legend>
        {text.hint && (
          <p className="field__hint" id={ids.hint}>
            {text.hint}
          </p>
        )}
        <div className="chips__list">
          {values.map((option, index) => (
            <label className="chip" key={option}>
              <input
                type="radio"
                value={option}
                id={index === 0 ? ids.input : undefined}
                defaultChecked={option === (preselected ?? (none === undefined ? undefined : ''))}
                required={!optional}
                {...field}
              />
              <span>{option === '' ? none : optionLabel(words, option)}</span>
            </label>
          ))}
        </div>
        <ErrorText id={ids.error} message={error} />
      </fieldset>
    );
  }
  return (
    <FieldShell name={name} text={text} error={error}>
      <select
        id={ids.input}
        className="field__control"
        defaultValue={preselected ?? ''}
        required={!optional}
        {...describedBy(ids, Boolean(text.hint), error)}
        {...field}
      >
        <option value="">{placeholder ?? words.placeholders.any}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {labelOf ? labelOf(option) : optionLabel(words, option)}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
