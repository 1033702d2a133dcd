/**
 * The README is the front door (docs/development.md keeps the rest): at most 120 lines, exactly two
 * set-up commands (one runs the site, one every test, as CI does), and the one folder map, which no
 * other doc repeats.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { repositoryTextFiles } from '../support/repository-files.ts';

const readme = readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');
/** A folder map: a code block naming folders of src/ one a line. */
const isFolderMap = (text: string) => /^```\n(src\/[\w.-]+\/ .*\n)+/m.test(text);

it('is at most 120 lines', () => {
  expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(120);
});

it('sets up a fresh machine with two commands: the site with its functions and database, and every test as CI runs it', () => {
  const setUp = readme.slice(readme.indexOf('## Set up a fresh machine'));
  const commands = /```sh\n([\s\S]*?)```/.exec(setUp)?.[1].trim().split('\n') ?? [];
  expect(commands.map((line) => line.replace(/\s+#.*$/, ''))).toEqual(['npm install && npm start', 'npm test']);
  const scripts = (
    JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;
  expect(scripts.test).toBe('bash .ci/run');
});

it('holds the folder map, and no other doc does', () => {
  expect(isFolderMap(readme)).toBe(true);
  const others = repositoryTextFiles().filter(({ file, text }) => file.endsWith('.md') && file !== 'README.md' && isFolderMap(text));
  expect(others.map(({ file }) => file)).toEqual([]);
});
