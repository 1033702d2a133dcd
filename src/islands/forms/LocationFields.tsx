/**
 * The linked state and city selects, with the places named in the page's script (the `places` the
 * page gives the form; the value sent is always the English name). The city list is empty until a
 * state is chosen, and the city is reset when the state changes. In the plain HTML form (before the
 * script, or without it) the city select lists every city grouped by state; the server checks the
 * pair.
 *
 * Over the city list, a box finds a city by a few letters of its name, in the page's script or in
 * English ("ஓசூ" and "hos" both find ஓசூர்): it narrows the list, and says how many cities are left.
 * The list stays a native select (the platform's own, with the phone's own picker and full keyboard
 * support); a select's own type-to-find matches the start of the name it shows only, so the box is
 * what finds a city by its English name. With no state chosen yet, the box looks in every state, and
 * the state follows the city chosen. Without JavaScript the box is not shown (forms.css).
 */
import { useEffect, useRef, useState } from 'react';
import { CITIES, STATES, type State } from '../../data/locations.ts';
import { format } from '../../i18n/format.ts';
import { ChoiceField } from './ChoiceField.tsx';
import { ErrorText } from './FieldShell.tsx';
import { fieldIds, useFormMeta } from './context.ts';
import { useFieldError, useFieldState } from './field-state.ts';
import { displayValue } from '../../lib/text.ts';

/** The one state a city belongs to, or '' when it is unknown or in more than one state. */
export const stateOfCity = (city: string): string => {
  const states = STATES.filter((state) => (CITIES[state] as readonly string[]).includes(city));
  return states.length === 1 ? states[0] : '';
};

/** A name as the box compares it: lower case, without spaces, dots, hyphens or apostrophes. */
const folded = (text: string) =>
  text
    .normalize('NFC')
    .toLocaleLowerCase('en')
    .replace(/[\s.\-'’]/gu, '');

export default function LocationFields() {
  const { field, value, setValue } = useFieldState();
  const { idPrefix, hydrated, words, places } = useFormMeta();
  // null until the choice made in the plain form is read: until then every city stays listed, so
  // a city chosen before hydration is still there to be read.
  const [state, setState] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const findBox = useRef<HTMLInputElement>(null);
  const ids = fieldIds(idPrefix, 'selectedCity');
  const find = { input: `${idPrefix}-findCity`, hint: `${idPrefix}-findCity-hint`, status: `${idPrefix}-findCity-status` };
  const error = useFieldError('selectedCity');

  /** A place as the page shows it: its name in the page's script, or the English name. */
  const shown = (name: string) => places[name] ?? name;
  // The page gives the names in its language's order; English keeps the list's own.
  const rank = new Map(Object.keys(places).map((name, index) => [name, index]));
  const ordered = (names: readonly string[]) => [...names].sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0));

  // On hydration, keep what was chosen in the plain form; a city picked before its state names it.
  useEffect(() => {
    if (!hydrated) return;
    const city = displayValue(value('selectedCity'));
    const chosen = displayValue(value('selectedState')) || stateOfCity(city);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- once, on hydration: the state chosen in the plain form before the script came (read from the DOM)
    setState(chosen);
    // Letters typed in the box before the script came.
    setQuery(findBox.current?.value ?? '');
    // A city picked before its state names the state; the city list is then cut to that state's
    // cities, and the city chosen stays chosen (the page's select keeps it).
    if (chosen) setValue('selectedState', chosen);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration (value and setValue are new on every render)
  }, [hydrated]);

  const wanted = folded(query);
  const chosenCity = hydrated ? displayValue(value('selectedCity')) : '';
  const found = (city: string) => wanted === '' || [city, shown(city)].some((name) => folded(name).includes(wanted));
  // Before the script: every state. Then the state chosen, or, with none chosen, every state while the box finds.
  const groups: readonly State[] = !hydrated || state === null ? STATES : STATES.filter((s) => s === state || (!state && wanted !== ''));
  // The city chosen stays listed (so it stays chosen) even when the box no longer finds it.
  const listed = groups.map((group) => ({
    group,
    cities: ordered(CITIES[group]).filter((city) => !hydrated || found(city) || city === chosenCity),
  }));
  const count = listed.reduce((sum, { cities }) => sum + cities.filter(found).length, 0);
  const status =
    hydrated && wanted !== ''
      ? count === 0
        ? words.findCityNone
        : count === 1
          ? words.findCityOne
          : format(words.findCityMany, { count })
      : '';

  const cityField = field('selectedCity');
  return (
    <>
      <ChoiceField
        name="selectedState"
        text={words.fields.selectedState}
        options={STATES}
        labelOf={shown}
        placeholder={words.placeholders.selectedState}
        onValueChange={(newState) => {
          if (newState === state) return;
          setState(newState);
          setValue('selectedCity', '');
        }}
      />
      <div className="field field--find">
        <label className="field__label" htmlFor={find.input}>
          {words.findCity.label}
        </label>
        <p className="field__hint" id={find.hint}>
          {words.findCity.hint}
        </p>
        <input
          id={find.input}
          ref={findBox}
          className="field__control"
          type="search"
          autoComplete="off"
          enterKeyHint="done"
          aria-controls={ids.input}
          aria-describedby={`${find.hint} ${find.status}`}
          onInput={(event) => setQuery(event.currentTarget.value)}
          // Enter in the box narrows the list; it never sends the form.
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
        <p className="field__hint" id={find.status} role="status">
          {status}
        </p>
      </div>
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
          {...cityField}
          onChange={() => {
            cityField.onChange();
            // A city found before any state was chosen names its state.
            const city = displayValue(value('selectedCity'));
            const itsState = stateOfCity(city);
            if (!state && itsState) {
              setState(itsState);
              setValue('selectedState', itsState);
            }
          }}
        >
          <option value="">
            {hydrated && !state && wanted === '' ? words.placeholders.selectedCityFirst : words.placeholders.selectedCity}
          </option>
          {listed
            .filter(({ cities }) => cities.length > 0)
            .map(({ group, cities }) => (
              <optgroup key={group} label={shown(group)}>
                {cities.map((city) => (
                  <option key={city} value={city}>
                    {shown(city)}
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
