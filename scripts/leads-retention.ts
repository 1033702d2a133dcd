/**
 * Runs the retention job (what the `leads-retention` scheduled function runs daily) once against
 * the local store: deletes leads older than LEADS_RETENTION_MONTHS (or --months), and prints
 * the counts.
 *
 *   npm run leads:retention [-- --months 24] [--dir .netlify/blobs-serve]
 */
import { parseArgs } from 'node:util';
import { openLocalStore, storeOptions } from '../harness/local-store.ts';
import { deleteExpiredLeads } from '../src/server/retention.ts';

// The pipeline's log lines go to stderr; stdout carries only the report.
console.log = console.error.bind(console);
const { values } = parseArgs({ options: { ...storeOptions, months: { type: 'string' } } });
const months = values.months === undefined ? undefined : Number(values.months);
if (months !== undefined && !(Number.isInteger(months) && months >= 1)) {
  console.error('--months must be a whole number of months, 1 or more');
  process.exit(2);
}
const store = await openLocalStore(values);
try {
  process.stdout.write(`${JSON.stringify(await deleteExpiredLeads({ months }), null, 2)}\n`);
} finally {
  await store.close();
}
