/**
 * `npm run bench:faults`: the served site (`node harness/serve.ts`, what `npm start` serves)
 * under load while the database breaks. N valid enquiries across the five kinds (default 2,000:
 * JSON posts, native form posts, Sell Flats with a photo) at concurrency C (default 50), with,
 * through the local fault switch (POST /__local/faults):
 * - 10 % of them sent twice with the same id: half at the same moment, half a little later;
 * - for a while, the statement after the lead's row fails (its deliveries' INSERT): the
 *   transaction rolls back;
 * - for a while, answers to COMMIT are lost: the lead is committed, the visitor gets 503;
 * - a 30 s outage in the middle: the database refuses every connection;
 * - the EmailJS stand-in answering 500 for a while, then hanging (longer than EMAILJS_TIMEOUT_MS)
 *   for a while (POST /__standin/behaviour).
 * Each visitor behaves like the form: a 503 is retried at once with the same id; a second 503
 * and the form e-mails the team from the browser (the fallback, to the stand-in) and is done. A
 * native post (no script, so no fallback) is sent again every 2 s until it is accepted.
 *
 * It prints accepted, stored, lost and duplicated; the 503s, the fallbacks, and e-mails sent and
 * owed, before and after one run of the notification sweep. Targets: 0 lost, 0 duplicated, every
 * visitor with two 503s e-mailed by the fallback, no 5xx but 503 during the faults, nothing owed
 * after the sweep.
 *
 *   npm run bench:faults
 *   npm run bench:faults -- --n 400 --c 20 --outage 10
 *   npm run bench:faults -- --sweep-batch 20      # the sweep sending 20 e-mails at once (LEADS_SWEEP_BATCH)
 *
 * PORT and EMAILJS_STANDIN_PORT choose the ports (else free ones). Builds dist/ if it is
 * missing. Leads go to a fresh local database and Blobs store (temp folders removed at the end)
 * and e-mails to outbox/, as under `npm start`. Exits 1 when a target is missed.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CATEGORIES, ENQUIRY_KINDS, INTENTS, type EnquiryKind } from '../src/lib/enquiry/index.ts';
import { BROWSER_NAVIGATION_ACCEPT, asNativeForm, type Fields } from '../harness/sample-enquiries.ts';
import { BENCH_ENV, confirmedForm, withChallenge } from './proof.ts';
import { validEnquiry } from './fuzz/cases.ts';
import { ensureBuilt, freshBlobsDir, startServedSite } from '../harness/served-site.ts';
import { isTeamEmail } from '../harness/emailjs-standin.ts';
import { readDatabase } from '../harness/database.ts';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '2000' },
    c: { type: 'string', default: '50' },
    dup: { type: 'string', default: '0.1' },
    outage: { type: 'string', default: '30' },
    'sweep-batch': { type: 'string' },
  },
});
const total = Number(values.n);
const concurrency = Number(values.c);
const dupShare = Number(values.dup);
const outageMs = Number(values.outage) * 1000;

const root = path.resolve(import.meta.dirname, '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => console.log(line);

// ---- the visitors -------------------------------------------------------------------------

type Way = 'json' | 'native' | 'photo';
interface Visitor {
  n: number;
  /** The enquiry's submissionId. */
  id: string;
  kind: EnquiryKind;
  way: Way;
  enquiry: Fields;
  /** Sent twice with the same id: at the same moment, or a little later. */
  twin: 'none' | 'same-moment' | 'later';
}

const REAL_ESTATE = INTENTS.flatMap((intent) => CATEGORIES.map((category) => ({ intent, category })));
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...Array.from({ length: 2000 }, (_, i) => i & 0xff)]);

const visitors: Visitor[] = Array.from({ length: total }, (_, n) => {
  const kind = ENQUIRY_KINDS[n % ENQUIRY_KINDS.length];
  const photo = kind === 'realestate' && n % 40 === 0;
  const base =
    kind === 'realestate'
      ? photo
        ? { intent: 'sell' as const, category: 'flats' as const }
        : REAL_ESTATE[Math.floor(n / 4) % REAL_ESTATE.length]
      : null;
  const enquiry: Fields = withChallenge(kind, { ...validEnquiry(kind, base), Username: 'Fault Bench' });
  const way: Way = photo ? 'photo' : n % 5 === 2 ? 'native' : 'json';
  const twinEvery = dupShare > 0 ? Math.round(1 / dupShare) : Infinity;
  const twin = n % twinEvery === 1 ? (Math.floor(n / twinEvery) % 2 === 0 ? 'same-moment' : 'later') : 'none';
  return { n, id: String(enquiry.submissionId), kind, way, enquiry, twin };
});

// ---- the site and its switches ------------------------------------------------------------

ensureBuilt(log);
const blobs = await freshBlobsDir();
const site = await startServedSite({ LOCAL_BLOBS_DIR: blobs.dir, ...BENCH_ENV });
const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
const standIn = (behaviour: { status?: number; delayMs?: number }) => post(`${site.standInOrigin}/__standin/behaviour`, behaviour);
const databaseSwitch = (database: 'up' | 'down' | 'lost', match?: string) =>
  post(`${site.origin}/__local/faults`, { database, ...(match ? { match } : {}) });
/** The form's e-mail fallback: what the browser sends to EmailJS when our API cannot take the enquiry. */
const FALLBACK_TEMPLATE = 'template_fallback_local';
const fallback = (v: Visitor) =>
  fetch(`${site.standInOrigin}/api/v1.0/email/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      service_id: 'service_local',
      template_id: FALLBACK_TEMPLATE,
      user_id: 'public_local',
      template_params: { id: v.id, kind: v.kind, via: 'browser-fallback' },
    }),
  }).then((r) => r.ok);

// Warm up first (the functions are warm on Netlify): a few enquiries one at a time, not counted.
for (let i = 0; i < 20; i += 1) {
  const enquiry = withChallenge(ENQUIRY_KINDS[i % 4], { ...validEnquiry(ENQUIRY_KINDS[i % 4]), Username: 'Warm Up' });
  await fetch(`${site.origin}/api/${ENQUIRY_KINDS[i % 4]}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(enquiry),
  });
}

const requestOf = (v: Visitor): Request => {
  const url = `${site.origin}/api/${v.kind}`;
  if (v.way === 'native') {
    return new Request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: BROWSER_NAVIGATION_ACCEPT,
        'sec-fetch-mode': 'navigate',
        'sec-fetch-site': 'same-origin',
        origin: site.origin,
      },
      // A native form carries its id in a hidden field here, so the bench can follow it.
      body: new URLSearchParams(confirmedForm({ ...asNativeForm(v.enquiry), submissionId: v.id })),
    });
  }
  if (v.way === 'photo') {
    const form = new FormData();
    form.append('data', JSON.stringify(v.enquiry));
    form.append('files', new File([JPEG], 'front.jpg', { type: 'image/jpeg' }));
    return new Request(url, { method: 'POST', body: form });
  }
  return new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(v.enquiry) });
};

// ---- the load -----------------------------------------------------------------------------

interface Sent {
  id: string;
  status: number;
  receivedAt?: string;
  startedMs: number;
  endedMs: number;
  /** Wall clock at the answer, to compare with a receivedAt. */
  answeredAt: number;
  /** Why there was no answer (the fetch error's cause). */
  error?: string;
}
const sent: Sent[] = [];
const t0 = performance.now();
const now = () => performance.now() - t0;
const windows: Record<string, { from?: number; to?: number }> = {
  emailFails: {},
  afterRowFails: {},
  commitLost: {},
  databaseDown: {},
  emailHangs: {},
};
/** Visitors whose form e-mailed the team from the browser, and whether the e-mail went. */
const fellBack = new Map<string, boolean>();

const send = async (v: Visitor): Promise<Sent> => {
  const startedMs = now();
  let status = 0;
  let receivedAt: string | undefined;
  let error: string | undefined;
  try {
    const response = await fetch(requestOf(v), { redirect: 'manual' });
    status = response.status;
    const text = await response.text();
    if (status === 201) receivedAt = (JSON.parse(text) as { receivedAt: string }).receivedAt;
  } catch (e) {
    status = 0; // no answer
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    error = String(cause?.code ?? cause?.message ?? (e as Error).message);
  }
  const result = { id: v.id, status, receivedAt, startedMs, endedMs: now(), answeredAt: Date.now(), error };
  sent.push(result);
  return result;
};

/**
 * Like the form: a 503 is retried at once with the same id; a second 503 and it e-mails the team
 * from the browser. A native post has no script: the person sends it again every 2 s (60 tries).
 */
const deliver = async (v: Visitor) => {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const { status } = await send(v);
    if (status !== 503) return;
    if (attempt === 1 && v.way !== 'native') {
      fellBack.set(v.id, await fallback(v));
      return;
    }
    if (attempt > 0) await sleep(2000);
  }
};

let done = 0;
const visit = async (v: Visitor) => {
  if (v.twin === 'same-moment') await Promise.all([deliver(v), deliver(v)]);
  else await deliver(v);
  if (v.twin === 'later') {
    await sleep(200 + ((v.n * 37) % 1800));
    await deliver(v);
  }
  done += 1;
};

// Faults, by progress: e-mail failing at 10-20 %, the statement after the lead's row failing at
// 20-25 %, commits' answers lost at 30-33 %, the database down for `outage` s from 40 %, e-mail
// hanging at 60-75 %. E-mail works while the database fails, as the browsers' fallback needs it.
const faults = (async () => {
  const at = async (share: number) => {
    while (done < total * share) await sleep(20);
  };
  await at(0.1);
  await standIn({ status: 500 });
  windows.emailFails.from = now();
  await at(0.2);
  await standIn({ status: 200 });
  windows.emailFails.to = now();
  await databaseSwitch('down', 'INSERT INTO deliveries');
  windows.afterRowFails.from = now();
  await at(0.25);
  await databaseSwitch('up', 'INSERT INTO deliveries');
  windows.afterRowFails.to = now();
  await at(0.3);
  await databaseSwitch('lost', 'COMMIT');
  windows.commitLost.from = now();
  await at(0.33);
  await databaseSwitch('up', 'COMMIT');
  windows.commitLost.to = now();
  await at(0.4);
  await databaseSwitch('down');
  windows.databaseDown.from = now();
  await sleep(outageMs);
  await databaseSwitch('up');
  windows.databaseDown.to = now();
  await at(0.6);
  await standIn({ delayMs: 600_000 });
  windows.emailHangs.from = now();
  await at(0.75);
  await standIn({ delayMs: 0 });
  windows.emailHangs.to = now();
})();

log(`bench:faults: ${total} enquiries at concurrency ${concurrency} against ${site.origin}`);
const queue = [...visitors];
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    for (let v = queue.shift(); v; v = queue.shift()) await visit(v);
  }),
);
await faults;
const loadSeconds = now() / 1000;
await databaseSwitch('up');
await standIn({ status: 200, delayMs: 0 });

// ---- what was stored and e-mailed ---------------------------------------------------------

const emailsById = async () => {
  const received = (await fetch(`${site.standInOrigin}/__standin/received`).then((r) => r.json())) as {
    template_id: string;
    template_params: { id?: string };
  }[];
  const byId = new Map<string, number>();
  const fallbacks = new Set<string>();
  // The team's e-mails from the server only: not the visitors' acknowledgements, not the browsers' fallbacks.
  for (const email of received.filter(isTeamEmail)) {
    const id = String(email.template_params.id);
    if (email.template_id === FALLBACK_TEMPLATE) fallbacks.add(id);
    else byId.set(id, (byId.get(id) ?? 0) + 1);
  }
  return { byId, fallbacks };
};
const emailsAfterLoad = await emailsById();

// One run of the notification sweep (`npm run leads:sweep`), as it runs once these leads are due:
// its first re-send is 10 minutes after receipt, so its clock is set 11 minutes ahead. It sends
// through the served site's EmailJS stand-in, so the e-mails are counted with the others.
const SWEEP_AHEAD_MS = 11 * 60_000;
const sweepStarted = performance.now();
const sweep = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
  const child = spawn(process.execPath, ['--import', './bench/clock-ahead.ts', 'scripts/leads-sweep.ts', '--dir', blobs.dir], {
    cwd: root,
    env: {
      ...process.env,
      NETLIFY_DB_URL: site.databaseUrl,
      CONTEXT: 'dev', // the local database: the sweep sends, as on the served site
      CLOCK_AHEAD_MS: String(SWEEP_AHEAD_MS),
      ...(values['sweep-batch'] ? { LEADS_SWEEP_BATCH: values['sweep-batch'] } : {}),
      EMAILJS_API_ORIGIN: site.standInOrigin,
      EMAILJS_SERVICE_ID: 'service_local',
      EMAILJS_TEMPLATE_ID: 'template_local',
      EMAILJS_PUBLIC_KEY: 'public_local',
      EMAILJS_PRIVATE_KEY: 'private_local',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-2000)));
  child.on('exit', (code) => resolve({ code, stdout, stderr }));
});
const sweepSeconds = (performance.now() - sweepStarted) / 1000;
let sweepReport: Record<string, unknown> = {};
try {
  sweepReport = JSON.parse(sweep.stdout) as Record<string, unknown>;
} catch {
  log(`the sweep failed (exit ${sweep.code}): ${sweep.stderr}`);
}
const emailsAfterSweep = await emailsById();
const emails = emailsAfterSweep.byId;

const byId = new Map(visitors.map((v) => [v.id, v]));
const answersOf = new Map<string, Sent[]>();
for (const s of sent) answersOf.set(s.id, [...(answersOf.get(s.id) ?? []), s]);

// What the database holds for each visitor's id (the id is the primary key: at most one row).
const reader = readDatabase(site.databaseUrl);
const rows = await reader.leads([...byId.keys()]);
await reader.close();
const storedOf = new Map(rows.map((lead) => [lead.id, lead]));
await site.stop();
await blobs.remove();

// ---- figures ------------------------------------------------------------------------------

const statuses = new Map<number, number>();
for (const s of sent) statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1);
const accepted = [...byId.keys()].filter((id) => answersOf.get(id)?.some((s) => s.status === 201 || s.status === 303));
const stored = [...byId.keys()].filter((id) => storedOf.has(id) && !storedOf.get(id)?.spam);
const lost = accepted.filter((id) => !stored.includes(id));
// Two rows for one id cannot exist (its primary key); a second lead for one visitor would carry another id.
const duplicated = rows.filter((lead) => !byId.has(lead.id)).map((lead) => lead.id);
const spam = rows.filter((lead) => lead.spam).map((lead) => lead.id);
const receiptMismatch = accepted.filter((id) => {
  const receipts = new Set(
    answersOf
      .get(id)
      ?.filter((s) => s.receivedAt)
      .map((s) => s.receivedAt),
  );
  const record = storedOf.get(id);
  return receipts.size > 1 || (receipts.size === 1 && record && !receipts.has(record.receivedAt));
});

// The faults' reach: requests that ran while a fault was on, and within the deadline (6 s) and a
// second after it ended.
const storeDeadlineMs = 6000;
const during = (window: { from?: number; to?: number }, s: Sent) =>
  window.from !== undefined && s.endedMs > window.from && s.startedMs < (window.to ?? Infinity) + storeDeadlineMs + 1000;
const duringOutage = (s: Sent) => during(windows.databaseDown, s) || during(windows.afterRowFails, s) || during(windows.commitLost, s);
const failures = sent.filter((s) => s.status >= 500 && s.status !== 503);
const stray503 = sent.filter((s) => s.status === 503 && !duringOutage(s));
const unanswered = sent.filter((s) => s.status === 0);
const other4xx = sent.filter((s) => s.status >= 400 && s.status < 500);
const got503 = [...byId.keys()].filter((id) => answersOf.get(id)?.some((s) => s.status === 503));
const storedOnRetry = got503.filter((id) => stored.includes(id));
// The lead was committed, and the answer that said so was lost: the retry got the first receipt.
const committedBefore503 = got503.filter((id) => {
  const receivedAt = Date.parse(storedOf.get(id)?.receivedAt ?? '');
  return answersOf.get(id)?.some((s) => s.status === 503 && receivedAt < s.answeredAt);
});
// Every visitor of the form (JSON or photo) with two 503s in a row must have had the fallback, and its e-mail must have gone.
const twice503 = [...byId].filter(
  ([id, v]) =>
    v.way !== 'native' &&
    (answersOf.get(id) ?? []).some((s, n, all) => s.status === 503 && all[n + 1]?.status === 503) &&
    !accepted.includes(id),
);
const withoutFallback = twice503.filter(([id]) => fellBack.get(id) !== true || !emailsAfterSweep.fallbacks.has(id));

const owedAfterLoad = stored.filter((id) => (emailsAfterLoad.byId.get(id) ?? 0) === 0);
const emailedAfterLoad = stored.length - owedAfterLoad.length;
const owed = stored.filter((id) => (emails.get(id) ?? 0) === 0);
const twice = stored.filter((id) => (emails.get(id) ?? 0) > 1);
const notifiedFalse = stored.filter((id) => storedOf.get(id)?.notified !== true);

const latencies = sent
  .filter((s) => s.status === 201 || s.status === 303)
  .map((s) => s.endedMs - s.startedMs)
  .sort((a, b) => a - b);
const pct = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0);
const secs = (ms?: number) => (ms === undefined ? '?' : (ms / 1000).toFixed(1));
const ways = (way: Way) => visitors.filter((v) => v.way === way).length;

log(
  `machine: ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}; load average ${os.loadavg()[0].toFixed(1)}`,
);
log(
  `enquiries: ${total} (${ENQUIRY_KINDS.map((k) => `${k} ${visitors.filter((v) => v.kind === k).length}`).join(', ')}); ${ways('json')} JSON, ${ways('native')} native form posts, ${ways('photo')} Sell Flats with a photo`,
);
log(
  `re-sent with the same id: ${visitors.filter((v) => v.twin !== 'none').length} (${visitors.filter((v) => v.twin === 'same-moment').length} at the same moment, ${visitors.filter((v) => v.twin === 'later').length} later)`,
);
const span = (w: { from?: number; to?: number }) => `${secs(w.from)}-${secs(w.to)} s`;
log(
  `faults: e-mail 500 ${span(windows.emailFails)}; statement after the row failing ${span(windows.afterRowFails)}; commits' answers lost ${span(windows.commitLost)}; database refusing connections ${span(windows.databaseDown)}; e-mail hanging ${span(windows.emailHangs)}; load took ${loadSeconds.toFixed(1)} s`,
);
log(
  `requests: ${sent.length}; answers: ${[...statuses]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${s || 'none'} × ${n}`)
    .join(', ')}; accepted latency p50 ${pct(50)} ms, p95 ${pct(95)} ms`,
);
log('');
log(
  `accepted ${accepted.length}, stored ${stored.length}, lost ${lost.length}, duplicated ${duplicated.length}${spam.length ? `, classed as spam ${spam.length}` : ''}`,
);
log(`answers that differ from the stored receipt: ${receiptMismatch.length}`);
log(
  `503s: ${statuses.get(503) ?? 0} answers to ${got503.length} enquiries; stored on retry: ${storedOnRetry.length} of ${got503.length} (${committedBefore503.length} of them committed by the attempt answered 503); 503s outside the faults and the 7 s after them: ${stray503.length}`,
);
log(
  `browser fallback: ${fellBack.size} visitors e-mailed the team from the form (${[...fellBack.values()].filter(Boolean).length} e-mails went); visitors with two 503s and no fallback e-mail: ${withoutFallback.length}`,
);
log(`other 5xx: ${failures.length}; 4xx: ${other4xx.length}; no answer: ${unanswered.length}`);
for (const [cause, list] of Map.groupBy(unanswered, (s) => s.error ?? '?')) {
  log(
    `  no answer, ${cause}: ${list.length}, started ${list.map((s) => secs(s.startedMs)).join(', ')} s, ended after ${list.map((s) => secs(s.endedMs - s.startedMs)).join(', ')} s`,
  );
}
const sendsTo = (byIdMap: Map<string, number>) => [...byId.keys()].reduce((n, id) => n + (byIdMap.get(id) ?? 0), 0);
log(`e-mails after the load: ${sendsTo(emailsAfterLoad.byId)} sent for ${emailedAfterLoad} leads; owed: ${owedAfterLoad.length}`);
log(`one sweep (${sweepSeconds.toFixed(1)} s): ${JSON.stringify(sweepReport)}`);
log(
  `e-mails after one sweep: ${sendsTo(emails)} sent for ${stored.length - owed.length} leads (${twice.length} leads e-mailed more than once); owed: ${owed.length} (leads not marked notified: ${notifiedFalse.length})`,
);
// When the leads e-mailed twice were received (seconds into the load): their first send's bookkeeping is what failed.
const loadStartedAt = performance.timeOrigin + t0;
if (twice.length > 0) {
  const at = twice.map((id) => (Date.parse(storedOf.get(id)?.receivedAt ?? '') - loadStartedAt) / 1000).sort((a, b) => a - b);
  log(`  e-mailed twice, received at (s): ${at.map((s) => s.toFixed(1)).join(', ')}`);
}

const missed = [
  lost.length && `${lost.length} lost`,
  duplicated.length && `${duplicated.length} duplicated`,
  failures.length && `${failures.length} × 5xx other than 503`,
  stray503.length && `${stray503.length} × 503 after the outage`,
  unanswered.length && `${unanswered.length} unanswered`,
  other4xx.length && `${other4xx.length} × 4xx`,
  accepted.length + fellBack.size < total && `${total - accepted.length - fellBack.size} neither accepted nor e-mailed by the fallback`,
  withoutFallback.length && `${withoutFallback.length} visitors with two 503s had no fallback`,
  receiptMismatch.length && `${receiptMismatch.length} receipts differ`,
  owed.length && `${owed.length} e-mails owed after the sweep`,
  twice.length && `${twice.length} leads e-mailed twice`,
].filter(Boolean);
log(
  missed.length
    ? `\nMISSED: ${missed.join(', ')}`
    : '\nOK: 0 lost, 0 duplicated, every visitor with two 503s had the fallback, no 5xx but 503 during the faults, nothing owed after the sweep',
);
if (missed.length) {
  for (const id of [...lost, ...duplicated, ...receiptMismatch, ...new Set(stray503.map((s) => s.id))].slice(0, 10)) {
    log(
      `  ${id}: ${JSON.stringify(answersOf.get(id)?.map((s) => [s.status, s.receivedAt, Math.round(s.startedMs), Math.round(s.endedMs)]))} stored ${String(storedOf.get(id)?.receivedAt)}`,
    );
  }
}
process.exit(missed.length ? 1 : 0);
