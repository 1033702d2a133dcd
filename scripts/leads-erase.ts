/**
 * Erases one lead of the local store with its photos and index entries (what
 * DELETE /api/leads/<id> does on the site).
 *
 *   npm run leads:erase -- <id> [--dir .netlify/blobs-serve]
 *
 * Exits 1 when no lead has that id, 2 when no id is given.
 */
import { parseArgs } from 'node:util';
import { openLocalStore, storeOptions } from '../harness/local-store.ts';
import { eraseLead } from '../src/server/erase.ts';

const { values, positionals } = parseArgs({ options: storeOptions, allowPositionals: true });
if (positionals.length !== 1) {
  console.error('Usage: npm run leads:erase -- <id>');
  process.exit(2);
}
const [id] = positionals;
const store = await openLocalStore(values);
try {
  const erased = await eraseLead(id);
  console.log(erased ? `Erased lead ${id} with its photos.` : `No lead has the id ${id}.`);
  process.exitCode = erased ? 0 : 1;
} finally {
  await store.close();
}
