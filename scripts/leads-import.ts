/**
 * `npm run leads:import`: moves leads into the database, from an export or from the Blobs store
 * leads were kept in before.
 *
 *   npm run leads:import -- leads.csv                 # the CSV that GET /api/leads (or npm run leads:export) writes
 *   npm run leads:import -- leads.json                # its JSON ({ count, leads } or a list of leads)
 *   npm run leads:import -- --from-blobs              # the `leads` Blobs store of `npm start` (.netlify/blobs-serve)
 *   NETLIFY_SITE_ID=… NETLIFY_API_TOKEN=… npm run leads:import -- --from-blobs   # a deployed site's store
 *
 * Every row is checked first, as the pipeline checks a lead (its kind's schema); a row that fails
 * is reported with its line and field, and then nothing is imported. Otherwise the leads go in,
 * batch by batch, with their status, note, history and delivery state; photos stay where they
 * are (keyed by the lead). Ids already in the database are left as they are, so running it twice
 * gives the same rows, and a run cut short is finished by running it again. It writes to the
 * database `npm start` serves (.netlify/db), whether the site is running or not, or to
 * NETLIFY_DB_URL when that is set.
 *
 * `leadsImport(args, io)` is the command itself, returning its exit status: the tests call it in
 * their own process (its output through `io`), and run this file as a process too, as the CLI.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { getStore } from '@netlify/blobs';
import { parse } from 'csv-parse/sync';
import { openLocalStore, storeOptions } from '../harness/local-store.ts';
import { openProjectDatabase } from '../harness/database.ts';
import { closeDatabase, transaction, withDatabase } from '../src/server/db/connection.ts';
import { importRecords } from '../src/server/db/lead-import.ts';
import { importedRecord, recordOfCsvRow } from '../src/server/team/import.ts';
import { ENQUIRY_KINDS } from '../src/lib/enquiry/index.ts';
import type { LeadRecord } from '../src/lib/enquiry/lead-record.ts';

/** One row to import and where it came from, for the messages. */
interface Row {
  where: string;
  value: Record<string, unknown>;
}

const rowsOfFile = async (file: string): Promise<Row[]> => {
  const text = await readFile(file, 'utf8');
  if (/^\s*[[{]/.test(text.replace(/^\uFEFF/, ''))) {
    const json = JSON.parse(text.replace(/^\uFEFF/, '')) as { leads?: unknown } | unknown[];
    const leads = Array.isArray(json) ? json : (json.leads as unknown[] | undefined);
    if (!Array.isArray(leads)) throw new Error(`${file}: JSON without a list of leads`);
    return leads.map((value, n) => ({ where: `lead ${n + 1}`, value: value as Record<string, unknown> }));
  }
  const parsed = parse<{ record: Record<string, string>; info: { lines: number } }>(text, {
    bom: true,
    columns: true,
    info: true,
    relax_column_count: false,
    skip_empty_lines: true,
  });
  return parsed.map(({ record, info }) => ({ where: `line ${info.lines}`, value: recordOfCsvRow(record) }));
};

/** Every lead (and spam) record of a `leads` Blobs store: `<kind>/<month>/<id>` and `spam/<kind>/<month>/<id>`. */
const rowsOfBlobs = async (values: { dir?: string; site?: string }, io: LeadsImportOutput): Promise<Row[]> => {
  const siteID = process.env.NETLIFY_SITE_ID;
  const token = process.env.NETLIFY_API_TOKEN ?? process.env.NETLIFY_AUTH_TOKEN;
  const local = siteID && token ? null : await openLocalStore(values);
  try {
    const store = siteID && token ? getStore({ name: 'leads', siteID, token }) : getStore({ name: 'leads', consistency: 'strong' });
    const lead = new RegExp(`^(spam/)?(${ENQUIRY_KINDS.join('|')})/\\d{4}-\\d{2}/[^/]+$`);
    const rows: Row[] = [];
    for await (const page of store.list({ paginate: true })) {
      for (const { key } of page.blobs.filter((blob) => lead.test(blob.key))) {
        const value = (await store.get(key, { type: 'json' })) as Record<string, unknown> | null;
        if (value) rows.push({ where: key, value });
      }
      io.progress(`read ${rows.length} records from the Blobs store\r`);
    }
    io.progress('\n');
    return rows;
  } finally {
    await local?.close();
  }
};

/** Where the command writes: lines to standard output and error, and its progress (to standard error, as it goes). */
export interface LeadsImportOutput {
  log(line: string): void;
  error(line: string): void;
  progress(text: string): void;
}
const STANDARD_OUTPUT: LeadsImportOutput = {
  log: (line) => console.log(line),
  error: (line) => console.error(line),
  progress: (text) => process.stderr.write(text),
};

/** `npm run leads:import -- <args>`: resolves to the exit status (0 imported, 1 rows failed, 2 usage). */
export const leadsImport = async (args: string[], io: LeadsImportOutput = STANDARD_OUTPUT): Promise<number> => {
  const { values, positionals } = parseArgs({
    args,
    options: { ...storeOptions, 'from-blobs': { type: 'boolean', default: false }, batch: { type: 'string', default: '1000' } },
    allowPositionals: true,
  });
  const fromBlobs = values['from-blobs'];
  if (fromBlobs === (positionals.length === 1) || positionals.length > 1) {
    io.error('Usage: npm run leads:import -- <export.csv | export.json>, or npm run leads:import -- --from-blobs');
    return 2;
  }
  const batchSize = Math.max(1, Number(values.batch) || 1000);

  const rows = fromBlobs ? await rowsOfBlobs(values, io) : await rowsOfFile(positionals[0]);
  const records: LeadRecord[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const result = importedRecord(row.value);
    if (!('record' in result)) {
      for (const [field, message] of Object.entries(result.problems)) problems.push(`${row.where}: ${field}: ${message}`);
      continue;
    }
    if (seen.has(result.record.id)) problems.push(`${row.where}: id: ${result.record.id} comes twice`);
    seen.add(result.record.id);
    records.push(result.record);
  }
  if (problems.length > 0) {
    for (const line of problems.slice(0, 100)) io.error(line);
    if (problems.length > 100) io.error(`… and ${problems.length - 100} more`);
    io.error(`Nothing imported: ${problems.length} problem(s) in ${rows.length} row(s). Correct them and run it again.`);
    return 1;
  }

  const database = await openProjectDatabase();
  try {
    let added = 0;
    const started = performance.now();
    for (let at = 0; at < records.length; at += batchSize) {
      const batch = records.slice(at, at + batchSize);
      added += await withDatabase(() => transaction(() => importRecords(batch)), 120_000);
      const done = Math.min(at + batchSize, records.length);
      const rate = Math.round(done / ((performance.now() - started) / 1000 || 1));
      io.progress(
        `imported ${done.toLocaleString('en')} of ${records.length.toLocaleString('en')} (${rate.toLocaleString('en')} a second)\r`,
      );
    }
    io.progress('\n');
    io.log(`Imported ${added} new lead(s); ${records.length - added} were there already.`);
  } finally {
    await closeDatabase();
    await database.close();
  }
  return 0;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await leadsImport(process.argv.slice(2));
