/** The visitor's message: a text area with a live count of the characters used. */
import { useEffect, useRef, useState } from 'react';
import { format, indianNumber } from '../../i18n/format.ts';
import { fieldIds, useFormMeta } from './context.ts';
import { useFieldError, useFieldState } from './field-state.ts';
import { FieldShell, describedBy, type Label } from './FieldShell.tsx';

/** The message, with a live counter of the 2,000 characters. */
export function MessageField({ max = 2000, text, optional = false }: { max?: number; text?: Label; optional?: boolean }) {
  const { field } = useFieldState();
  const { idPrefix, words } = useFormMeta();
  const error = useFieldError('message');
  const ids = fieldIds(idPrefix, 'message');
  const counterId = `${ids.input}-count`;
  const [used, setUsed] = useState(0);
  const area = useRef<HTMLTextAreaElement>(null);
  const handlers = field('message');
  // Text typed before the script arrived counts too.
  useEffect(() => setUsed(area.current?.value.length ?? 0), []);
  const shown: Label = text ?? words.fields.message;
  const described = describedBy(ids, Boolean(shown.hint), error);
  return (
    <FieldShell name="message" text={shown} error={error}>
      <textarea
        id={ids.input}
        className="field__control field__control--area"
        rows={5}
        maxLength={max}
        required={!optional}
        {...described}
        aria-describedby={[described['aria-describedby'], counterId].filter(Boolean).join(' ')}
        ref={area}
        {...handlers}
        onChange={(event) => {
          setUsed(event.target.value.length);
          handlers.onChange();
        }}
      />
      <p className="field__counter" id={counterId}>
        {format(words.counter, { used: indianNumber(used), max: indianNumber(max) })}
      </p>
    </FieldShell>
  );
}
