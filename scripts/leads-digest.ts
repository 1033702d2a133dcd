/**
 * `npm run leads:digest`: the owner's morning digest (src/server/jobs/digest.ts) of India's
 * yesterday, or of `--day`, from the local database (the one `npm start` serves, .netlify/db).
 * It sends it once per day, as the scheduled run does (DIGEST_TO and EMAILJS_DIGEST_TEMPLATE_ID
 * must be set; without EmailJS settings it goes to the local stand-in's outbox/). `--dry-run`
 * prints the e-mail instead, and sends nothing.
 *
 *   npm run leads:digest -- --dry-run
 *   npm run leads:digest -- --day 2026-11-26
 */
import { parseArgs } from 'node:util';
import { useLocalEmailJsUnlessConfigured } from '../harness/local-store.ts';
import { openProjectDatabase } from '../harness/database.ts';
import { closeDatabase } from '../src/server/db/connection.ts';
import { sendDigest } from '../src/server/jobs/digest.ts';

// The pipeline's log lines go to stderr; stdout carries only the digest or the report.
console.log = console.error.bind(console);
const { values } = parseArgs({ options: { 'dry-run': { type: 'boolean', default: false }, day: { type: 'string' } } });
if (values.day !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.day)) {
  console.error('leads:digest: --day takes a date, YYYY-MM-DD');
  process.exit(2);
}
const database = await openProjectDatabase();
const stopEmail = values['dry-run'] ? async () => {} : await useLocalEmailJsUnlessConfigured();
try {
  const report = await sendDigest({ dryRun: values['dry-run'], day: values.day });
  if ('params' in report) {
    process.stdout.write(`To: ${report.params.to_email}\nSubject: ${report.params.subject_line}\n\n${report.params.message}\n`);
  } else {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    if (!report.sent && report.reason !== 'already-sent') process.exitCode = 1;
  }
} finally {
  await stopEmail();
  await closeDatabase();
  await database.close();
}
