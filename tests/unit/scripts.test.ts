/**
 * package.json's scripts follow one naming scheme (docs/development.md, "Scripts"): a script that
 * runs a file runs the one its name says, and the others are test runs, checks or the names every
 * npm project has. The docs' table lists exactly these scripts, and no `npm run <name>` in the code
 * or the docs names one that does not exist.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryTextFiles } from '../support/repository-files.ts';

const root = path.resolve(import.meta.dirname, '../..');
const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const names = Object.keys(scripts);

/** The file a script that is `node <file>` runs, by the scheme. */
const fileOfScript = (name: string) => {
  const [group, rest] = name.split(':');
  if (rest === undefined) return `scripts/${group}.ts`;
  if (group === 'bench') return `bench/${rest}.ts`;
  return `scripts/${group}-${rest}.ts`;
};
/** Scripts that run a tool rather than a file of ours: every npm project has these names. */
const PROJECT_NAMES = ['dev', 'build', 'test', 'ci', 'lint', 'format', 'check'];

describe('the scripts of package.json', () => {
  it('a script that runs a file runs the one its name says, and it exists', () => {
    const wrong = names.flatMap((name) => {
      const file = /^node (\S+)$/.exec(scripts[name])?.[1];
      if (file === undefined) return [];
      if (file !== fileOfScript(name)) return [`${name} runs ${file}, not ${fileOfScript(name)}`];
      return existsSync(path.join(root, file)) ? [] : [`${name}: ${file} is missing`];
    });
    expect(wrong).toEqual([]);
  });

  it('every other script is a test run, a check, or a name every npm project has', () => {
    const others = names.filter((name) => !/^node \S+$/.test(scripts[name]));
    expect(others.filter((name) => !PROJECT_NAMES.includes(name) && !/^(test|check):[a-z0-9-]+$/.test(name))).toEqual([]);
  });

  it('`npm run ci` and `npm test` are what CI runs: bash .ci/run', () => {
    expect(scripts.ci).toBe('bash .ci/run');
    expect(scripts.test).toBe('bash .ci/run');
  });
});

it("docs/development.md's table of scripts lists exactly the scripts of package.json", () => {
  const doc = readFileSync(path.join(root, 'docs/development.md'), 'utf8');
  const section = doc.slice(doc.indexOf('\n## Scripts\n'), doc.indexOf('\n## ', doc.indexOf('\n## Scripts\n') + 1));
  const listed = [...section.matchAll(/^\| `npm (?:run )?([\w:-]+)/gm)].map((match) => match[1]);
  expect(listed.sort()).toEqual(names.sort());
});

it('every `npm run <name>` in the code and the docs names a script of package.json', () => {
  const missing = repositoryTextFiles().flatMap(({ file, text }) =>
    // `npm run leads:*` names a group: some script of it must exist.
    [...text.matchAll(/\bnpm run ([a-z][\w:-]*(?:\w|:\*))/g)]
      .map((match) => match[1])
      .filter((name) => (name.endsWith(':*') ? !names.some((script) => script.startsWith(name.slice(0, -1))) : !names.includes(name)))
      .map((name) => `${file}: npm run ${name}`),
  );
  expect([...new Set(missing)]).toEqual([]);
});
