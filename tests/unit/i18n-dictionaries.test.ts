/**
 * The dictionaries (src/i18n): each language has its own file (src/i18n/<code>.ts), wired into
 * src/i18n/index.ts, and every key of the English one, with the same {placeholders}, as a
 * non-empty plain string.
 */
import { describe, expect, it } from 'vitest';
import { en, type Dictionary } from '../../src/i18n/en.ts';
import { dictionary, format, indianNumber, LOCALES, LANGUAGE_NAMES } from '../../src/i18n/index.ts';

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
  it('holds only non-empty plain strings, in the six sections', () => {
    expect(Object.keys(en)).toEqual(['site', 'form', 'messages', 'problem', 'calculators', 'ack']);
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
