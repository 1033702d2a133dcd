/**
 * A script that posts like a bot through the public API (GET /api/<kind> for a challenge, then
 * POSTs): it reuses challenges, varies `+tags` and dots of one inbox, and puts text in the name
 * field. It gets no acknowledgement beyond one per real mailbox, no team e-mail for a reused
 * challenge, and nothing it typed in any acknowledgement. Real database and Blobs store, EmailJS
 * stand-in; the clock moves on past the minimum fill time instead of waiting for it.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { useFreshLocalServers } from '../support/servers.ts';
import { useAcknowledgements } from '../support/acknowledgements.ts';
import type { EmailJsStandIn, ReceivedEmail } from '../../harness/emailjs-standin.ts';
import { handlers, send, validBankLoan, validContact, type Kind } from '../support/enquiry-requests.ts';
import { normaliseMailbox } from '../../src/server/intake/daily-limits.ts';
import type { TestDatabase } from '../support/database.ts';

const ACK_TEMPLATE = 'template_ack_probe';
const LURE = 'Claim your refund at secure-example.com';

let db: TestDatabase;
let standIn: EmailJsStandIn;
useFreshLocalServers((servers) => ({ db, standIn } = servers));
const { acks, teamEmails } = useAcknowledgements(ACK_TEMPLATE, () => standIn);
afterEach(() => {
  vi.useRealTimers();
});

const params = (email: ReceivedEmail) => email.template_params as Record<string, string>;

/** What the bot does first: GET a challenge, as the form does. */
const fetchChallenge = async (kind: Kind): Promise<string> => {
  const answer = await handlers[kind](new Request(`http://localhost/api/${kind}`));
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { challenge: string }).challenge;
};

/** Then it waits out the minimum fill time (the clock moved on, not a sleep). */
let clock = Date.now();
const waitOutFillTime = () => {
  clock += 5_000;
  vi.useFakeTimers({ toFake: ['Date'], now: clock });
};

test('reused challenges, +tags, dots and a lure in the name: one acknowledgement per real mailbox, no team e-mail for a reused challenge', async () => {
  clock = Date.now();
  const reused: string[] = [];
  const fresh: string[] = [];

  // One challenge, three posts to three +tags of one inbox, the lure as the name.
  const challenge = await fetchChallenge('contact');
  waitOutFillTime();
  for (const tag of ['1', '2', '3']) {
    const enquiry = validContact({ Username: LURE, email: `victim+${tag}@example.com`, challenge });
    expect((await send('contact', enquiry)).status).toBe(201);
    (tag === '1' ? fresh : reused).push(enquiry.submissionId);
  }
  // A fresh challenge for each post: more +tags, capitals, Gmail's dots and googlemail.com.
  for (const email of [
    'victim+4@example.com',
    'VICTIM@example.com',
    'v.i.c.t.i.m@gmail.com',
    'victim+x@googlemail.com',
    'vi.ctim@gmail.com',
  ]) {
    const own = await fetchChallenge('contact');
    waitOutFillTime();
    const enquiry = validContact({ Username: LURE, email, challenge: own });
    expect((await send('contact', enquiry)).status).toBe(201);
    fresh.push(enquiry.submissionId);
  }
  // A contact challenge taken to another kind's endpoint.
  const contactOnly = await fetchChallenge('contact');
  waitOutFillTime();
  const elsewhere = validBankLoan({ Username: LURE, email: 'victim+9@example.com', challenge: contactOnly });
  expect((await send('bankloan', elsewhere)).status).toBe(201);
  reused.push(elsewhere.submissionId);

  // One acknowledgement per real mailbox, nothing the bot typed in any of them.
  const mailboxes = acks().map((ack) => normaliseMailbox(params(ack).to_email)?.mailbox);
  expect(mailboxes.sort()).toEqual(['victim@example.com', 'victim@gmail.com']);
  for (const ack of acks()) {
    for (const value of Object.values(params(ack))) expect(value).not.toMatch(/refund|secure-example/i);
    expect(params(ack).message.split('\n')[0]).toBe('Hello,');
  }
  // No team e-mail for a reused (or misdirected) challenge: those are spam, kept apart.
  const emailedIds = teamEmails().map((email) => params(email).id);
  for (const id of reused) expect(emailedIds).not.toContain(id);
  expect(emailedIds.sort()).toEqual([...fresh].sort());
  const spam = await db.records('spam');
  expect(spam.map((record) => [record.id, record.spam]).sort()).toEqual(
    [...reused.slice(0, 2).map((id) => [id, 'challenge-reused']), [elsewhere.submissionId, 'challenge-wrong-kind']].sort(),
  );
});
