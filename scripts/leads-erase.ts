/**
 * `npm run leads:erase -- <id>`: erases one lead of the local database (the one `npm start`
 * serves) with its deliveries, history and photos, and its details in the team's log.
 *
 *   npm run leads:erase -- 3f2b…-uuid [--dir .netlify/blobs-serve]
 */
import { parseArgs } from 'node:util';
import { openLocalStore, storeOptions } from '../harness/local-store.ts';
import { openProjectDatabase } from '../harness/database.ts';
import { closeDatabase, withDatabase } from '../src/server/db/connection.ts';
import { eraseLead } from '../src/server/team/erase.ts';

const { values, positionals } = parseArgs({ options: storeOptions, allowPositionals: true });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
if (positionals.length !== 1 || !UUID.test(positionals[0])) {
  console.error('Usage: npm run leads:erase -- <id> (the lead id, a UUID)');
  process.exit(2);
}
const [id] = positionals;
const store = await openLocalStore(values);
const database = await openProjectDatabase();
try {
  const erased = await withDatabase(() => eraseLead(id), 60_000);
  console.log(erased ? `Erased lead ${id} with its photos.` : `No lead has the id ${id}.`);
  process.exitCode = erased ? 0 : 1;
} finally {
  await closeDatabase();
  await database.close();
  await store.close();
}
