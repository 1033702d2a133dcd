/**
 * What the calculators share: a number field with its message, the result's band with the "Use
 * this in my enquiry" button, and setting the enquiry form's field on the same page.
 */
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { format, indianNumber } from '../../i18n/format.ts';
import type { CalculatorLanguage } from './language.ts';
import '../../styles/fields.css';
import './calculators.css';

/** "5,00,000", "₹ 5,00,000" or "9.5" as a number; empty or anything else is null. */
export const readNumber = (text: string): number | null => {
  const cleaned = text.replace(/[₹,\s]/g, '');
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(cleaned) ? Number(cleaned) : null;
};

/**
 * A calculator field's value. The calculator hydrates on the visitor's first interaction, so they
 * may have typed (or chosen a unit) before: the first render matches the server's HTML (so React
 * keeps the page's elements, and the focus in them), then what is in the field is taken over.
 */
export const useFieldValue = <T extends string>(id: string, initial: T) => {
  const [value, setValue] = useState<T>(initial);
  useLayoutEffect(() => {
    const element = document.getElementById(id);
    if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- once, on hydration: what the visitor typed before the script came (read from the DOM)
      if (element.value !== initial) setValue(element.value as T);
    }
  }, [id, initial]);
  return [value, setValue] as const;
};

/** Whole rupees, grouped the Indian way (₹10,379; ₹6,22,751), in every language. */
export const rupees = (value: number): string => `₹${indianNumber(Math.round(value))}`;

interface NumberFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  whole?: boolean;
}

/** A labelled text field for a figure (commas allowed), with its message under it. */
export function NumberField({ id, label, value, onChange, error, whole = false }: NumberFieldProps) {
  return (
    <div className={error ? 'field field--invalid calc__field' : 'field calc__field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__control"
        type="text"
        inputMode={whole ? 'numeric' : 'decimal'}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Sets the enquiry form's field `name` on this page to `value`: a select, or a group of radio
 * chips. It works on the plain HTML form before its island has hydrated (the island reads the
 * DOM's value when it takes over) and after (the island sees the events).
 * Returns the element focused, or null when the page's form has no such field or option.
 */
export const setEnquiryField = (name: string, value: string): HTMLElement | null => {
  const form = document.querySelector<HTMLFormElement>('#enquiry form');
  const found = form?.elements.namedItem(name);
  if (!found) return null;
  if (found instanceof HTMLSelectElement) {
    if (![...found.options].some((option) => option.value === value)) return null;
    found.value = value;
    found.dispatchEvent(new Event('input', { bubbles: true }));
    found.dispatchEvent(new Event('change', { bubbles: true }));
    found.focus();
    return found;
  }
  const radios = (found instanceof RadioNodeList ? [...found] : [found]) as HTMLInputElement[];
  const radio = radios.find((input) => input.value === value);
  if (!radio) return null;
  // A click checks it and fires input and change, as a visitor's would (React listens to the click).
  if (!radio.checked) radio.click();
  radio.focus();
  return radio;
};

interface UseThisProps extends Pick<CalculatorLanguage, 'shared' | 'field' | 'bands'> {
  /** The wire name of the form's field. */
  name: string;
  /** The band (wire value) the result falls in, or null when nothing can be computed. */
  band: string | null;
}

/** Which band of the form the result is, and the button that sets it there. */
export function UseThis({ name, band, shared, field, bands }: UseThisProps) {
  const [said, setSaid] = useState('');
  const shown = band === null ? '' : (bands[band] ?? band);
  return (
    <div className="calc__use">
      {band !== null && <p className="calc__band">{format(shared.bandIs, { field, band: shown })}</p>}
      <button
        type="button"
        className="button button--ghost"
        disabled={band === null}
        onClick={() => {
          if (band === null) return;
          const set = setEnquiryField(name, band);
          const text = set ? format(shared.used, { field, band: shown }) : '';
          setSaid((previous) => (previous === text ? `${text}\u00a0` : text));
        }}
      >
        {shared.useThis}
      </button>
      <p className="calc__said" role="status">
        {said}
      </p>
    </div>
  );
}

interface FrameProps {
  id: string;
  title: string;
  intro: string;
  children: ReactNode;
}

/** The calculator's card: its heading and one-line intro, then the fields and the result. */
export function CalculatorFrame({ id, title, intro, children }: FrameProps) {
  return (
    <section className="calc" id={id} aria-labelledby={`${id}-title`}>
      <h2 className="calc__title" id={`${id}-title`}>
        {title}
      </h2>
      <p className="calc__intro">{intro}</p>
      {children}
    </section>
  );
}

/** The figures of a result, or a plain sentence when the inputs cannot be computed; read out politely. */
export function ResultArea({ rows, cannot }: { rows: [string, string][] | null; cannot: string }) {
  return (
    <div className="calc__result" aria-live="polite">
      {rows ? (
        <dl className="calc__figures">
          {rows.map(([label, value], index) => (
            <div key={label} className={index === 0 ? 'calc__figure calc__figure--main' : 'calc__figure'}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="calc__cannot">{cannot}</p>
      )}
    </div>
  );
}
