/**
 * The database sleeps when idle and is billed while awake: an idle site (no visitors, nothing
 * pending, nobody in the inbox) wakes it at most 24 times a day from its scheduled jobs. A
 * simulated day of schedule ticks (the sweep every 10 minutes, the first-contact clock every 5,
 * retention once, the morning digest at 03:30 UTC) against the local database, counting the
 * sessions the jobs open on its socket.
 */
import { afterEach, expect, test, vi } from 'vitest';
import leadsSweep from '../../netlify/functions/leads-sweep.mts';
import leadsRetention from '../../netlify/functions/leads-retention.mts';
import leadsDigest from '../../netlify/functions/leads-digest.mts';
import leadsClock from '../../netlify/functions/leads-clock.mts';
import { withDatabase } from '../../src/server/db/connection.ts';
import { readLead } from '../../src/server/db/leads.ts';
import { changeWork } from '../../src/server/team/work.ts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { send, validFinance } from '../support/enquiry-requests.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';

let db: TestDatabase;
let standIn: EmailJsStandIn;
useFreshLocalServers((servers) => ({ db, standIn } = servers));
afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;
const tick = async (handler: (request: Request) => Promise<Response>, name: string) => {
  const response = await handler(new Request(`http://localhost/.netlify/functions/${name}`, { method: 'POST', body: '{}' }));
  expect(response.status).toBe(200);
};

/**
 * Runs one day of the functions' schedules from `start` (the sweep every 10 minutes, the clock
 * every 5, retention `@daily`, the digest at the tick of 03:30 UTC); returns the sessions opened.
 */
const day = async (start: number) => {
  const before = db.local.sessions();
  vi.useFakeTimers({ toFake: ['Date'] });
  for (let minute = 0; minute < 24 * 60; minute += 5) {
    const now = new Date(start + minute * MINUTE);
    vi.setSystemTime(now);
    await tick(leadsClock, 'leads-clock');
    if (minute % 10 !== 0) continue;
    await tick(leadsSweep, 'leads-sweep');
    if (minute === 0) await tick(leadsRetention, 'leads-retention');
    if (now.getUTCHours() === 3 && Math.floor(now.getUTCMinutes() / 10) === 3) await tick(leadsDigest, 'leads-digest');
  }
  vi.useRealTimers();
  return db.local.sessions() - before;
};

/** A follow-up well after the simulated day: nothing of it is due that day. */
const LATER = () => new Date(Date.now() + 30 * 86_400_000).toISOString();

/** An earlier lead, e-mailed at once and contacted: nothing is owed, and its first-contact clock has stopped. */
const earlierLead = async () => {
  const { body } = await send('finance', validFinance());
  const stored = await withDatabase(() => readLead(body.id));
  await withDatabase(() => changeWork(body.id, { status: 'contacted', followUpAt: LATER() }, 'Owner', stored!.version));
};

test('an idle day wakes the database once: the retention run; the 144 sweeps and 288 clock runs find nothing due in Blobs and never connect', async () => {
  await earlierLead();
  const sessions = await day(Date.now() + 60 * MINUTE);
  expect(sessions).toBe(1);
  expect(sessions).toBeLessThanOrEqual(24);
});

test('an idle day with the morning digest set: two wake-ups, retention and the one digest (sent once)', async () => {
  const context = process.env.CONTEXT;
  Object.assign(process.env, { DIGEST_TO: 'owner@example.com', EMAILJS_DIGEST_TEMPLATE_ID: 'template_digest', CONTEXT: 'production' });
  try {
    const sessions = await day(Date.now() + 60 * MINUTE);
    expect(sessions).toBe(2);
    expect(sessions).toBeLessThanOrEqual(24);
    expect(standIn.received.map((email) => email.template_params.kind)).toEqual(['digest']);
  } finally {
    for (const name of ['DIGEST_TO', 'EMAILJS_DIGEST_TEMPLATE_ID']) delete process.env[name];
    if (context === undefined) delete process.env.CONTEXT;
    else process.env.CONTEXT = context;
  }
});

test('a day with one e-mail owed: the sweep wakes the database when it is due, sends it, and sleeps again', async () => {
  standIn.setBehaviour({ status: 500 });
  const answer = await send('finance', validFinance());
  standIn.setBehaviour({ status: 200 });
  const stored = await withDatabase(() => readLead(answer.body.id));
  await withDatabase(() => changeWork(answer.body.id, { status: 'contacted', followUpAt: LATER() }, 'Owner', stored!.version));
  const sessions = await day(Date.parse(answer.body.receivedAt) + MINUTE);
  // The retention run, and the one sweep that found the re-send due and sent it.
  expect(sessions).toBe(2);
  expect(standIn.received.map((email) => email.template_params.id)).toHaveLength(1);
  expect(await db.record(answer.body.id)).toMatchObject({ notified: true, notifyAttempts: 1 });
});

test('a day with a lead nobody contacts: the clock wakes the database once for each step, then sleeps', async () => {
  // Monday 10:00 in India: the office is open for its 15, 30 and 45 working minutes.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.parse('2026-12-07T10:00:00+05:30'));
  const answer = await send('finance', validFinance());
  vi.useRealTimers();
  const sessions = await day(Date.parse(answer.body.receivedAt) + MINUTE);
  // The retention run, and one clock run each to remind, escalate and reassign (to the owner: nobody else).
  expect(sessions).toBe(4);
  expect((await db.record(answer.body.id)).history?.map((entry: { event?: string }) => entry.event)).toEqual([
    'reminded',
    'escalated',
    'reassigned',
  ]);
});
