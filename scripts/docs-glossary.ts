/**
 * `npm run docs:glossary`: writes the glossary (src/i18n/glossary.ts) into docs/translations.md, between
 * its glossary markers. tests/unit/glossary.test.ts fails while the doc and the data differ.
 */
import path from 'node:path';
import { readFile, writeFile } from 'node:fs/promises';
import { glossaryTable, withGlossaryTable } from './lib/glossary-table.ts';

const file = path.resolve(import.meta.dirname, '..', 'docs', 'translations.md');
await writeFile(file, withGlossaryTable(await readFile(file, 'utf8'), glossaryTable()));
console.log(`glossary: the table in ${path.relative(process.cwd(), file)} is the glossary's.`);
