/**
 * Boxes the visitor may tick or leave, each on its own, never ticked for them: the two purposes
 * every enquiry form offers besides the enquiry (the group's other divisions, WhatsApp updates),
 * and on the privacy request form the same purposes to withdraw. A ticked box sends "on" in a
 * plain form post and true in the form's JSON; left empty it sends nothing (not given).
 */
import { fieldIds, useFormMeta } from './context.ts';
import { useFieldError, useFieldState } from './field-state.ts';
import { ErrorText, describedBy } from './FieldShell.tsx';

function ChoiceBox({ name, label }: { name: string; label: string }) {
  const { field } = useFieldState();
  const { idPrefix } = useFormMeta();
  const error = useFieldError(name);
  const ids = fieldIds(idPrefix, name);
  return (
    <div className={error ? 'field--invalid' : undefined}>
      <div className="consent__box">
        <input id={ids.input} type="checkbox" {...describedBy(ids, false, error)} {...field(name)} />
        <label htmlFor={ids.input}>{label}</label>
      </div>
      <ErrorText id={ids.error} message={error} />
    </div>
  );
}

/** A group of boxes under its legend (and a hint under the legend, when given). */
export function ChoiceBoxes({ legend, hint, boxes }: { legend: string; hint?: string; boxes: { name: string; label: string }[] }) {
  const { idPrefix } = useFormMeta();
  const hintId = `${idPrefix}-${boxes[0].name}-group-hint`;
  return (
    <fieldset className="consent__more" aria-describedby={hint ? hintId : undefined}>
      <legend>{legend}</legend>
      {hint && (
        <p className="consent__notice" id={hintId}>
          {hint}
        </p>
      )}
      {boxes.map((box) => (
        <ChoiceBox key={box.name} {...box} />
      ))}
    </fieldset>
  );
}
