/**
 * The shared fields of every enquiry form. Inputs are uncontrolled (field-state.ts), so what a visitor
 * types before the script arrives is kept, and each input's `name` is its wire name, so the same
 * markup is a working plain HTML form. Errors show next to the field with aria-invalid and
 * aria-describedby.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { HONEYPOT_FIELD } from '../../lib/enquiry/field-rules';
import { CALL_LANGUAGES, CALL_TIMES } from '../../lib/enquiry/options';
import { consentParts } from '../../lib/consent';
import { format, indianNumber } from '../../i18n/format';
import { fieldIds, useFormMeta } from './context';
import { useFieldError, useFieldState } from './field-state';
import { optionLabel, type ConsentShown } from './language';

export type Label = { label: string; hint?: string };

/** aria-describedby and aria-invalid for a field with an optional hint. */
const describe = (ids: ReturnType<typeof fieldIds>, hint: boolean, error: string | undefined) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': [hint ? ids.hint : '', error ? ids.error : ''].filter(Boolean).join(' ') || undefined,
});

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
function FieldShell({ name, text, error, children, className }: FieldShellProps) {
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

interface TextFieldProps {
  name: keyof typeof TEXT_INPUTS;
  className?: string;
  /** Label and hint other than the dictionary's own for this field. */
  text?: Label;
  /** Not required by the browser (the schema decides: the privacy form needs phone or e-mail). */
  optional?: boolean;
}

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
export const PHONE_HTML_PATTERN = String.raw`(\+91|0)?[\s\-]*[6-9]([\s\-]*[0-9]){9}[\s\-]*`;

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
      {...describe(ids, Boolean(text.hint), error)}
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
  const described = describe(ids, Boolean(shown.hint), error);
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
        aria-describedby={[text.hint ? ids.hint : '', error ? ids.error : ''].filter(Boolean).join(' ') || undefined}
        aria-invalid={error ? true : undefined}
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
        {...describe(ids, Boolean(text.hint), error)}
        {...field}
      >
        <option value="">{placeholder ?? words.placeholders.any}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(words, option)}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/**
 * The consent box, unticked, with the consent notice the page gives (one sentence, linking to the
 * privacy policy), and under it the way to take consent back: the privacy request form.
 */
export function ConsentField({ brand, notice, pageLocale }: { brand: string; notice: ConsentShown; pageLocale: string }) {
  const { field } = useFieldState();
  const { idPrefix, words } = useFormMeta();
  const error = useFieldError('consent');
  const ids = fieldIds(idPrefix, 'consent');
  return (
    <div className={['field', 'consent', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <p className="consent__notice" id={ids.hint} lang={notice.locale === pageLocale ? undefined : notice.locale}>
        {consentParts(notice.text).map((part, index) =>
          part.href ? (
            <a key={index} href={part.href}>
              {part.text}
            </a>
          ) : (
            part.text
          ),
        )}
      </p>
      <div className="consent__box">
        <input id={ids.input} type="checkbox" required {...describe(ids, true, error)} {...field('consent')} />
        <label htmlFor={ids.input}>{format(words.consentLabel, { brand })}</label>
      </div>
      <ErrorText id={ids.error} message={error} />
      <p className="consent__withdraw">
        <a href={notice.withdrawHref}>{words.consentWithdraw}</a>
      </p>
    </div>
  );
}

/**
 * The honeypot: a text input bots fill and people never see. It is off-screen, hidden from
 * screen readers, out of the tab order and marked so that browsers and password managers leave it empty.
 */
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

/** A small heading over a group of fields; the group is named by it for screen readers. */
export function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const headingId = `${useFormMeta().idPrefix}-group-${id}`;
  return (
    <div className="group" role="group" aria-labelledby={headingId}>
      <h3 className="group__title" id={headingId}>
        {title}
      </h3>
      {children}
    </div>
  );
}

/** The visitor's name and mobile (side by side where there is room) and e-mail: every form has them. */
export function ContactDetails() {
  return (
    <>
      <div className="group__row">
        <TextField name="Username" />
        <TextField name="phone" />
      </div>
      <TextField name="email" />
    </>
  );
}

/**
 * When and in which language to call the visitor back: optional, on every form. Calls stay within
 * 9:30 to 19:00 (the banks' code for loan agents); "any time" sends nothing. The language starts
 * on the page's own (`languageEn`: English, Tamil, Telugu or Kannada), in the plain HTML form too.
 */
export function CallFields({ language }: { language: string }) {
  const { words } = useFormMeta();
  return (
    <Group id="call" title={words.groups.call}>
      <ChoiceField name="callTime" text={words.fields.callTime} options={CALL_TIMES} chips optional none={words.callAnyTime} />
      <ChoiceField
        name="callLanguage"
        text={words.fields.callLanguage}
        options={CALL_LANGUAGES}
        chips
        optional
        preselected={(CALL_LANGUAGES as readonly string[]).includes(language) ? language : undefined}
      />
    </Group>
  );
}
