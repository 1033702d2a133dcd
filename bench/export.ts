/**
 * Benchmark of the paged export: seeds N leads (default 20,000) into a fresh local Blobs store
 * (a temp folder, so `npm start`'s store is untouched), then exports them all through the real
 * GET /api/leads function, following X-Next-Cursor, at each page size; prints leads per second.
 * Each size runs twice: "warm", every page served by the same instance (it reuses the month
 * listings of the export), and "cold", as if every page reached a fresh instance.
 *
 *   npm run bench:export                               # 20,000 leads over 24 months, limits 500 and 2000
 *   npm run bench:export -- --n 20000 --months 1       # all in one month (the worst case for listing)
 *   npm run bench:export -- --limits 500 --format json
 *
 * Exits non-zero unless every lead came exactly once.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openLocalStore } from '../harness/local-store.ts';
import { leadsStore } from '../src/server/store.ts';
import { decodeCursor, encodeCursor } from '../src/server/export-page.ts';
import { ENQUIRY_KINDS } from '../src/lib/enquiry/index.ts';
import type { LeadRecord } from '../src/server/record.ts';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '20000' },
    months: { type: 'string', default: '24' },
    limits: { type: 'string', default: '500,2000' },
    format: { type: 'string', default: 'csv' },
    concurrency: { type: 'string', default: '32' },
  },
});
const total = Number(values.n);
const monthCount = Number(values.months);
const limits = values.limits.split(',').map(Number);

const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-export-'));
const store = await openLocalStore({ dir, site: 'bench' });
process.env.LEADS_EXPORT_TOKEN = 'bench-export-token-0123456789abcdefgh';
const { default: leads } = await import('../netlify/functions/leads.mts');
const silence = console.log;
console.log = () => {}; // the function logs one line per request

try {
  // 1. Seed: realistic leads spread over the last `months` months, through the store API.
  const now = new Date();
  const lead = (i: number): LeadRecord => {
    const kind = ENQUIRY_KINDS[i % ENQUIRY_KINDS.length];
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (i % monthCount), 1 + (i % 28), 10, i % 60));
    const receivedAt = month.toISOString();
    return {
      id: randomUUID(),
      kind,
      receivedAt,
      consentAt: receivedAt,
      consentNotice: '2026-11-v1',
      page: '/Vehicleloan',
      Username: 'முருகன் செல்வம்',
      phone: '9876543210',
      email: 'bench@example.com',
      currentdate: 'Mon, Jan 05 2025',
      selectedState: 'Tamil Nadu',
      selectedCity: 'Hosur',
      Loantype: 'Vehicle Loan',
      Banktype: 'Private banks',
      Amount: '25 to 50 lakhs',
      Profession: 'Salaried',
      message: 'Looking for a two-bedroom flat near the bus stand, ready to move in within three months.',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'bench',
      landingPath: '/Vehicleloan',
      via: 'js',
      notified: true,
    };
  };
  const seedStarted = performance.now();
  const ids = new Set<string>();
  const concurrency = Number(values.concurrency);
  for (let i = 0; i < total; i += concurrency) {
    await Promise.all(
      Array.from({ length: Math.min(concurrency, total - i) }, async (_, j) => {
        const record = lead(i + j);
        ids.add(record.id);
        await leadsStore().setJSON(`${record.kind}/${record.receivedAt.slice(0, 7)}/${record.id}`, record);
      }),
    );
  }
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  // 2. Full exports through the function, one per page size.
  const runs = [];
  for (const [limit, cold] of limits.flatMap(
    (limit) =>
      [
        [limit, false],
        [limit, true],
      ] as const,
  )) {
    const seen = new Map<string, number>();
    const pageMs: number[] = [];
    let bytes = 0;
    let cursor: string | null = null;
    const started = performance.now();
    do {
      const pageStarted = performance.now();
      const query: string = `?format=${values.format}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
      const response = await leads(
        new Request(`http://localhost/api/leads${query}`, { headers: { authorization: `Bearer ${process.env.LEADS_EXPORT_TOKEN}` } }),
      );
      if (response.status !== 200) throw new Error(`page answered ${response.status}: ${await response.text()}`);
      const body = await response.text();
      bytes += Buffer.byteLength(body);
      const pageIds =
        values.format === 'json'
          ? (JSON.parse(body).leads as LeadRecord[]).map((l) => l.id)
          : [...body.matchAll(/^\uFEFF?([0-9a-f-]{36}),/gm)].map((m) => m[1]);
      for (const id of pageIds) seen.set(id, (seen.get(id) ?? 0) + 1);
      cursor = response.headers.get('x-next-cursor');
      // A fresh instance knows nothing of this export: the same position under a new name.
      const position = cursor && cold ? decodeCursor(cursor) : null;
      if (position) cursor = encodeCursor({ ...position, session: randomUUID() });
      pageMs.push(performance.now() - pageStarted);
    } while (cursor);
    const seconds = (performance.now() - started) / 1000;
    const sorted = [...pageMs].sort((a, b) => a - b);
    runs.push({
      limit,
      instance: cold ? 'cold' : 'warm',
      pages: pageMs.length,
      seconds: Number(seconds.toFixed(2)),
      leadsPerSecond: Math.round(seen.size / seconds),
      pageMs: { p50: Math.round(sorted[Math.floor(sorted.length / 2)]), max: Math.round(sorted.at(-1) ?? 0) },
      megabytes: Number((bytes / 1024 / 1024).toFixed(1)),
      exported: seen.size,
      missing: [...ids].filter((id) => !seen.has(id)).length,
      twice: [...seen.values()].filter((count) => count > 1).length,
    });
  }

  console.log = silence;
  const report = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 1024 ** 3)} GB, Node ${process.version}`,
    leads: total,
    months: monthCount,
    format: values.format,
    seed: { seconds: Number(seedSeconds.toFixed(1)), leadsPerSecond: Math.round(total / seedSeconds) },
    exports: runs,
  };
  console.log(JSON.stringify(report, null, 2));
  const ok = runs.every((run) => run.exported === total && run.missing === 0 && run.twice === 0);
  console.log(ok ? 'OK: every lead exported exactly once.' : 'PROBLEM: see the figures above.');
  process.exitCode = ok ? 0 : 1;
} finally {
  console.log = silence;
  await store.close();
  await rm(dir, { recursive: true, force: true });
}
