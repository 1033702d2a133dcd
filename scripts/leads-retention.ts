/**
 * `npm run leads:retention`: what the daily retention job does, on the local database (the one
 * `npm start` serves) and its local Blobs store: deletes the leads older than
 * LEADS_RETENTION_MONTHS (or --months) with their photos. Prints the report as JSON.
 *
 *   npm run leads:retention [-- --months 24] [--dir .netlify/blobs-serve]
 */
import { parseArgs } from 'node:util';
import { openLocalStore, storeOptions } from '../harness/local-store.ts';
import { openProjectDatabase } from '../harness/database.ts';
import { closeDatabase } from '../src/server/db/connection.ts';
import { deleteExpiredLeads } from '../src/server/jobs/retention.ts';

// The pipeline's log lines go to stderr; stdout carries only the report.
console.log = console.error.bind(console);
const { values } = parseArgs({ options: { ...storeOptions, months: { type: 'string' } } });
const months = values.months === undefined ? undefined : Number(values.months);
if (months !== undefined && !(Number.isInteger(months) && months >= 1)) {
  console.error('--months must be a whole number of months, 1 or more');
  process.exit(2);
}
const store = await openLocalStore(values);
const database = await openProjectDatabase();
try {
  process.stdout.write(`${JSON.stringify(await deleteExpiredLeads({ months }), null, 2)}\n`);
} finally {
  await closeDatabase();
  await database.close();
  await store.close();
}
