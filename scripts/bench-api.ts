/**
 * Load benchmark of the enquiry API as served locally (@netlify/dev + local Blobs + the EmailJS
 * stand-in): N valid bank-loan enquiries at concurrency C, about 5% of them re-sending an id
 * that was already answered (to prove deduplication), then a count of what the store holds.
 *
 *   npm run bench:api                          # starts `node scripts/serve.ts` on a free port (needs dist/)
 *   npm run bench:api -- --n 1000 --c 50 --dup 0.05
 *   BASE_URL=http://localhost:8888 npm run bench:api   # against an `npm start` already running
 *
 * Submissions carry elapsedMs well above the minimum fill time so none is classed as spam.
 * Local figures: @netlify/dev does not enforce `config.rateLimit`, so 1,000 requests from one IP
 * are all served (on Netlify the limit is 10 per minute per IP and domain).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { getStore, setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { validBankLoan } from '../tests/fixtures/enquiries.ts';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '1000' },
    c: { type: 'string', default: '50' },
    dup: { type: 'string', default: '0.05' },
  },
});
const total = Number(values.n);
const connections = Number(values.c);
const dupShare = Number(values.dup);

const freePort = async () => {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};

const waitFor = async (url: string, ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await fetch(url).then((r) => r.status < 500, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
};

// 1. The site: the given BASE_URL, or our own `node scripts/serve.ts` (what `npm start` serves).
let server: ChildProcess | undefined;
let baseUrl = process.env.BASE_URL;
if (!baseUrl) {
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  const env = { ...process.env, PORT: String(port), EMAILJS_STANDIN_PORT: String(await freePort()) };
  server = spawn(process.execPath, ['scripts/serve.ts'], { cwd: root, env, stdio: 'ignore' });
  await waitFor(`${baseUrl}/`, 60_000);
}

// 2. The load. Each request gets a fresh enquiry, or re-sends one already answered.
// One bank-loan enquiry from the shared fixtures, with a fill time well above the spam minimum.
const base = validBankLoan({ Username: 'Bench Mark', email: 'bench@example.com', elapsedMs: 60_000 });
const sentIds = new Set<string>();
const answered = new Map<string, string>(); // id → receivedAt of its first 201
let duplicatesSent = 0;
let duplicateMismatches = 0;
const latencies: number[] = [];
const statuses = new Map<number, number>();

const warmup = await fetch(`${baseUrl}/api/bankloan`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ ...base, submissionId: randomUUID() }),
}).then((r) => r.status);
if (warmup !== 201) throw new Error(`warm-up enquiry answered ${warmup}`);

const instance = autocannon({
  url: baseUrl,
  connections,
  amount: total,
  timeout: 30,
  requests: [
    {
      method: 'POST',
      path: '/api/bankloan',
      headers: { 'content-type': 'application/json' },
      setupRequest: (request: any, context: any) => {
        const known = [...answered.keys()];
        let id: string;
        if (known.length > 0 && Math.random() < dupShare) {
          id = known[Math.floor(Math.random() * known.length)];
          duplicatesSent += 1;
          context.duplicate = true;
        } else {
          id = randomUUID();
          sentIds.add(id);
          context.duplicate = false;
        }
        context.id = id;
        return { ...request, body: JSON.stringify({ ...base, submissionId: id }) };
      },
      onResponse: (status: number, body: string, context: any) => {
        if (status !== 201) return;
        const { receivedAt } = JSON.parse(body);
        const first = answered.get(context.id);
        if (first === undefined) answered.set(context.id, receivedAt);
        else if (context.duplicate && first !== receivedAt) duplicateMismatches += 1;
      },
    },
  ],
});
instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
  latencies.push(responseTime);
  statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
});
const result: any = await new Promise((resolve, reject) => instance.on('done', resolve).on('error', reject));
server?.kill('SIGTERM');

// 3. What the local store holds for the ids we sent.
const blobs = new BlobsServer({ directory: path.join(root, '.netlify', 'blobs-serve'), token: 'bench' });
const { port: blobsPort } = await blobs.start();
setEnvironmentContext({ edgeURL: `http://127.0.0.1:${blobsPort}`, uncachedEdgeURL: `http://127.0.0.1:${blobsPort}`, siteID: '0', token: 'bench' });
const store = getStore({ name: 'leads', consistency: 'strong' });
const countOurs = async (prefix: string) => {
  const perId = new Map<string, number>();
  for await (const page of store.list({ prefix, paginate: true })) {
    for (const { key } of page.blobs) {
      const id = key.slice(key.lastIndexOf('/') + 1);
      if (sentIds.has(id)) perId.set(id, (perId.get(id) ?? 0) + 1);
    }
  }
  return perId;
};
const stored = await countOurs('bankloan/');
const spam = await countOurs('spam/bankloan/');
await blobs.stop();

// 4. Report.
const percentile = (p: number) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const non2xx = [...statuses].filter(([status]) => status < 200 || status >= 300).reduce((sum, [, n]) => sum + n, 0);
const accepted = [...answered.keys()].length;
// Lost: answered 201 but not in the store.
const lost = [...answered.keys()].filter((id) => !stored.has(id)).length;
const duplicatedInStore = [...stored.values()].filter((n) => n > 1).length;
const report = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 1024 ** 3)} GB, Node ${process.version}`,
  target: `${baseUrl}/api/bankloan`,
  server: process.env.BASE_URL ? 'BASE_URL' : 'scripts/serve.ts (@netlify/dev + warm functions)',
  requests: latencies.length,
  connections,
  durationSeconds: Number((result.duration ?? 0).toFixed(2)),
  requestsPerSecond: Number((latencies.length / (result.duration || 1)).toFixed(1)),
  latencyMs: { p50: percentile(50), p95: percentile(95), p99: percentile(99), max: Math.max(...latencies) },
  statuses: Object.fromEntries(statuses),
  non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  uniqueIdsSent: sentIds.size,
  duplicatesSent,
  duplicateAnswersDiffering: duplicateMismatches,
  acceptedIds: accepted,
  storedIds: stored.size,
  lost,
  duplicatedInStore,
  classedAsSpam: spam.size,
};
console.log(JSON.stringify(report, null, 2));
const ok = lost === 0 && duplicatedInStore === 0 && non2xx === 0 && spam.size === 0 && duplicateMismatches === 0;
console.log(ok ? 'OK: nothing lost, nothing duplicated.' : 'PROBLEM: see the figures above.');
process.exit(ok ? 0 : 1);
