/**
 * The linked state and city selects. The city list is empty until a state is chosen and the
 * city is reset when the state changes. In the plain HTML form (before the script, or without
 * it) the city select lists every city grouped by state; the server checks the pair.
 */
import { useEffect, useState } from 'react';
import { CITIES, STATES } from '../../data/locations';
import { ChoiceField } from './ChoiceField';
import { ErrorText } from './FieldShell';
import { fieldIds, useFormMeta } from './context';
import { useFieldError, useFieldState } from './field-state';

/** The one state a city belongs to, or '' when it is unknown or in more than one state. */
export const stateOfCity = (city: string): string => {
  const states = STATES.filter((state) => CITIES[state].includes(city));
  return states.length === 1 ? states[0] : '';
};

export default function LocationFields() {
  const { field, value, setValue } = useFieldState();
  const { idPrefix, hydrated, words } = useFormMeta();
  // null until the choice made in the plain form is read: until then every city stays listed, so
  // a city chosen before hydration is still there to be read.
  const [state, setState] = useState<string | null>(null);
  const ids = fieldIds(idPrefix, 'selectedCity');
  const error = useFieldError('selectedCity');

  // On hydration, keep what was chosen in the plain form; a city picked before its state names it.
  useEffect(() => {
    if (!hydrated) return;
    const city = String(value('selectedCity') ?? '');
    const chosen = String(value('selectedState') ?? '') || stateOfCity(city);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- once, on hydration: the state chosen in the plain form before the script came (read from the DOM)
    setState(chosen);
    // A city picked before its state names the state; the city list is then cut to that state's
    // cities, and the city chosen stays chosen (the page's select keeps it).
    if (chosen) setValue('selectedState', chosen);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration (value and setValue are new on every render)
  }, [hydrated]);

  const groups = hydrated && state !== null ? STATES.filter((s) => s === state) : STATES;

  return (
    <>
      <ChoiceField
        name="selectedState"
        text={words.fields.selectedState}
        options={STATES}
        placeholder={words.placeholders.selectedState}
        onValueChange={(newState) => {
          if (newState === state) return;
          setState(newState);
          setValue('selectedCity', '');
        }}
      />
      <div className={['field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
        <label className="field__label" htmlFor={ids.input}>
          {words.fields.selectedCity.label}
        </label>
        <select
          id={ids.input}
          className="field__control"
          defaultValue=""
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          {...field('selectedCity')}
        >
          <option value="">{hydrated && !state ? words.placeholders.selectedCityFirst : words.placeholders.selectedCity}</option>
          {groups.map((group) => (
            <optgroup key={group} label={group}>
              {CITIES[group].map((city) => (
                <option key={city} value={city}>
                  {city}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <ErrorText id={ids.error} message={error} />
      </div>
    </>
  );
}
