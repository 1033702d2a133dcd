/**
 * Every repository path named in a comment or a doc exists, so that a file moved or renamed cannot
 * leave the docs and comments pointing at nothing. Read: the comments of the TypeScript and
 * JavaScript files (strings and code are left out), and the whole of the Markdown,
 * .astro, CSS, SQL, TOML and YAML files and .ci/run. Checked:
 * - a path from the root (`src/server/db/leads.ts`, `docs/`, `.ci/run`) exists; a glob or a
 *   placeholder (`src/islands/**` + `/*.tsx`, `src/i18n/<code>.ts`) needs the folder before it;
 * - a shorter path with a file name (`db/leads.ts`, `inbox/api.ts`) is the end of some file's path,
 *   and one that starts with a dot is found from the file's folder (or the root, as commands run);
 * - a root configuration file (`vitest.dist.config.ts`) exists;
 * - a Markdown link to a file of the repository reaches it, and its `#anchor` a heading there.
 * Deliberate examples of paths that do not exist are listed in EXAMPLES, each with its reason.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryPaths, repositoryTextFiles, ROOT, type RepositoryFile } from '../support/repository-files.ts';

/** Paths named on purpose that do not exist, by the file that names them, and why. */
const EXAMPLES: Record<string, { paths: string[]; why: string }> = {
  'docs/development.md': {
    paths: ['/src/server/x.ts', 'src/content/consent/ml/'],
    why: 'a root-absolute import the lint refuses; where a fifth language (Malayalam) would go',
  },
  'eslint.config.js': {
    paths: ['src/server/x', 'X.astro/0_0.ts'],
    why: 'an import the lint refuses; the virtual file of an .astro script',
  },
  '.github/workflows/ci.yml': {
    paths: ['tests/e2e/screenshots.spec.ts-snapshots/playwright-chromium/'],
    why: 'the screenshot set a run writes for a Chromium that has none committed',
  },
  'tests/e2e/screenshots.spec.ts': { paths: ['tests/e2e/screenshots.spec.ts-snapshots/playwright-chromium/'], why: 'the same' },
};

const TOP = ['src', 'tests', 'harness', 'bench', 'scripts', 'netlify', 'docs', 'integrations', 'types', 'public', '.ci', '.github'];
/** Folders that are made, not committed: the build, installs, local stores. */
const MADE = /^(dist|node_modules|\.netlify|\.astro|outbox|tmp|test-results|playwright-report)\//;
const CODE = /\.(ts|tsx|mts|mjs|js)$/;

const files = repositoryTextFiles();
const allPaths = new Set(repositoryPaths());
const folders = new Set(
  [...allPaths].flatMap((file) =>
    file
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);
/** Every path's endings from its second part on (`db/leads.ts` of `src/server/db/leads.ts`). */
const endings = new Set(
  [...allPaths, ...folders].flatMap((file) =>
    file
      .split('/')
      .slice(1)
      .map((_, i, parts) => parts.slice(i).join('/')),
  ),
);
const exists = (repoPath: string) => {
  const clean = repoPath.replace(/\/$/, '');
  return allPaths.has(clean) || folders.has(clean) || existsSync(path.join(ROOT, clean));
};

/**
 * The comments of a TypeScript or JavaScript file: a block or line comment that starts a line, and
 * a line comment after code. (As exact as TypeScript's parser here, and 100 times faster.)
 */
const COMMENT = /^[ \t]*(\/\*[\s\S]*?\*\/|\/\/.*)|[ \t]\/\/ .*$/gm;
const commentsOf = (text: string) => [...text.matchAll(COMMENT)].map((match) => match[0]);

/** What of a file is read: a code file's comments, any other file whole. */
const readable = ({ file, text }: RepositoryFile) => (CODE.test(file) ? commentsOf(text).join('\n') : text);

const before = String.raw`(?<![\w.@/\\-])`;
const pathChars = String.raw`[\w.\-/\[\]*<>{}$+]`;
const ROOTED = new RegExp(`${before}/?((?:${TOP.map((t) => t.replace('.', '\\.')).join('|')})/${pathChars}*)`, 'g');
const RELATIVE = new RegExp(`${before}((?:\\.\\.?/)*(?:[\\w.\\-\\[\\]]+/)+[\\w.\\-]+\\.(?:ts|tsx|mts|astro|css|md|sql|mjs))\\b`, 'g');
const CONFIG = new RegExp(`${before}([\\w-]+(?:\\.[\\w-]+)*\\.config\\.(?:ts|mjs|js))\\b`, 'g');

/** Without the brackets of a Markdown link around it (`[docs/api.md]`), or a sentence's full stop. */
const trimmed = (named: string) => {
  let text = named.replace(/[.,]+$/, '');
  const count = (char: string) => text.split(char).length - 1;
  while (text.endsWith(']') && count(']') > count('[')) text = text.slice(0, -1);
  while (text.startsWith('[') && count('[') > count(']')) text = text.slice(1);
  return text.replace(/[.,]+$/, '');
};

/** The part of a named path to check: up to a glob or placeholder. */
const checkable = (named: string) => {
  const parts = named.split('/');
  const wild = parts.findIndex((part) => /[*<>{}$]/.test(part));
  return wild === -1 ? parts.join('/') : parts.slice(0, wild).join('/') + '/';
};

const problemsOf = (entry: RepositoryFile): string[] => {
  const text = readable(entry);
  const allowed = EXAMPLES[entry.file]?.paths ?? [];
  const problems: string[] = [];
  const isAllowed = (named: string) => allowed.includes(named) || allowed.includes(`/${named}`);
  for (const match of text.matchAll(ROOTED)) {
    const named = trimmed(match[1]);
    if (!exists(checkable(named)) && !isAllowed(named)) problems.push(named);
  }
  for (const match of text.matchAll(RELATIVE)) {
    const named = trimmed(match[1]);
    if (MADE.test(named) || TOP.some((top) => named.startsWith(`${top}/`)) || isAllowed(named)) continue;
    // A path starting with a dot from the file's own folder (or the root); db/leads.ts as the end of some path.
    const found = /^\.\.?\//.test(named)
      ? exists(path.posix.join(path.posix.dirname(entry.file), named)) || exists(path.posix.normalize(named))
      : endings.has(named);
    if (!found) problems.push(named);
  }
  for (const [, named] of text.matchAll(CONFIG)) if (!exists(named) && !isAllowed(named)) problems.push(named);
  return [...new Set(problems)].map((named) => `${entry.file}: ${named}`);
};

describe('repository paths named in comments and docs', () => {
  it('exist', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files.flatMap(problemsOf)).toEqual([]);
  });

  it('the examples listed as deliberate are still named, and still do not exist', () => {
    const stale = Object.entries(EXAMPLES).flatMap(([file, { paths }]) => {
      const text = files.find((entry) => entry.file === file)?.text ?? '';
      return paths.filter((named) => !text.includes(named) || exists(named.replace(/^\//, ''))).map((named) => `${file}: ${named}`);
    });
    expect(stale).toEqual([]);
  });
});

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/\s/g, '-');

const anchorsOf = (text: string) => {
  const counts = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of text.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(heading);
    const n = counts.get(base) ?? 0;
    counts.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const [, id] of text.matchAll(/<a (?:id|name)="([^"]+)"/g)) anchors.add(id);
  return anchors;
};

it('every Markdown link to a repository file reaches it, and its anchor a heading of it', () => {
  const markdown = files.filter(({ file }) => file.endsWith('.md'));
  const texts = new Map(markdown.map(({ file, text }) => [file, text]));
  const broken = markdown.flatMap(({ file, text }) =>
    [...text.replace(/^```[\s\S]*?^```/gm, '').matchAll(/\]\(([^)\s]+)\)/g)]
      .map((match) => match[1])
      // Not the web, and not the site's own pages (/Privacy).
      .filter((target) => !/^(https?:|mailto:|tel:|\/)/.test(target))
      .flatMap((target) => {
        const [where, anchor] = target.split('#');
        const linked = where === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), where));
        if (!exists(linked)) return [`${file}: ${target} (no ${linked})`];
        if (anchor === undefined || !linked.endsWith('.md')) return [];
        return anchorsOf(texts.get(linked) ?? '').has(decodeURIComponent(anchor)) ? [] : [`${file}: ${target} (no heading #${anchor})`];
      }),
  );
  expect(broken).toEqual([]);
});
