/**
 * Load benchmark of the enquiry API, two ways:
 * - served: against `node harness/serve.ts` (what `npm start` serves: @netlify/dev, the local
 *   database, the local Blobs emulator, the EmailJS stand-in), with autocannon over HTTP;
 * - in process: the same function handler called with web Requests, storing in a local database
 *   served from a child process (PGlite on a Postgres socket, reached through the real
 *   @netlify/database client, as Netlify Database is from a function) and an in-memory Netlify
 *   Blobs store (harness/memory-blobs.ts), and notifying the EmailJS stand-in. Each request's
 *   waits on the database, on Blobs and on EmailJS are timed, so "our code" = handler time minus
 *   those waits: the pipeline's own cost per lead.
 * N valid bank-loan enquiries at each concurrency, about 5 % of them re-sending an id already
 * answered, four in five from a new visitor's phone and e-mail (a new person), the rest from one
 * already seen; then a count of what the store holds (lost: answered 201 but not stored).
 *
 *   npm run bench:api                                   # both modes, 1,000 requests at c=1 and at c=50
 *   npm run bench:api -- --mode in-process --n 3000     # only in process
 *   npm run bench:api -- --mode served --n 1000 --c 50  # only served
 *   npm run bench:api -- --mode in-process --team 8     # with 8 sales members to assign (0: all to the owner)
 *   BASE_URL=http://localhost:8888 npm run bench:api -- --mode served   # an `npm start` already running
 *
 * Served mode starts `node harness/serve.ts` (PORT and EMAILJS_STANDIN_PORT if set, else free
 * ports; builds dist/ if missing) on a fresh local database and Blobs store (temp folders). Each
 * submission carries a challenge of its own signed a minute earlier (bench/proof.ts; a re-send
 * carries its first one, as a browser's retry does) so none is spam. Locally nothing enforces `config.rateLimit`. Exits 1 if anything is lost,
 * duplicated, classed as spam or answered non-2xx.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { validBankLoan } from '../harness/sample-enquiries.ts';
import { BENCH_ENV, challenge } from './proof.ts';
import { EMAILJS_ENV, clearEmailJsEnv } from '../harness/emailjs-standin.ts';
import { MemoryBlobs } from '../harness/memory-blobs.ts';
import { EMPTY_EVERY_TABLE, readDatabase, servingUrl } from '../harness/database.ts';
import { ensureBuilt, freePort, freshBlobsDir, startServedSite } from '../harness/served-site.ts';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '1000' },
    c: { type: 'string', default: '1,50' },
    dup: { type: 'string', default: '0.05' },
    mode: { type: 'string', default: 'both' },
    team: { type: 'string', default: '0' },
  },
});
/** Sales members who take bank loans, added to the empty database before each row: 0 gives every lead to the owner; the difference is assignment's cost. */
const teamSize = Number(values.team);
const total = Number(values.n);
const concurrencies = values.c.split(',').map(Number);
const dupShare = Number(values.dup);
const modes = values.mode === 'both' ? ['served', 'in-process'] : [values.mode];
if (!modes.every((m) => m === 'served' || m === 'in-process') || concurrencies.some((c) => !(c >= 1))) {
  console.error('usage: npm run bench:api -- [--mode served|in-process|both] [--n N] [--c 1,50] [--dup 0.05]');
  process.exit(2);
}

// The pipeline's log lines would drown the report (in process they are this process's).
const log = console.log.bind(console);
console.log = () => {};

/**
 * One bank-loan enquiry from the shared fixtures; each submission adds its id, its own challenge
 * and its visitor's phone and e-mail: a new person for most, one already stored for the rest, so
 * the figures include finding or making the person (find_person) as enquiries do.
 */
const base = validBankLoan({ Username: 'Bench Mark', email: 'bench@example.com' });

const REPEAT_VISITORS = 0.2;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};
const ms = (value: number) => (value >= 10 ? `${Math.round(value)} ms` : `${value.toFixed(2)} ms`);

interface Row {
  mode: string;
  concurrency: number;
  requests: number;
  seconds: number;
  latency: number[];
  /** In process: handler time minus the waits on the store and on EmailJS. */
  own?: number[];
  storeWait?: number[];
  emailWait?: number[];
  cpuMsPerLead?: number;
  /** In process at c=1: CPU time of each request outside its fetch calls (the store's and EmailJS's). */
  cpu?: number[];
  /** In process: stored leads whose e-mail did not go (EmailJS failed or timed out). */
  notifyFailed?: number;
  statuses: Map<number, number>;
  accepted: number;
  stored: number;
  lost: number;
  duplicated: number;
  resent: number;
  differing: number;
  spam: number;
}

/** Which ids to send: fresh ones, and about `dupShare` of re-sends of ids already answered (with their first challenge). */
const idChooser = () => {
  const answered = new Map<string, string>(); // id → receivedAt of its first 201
  const sent = new Map<string, string>(); // id → its challenge
  const contacts = new Map<string, { phone: string; email: string }>(); // id → its visitor's phone and e-mail
  const phones: string[] = [];
  /** Four in five enquiries come from a new visitor (a new person), one in five from one already seen. */
  const visitor = () => {
    const phone =
      phones.length > 0 && Math.random() < REPEAT_VISITORS
        ? phones[Math.floor(Math.random() * phones.length)]
        : `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    phones.push(phone);
    return { phone, email: `bench.${phone}@example.com` };
  };
  let resent = 0;
  let differing = 0;
  return {
    sent,
    answered,
    next(): { id: string; duplicate: boolean; body: string } {
      const body = (id: string) => JSON.stringify({ ...base, ...contacts.get(id), submissionId: id, challenge: sent.get(id) });
      if (answered.size > 0 && Math.random() < dupShare) {
        const known = [...answered.keys()];
        resent += 1;
        const id = known[Math.floor(Math.random() * known.length)];
        return { id, duplicate: true, body: body(id) };
      }
      const id = randomUUID();
      sent.set(id, challenge('bankloan'));
      contacts.set(id, visitor());
      return { id, duplicate: false, body: body(id) };
    },
    answer(id: string, duplicate: boolean, status: number, body: string) {
      if (status !== 201) return;
      const { receivedAt } = JSON.parse(body) as { receivedAt: string };
      const first = answered.get(id);
      if (first === undefined) answered.set(id, receivedAt);
      else if (duplicate && first !== receivedAt) differing += 1;
    },
    counts: () => ({ resent, differing }),
  };
};

/** The rows the database holds for the ids sent: one per stored id (the id is its primary key). */
const storedRows = async (url: string, ids: Iterable<string>) => {
  const reader = readDatabase(url);
  const rows = await reader.rows<{ id: string; spam: string | null; notified: boolean }>(
    `SELECT l.id, l.spam, EXISTS (SELECT 1 FROM deliveries d WHERE d.lead_id = l.id AND d.channel = 'team' AND d.state = 'sent') AS notified
     FROM leads l WHERE l.id = ANY($1::uuid[])`,
    [[...ids]],
  );
  await reader.close();
  return rows;
};

/** Lost, duplicated and spam among the ids sent. */
const reconcile = (rows: { id: string; spam: string | null }[], answered: Map<string, string>) => {
  const perId = new Map<string, number>();
  let spam = 0;
  for (const row of rows) {
    if (row.spam) spam += 1;
    else perId.set(row.id, (perId.get(row.id) ?? 0) + 1);
  }
  return {
    accepted: answered.size,
    stored: perId.size,
    lost: [...answered.keys()].filter((id) => !perId.has(id)).length,
    duplicated: [...perId.values()].filter((n) => n > 1).length,
    spam,
  };
};

// ---- served -------------------------------------------------------------------------------

const runServed = async (baseUrl: string, databaseUrl: string, concurrency: number): Promise<Row> => {
  const ids = idChooser();
  const latency: number[] = [];
  const statuses = new Map<number, number>();
  const instance = autocannon({
    url: baseUrl,
    connections: concurrency,
    amount: total,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        path: '/api/bankloan',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request: Record<string, unknown>, context: { id?: string; duplicate?: boolean }) => {
          const { id, duplicate, body } = ids.next();
          Object.assign(context, { id, duplicate });
          return { ...request, body };
        },
        onResponse: (status: number, body: string, context: { id: string; duplicate: boolean }) =>
          ids.answer(context.id, context.duplicate, status, body),
      },
    ],
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    latency.push(responseTime);
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
  });
  const result = await new Promise<{ duration?: number }>((resolve, reject) => instance.on('done', resolve).on('error', reject));
  const rows = await storedRows(databaseUrl, ids.sent.keys());
  return {
    mode: 'served',
    concurrency,
    requests: latency.length,
    seconds: result.duration ?? 0,
    latency,
    statuses,
    ...ids.counts(),
    ...reconcile(rows, ids.answered),
  };
};

const served = async (): Promise<Row[]> => {
  let baseUrl = process.env.BASE_URL;
  // An `npm start` already running serves .netlify/db.
  let databaseUrl = (await servingUrl()) ?? '';
  let stop = async () => {};
  if (!baseUrl) {
    ensureBuilt(log);
    const blobs = await freshBlobsDir();
    const site = await startServedSite({ LOCAL_BLOBS_DIR: blobs.dir, ...BENCH_ENV });
    baseUrl = site.origin;
    databaseUrl = site.databaseUrl;
    stop = async () => {
      await site.stop();
      await blobs.remove();
    };
  }
  const warmup = await fetch(`${baseUrl}/api/bankloan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...base, submissionId: randomUUID(), challenge: challenge('bankloan') }),
  });
  if (warmup.status !== 201) throw new Error(`warm-up enquiry answered ${warmup.status}`);
  if (!databaseUrl) throw new Error('BASE_URL is set, but no npm start serves .netlify/db here to count the leads in');
  const rows: Row[] = [];
  for (const c of concurrencies) rows.push(await runServed(baseUrl, databaseUrl, c));
  await stop();
  return rows;
};

// ---- in process ---------------------------------------------------------------------------

/**
 * The EmailJS stand-in in a child process, so its work is not counted as ours. Points this
 * process's EmailJS settings at it (as useEmailJsStandIn in harness/emailjs-standin.ts does).
 */
const standInProcess = async () => {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { startEmailJsStandIn } = await import(${JSON.stringify(new URL('../harness/emailjs-standin.ts', import.meta.url).href)}); await startEmailJsStandIn({ port: ${port} }); console.log('ready');`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`the EmailJS stand-in exited with code ${code}`)));
  });
  const origin = `http://127.0.0.1:${port}`;
  Object.assign(process.env, EMAILJS_ENV, { EMAILJS_API_ORIGIN: origin });
  return {
    received: async () => ((await realFetch(`${origin}/__standin/received`).then((r) => r.json())) as unknown[]).length,
    close: () => {
      child.kill('SIGTERM');
      clearEmailJsEnv();
    },
  };
};
const realFetch = globalThis.fetch;

/** The local database in a child process, so its work is not counted as ours: its URL and a stop. */
const databaseProcess = async () => {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { startLocalDatabase } = await import(${JSON.stringify(new URL('../harness/database.ts', import.meta.url).href)}); await startLocalDatabase({ port: ${port} }); console.log('ready');`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`the local database exited with code ${code}`)));
  });
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, close: () => child.kill('SIGTERM') };
};

const inProcess = async (): Promise<Row[]> => {
  Object.assign(process.env, BENCH_ENV);
  const database = await databaseProcess();
  process.env.NETLIFY_DB_URL = database.url;
  const { default: handler } = await import('../netlify/functions/bankloan.mts');
  const standIn = await standInProcess();
  const memory = new MemoryBlobs();
  // Every fetch and every database statement is timed and charged to the request it belongs to.
  const waits = new AsyncLocalStorage<{ store: number; email: number; cpu: number }>();
  const uninstall = memory.install({
    onFetch: (url, took, cpuMs) => {
      const wait = waits.getStore();
      if (!wait) return;
      wait[url.startsWith(memory.origin) ? 'store' : 'email'] += took;
      wait.cpu += cpuMs;
    },
  });
  // eslint-disable-next-line @typescript-eslint/unbound-method -- wrapped below and called with the client as `this`
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function timed(this: pg.Client, ...args: Parameters<typeof query>) {
    const wait = waits.getStore();
    const started = performance.now();
    const result = (query as (...a: unknown[]) => unknown).apply(this, args);
    if (wait && result instanceof Promise) void result.finally(() => (wait.store += performance.now() - started)).catch(() => {});
    return result;
  } as typeof query;

  const sendOne = async (ids: ReturnType<typeof idChooser>) => {
    const { id, duplicate, body: sent } = ids.next();
    const request = new Request('http://localhost/api/bankloan', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: sent,
    });
    const wait = { store: 0, email: 0, cpu: 0 };
    const cpu = process.cpuUsage();
    const started = performance.now();
    const response = await waits.run(wait, () => handler(request));
    const body = await response.text();
    const took = performance.now() - started;
    const used = process.cpuUsage(cpu);
    ids.answer(id, duplicate, response.status, body);
    // CPU time outside the fetch calls: ours (with the database and Blobs clients' own work), not
    // the HTTP client's or the memory store's.
    return { status: response.status, took, wait, cpuMs: (used.user + used.system) / 1000 - wait.cpu };
  };

  // Warm up (JIT, first store and HTTP connections), then measure each concurrency on an empty store.
  const warm = idChooser();
  for (let i = 0; i < 300; i += 1) await sendOne(warm);

  const rows: Row[] = [];
  for (const concurrency of concurrencies) {
    memory.clear();
    const reader = readDatabase(database.url);
    await reader.rows(EMPTY_EVERY_TABLE);
    await reader.rows(
      `INSERT INTO assignment_pointer (id) VALUES (true) ON CONFLICT DO NOTHING;
       INSERT INTO team_members (name, role, key_hash, added_by, kinds, languages)
       SELECT 'Bench member ' || n, 'sales', md5(random()::text) || n, 'bench', '{bankloan}', '{en,ta}' FROM generate_series(1, ${teamSize}) n`,
    );
    await reader.close();
    const ids = idChooser();
    const latency: number[] = [];
    const own: number[] = [];
    const storeWait: number[] = [];
    const emailWait: number[] = [];
    const cpuEach: number[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const cpu = process.cpuUsage();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          next += 1;
          const { status, took, wait, cpuMs } = await sendOne(ids);
          latency.push(took);
          cpuEach.push(cpuMs);
          own.push(took - wait.store - wait.email);
          storeWait.push(wait.store);
          emailWait.push(wait.email);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const stored = await storedRows(database.url, ids.sent.keys());
    rows.push({
      mode: 'in-process',
      concurrency,
      requests: latency.length,
      seconds,
      latency,
      own,
      storeWait,
      emailWait,
      cpuMsPerLead: (used.user + used.system) / 1000 / latency.length,
      // One request at a time, the process's CPU time during a request is that request's.
      ...(concurrency === 1 ? { cpu: cpuEach } : {}),
      notifyFailed: stored.filter((row) => !row.spam && !row.notified).length,
      statuses,
      ...ids.counts(),
      ...reconcile(stored, ids.answered),
    });
  }
  uninstall();
  pg.Client.prototype.query = query;
  standIn.close();
  database.close();
  return rows;
};

// ---- report -------------------------------------------------------------------------------

const rows: Row[] = [];
for (const mode of modes) rows.push(...(mode === 'served' ? await served() : await inProcess()));

log(`bench:api, ${new Date().toISOString()}`);
log(
  `machine: ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 1024 ** 3)} GB, Node ${process.version}; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
log(
  `${total} valid bank-loan enquiries per row, ${Math.round(dupShare * 100)} % of them re-sending an answered id; in process, ${teamSize} sales members to assign them to (0: the owner); ${Math.round((1 - REPEAT_VISITORS) * 100)} % from a new phone (a new person), the rest from one already seen`,
);
log('');
log(
  '| Mode | c | Requests | req/s | p50 | p95 | p99 | Our code p50 | Our code p95 | Our CPU p50 | Our CPU p95 | Database + Blobs wait p95 | EmailJS wait p95 | CPU per lead | non-2xx | Accepted | Stored | Lost | Duplicated |',
);
log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
let ok = true;
for (const r of rows) {
  const non2xx = [...r.statuses].filter(([s]) => s < 200 || s >= 300).reduce((n, [, k]) => n + k, 0);
  ok &&= r.lost === 0 && r.duplicated === 0 && non2xx === 0 && r.spam === 0 && r.differing === 0;
  log(
    `| ${r.mode === 'served' ? 'served (local database)' : 'in process (database in a child process)'} | ${r.concurrency} | ${r.requests} | ${(r.requests / (r.seconds || 1)).toFixed(0)} | ${ms(percentile(r.latency, 50))} | ${ms(percentile(r.latency, 95))} | ${ms(percentile(r.latency, 99))} | ` +
      `${r.own ? ms(percentile(r.own, 50)) : '–'} | ${r.own ? ms(percentile(r.own, 95)) : '–'} | ${r.cpu ? ms(percentile(r.cpu, 50)) : '–'} | ${r.cpu ? ms(percentile(r.cpu, 95)) : '–'} | ${r.storeWait ? ms(percentile(r.storeWait, 95)) : '–'} | ${r.emailWait ? ms(percentile(r.emailWait, 95)) : '–'} | ` +
      `${r.cpuMsPerLead !== undefined ? ms(r.cpuMsPerLead) : '–'} | ${non2xx} | ${r.accepted} | ${r.stored} | ${r.lost} | ${r.duplicated} |`,
  );
}
const differing = rows.reduce((n, r) => n + r.differing, 0);
const spam = rows.reduce((n, r) => n + r.spam, 0);
log('');
log(`re-sent ids: ${rows.map((r) => r.resent).join(', ')}; answered with a different receivedAt: ${differing}; classed as spam: ${spam}`);
for (const r of rows.filter((row) => row.notifyFailed))
  log(
    `in process, c=${r.concurrency}: ${r.notifyFailed} leads stored but not e-mailed (EmailJS failed or took longer than EMAILJS_TIMEOUT_MS)`,
  );
const inProcessC1 = rows.find((r) => r.mode === 'in-process' && r.concurrency === 1);
if (inProcessC1?.own && inProcessC1.cpu) {
  const wall = percentile(inProcessC1.own, 95);
  const cpu = percentile(inProcessC1.cpu, 95);
  log(
    `target, our pipeline adds ≤ 2 ms per lead at p95 at concurrency 1: CPU ${ms(cpu)} (${cpu <= 2 ? 'met' : 'NOT met'}), wall clock ${ms(wall)} (${wall <= 2 ? 'met' : 'not met: the machine was busy'})`,
  );
}
log(ok ? 'OK: nothing lost, nothing duplicated.' : 'PROBLEM: see the figures above.');
process.exit(ok ? 0 : 1);
