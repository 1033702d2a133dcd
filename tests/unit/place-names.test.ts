/**
 * The place names (src/i18n/places.ts): every state and city of src/data/locations.ts, in Tamil,
 * Telugu and Kannada script, written in that script alone; what a page gets, in its language's order;
 * a message with a place in the page's script.
 */
import { describe, expect, it } from 'vitest';
import { CITIES, STATES } from '../../src/data/locations.ts';
import { PLACE_COUNT, PLACE_NAMES, placeName, placeNamesIn, type ScriptNames } from '../../src/i18n/places.ts';
import { GLOSSARY_LOCALES } from '../../src/i18n/glossary.ts';
import { dictionary } from '../../src/i18n/index.ts';
import { messageText } from '../../src/lib/enquiry/messages.ts';

/** The letters of each script (its Unicode block), with spaces and the zero-width non-joiner its words may hold. */
const SCRIPT = { ta: /^[\u0B80-\u0BFF ]+$/u, te: /^[\u0C00-\u0C7F \u200C]+$/u, kn: /^[\u0C80-\u0CFF \u200C]+$/u };

const every = (): [string, ScriptNames][] =>
  STATES.flatMap((state) => [[state, PLACE_NAMES[state].name] as [string, ScriptNames], ...Object.entries(PLACE_NAMES[state].cities)]);

describe('the place names', () => {
  it('name every state and city of locations.ts, no other', () => {
    for (const state of STATES) expect(Object.keys(PLACE_NAMES[state].cities).sort(), state).toEqual([...CITIES[state]].sort());
    expect(every()).toHaveLength(PLACE_COUNT);
    expect(PLACE_COUNT).toBe(319);
  });

  it.each(GLOSSARY_LOCALES)(
    '%s: each name is in its script alone, NFC, without stray spaces, and no two places of a state share one',
    (locale) => {
      for (const [english, names] of every()) {
        const name = names[locale];
        expect(name, english).toMatch(SCRIPT[locale]);
        expect(name, english).toBe(name.normalize('NFC'));
        expect(name, english).toBe(name.trim().replace(/ {2,}/g, ' '));
      }
      for (const state of STATES) {
        const names = Object.values(PLACE_NAMES[state].cities).map((n) => n[locale]);
        expect(new Set(names).size, state).toBe(names.length);
      }
    },
  );

  it('a page gets its own language only, states first, then each state’s cities in that language’s order', () => {
    expect(placeNamesIn('en')).toEqual({});
    const tamil = placeNamesIn('ta');
    expect(Object.keys(tamil)).toHaveLength(PLACE_COUNT);
    expect(Object.keys(tamil).slice(0, 4)).toEqual([...STATES]);
    expect(tamil['Tamil Nadu']).toBe('தமிழ்நாடு');
    expect(tamil.Hosur).toBe('ஓசூர்');
    expect(placeNamesIn('te').Hosur).toBe('హోసూరు');
    expect(placeNamesIn('kn').Hosur).toBe('ಹೊಸೂರು');
    const collator = new Intl.Collator('ta');
    const tnCities = Object.keys(tamil).filter((name) => (CITIES['Tamil Nadu'] as readonly string[]).includes(name));
    expect(tnCities.map((name) => tamil[name])).toEqual(tnCities.map((name) => tamil[name]).sort(collator.compare));
    expect(placeName(tamil, 'Kerala')).toBe('Kerala');
  });

  it('a message names the place in the page’s script; English keeps the name as sent', () => {
    const say = (locale: 'en' | 'ta' | 'te' | 'kn') =>
      messageText(dictionary(locale).messages, 'cityOfState', { state: 'Tamil Nadu' }, placeNamesIn(locale));
    expect(say('ta')).toBe('தமிழ்நாடு மாநிலத்தில் உள்ள ஒரு நகரத்தைத் தேர்ந்தெடுக்கவும்');
    expect(say('te')).toMatch(/^తమిళనాడులోని/u);
    expect(say('kn')).toMatch(/^ತಮಿಳುನಾಡು/u);
    expect(say('en')).toBe('Choose a city in Tamil Nadu');
  });
});
