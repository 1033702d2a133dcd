/**
 * Exports the leads of the local store (the one `npm start` writes, .netlify/blobs-serve) with
 * the same code as GET /api/leads.
 *
 *   npm run leads:export -- --out leads.csv [--kind bankloan] [--from 2025-01-01] [--to 2025-01-31]
 *                           [--format csv|json] [--spam] [--dir .netlify/blobs-serve]
 *
 * Without --out the export is printed to stdout.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { getStore, setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { listLeads, parseExportQuery, renderExport } from '../src/lib/leads/export.ts';
import { LEADS_STORE } from '../src/lib/leads/store.ts';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    kind: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    format: { type: 'string' },
    spam: { type: 'boolean', default: false },
    dir: { type: 'string', default: path.join(root, '.netlify', 'blobs-serve') },
    // @netlify/dev keeps local entries under site id "0".
    site: { type: 'string', default: '0' },
  },
});

const params = new URLSearchParams();
for (const name of ['kind', 'from', 'to', 'format'] as const) if (values[name]) params.set(name, values[name]);
if (values.spam) params.set('spam', '1');
const parsed = parseExportQuery(params);
if ('errors' in parsed) {
  for (const [name, message] of Object.entries(parsed.errors)) console.error(`--${name}: ${message}`);
  process.exit(2);
}

const token = 'leads-export';
const server = new BlobsServer({ directory: path.resolve(values.dir), token });
const { port } = await server.start();
try {
  const url = `http://127.0.0.1:${port}`;
  setEnvironmentContext({ edgeURL: url, uncachedEdgeURL: url, siteID: values.site, token });
  const records = await listLeads(getStore({ name: LEADS_STORE, consistency: 'strong' }), parsed.query);
  const { body } = renderExport(records, parsed.query.format);
  if (values.out) {
    await writeFile(values.out, body);
    console.error(`Wrote ${records.length} lead(s) to ${values.out}`);
  } else {
    process.stdout.write(body);
  }
} finally {
  await server.stop();
}
