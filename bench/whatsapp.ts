/**
 * `npm run bench:whatsapp`: WhatsApp on the served site (`node harness/serve.ts`, what `npm start`
 * serves) with its Cloud API stand-in. N enquiries (default 60) with the WhatsApp box ticked, in
 * the four languages in turn, at concurrency C (default 4); for each it measures
 * - the acknowledgement: from the POST to the template the stand-in took (in its folder, its language);
 * - the status: from a signed `read` the stand-in posts to /api/whatsapp to the lead showing it
 *   (GET /api/leads/<id>, the owner's key);
 * - a signed STOP: from the post to the person's WhatsApp consent shown withdrawn.
 * It prints the median, 90th percentile and worst of each, the machine's load, and exits 1 when
 * an acknowledgement is missing or in the wrong language, a status or STOP never shows, or the
 * worst acknowledgement took longer than 5 s ("within seconds", the target).
 *
 *   npm run bench:whatsapp
 *   npm run bench:whatsapp -- --n 200 --c 8
 *
 * PORT chooses the site's port (else a free one). Builds dist/ if it is missing. A fresh local
 * database and Blobs store (removed at the end); messages go to outbox/whatsapp/.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import { validFinance } from '../harness/sample-enquiries.ts';
import { BENCH_ENV, withChallenge } from './proof.ts';
import { ensureBuilt, freshBlobsDir, startServedSite } from '../harness/served-site.ts';
import { LOCALES } from '../src/i18n/locales.ts';

const { values } = parseArgs({ options: { n: { type: 'string', default: '60' }, c: { type: 'string', default: '4' } } });
const total = Number(values.n);
const concurrency = Number(values.c);
const OWNER_KEY = 'bench-whatsapp-owner-key-6a1f0e93c2d74b58';
const ACK_TARGET_MS = 5_000;
const log = (line: string) => console.log(line);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

ensureBuilt(log);
const blobs = await freshBlobsDir();
const site = await startServedSite({ LOCAL_BLOBS_DIR: blobs.dir, LEADS_EXPORT_TOKEN: OWNER_KEY, ...BENCH_ENV });
const owner = { authorization: `Bearer ${OWNER_KEY}` };
const standIn = (pathname: string, body?: unknown) =>
  fetch(`${site.whatsappOrigin}${pathname}`, body ? { method: 'POST', body: JSON.stringify(body) } : {}).then(
    (response) => response.json() as Promise<unknown>,
  );

/** Polls `check` every 20 ms until it holds; the milliseconds it took from `from`, or null after 15 s. */
const until = async (from: number, check: () => Promise<boolean>): Promise<number | null> => {
  while (Date.now() - from < 15_000) {
    if (await check().catch(() => false)) return Date.now() - from;
    await sleep(20);
  }
  return null;
};

interface Received {
  wamid?: string;
  body: { to?: string; template?: { language?: { code?: string } } };
}
const figures = { ack: [] as number[], status: [] as number[], stop: [] as number[] };
const problems: string[] = [];

const one = async (n: number) => {
  const locale = LOCALES[n % LOCALES.length];
  const phone = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const id = randomUUID();
  const body = withChallenge(
    'finance',
    validFinance({ submissionId: id, phone, locale, consentWhatsapp: true, email: `bench.${id}@example.com` }),
  );
  const posted = Date.now();
  const answer = await fetch(`${site.origin}/api/finance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (answer.status !== 201) return problems.push(`enquiry ${n}: answered ${answer.status}`);
  let message: Received | undefined;
  const ack = await until(posted, async () => {
    message = ((await standIn('/__standin/received')) as Received[]).find((one) => one.body.to === `91${phone}` && one.wamid);
    return message !== undefined;
  });
  if (ack === null || !message?.wamid) return problems.push(`enquiry ${n}: no acknowledgement`);
  if (message.body.template?.language?.code !== locale)
    problems.push(`enquiry ${n}: the template is in ${message.body.template?.language?.code}, not ${locale}`);
  figures.ack.push(ack);

  const statusAt = Date.now();
  await standIn('/__standin/status', { wamid: message.wamid, status: 'read' });
  let personId = '';
  const status = await until(statusAt, async () => {
    const view = (await (await fetch(`${site.origin}/api/leads/${id}`, { headers: owner })).json()) as {
      whatsapp?: { state?: string };
      lead: { personId: string };
    };
    personId = view.lead.personId;
    return view.whatsapp?.state === 'read';
  });
  if (status === null) return problems.push(`enquiry ${n}: the read status never showed`);
  figures.status.push(status);

  const stopAt = Date.now();
  await standIn('/__standin/inbound', { from: `91${phone}`, text: 'STOP' });
  const stop = await until(stopAt, async () => {
    const page = (await (await fetch(`${site.origin}/api/people/${personId}`, { headers: owner })).json()) as {
      person: { consent: { whatsapp: string } };
    };
    return page.person.consent.whatsapp === 'withdrawn';
  });
  if (stop === null) return problems.push(`enquiry ${n}: STOP never withdrew`);
  figures.stop.push(stop);
};

const started = Date.now();
try {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await one(next++);
    }),
  );
} finally {
  await site.stop();
  await blobs.remove();
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const row = (name: string, list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return `| ${name} | ${sorted.length} | ${quantile(sorted, 0.5)} ms | ${quantile(sorted, 0.9)} ms | ${sorted.at(-1) ?? NaN} ms |`;
};
log(
  `\nbench:whatsapp: ${total} enquiries with WhatsApp ticked (${LOCALES.join(', ')} in turn), ${concurrency} at a time, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
log(
  `machine: ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);
log('| From → to | Measured | Median | 90th percentile | Worst |');
log('|---|---|---|---|---|');
log(row('POST → template at the stand-in', figures.ack));
log(row('signed read → shown on the lead', figures.status));
log(row('signed STOP → consent withdrawn', figures.stop));
const worstAck = Math.max(...figures.ack);
if (worstAck > ACK_TARGET_MS) problems.push(`the slowest acknowledgement took ${worstAck} ms (target ${ACK_TARGET_MS} ms)`);
for (const problem of problems) log(`missed: ${problem}`);
process.exit(problems.length > 0 ? 1 : 0);
