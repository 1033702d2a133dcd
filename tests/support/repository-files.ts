/**
 * The repository's own text files (code, docs, configuration), for the tests that read what they
 * say about the repository (tests/unit/doc-paths.test.ts, tests/unit/scripts.test.ts): git's files,
 * tracked or new and not ignored, without the lock file, pictures, fonts and the editors' content.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

const TEXT = /\.(ts|tsx|mts|mjs|js|astro|md|css|json|toml|ya?ml|sql|sh)$|^\.ci\/run$|(^|\/)\.(prettierignore|gitignore)$/;
const SKIPPED = /^(package-lock\.json|src\/content\/|tests\/e2e\/.*-snapshots\/|tests\/cms\/fixtures\/)/;

export interface RepositoryFile {
  /** Its path from the repository's root, with forward slashes. */
  file: string;
  text: string;
}

let paths: string[] | undefined;
let files: RepositoryFile[] | undefined;

/** The path of every file of the repository (pictures and content too), from its root. */
export const repositoryPaths = (): string[] =>
  (paths ??= execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file !== '' && existsSync(path.join(ROOT, file))));

/** Every text file of the repository, read once per test file. */
export const repositoryTextFiles = (): RepositoryFile[] =>
  (files ??= repositoryPaths()
    .filter((file) => TEXT.test(file) && !SKIPPED.test(file))
    .map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') })));
