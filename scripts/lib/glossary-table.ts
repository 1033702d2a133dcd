/**
 * The glossary (src/i18n/glossary.ts) as the Markdown table docs/translations.md shows, between
 * its glossary markers. `npm run docs:glossary` writes it; tests/unit/glossary.test.ts checks the doc holds it.
 */
import { GLOSSARY, GLOSSARY_LOCALES, variantText } from '../../src/i18n/glossary.ts';

export const GLOSSARY_START = '<!-- glossary:start -->';
export const GLOSSARY_END = '<!-- glossary:end -->';

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** One row per term: the word to use, then each variant not to use. */
export const glossaryTable = (): string => {
  const rows = GLOSSARY.map((term) => {
    const choices = GLOSSARY_LOCALES.map((locale) => {
      const { use, avoid = [] } = term[locale];
      return [cell(use), ...avoid.map((variant) => `not ${cell(variantText(variant))}`)].join('<br>');
    });
    return `| ${[cell(term.en), ...choices, cell(term.note ?? '')].join(' | ')} |`;
  });
  return ['| English | Tamil | Telugu | Kannada | Why |', '|---|---|---|---|---|', ...rows].join('\n');
};

/** The doc with its table between the markers replaced by `table`; throws when the markers are missing. */
export const withGlossaryTable = (doc: string, table: string): string => {
  const start = doc.indexOf(GLOSSARY_START);
  const end = doc.indexOf(GLOSSARY_END);
  if (start < 0 || end < start) throw new Error(`docs/translations.md needs the ${GLOSSARY_START} and ${GLOSSARY_END} markers.`);
  return `${doc.slice(0, start + GLOSSARY_START.length)}\n${table}\n${doc.slice(end)}`;
};
