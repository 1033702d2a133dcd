/**
 * `npm run leads:sweep`: what the scheduled sweep does, on the local database (the one `npm start`
 * serves, .netlify/db) and its local Blobs store: tries every delivery that is due, whatever the
 * note of pending work says. Without EmailJS settings the e-mails go to the local stand-in's
 * outbox/. Prints the report as JSON.
 *
 *   npm run leads:sweep [-- --dir .netlify/blobs-serve]
 */
import { parseArgs } from 'node:util';
import { openLocalStore, storeOptions, useLocalEmailJsUnlessConfigured } from '../harness/local-store.ts';
import { openProjectDatabase } from '../harness/database.ts';
import { closeDatabase } from '../src/server/db/connection.ts';
import { useLocalWebPushKeys } from '../harness/local-push.ts';
import { sweepPending } from '../src/server/jobs/sweep.ts';

// The pipeline's log lines go to stderr; stdout carries only the report.
console.log = console.error.bind(console);
const { values } = parseArgs({ options: storeOptions });
const store = await openLocalStore(values);
const database = await openProjectDatabase();
const stopEmail = await useLocalEmailJsUnlessConfigured();
await useLocalWebPushKeys();
try {
  process.stdout.write(`${JSON.stringify(await sweepPending({ wake: true }), null, 2)}\n`);
} finally {
  await stopEmail();
  await closeDatabase();
  await database.close();
  await store.close();
}
