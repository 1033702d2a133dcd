/**
 * `npm run bench:fuzz`: property-based tests (fast-check) of the enquiry API and the export, in
 * process against the function handlers and against the served site, with hostile requests
 * (bench/fuzz/cases.ts). For every case it checks the answer and what was stored
 * (bench/fuzz/oracle.ts); at the end, that every accepted lead was e-mailed exactly once.
 * It prints the cases per status and, if a property fails, the counterexample shrunk.
 *
 *   npm run bench:fuzz                         # 10,000 cases in process, then 10,000 served
 *   npm run bench:fuzz -- --runs 500           # the short run (CI runs each mode as its own step)
 *   npm run bench:fuzz -- --mode in-process --seed 42
 *
 * Served mode starts `node harness/serve.ts` (PORT and EMAILJS_STANDIN_PORT if set, else free
 * ports) over dist/, building it first if it is missing. Exits 1 on any failure.
 */
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { ENQUIRY_KINDS } from '../src/lib/enquiry/kinds.ts';
import { fuzzCase, materialize, shapeOf, type FuzzCase } from './fuzz/cases.ts';
import { answerProblems, isHttpLayer400, recordProblems, storeProblems, type Answer } from './fuzz/oracle.ts';
import { inProcessTarget, servedTarget, type Target } from './fuzz/targets.ts';
import { ensureBuilt } from '../harness/served-site.ts';
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10000' },
    mode: { type: 'string', default: 'both' },
    seed: { type: 'string' },
  },
});
const runs = Number(values.runs);
const seed = values.seed !== undefined ? Number(values.seed) : Date.now() % 2 ** 31;
const modes = values.mode === 'both' ? (['in-process', 'served'] as const) : [values.mode as 'in-process' | 'served'];
if (!Number.isInteger(runs) || runs < 1 || !modes.every((m) => m === 'in-process' || m === 'served')) {
  console.error('usage: npm run bench:fuzz -- [--runs N] [--mode in-process|served|both] [--seed S]');
  process.exit(2);
}

// The pipeline's log lines (one per request) would drown the report.
const log = console.log.bind(console);
console.log = () => {};

interface Tally {
  statuses: Map<string, Map<number, number>>;
  shapes: Map<string, number>;
  requests: number;
  /** Ids of non-spam leads stored for an accepted answer, and of spam kept apart. */
  leadIds: Set<string>;
  spamIds: Set<string>;
  photos: number;
  /** Answers the HTTP server gave itself (a bare 400 after more bytes than declared). */
  answersLost: number;
  failed: boolean;
}

const sendCase = async (target: Target, c: FuzzCase) => {
  const m = materialize(c);
  const copies = c.endpoint === 'leads' ? 1 : c.copies;
  const answers: Answer[] = await Promise.all(Array.from({ length: copies }, () => target.send(m)));
  if (c.endpoint !== 'leads' && c.resend) answers.push(await target.send(m));
  return { m, answers };
};

const runMode = async (mode: 'in-process' | 'served') => {
  if (mode === 'served') ensureBuilt(log);
  const starting = performance.now();
  const target = mode === 'in-process' ? await inProcessTarget() : await servedTarget();
  const startSeconds = (performance.now() - starting) / 1000;
  const before = mode === 'served' ? new Set(await target.allKeys()) : new Set<string>();
  const tally: Tally = {
    statuses: new Map(),
    shapes: new Map(),
    requests: 0,
    leadIds: new Set(),
    spamIds: new Set(),
    photos: 0,
    answersLost: 0,
    failed: false,
  };
  const started = performance.now();

  const property = fc.asyncProperty(fuzzCase, async (c) => {
    const { m, answers } = await sendCase(target, c);
    const problems = answers.flatMap((a) => answerProblems(c, m, a));
    const view = await target.view(c, m, answers);
    problems.push(...storeProblems(c, m, answers, view));
    await target.reset();
    // Stored ids are kept while shrinking too: the e-mail check at the end counts every send.
    if (answers.some((a) => a.status === 201 || a.status === 303)) {
      for (const { key, record } of view.records) (key.startsWith('spam/') ? tally.spamIds : tally.leadIds).add(String(record.id));
      if (!tally.failed) tally.photos += view.photos.length;
    }
    if (!tally.failed) {
      const row = tally.statuses.get(c.endpoint) ?? new Map<number, number>();
      for (const a of answers) row.set(a.status, (row.get(a.status) ?? 0) + 1);
      tally.statuses.set(c.endpoint, row);
      tally.shapes.set(shapeOf(c), (tally.shapes.get(shapeOf(c)) ?? 0) + 1);
      tally.requests += answers.length;
      tally.answersLost += m.framing === 'short' ? answers.filter(isHttpLayer400).length : 0;
    }
    if (problems.length > 0) {
      tally.failed = true;
      throw new Error(problems.join('\n'));
    }
  });

  const result = await fc.check(property, { numRuns: runs, seed, endOnFailure: false });
  const seconds = (performance.now() - started) / 1000;

  // After the run (a failed run has shrunk, so its counts mean nothing): each accepted lead
  // e-mailed exactly once, nothing else e-mailed.
  const endProblems: string[] = [];
  if (result.failed) {
    await target.close();
    return { result, tally, seconds, startSeconds, endProblems, added: 0 };
  }
  // Served: every record the run added is valid, and there are as many as accepted answers.
  let added = 0;
  const leadIds = new Set(tally.leadIds);
  if (mode === 'served') {
    const fresh = (await target.allKeys()).filter((key) => !before.has(key));
    added = fresh.length;
    for (const key of fresh) {
      const record = await target.record(key);
      endProblems.push(...(record ? recordProblems({ key, record }) : [`${key} vanished`]));
      if (record && !key.startsWith('spam/')) leadIds.add(String(record.id));
    }
    const known = new Set([...tally.leadIds, ...tally.spamIds]);
    const unexplained = fresh.filter((key) => !known.has(key.slice(key.lastIndexOf('/') + 1)));
    // The only others: native posts answered 303 (the server made their id, the answer does not
    // carry it) and requests whose answer the HTTP server replaced with its own 400.
    const nativeAccepted = [...tally.statuses.values()].reduce((n, row) => n + (row.get(303) ?? 0), 0);
    if (unexplained.length > nativeAccepted + tally.answersLost) {
      endProblems.push(
        `${unexplained.length} stored records match no accepted answer (303 answers: ${nativeAccepted}, answers lost: ${tally.answersLost})`,
      );
    }
  }
  const emails = new Map<string, number>();
  for (const id of await target.emailedIds()) emails.set(id, (emails.get(id) ?? 0) + 1);
  for (const id of leadIds) if (emails.get(id) !== 1) endProblems.push(`lead ${id} was e-mailed ${emails.get(id) ?? 0} times`);
  for (const [id, n] of emails) if (!leadIds.has(id)) endProblems.push(`${id} was e-mailed ${n} times but is not an accepted lead`);
  await target.close();
  return { result, tally, seconds, startSeconds, endProblems, added };
};

const printStatuses = (tally: Tally) => {
  const statuses = [...new Set([...tally.statuses.values()].flatMap((row) => [...row.keys()]))].sort((a, b) => a - b);
  const endpoints = [...ENQUIRY_KINDS, 'leads'];
  const cell = (text: string | number, width = 11) => String(text).padStart(width);
  log(`  ${'status'.padEnd(7)}${endpoints.map((e) => cell(e)).join('')}${cell('all')}`);
  for (const status of statuses) {
    const counts = endpoints.map((e) => tally.statuses.get(e)?.get(status) ?? 0);
    log(`  ${String(status || 'none').padEnd(7)}${counts.map((n) => cell(n)).join('')}${cell(counts.reduce((a, b) => a + b, 0))}`);
  }
};

const shorten = (value: unknown): unknown =>
  typeof value === 'string' && value.length > 120
    ? `${value.slice(0, 60)}…(${value.length} chars)`
    : Array.isArray(value)
      ? value.map(shorten)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shorten(v)]))
        : value;

let failed = false;
log(`bench:fuzz: ${runs.toLocaleString('en')} cases per mode, seed ${seed}`);
for (const mode of modes) {
  const { result, tally, seconds, startSeconds, endProblems, added } = await runMode(mode);
  log(
    `\n${mode}: ${result.numRuns.toLocaleString('en')} cases, ${tally.requests.toLocaleString('en')} requests in ${seconds.toFixed(1)} s (start-up ${startSeconds.toFixed(1)} s)`,
  );
  log('  answers per status and endpoint:');
  printStatuses(tally);
  log(
    `  stored: ${tally.leadIds.size} leads, ${tally.spamIds.size} spam, ${tally.photos} photos${mode === 'served' ? `; records added to the store: ${added}` : ''}`,
  );
  const top = [...tally.shapes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([shape, n]) => `${shape} ${n}`);
  log(`  most common shapes: ${top.join('; ')}`);
  if (result.failed) {
    failed = true;
    const [c] = result.counterexample ?? [];
    log(`\n  FAILED after ${result.numRuns} cases (${result.numShrinks} shrinks). Counterexample, shrunk:`);
    log(JSON.stringify(shorten(c), null, 2).replace(/^/gm, '    '));
    log(`  Problems:\n${String((result.errorInstance as Error | undefined)?.message ?? result.errorInstance).replace(/^/gm, '    ')}`);
    log(`  Replay: npm run bench:fuzz -- --mode ${mode} --seed ${seed} --runs ${runs}`);
  } else {
    log('  every case: no 5xx, every 4xx named its problem, nothing invalid stored, every 201 stored exactly once');
  }
  if (endProblems.length) {
    failed = true;
    log(
      `  after the run:\n${endProblems
        .slice(0, 20)
        .map((p) => `    ${p}`)
        .join('\n')}`,
    );
  } else if (!result.failed) log('  after the run: every accepted lead e-mailed exactly once, nothing else e-mailed');
}
log(failed ? '\nFAILED' : '\nOK');
process.exit(failed ? 1 : 0);
