/**
 * The import boundaries of eslint.config.js: each forbidden arrow is linted as if it were a real
 * file in its folder, and must be refused; the allowed direction must pass.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

// The first lint loads the whole configuration and its plugins: seconds on a busy machine, so
// it is done once here, with time to spare, rather than inside the first test.
beforeAll(() => eslint.lintText('export {};\n', { filePath: 'src/lib/warm-up.ts' }), 120_000);

/** The no-restricted-imports messages ESLint gives `code` placed at `filePath`. */
const boundaryErrors = async (filePath: string, code: string): Promise<string[]> => {
  const [result] = await eslint.lintText(`${code}\nexport const used = value;\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
};

describe('lint refuses the arrows that must not exist', () => {
  it.each([
    ['an island imports server code', 'src/islands/forms/Example.tsx', "import { value } from '../../server/store.ts';"],
    ['a component imports server code', 'src/components/common/Example.astro.ts', "import { value } from '../../server/notify.ts';"],
    ['a page imports server code', 'src/pages/example.ts', "import { value } from '../server/index.ts';"],
    ['shared enquiry code imports server code', 'src/lib/enquiry/example.ts', "import { value } from '../../server/errors.ts';"],
    ['a helper in src/lib imports server code', 'src/lib/example.ts', "import { value } from '../server/errors';"],
    ['src/ imports the local stand-ins', 'src/lib/example.ts', "import { value } from '../../harness/serve.ts';"],
    ['src/ imports a command', 'src/components/Example.ts', "import { value } from '../../scripts/budget.ts';"],
    ['src/ imports a benchmark', 'src/islands/Example.ts', "import { value } from '../../bench/api.ts';"],
    ['src/ imports the tests', 'src/lib/enquiry/example.ts', "import { value } from '../../../tests/support/sample-enquiries.ts';"],
    ['src/ imports a build integration', 'src/pages/example.ts', "import { value } from '../../integrations/csp-inline.ts';"],
    ['server code imports React', 'src/server/example.ts', "import { value } from 'react';"],
    ['src/lib outside cms imports the collections', 'src/lib/example.ts', "import { value } from '../content.config';"],
  ])('%s', async (_what, filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toHaveLength(1);
  });
});

describe('lint lets the allowed arrows through', () => {
  it.each([
    ['server code imports the shared schemas', 'src/server/example.ts', "import { value } from '../lib/enquiry/index.ts';"],
    ['an island imports the shared schemas', 'src/islands/forms/Example.tsx', "import { value } from '../../lib/enquiry/kinds';"],
    ['a function imports server code', 'netlify/functions/example.mts', "import { value } from '../../src/server/index.ts';"],
    ['a test imports the local stand-ins', 'tests/functions/example.test.ts', "import { value } from '../../harness/serve.ts';"],
    [
      'the CMS configuration reads the collections (the named exception)',
      'src/lib/cms/example.ts',
      "import { value } from '../../content.config';",
    ],
  ])('%s', async (_what, filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toEqual([]);
  });
});
