/**
 * The honeypot: a text input bots fill and people never see. It is off-screen, hidden from
 * screen readers, out of the tab order and marked so that browsers and password managers leave it empty.
 */
import { HONEYPOT_FIELD } from '../../lib/enquiry/field-rules.ts';
import { useFormMeta } from './context.ts';
import { useFieldState } from './field-state.ts';

export function Honeypot() {
  const { field } = useFieldState();
  const { idPrefix, words } = useFormMeta();
  const id = `${idPrefix}-${HONEYPOT_FIELD}`;
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={id}>{words.honeypot}</label>
      <input id={id} type="text" tabIndex={-1} autoComplete="off" data-1p-ignore="" data-lpignore="true" {...field(HONEYPOT_FIELD)} />
    </div>
  );
}
