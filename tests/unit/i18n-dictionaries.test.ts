/**
 * The dictionaries (src/i18n): each language has its own file (src/i18n/<code>.ts), wired into
 * src/i18n/index.ts, and every key of the English one, with the same {placeholders}, as a
 * non-empty plain string.
 */
import { describe, expect, it } from 'vitest';
import { en, type Dictionary } from '../../src/i18n/en.ts';
import { dictionary, format, indianNumber, LOCALES, LANGUAGE_NAMES, type Locale } from '../../src/i18n/index.ts';
import { AREA_BANDS, BEDROOMS } from '../../src/lib/enquiry/options.ts';
import { SQ_FT_PER_UNIT } from '../../src/lib/calculators/land.ts';

/** The files of src/i18n named by a language code (two letters). */
const files = import.meta.glob<Record<string, unknown>>('../../src/i18n/??.ts', { eager: true });
const ownFile = (locale: string) => files[`../../src/i18n/${locale}.ts`];

/** `site.header.menu` → value, for every leaf. */
const leaves = (node: unknown, prefix = ''): [string, unknown][] =>
  node !== null && typeof node === 'object'
    ? Object.entries(node).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key))
    : [[prefix, node]];

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the English dictionary', () => {
  it('holds only non-empty plain strings, in the eight sections', () => {
    expect(Object.keys(en)).toEqual(['site', 'form', 'messages', 'problem', 'calculators', 'withdrawal', 'ack', 'whatsapp']);
    const all = leaves(en);
    expect(leaves(en.site).length).toBeGreaterThan(80);
    for (const [key, value] of all) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });
});

describe.each(LOCALES.filter((locale) => locale !== 'en'))('the %s dictionary', (locale) => {
  const file = ownFile(locale);

  it(`is its own file, src/i18n/${locale}.ts, wired into src/i18n/index.ts`, () => {
    expect(file, `src/i18n/${locale}.ts`).toBeDefined();
    expect(dictionary(locale)).not.toBe(en);
    expect(Object.values(file ?? {})).toContain(dictionary(locale));
  });

  it('has every key of the English one, no other, each with the same {placeholders}', () => {
    const theirs = new Map(leaves(dictionary(locale) satisfies Dictionary));
    const ours = leaves(en);
    expect([...theirs.keys()].sort()).toEqual(ours.map(([key]) => key).sort());
    for (const [key, english] of ours) {
      const value = theirs.get(key);
      expect(typeof value, `${locale}: ${key}`).toBe('string');
      expect((value as string).trim(), `${locale}: ${key}`).not.toBe('');
      expect(placeholders(value as string), `${locale}: ${key}`).toEqual(placeholders(english as string));
    }
  });
});

describe('plot and commercial sizes (square metres on the wire) show their unit and about as many square feet', () => {
  /** How each language abbreviates square metres and square feet. */
  const UNITS: Record<Locale, { sqm: string; sqft: string }> = {
    en: { sqm: 'm²', sqft: 'sq ft' },
    ta: { sqm: 'ச.மீ.', sqft: 'ச.அடி' },
    te: { sqm: 'చ.మీ.', sqft: 'చ.అ.' },
    kn: { sqm: 'ಚ.ಮೀ.', sqft: 'ಚ.ಅಡಿ' },
  };
  /** Square feet of a whole number of square metres, to the nearest 10, written 1,080. */
  const sqft = (sqm: number) => indianNumber(Math.round((sqm * SQ_FT_PER_UNIT.sqm) / 10) * 10);

  it.each(LOCALES)('%s', (locale) => {
    const options = dictionary(locale).form.options as Record<string, string>;
    for (const band of AREA_BANDS) {
      // The bracket stays on one line: no-break spaces, and a word joiner after a dash (a line may
      // break after a dash, leaving the no-break space at the start of the next line).
      const bracket = options[band].match(/\(.*\)/u)?.[0] ?? '';
      expect(bracket, band).not.toMatch(/ |–(?!\u2060)/u);
      // Read the no-break spaces as spaces.
      const shown = options[band].replace(/\u00a0/g, ' ').replace(/\u2060/g, '');
      const metres = band.match(/\d+/g)!.map(Number);
      expect(shown, band).toContain(UNITS[locale].sqm);
      expect(shown, band).toContain(UNITS[locale].sqft);
      for (const figure of metres) {
        expect(shown, band).toContain(String(figure));
        expect(shown, band).toContain(sqft(figure));
      }
    }
    // The range bands say both ends in square feet, in the same order as the metres.
    expect(options['100 to 150'].indexOf(sqft(100))).toBeLessThan(options['100 to 150'].indexOf(sqft(150)));
    expect(sqft(100)).toBe('1,080');
  });

  it('flats are shown as BHK in Tamil, Telugu and Kannada, as listings and buyers say', () => {
    for (const locale of ['ta', 'te', 'kn'] as const) {
      const options = dictionary(locale).form.options as Record<string, string>;
      expect(BEDROOMS.map((value) => options[value])).toEqual(['1 BHK', '2 BHK', '3 BHK', '4 BHK']);
    }
  });
});

it.each(LOCALES)('%s: the no-JavaScript problem page names the mobile number and e-mail as the form labels them', (locale) => {
  const words = dictionary(locale);
  expect(words.problem.fields.phone).toBe(words.form.fields.phone.label);
  expect(words.problem.fields.email).toBe(words.form.fields.email.label);
});

describe('helpers', () => {
  it('format fills placeholders and leaves unknown ones visible', () => {
    expect(format('Call {phone}', { phone: '+91 90000 00000' })).toBe('Call +91 90000 00000');
    expect(format('{n} of {total}', { n: 1 })).toBe('1 of {total}');
    expect(indianNumber(500000)).toBe('5,00,000');
  });

  it('names each language in its own script', () => {
    expect(LANGUAGE_NAMES).toEqual({ en: 'English', ta: 'தமிழ்', te: 'తెలుగు', kn: 'ಕನ್ನಡ' });
  });
});
