/**
 * The import boundaries of eslint.config.js: each forbidden arrow, in each form an import can take
 * (static, `export … from`, dynamic `import()`, `import.meta.glob()`, root-absolute, `require()`),
 * is linted as if it were a real file in its folder, and must be refused with the boundary's name;
 * the allowed arrows must pass.
 */
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The probes are files that do not exist, so the type-aware rules (whose program would have to be
// built for each) are switched off here: none of the rules tested needs types.
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: tseslint.configs.disableTypeChecked });

// The first lint loads the whole configuration and its plugins: seconds on a busy machine, so
// it is done once here, with time to spare, rather than inside the first test.
beforeAll(() => eslint.lintText('export {};\n', { filePath: 'src/lib/warm-up.ts' }), 120_000);

const BOUNDARY_RULES = new Set(['@typescript-eslint/no-restricted-imports', 'no-restricted-syntax']);

/** The messages of the boundary rules for `code` placed at `filePath`. */
const boundaryErrors = async (filePath: string, code: string): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath });
  const fatal = result.messages.filter((m) => m.fatal);
  expect(fatal, 'the probe parses').toEqual([]);
  return result.messages.filter((m) => m.ruleId !== null && BOUNDARY_RULES.has(m.ruleId)).map((m) => m.message);
};

/** The names of the boundaries the messages cite (`… Boundary "browser → server": …`). */
const boundariesCited = (messages: string[]) => [...new Set(messages.flatMap((m) => /Boundary "([^"]+)"/.exec(m)?.[1] ?? []))];

const SERVER = 'browser → server';
const NODE = 'browser → Node';
const DICTIONARIES = 'browser → dictionaries';
const OUTSIDE = 'src → outside src';
const REACT = 'server → React';
const COLLECTIONS = 'lib → collections';
const PROPS_BUILDER = 'browser → props builder';
const TESTS = 'tools → tests';
const ROOMS = 'server rooms';
const WIRE = 'browser → wire schemas';

/** An island file: its probe imports and uses what it imported. */
const ISLAND = 'src/islands/forms/Example.tsx';

describe('lint refuses the arrows that must not exist, in every form', () => {
  it.each([
    // src/ (outside src/server) → src/server
    ['an island imports server code', ISLAND, "import { value } from '../../server/store.ts';", SERVER],
    ['an island re-exports server code', ISLAND, "export { value } from '../../server/store.ts';", SERVER],
    ['an island imports server code dynamically', ISLAND, "export const load = () => import('../../server/store.ts');", SERVER],
    ['an island globs server code', 'src/islands/Example.tsx', "export const all = import.meta.glob('../server/*.ts');", SERVER],
    [
      'an island globs server code among others',
      ISLAND,
      "export const all = import.meta.glob(['../../lib/*.ts', '../../server/*.ts']);",
      SERVER,
    ],
    ['an island imports server code by a root-absolute path', ISLAND, "import { value } from '/src/server/errors.ts';", SERVER],
    ['an island requires server code', ISLAND, "export const store = require('../../server/store.ts');", SERVER],
    ['a component imports server code', 'src/components/common/Example.ts', "import { value } from '../../server/notify.ts';", SERVER],
    ['a page imports server code', 'src/pages/example.ts', "import { value } from '../server/index.ts';", SERVER],
    ['a page imports server code dynamically', 'src/pages/example.ts', "export const load = () => import('/src/server/index.ts');", SERVER],
    ['shared enquiry code imports server code', 'src/lib/enquiry/example.ts', "import { value } from '../../server/errors.ts';", SERVER],
    ['a helper in src/lib imports server code', 'src/lib/example.ts', "import { value } from '../server/errors';", SERVER],
    ['a helper in src/lib globs server code', 'src/lib/example.ts', "export const all = import.meta.glob('/src/server/**/*.ts');", SERVER],
    ['the CMS configuration imports server code', 'src/lib/cms/example.ts', "import { value } from '../../server/errors.ts';", SERVER],
    [
      "a page's client script imports server code",
      'src/components/common/Example.astro',
      "<script>\n  import { value } from '../../server/store.ts';\n  console.log(value);\n</script>\n",
      SERVER,
    ],

    // browser code → Node built-ins and server-only packages
    ['an island imports @netlify/blobs', ISLAND, "import { getStore } from '@netlify/blobs';", NODE],
    ['an island imports the Netlify database', ISLAND, "import { value } from '@netlify/database';", NODE],
    ['an island imports node:fs', ISLAND, "import { readFileSync } from 'node:fs';", NODE],
    ['an island imports a bare Node built-in', ISLAND, "import { readFile } from 'fs/promises';", NODE],
    ['an island imports negotiator', ISLAND, "import Negotiator from 'negotiator';", NODE],
    ['an island imports PGlite', ISLAND, "export const load = () => import('@electric-sql/pglite');", NODE],
    ['an island imports pg', ISLAND, "import pg from 'pg';", NODE],
    ['an island requires postgres', ISLAND, "export const sql = require('postgres');", NODE],
    ['a client script imports node:fs', 'src/client-scripts/example.ts', "import { readFileSync } from 'node:fs';", NODE],
    [
      "a page's client script imports node:fs",
      'src/components/common/Example.astro',
      "<script>\n  const fs = await import('node:fs');\n  console.log(fs);\n</script>\n",
      NODE,
    ],

    // browser code → the dictionaries
    ['an island imports the dictionaries', ISLAND, "import { dictionary } from '../../i18n';", DICTIONARIES],
    ['an island imports the dictionaries index', ISLAND, "import { dictionary } from '../../i18n/index.ts';", DICTIONARIES],
    ['an island imports a language file', ISLAND, "import { ta } from '../../i18n/ta';", DICTIONARIES],
    ["an island imports English's words (not only its type)", ISLAND, "import { en } from '../../i18n/en';", DICTIONARIES],
    ['an island imports a language file dynamically', ISLAND, "export const load = () => import('../../i18n/kn.ts');", DICTIONARIES],
    ['an island globs the language files', ISLAND, "export const all = import.meta.glob('../../i18n/*.ts');", DICTIONARIES],
    ['an island imports a language file by a root-absolute path', ISLAND, "import { te } from '/src/i18n/te.ts';", DICTIONARIES],
    [
      'a client script imports the dictionaries',
      'src/client-scripts/example.ts',
      "import { dictionary } from '../i18n/index.ts';",
      DICTIONARIES,
    ],

    // browser code → the team API's schemas (only their types)
    ['the inbox imports the schemas', 'src/islands/inbox/example.ts', "import { leadPageSchema } from '../../lib/team-api/wire.ts';", WIRE],
    [
      'the inbox loads the schemas',
      'src/islands/inbox/example.ts',
      "export const load = () => import('../../lib/team-api/wire.ts');",
      WIRE,
    ],

    // browser code → an island's props builder (it reads every dictionary)
    ['an island imports its props builder', ISLAND, "import { formLanguage } from './props.ts';", PROPS_BUILDER],
    ["an island loads another island's props builder", ISLAND, "export const load = () => import('../calculators/props');", PROPS_BUILDER],

    // src/ → what lives outside it
    ['src/ imports the local stand-ins', 'src/lib/example.ts', "import { value } from '../../harness/serve.ts';", OUTSIDE],
    ['src/ imports a command', 'src/components/Example.ts', "import { value } from '../../scripts/check-budget.ts';", OUTSIDE],
    ['src/ imports a benchmark', 'src/islands/Example.ts', "import { value } from '../../bench/api.ts';", OUTSIDE],
    [
      'src/ imports the tests',
      'src/lib/enquiry/example.ts',
      "import { value } from '../../../tests/support/enquiry-requests.ts';",
      OUTSIDE,
    ],
    [
      'src/ imports the tests dynamically',
      'src/pages/example.ts',
      "export const load = () => import('/tests/support/enquiry-requests.ts');",
      OUTSIDE,
    ],
    ['src/ globs the tests', 'src/lib/example.ts', "export const all = import.meta.glob('../../tests/**/*.ts');", OUTSIDE],
    ['src/ imports a build integration', 'src/pages/example.ts', "import { value } from '../../integrations/csp-inline.ts';", OUTSIDE],
    ['src/ imports a function', 'src/lib/example.ts', "import { value } from '../../netlify/functions/contact.mts';", OUTSIDE],
    ['server code imports the local stand-ins', 'src/server/example.ts', "import { value } from '../../harness/serve.ts';", OUTSIDE],
    ['the collections import a command', 'src/content.config.ts', "import { value } from '../scripts/consent-lock.ts';", OUTSIDE],

    // the tools → tests/
    ['a benchmark imports a test helper', 'bench/example.ts', "import { value } from '../tests/support/enquiry-requests.ts';", TESTS],
    [
      'the fuzzer loads a test helper',
      'bench/fuzz/example.ts',
      "export const load = () => import('../../tests/support/servers.ts');",
      TESTS,
    ],
    ['a local stand-in imports a test helper', 'harness/example.ts', "import { value } from '../tests/support/words.ts';", TESTS],
    ['a command imports a test helper', 'scripts/example.ts', "import { value } from '../tests/support/csv.ts';", TESTS],
    ['a build integration imports a test helper', 'integrations/example.ts', "import { value } from '../tests/support/fonts.ts';", TESTS],

    // src/server → React
    ['server code imports React', 'src/server/example.ts', "import { value } from 'react';", REACT],
    ['server code imports React DOM dynamically', 'src/server/example.ts', "export const load = () => import('react-dom/server');", REACT],
    ['server code writes JSX', 'src/server/example.tsx', 'export const page = <p>Sent</p>;', REACT],

    // the server's rooms, one way: db ← outbound ← intake ← team ← jobs
    ['the database room imports the deliveries', 'src/server/db/example.ts', "import { value } from '../outbound/deliveries.ts';", ROOMS],
    ['the database room imports intake', 'src/server/db/example.ts', "import { value } from '../intake/accept.ts';", ROOMS],
    ['the database room imports the team room', 'src/server/db/example.ts', "export { value } from '../team/work.ts';", ROOMS],
    ['the database room loads a job', 'src/server/db/example.ts', "export const load = () => import('../jobs/sweep.ts');", ROOMS],
    ['the deliveries import intake', 'src/server/outbound/example.ts', "import { value } from '../intake/accept.ts';", ROOMS],
    ['the deliveries import the team room', 'src/server/outbound/example.ts', "import type { Caller } from '../team/auth.ts';", ROOMS],
    [
      'the deliveries import a job by a root-absolute path',
      'src/server/outbound/example.ts',
      "import { value } from '/src/server/jobs/sweep.ts';",
      ROOMS,
    ],
    ['intake imports the team room', 'src/server/intake/example.ts', "import { value } from '../team/work.ts';", ROOMS],
    ['intake imports a job', 'src/server/intake/example.ts', "import { value } from '../jobs/retention.ts';", ROOMS],
    ['the team room imports a job', 'src/server/team/example.ts', "import { value } from '../jobs/digest.ts';", ROOMS],
    ['the team room globs the jobs', 'src/server/team/example.ts', "export const all = import.meta.glob('../jobs/*.ts');", ROOMS],

    // src/lib (outside cms) → the collections
    ['src/lib outside cms imports the collections', 'src/lib/example.ts', "import { value } from '../content.config';", COLLECTIONS],
  ])('%s', async (_what, filePath, code, boundary) => {
    expect(boundariesCited(await boundaryErrors(filePath, code))).toEqual([boundary]);
  });

  it('an import() of a computed path, which the boundaries could not read', async () => {
    const code = 'export const load = (name: string) => import(`../../lib/${name}.ts`);';
    expect(await boundaryErrors(ISLAND, code)).toEqual([expect.stringContaining('string literal')]);
  });
});

describe('lint lets the allowed arrows through', () => {
  it.each([
    ['server code imports the shared schemas', 'src/server/example.ts', "import { value } from '../lib/enquiry/index.ts';"],
    [
      'server code imports Node and the Netlify packages',
      'src/server/example.ts',
      "import { readFileSync } from 'node:fs';\nimport { getStore } from '@netlify/blobs';",
    ],
    ['an island imports the shared schemas', ISLAND, "import { value } from '../../lib/enquiry/kinds';"],
    ['an island loads shared code on demand', ISLAND, "export const load = () => import('../../lib/enquiry/date');"],
    ['an island imports the formatting of words', ISLAND, "import { format, indianNumber } from '../../i18n/format';"],
    ['an island imports the locale list', ISLAND, "import { DEFAULT_LOCALE, type Locale } from '../../i18n/locales.ts';"],
    ["an island imports the dictionary's type", ISLAND, "import type { Dictionary } from '../../i18n/en';"],
    ['an island imports a browser package', ISLAND, "export const load = () => import('@emailjs/browser');"],
    [
      "an island's props builder reads every dictionary at build time",
      'src/islands/forms/props.ts',
      "import { dictionary } from '../../i18n/index.ts';",
    ],
    ['a page reads the dictionaries', 'src/pages/example.ts', "import { dictionary } from '../i18n/index.ts';"],
    ['src/lib globs the content', 'src/lib/example.ts', "export const all = import.meta.glob('../content/consent/*/*.json');"],
    ['a function imports server code', 'netlify/functions/example.mts', "import { value } from '../../src/server/index.ts';"],
    ['a test imports the local stand-ins', 'tests/functions/example.test.ts', "import { value } from '../../harness/serve.ts';"],
    ['a benchmark imports the shared fixtures', 'bench/example.ts', "import { value } from '../harness/sample-enquiries.ts';"],
    ['a local stand-in loads a function by a computed path', 'harness/example.ts', 'export const load = (file: string) => import(file);'],
    [
      "the collections run the consent lock's checks (build configuration)",
      'src/content.config.ts',
      "import { value } from '../integrations/consent-lock.ts';",
    ],
    ["a page builds an island's props", 'src/pages/example.ts', "import { formLanguage } from '../islands/forms/props.ts';"],
    ["an island imports its props' types", ISLAND, "import type { FormLanguage } from './props.ts';"],
    [
      "the inbox imports the contract's types",
      'src/islands/inbox/example.ts',
      "import type { LeadPage } from '../../lib/team-api/wire.ts';",
    ],
    [
      "the inbox imports the contract's words",
      'src/islands/inbox/example.ts',
      "import { KIND_NAMES } from '../../lib/team-api/vocabulary.ts';",
    ],
    [
      'the server builds its answers to the contract',
      'src/server/team/example.ts',
      "import { leadPageSchema } from '../../lib/team-api/wire.ts';",
    ],
    ['the deliveries read the database', 'src/server/outbound/example.ts', "import { value } from '../db/deliveries.ts';"],
    [
      'intake stores through the database and the deliveries',
      'src/server/intake/example.ts',
      "import { a } from '../db/leads.ts';\nimport { b } from '../outbound/deliveries.ts';",
    ],
    [
      'the team room reads intake, the deliveries and the database',
      'src/server/team/example.ts',
      "import { a } from '../intake/accept.ts';\nimport { b } from '../outbound/ack.ts';\nimport { c } from '../db/leads.ts';",
    ],
    [
      'a job uses every room',
      'src/server/jobs/example.ts',
      "import { a } from '../team/work.ts';\nimport { b } from '../intake/accept.ts';\nimport { c } from '../db/photos.ts';",
    ],
    [
      'a room uses the files at the top of src/server',
      'src/server/db/example.ts',
      "import { a } from '../errors.ts';\nimport { b } from '../settings.ts';",
    ],
    [
      'the CMS configuration reads the collections (the named exception)',
      'src/lib/cms/example.ts',
      "import { value } from '../../content.config';",
    ],
  ])('%s', async (_what, filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toEqual([]);
  });
});

describe('one import style: a relative import names its file with the extension', () => {
  const STYLE = 'import-style/relative-extension';
  const styleErrors = async (filePath: string, code: string) =>
    (await eslint.lintText(code, { filePath }))[0].messages.filter((m) => m.ruleId === STYLE).map((m) => m.message);

  it.each([
    ['an island imports a module without .ts', ISLAND, "import { value } from './field-state';"],
    ['an island imports a component without .tsx', ISLAND, "import { Form } from './EnquiryForm';"],
    ['a server file re-exports without .ts', 'src/server/example.ts', "export { value } from './errors';"],
    ['a page loads a module without .ts', 'src/pages/example.ts', "export const load = () => import('../lib/enquiry/date');"],
    ["a folder's implied index", 'src/lib/example.ts', "export * from './routing';"],
    ['a test imports a helper without .ts', 'tests/unit/example.test.ts', "import { value } from '../support/words';"],
    ['a root-absolute import without .ts', ISLAND, "import { value } from '/src/lib/text';"],
    ["an .astro page's frontmatter", 'src/pages/example.astro', "---\nimport Layout from '../layouts/Base';\n---\n<Layout />\n"],
  ])('refused: %s', async (_what, filePath, code) => {
    expect(await styleErrors(filePath, code)).toEqual([expect.stringContaining('Import style')]);
  });

  it.each([
    ['a module with .ts', ISLAND, "import { value } from './field-state.ts';"],
    ['a component with .tsx', ISLAND, "import { Form } from './EnquiryForm.tsx';"],
    [
      'a stylesheet, an .astro component, JSON',
      'src/pages/example.ts',
      "import '../styles/global.css';\nimport A from '../components/A.astro';\nimport b from './b.json';",
    ],
    ['a package', ISLAND, "import { useState } from 'react';"],
    ['a glob', 'src/lib/example.ts', "export const all = import.meta.glob('../content/consent/*/*.json');"],
  ])('allowed: %s', async (_what, filePath, code) => {
    expect(await styleErrors(filePath, code)).toEqual([]);
  });
});

describe('an island file has at most 200 lines, .ts as well as .tsx', () => {
  const lines = (count: number) => Array.from({ length: count }, (_, n) => `export const v${n} = ${n};`).join('\n') + '\n';
  const capped = async (filePath: string, count: number) =>
    (await eslint.lintText(lines(count), { filePath }))[0].messages.some((m) => m.ruleId === 'max-lines');

  it.each(['src/islands/forms/example.ts', 'src/islands/inbox/Example.tsx'])('%s', async (filePath) => {
    expect(await capped(filePath, 200)).toBe(false);
    expect(await capped(filePath, 201)).toBe(true);
  });
});
