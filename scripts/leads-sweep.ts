/**
 * Runs the notification sweep (what the `leads-sweep` scheduled function runs every 10 minutes)
 * once against the local store, and prints its report.
 *
 *   npm run leads:sweep [-- --dir .netlify/blobs-serve]
 *
 * Without EmailJS settings the e-mails go to outbox/ through the local stand-in.
 */
import { parseArgs } from 'node:util';
import { openLocalStore, storeOptions, useLocalEmailJsUnlessConfigured } from '../harness/local-store.ts';
import { sweepPending } from '../src/server/sweep.ts';

// The pipeline's log lines go to stderr; stdout carries only the report.
console.log = console.error.bind(console);
const { values } = parseArgs({ options: storeOptions });
const store = await openLocalStore(values);
const stopEmail = await useLocalEmailJsUnlessConfigured();
try {
  process.stdout.write(`${JSON.stringify(await sweepPending(), null, 2)}\n`);
} finally {
  await stopEmail();
  await store.close();
}
