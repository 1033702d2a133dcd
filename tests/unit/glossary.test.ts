/**
 * The glossary (src/i18n/glossary.ts) kept: no dictionary, no content file of Tamil, Telugu or
 * Kannada, no translated line of the identity file and no server code uses a variant the glossary
 * forbids. The acknowledgement e-mail and the server's pages take their words from the
 * dictionaries (`ack`, `problem`), so they are read there. A published consent notice can never
 * change (integrations/consent-lock.ts): only the current version is read.
 * docs/translations.md shows the glossary as `npm run docs:glossary` writes it.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GLOSSARY, GLOSSARY_LOCALES, forbiddenUses, type TranslatedLocale } from '../../src/i18n/glossary.ts';
import { dictionary, type Dictionary } from '../../src/i18n/index.ts';
import { en } from '../../src/i18n/en.ts';
import { CONSENT_NOTICE } from '../../src/lib/consent.ts';
import identity from '../../src/content/identity.json' with { type: 'json' };
import { GLOSSARY_END, GLOSSARY_START, glossaryTable } from '../../scripts/lib/glossary-table.ts';

interface Text {
  where: string;
  text: string;
}

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const filesUnder = (folder: string): string[] =>
  readdirSync(path.join(root, folder)).flatMap((name) => {
    const file = path.join(folder, name);
    return statSync(path.join(root, file)).isDirectory() ? filesUnder(file) : [file];
  });

/** `site.header.menu` → value, for every leaf. */
const leaves = (node: unknown, prefix = ''): [string, string][] =>
  node !== null && typeof node === 'object'
    ? Object.entries(node).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key))
    : [[prefix, String(node)]];

const dictionaryTexts = (locale: TranslatedLocale, words: Dictionary = dictionary(locale)): Text[] =>
  leaves(words).map(([key, text]) => ({ where: `src/i18n/${locale}.ts ${key}`, text }));

/** Every content file of a language: src/content/<collection>/<language>/…, the current consent notice only. */
const contentTexts = (locale: TranslatedLocale): Text[] =>
  readdirSync(path.join(root, 'src/content'))
    .filter((collection) => statSync(path.join(root, 'src/content', collection)).isDirectory())
    .flatMap((collection) => {
      const folder = `src/content/${collection}/${locale}`;
      try {
        return filesUnder(folder);
      } catch {
        return [];
      }
    })
    .filter((file) => !file.startsWith(`src/content/consent/`) || path.basename(file) === `${CONSENT_NOTICE.version}.json`)
    .map((file) => ({ where: file, text: read(file) }));

const identityTexts = (locale: TranslatedLocale): Text[] => [
  { where: `src/content/identity.json hoursTranslated.${locale}`, text: identity.hoursTranslated[locale].join('\n') },
  { where: `src/content/identity.json address.streetTranslated.${locale}`, text: identity.address.streetTranslated[locale] },
];

/** One line per forbidden variant found: where, what, and the word to use. */
const problemsIn = (texts: readonly Text[], locale: TranslatedLocale): string[] =>
  texts.flatMap(({ where, text }) => forbiddenUses(text, locale).map((use) => `${where}: "${use.found}" (${use.term}: use "${use.use}")`));

describe.each(GLOSSARY_LOCALES)('the %s words follow the glossary', (locale) => {
  it('in the dictionary: every page, form, message, server page and the acknowledgement e-mail', () => {
    expect(problemsIn(dictionaryTexts(locale), locale)).toEqual([]);
  });

  it('in every content file and the current consent notice', () => {
    const texts = contentTexts(locale);
    expect(texts.length).toBeGreaterThan(60);
    expect(problemsIn(texts, locale)).toEqual([]);
  });

  it("in the identity file's translated lines", () => {
    expect(problemsIn(identityTexts(locale), locale)).toEqual([]);
  });

  it('the word to use is never one of its own variants', () => {
    for (const term of GLOSSARY)
      expect(
        forbiddenUses(term[locale].use, locale).filter((use) => use.term === term.en),
        term.en,
      ).toEqual([]);
  });
});

it("the server's code holds no forbidden variant (its words come from the dictionaries)", () => {
  const code = filesUnder('src/server').map((file) => ({ where: file, text: read(file) }));
  expect(code.length).toBeGreaterThan(10);
  for (const locale of GLOSSARY_LOCALES) expect(problemsIn(code, locale)).toEqual([]);
});

describe('the check finds what it must', () => {
  it("finds the Telugu acknowledgement's old word for enquiry, which reads as an investigation", () => {
    expect(forbiddenUses('మీ విచారణకు ధన్యవాదాలు.', 'te')).toEqual([{ term: 'enquiry', found: 'విచారణ', use: 'ఎంక్వైరీ' }]);
    const planted = structuredClone(dictionary('te'));
    planted.ack.thanks = 'మీ విచారణకు ధన్యవాదాలు. దాని రిఫరెన్స్ నంబర్: {reference}.';
    expect(problemsIn(dictionaryTexts('te', planted), 'te')).toEqual(['src/i18n/te.ts ack.thanks: "విచారణ" (enquiry: use "ఎంక్వైరీ")']);
  });

  it('finds a variant written as a pattern, and leaves the words that merely look alike', () => {
    expect(forbiddenUses('మేము మీకు కాల్ చేస్తాము.', 'te').map((use) => use.found)).toEqual(['ాము']);
    expect(forbiddenUses('మేము మీకు కాల్ చేస్తాం.', 'te')).toEqual([]);
    expect(forbiddenUses('WhatsApp\u200Cನಲ್ಲಿ', 'kn').map((use) => use.term)).toContain(
      'no stray zero-width non-joiner after a Latin letter',
    );
    expect(forbiddenUses('{phone} ಗೆ ಕರೆ ಮಾಡಿ', 'kn').map((use) => use.found)).toEqual(['} ಗೆ']);
    expect(forbiddenUses('{phone}ಗೆ ಕರೆ ಮಾಡಿ', 'kn')).toEqual([]);
    expect(forbiddenUses('மாதச் சம்பளம்', 'ta').map((use) => use.found)).toEqual(['மாதச் சம்பளம்']);
    expect(forbiddenUses('மாதச் சம்பளம் பெறுபவர்', 'ta')).toEqual([]);
  });
});

describe('one optional-field mark per language', () => {
  const optional = GLOSSARY.find((term) => term.en.startsWith('(optional)'))!;
  const english = new Map(leaves(en));

  it.each(GLOSSARY_LOCALES)('%s: every optional field carries the mark, and the notice above the form names exactly it', (locale) => {
    const mark = optional[locale].use;
    const words = new Map(leaves(dictionary(locale)));
    expect(words.get('form.required')).toContain(`"${mark}"`);
    const marked = [...english].filter(([key, text]) => key.startsWith('form.fields.') && /\boptional\b/.test(text)).map(([key]) => key);
    expect(marked.length).toBeGreaterThan(5);
    for (const key of marked) expect(words.get(key), key).toContain(mark);
    // The calculators' optional figure uses it too.
    expect(words.get('calculators.sip.stepUp')).toContain(mark);
  });
});

it('docs/translations.md shows the glossary as it is (npm run docs:glossary writes it)', () => {
  const doc = read('docs/translations.md');
  const shown = doc.slice(doc.indexOf(GLOSSARY_START) + GLOSSARY_START.length, doc.indexOf(GLOSSARY_END)).trim();
  expect(shown).toBe(glossaryTable());
});
