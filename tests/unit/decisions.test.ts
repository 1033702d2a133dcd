/**
 * docs/decisions/: one file a decision, `NNN-<topic>.md`, numbered without gaps, each opening with
 * its number and title, then its date and status; docs/decisions/README.md lists every one, as
 * its own first lines say.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const folder = path.resolve(import.meta.dirname, '../../docs/decisions');
const files = readdirSync(folder)
  .filter((file) => file !== 'README.md')
  .sort();
const index = readFileSync(path.join(folder, 'README.md'), 'utf8');

it('each decision is NNN-<topic>.md, numbered from 001 without gaps', () => {
  expect(files.length).toBeGreaterThan(40);
  expect(files.map((file) => /^(\d{3})-[a-z0-9-]+\.md$/.exec(file)?.[1])).toEqual(files.map((_, i) => String(i + 1).padStart(3, '0')));
});

it('each opens with its number and title, then its date and its status, and is a row of the index', () => {
  const wrong = files.flatMap((file) => {
    const head = /^# (\d{3})\. (.+)\n\nDate: (\d{4}-\d{2}-\d{2}) · Status: (accepted|superseded by \d{3})\n\n\S/.exec(
      readFileSync(path.join(folder, file), 'utf8'),
    );
    if (!head || head[1] !== file.slice(0, 3)) return [`${file}: no "# NNN. Title" and "Date: … · Status: …" heading`];
    const row = `| ${head[1]} | [${head[2]}](${file}) | ${head[3]} | ${head[4]} |`;
    return index.includes(row) ? [] : [`${file}: README.md has no row ${row}`];
  });
  expect(wrong).toEqual([]);
});

it('the index lists no decision that has no file', () => {
  const listed = [...index.matchAll(/^\| \d{3} \| \[[^\]]+\]\(([^)]+)\)/gm)].map((match) => match[1]);
  expect(listed).toEqual(files);
});
