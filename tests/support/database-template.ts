/**
 * Vitest global setup: a dump of a freshly migrated local database, made once and kept in
 * node_modules/.cache under a name that carries a hash of the migrations and PGlite's version, so
 * every test file starts its own database from it in about a second instead of migrating one.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR, root, writeTemplate } from '../../harness/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: string;
  }
}

const templateFile = async () => {
  // The version of the template's making (harness/database.ts migratedTemplate): 2 drops the unused databases.
  const hash = createHash('sha256').update('template 2');
  for (const name of (await readdir(MIGRATIONS_DIR, { recursive: true })).sort()) {
    const file = path.join(MIGRATIONS_DIR, name);
    if (name.endsWith('.sql')) hash.update(name).update(await readFile(file));
  }
  hash.update(
    (JSON.parse(await readFile(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }).version,
  );
  return path.join(root, 'node_modules', '.cache', 'aranya-database', `template-${hash.digest('hex').slice(0, 16)}.tar`);
};

export default async function setup(project: TestProject) {
  const file = await templateFile();
  if (!existsSync(file)) {
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}`;
    await writeTemplate(partial);
    await rename(partial, file);
  }
  project.provide('databaseTemplate', file);
}
