/**
 * `npm run leads:clock`: what the scheduled first-contact clock does, on the local database (the
 * one `npm start` serves, .netlify/db) and its local Blobs store: the steps that are due (remind,
 * escalate, reassign), whatever the clock's note says. Prints the report as JSON. With
 * LEADS_CLOCK_NOW (an ISO time) it runs as if it were then: a lead left alone escalates on a fake clock.
 *
 *   npm run leads:clock [-- --dir .netlify/blobs-serve]
 */
import { parseArgs } from 'node:util';
import { openLocalStore, storeOptions, useLocalEmailJsUnlessConfigured } from '../harness/local-store.ts';
import { openProjectDatabase } from '../harness/database.ts';
import { closeDatabase } from '../src/server/db/connection.ts';
import { useLocalWebPushKeys } from '../harness/local-push.ts';
import { runClock } from '../src/server/jobs/first-contact.ts';

// The pipeline's log lines go to stderr; stdout carries only the report.
console.log = console.error.bind(console);
const { values } = parseArgs({ options: storeOptions });
const fake = process.env.LEADS_CLOCK_NOW ? Date.parse(process.env.LEADS_CLOCK_NOW) : NaN;
if (Number.isFinite(fake)) {
  const offset = fake - Date.now();
  const RealDate = Date;
  globalThis.Date = class extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...(args as [string]));
    }
    static now() {
      return RealDate.now() + offset;
    }
  } as DateConstructor;
}
const store = await openLocalStore(values);
const database = await openProjectDatabase();
const stopEmail = await useLocalEmailJsUnlessConfigured();
await useLocalWebPushKeys();
try {
  process.stdout.write(`${JSON.stringify(await runClock({ wake: true }), null, 2)}\n`);
} finally {
  await stopEmail();
  await closeDatabase();
  await database.close();
  await store.close();
}
