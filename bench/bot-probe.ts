/**
 * `npm run bench:bot-probe`: a script posting like a bot through the public API of the served
 * site (`node harness/serve.ts`, what `npm start` serves), with the real minimum fill time: it
 * GETs a challenge, waits the time out, and then reuses the challenge for three posts, varies
 * `+tags` and dots of one inbox, puts a lure in the name field, and takes a contact challenge to
 * /api/bankloan. It then reads what the EmailJS stand-in received.
 *
 * Targets: at most one acknowledgement per real mailbox, nothing the bot typed in any of them,
 * no team e-mail for a reused or misdirected challenge. Exits 1 when one is missed.
 *
 *   npm run bench:bot-probe
 *
 * Builds dist/ if it is missing; a fresh local database and Blobs store (removed at the end).
 * The same probe runs in the function tests (tests/functions/bot-probe.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { ensureBuilt, freshBlobsDir, startServedSite } from '../harness/served-site.ts';
import { LOCAL_ACK_TEMPLATE_ID } from '../harness/emailjs-standin.ts';
import { validBankLoan, validContact } from '../harness/sample-enquiries.ts';
import { normaliseMailbox } from '../src/server/intake/daily-limits.ts';

const LURE = 'Claim your refund at secure-example.com';

ensureBuilt();
const blobs = await freshBlobsDir();
const site = await startServedSite({ LOCAL_BLOBS_DIR: blobs.dir });
const headers = { 'content-type': 'application/json', origin: site.origin };

const fetchChallenge = async (kind: string) => {
  const answer = await fetch(`${site.origin}/api/${kind}`, { headers: { origin: site.origin } });
  const { challenge, minFillMs } = (await answer.json()) as { challenge: string; minFillMs: number };
  await new Promise((resolve) => setTimeout(resolve, minFillMs + 100));
  return challenge;
};
const post = async (kind: string, body: Record<string, unknown>) => {
  const answer = await fetch(`${site.origin}/api/${kind}`, { method: 'POST', headers, body: JSON.stringify(body) });
  if (answer.status !== 201) throw new Error(`POST /api/${kind} answered ${answer.status}`);
};

const reused: string[] = [];
const sent: string[] = [];
try {
  const challenge = await fetchChallenge('contact');
  for (const tag of ['1', '2', '3']) {
    const enquiry = validContact({ Username: LURE, email: `victim+${tag}@example.com`, challenge, submissionId: randomUUID() });
    await post('contact', enquiry);
    (tag === '1' ? sent : reused).push(enquiry.submissionId as string);
  }
  for (const email of ['victim+4@example.com', 'VICTIM@example.com', 'v.i.c.t.i.m@gmail.com', 'victim+x@googlemail.com']) {
    const enquiry = validContact({ Username: LURE, email, challenge: await fetchChallenge('contact'), submissionId: randomUUID() });
    await post('contact', enquiry);
    sent.push(enquiry.submissionId as string);
  }
  const elsewhere = validBankLoan({ Username: LURE, email: 'victim+9@example.com', challenge: await fetchChallenge('contact') });
  await post('bankloan', elsewhere);
  reused.push(elsewhere.submissionId as string);

  const received = (await (await fetch(`${site.standInOrigin}/__standin/received`)).json()) as Array<{
    template_id: string;
    template_params: Record<string, string>;
  }>;
  const acks = received.filter((email) => email.template_id === LOCAL_ACK_TEMPLATE_ID);
  const team = received.filter((email) => email.template_id !== LOCAL_ACK_TEMPLATE_ID);
  const perMailbox = new Map<string, number>();
  for (const ack of acks) {
    const mailbox = normaliseMailbox(ack.template_params.to_email)?.mailbox ?? '?';
    perMailbox.set(mailbox, (perMailbox.get(mailbox) ?? 0) + 1);
  }
  const typed = acks.filter((ack) => Object.values(ack.template_params).some((value) => /refund|secure-example/i.test(value)));
  const teamForReused = team.filter((email) => reused.includes(email.template_params.id));
  console.log(`posts: ${sent.length + reused.length} (${reused.length} with a reused or misdirected challenge)`);
  console.log(`acknowledgements: ${acks.length}, per mailbox: ${JSON.stringify(Object.fromEntries(perMailbox))}`);
  console.log(`acknowledgements carrying typed text: ${typed.length}`);
  console.log(`team e-mails: ${team.length}, for a reused or misdirected challenge: ${teamForReused.length}`);
  const missed = [...perMailbox.values()].some((n) => n > 1) || typed.length > 0 || teamForReused.length > 0;
  console.log(missed ? 'TARGET MISSED' : 'targets met');
  process.exitCode = missed ? 1 : 0;
} finally {
  await site.stop();
  await blobs.remove();
}
