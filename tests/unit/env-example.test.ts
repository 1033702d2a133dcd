/**
 * .env.example lists every setting the site's code reads (src/, netlify/) and every one of the
 * server's settings schema, under its comment: a setting added without a line there fails here.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { settingsSchema } from '../../src/server/settings.ts';

const root = path.resolve(import.meta.dirname, '../..');
const sources = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|astro|mjs)$/.test(file))
    .map((file) => readFileSync(path.join(root, dir, file), 'utf8'));

/** Names read as process.env.X, env().X, env.X, environment.X or e.X (settings.ts's reader). */
const READ = /\b(?:process\.env|env\(\)|env|environment|e)\.([A-Z][A-Z0-9_]{2,})\b/g;
/** Astro's own (import.meta.env.DEV) and the CMS dev server's internal switch. */
const NOT_SETTINGS = new Set(['DEV', 'PROD', 'ARANYA_CMS']);

test('.env.example has a commented line for every setting the code reads', () => {
  const read = new Set([...sources('src'), ...sources('netlify')].flatMap((text) => [...text.matchAll(READ)].map((match) => match[1])));
  const example = readFileSync(path.join(root, '.env.example'), 'utf8');
  const listed = new Set(example.split('\n').flatMap((line) => /^# ([A-Z][A-Z0-9_]+)=/.exec(line)?.[1] ?? []));
  const names = [...new Set([...read, ...Object.keys(settingsSchema.shape)])].filter((name) => !NOT_SETTINGS.has(name));
  expect(names.length, 'the scan finds the settings').toBeGreaterThan(25);
  expect(names.filter((name) => !listed.has(name))).toEqual([]);
});
