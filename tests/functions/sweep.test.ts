/**
 * No notification lost: every lead is stored with its team e-mail's delivery row, and the
 * scheduled sweep re-sends what is still pending at about 10 min, 30 min, 2 h, 6 h and 24 h, then
 * gives up and lists the lead as "also waiting" in the next e-mail that goes out. Real database
 * and Blobs store, EmailJS stand-in.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import leadsSweep from '../../netlify/functions/leads-sweep.mts';
import type { LocalBlobs } from '../../harness/local-blobs.ts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { EMAILJS_ENV, clearEmailJsEnv } from '../../harness/emailjs-standin.ts';
import { send, validBankLoan, validFinance } from '../support/enquiry-requests.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';
import type { SweepReport } from '../../src/server/jobs/sweep.ts';

let db: TestDatabase;
let blobs: LocalBlobs;
let standIn: EmailJsStandIn;
useFreshLocalServers((servers) => ({ db, blobs, standIn } = servers));
beforeEach(() => {
  Object.assign(process.env, EMAILJS_ENV, { EMAILJS_API_ORIGIN: standIn.origin });
});
afterEach(() => {
  vi.useRealTimers();
  for (const name of ['LEADS_SWEEP_BATCH', 'LEADS_STORE_TIMEOUT_MS', 'EMAILJS_TIMEOUT_MS']) delete process.env[name];
});

const MINUTE = 60_000;

/** Runs the scheduled function as Netlify would, and returns its report. */
const sweep = async (): Promise<SweepReport> => {
  const response = await leadsSweep(
    new Request('http://localhost/.netlify/functions/leads-sweep', {
      method: 'POST',
      body: JSON.stringify({ next_run: new Date().toISOString() }),
    }),
  );
  expect(response.status).toBe(200);
  return response.json();
};

const leadOf = (id: string) => db.record(id);
const teamEmailOf = async (id: string) => (await db.deliveries(id)).team;
const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : value);
const sentIds = () => standIn.received.map((email) => email.template_params.id);

/** Stores a lead whose e-mail at receipt failed (EmailJS answered 500). */
const failedLead = async (make = validBankLoan) => {
  standIn.setBehaviour({ status: 500 });
  const enquiry = make();
  const answer = await send('bankloan', enquiry);
  expect(answer.status).toBe(201);
  standIn.setBehaviour({ status: 200 });
  return { id: enquiry.submissionId as string, receivedAt: Date.parse(answer.body.receivedAt) };
};

describe("the team e-mail's delivery", () => {
  test('is written with every lead and marked sent once the e-mail has gone', async () => {
    const enquiry = validFinance();
    expect((await send('finance', enquiry)).status).toBe(201);
    expect(standIn.received).toHaveLength(1);
    expect(await teamEmailOf(enquiry.submissionId)).toMatchObject({ state: 'sent', attempts: 1, last_error: null });
  });

  test('stays pending when the e-mail failed, with the first re-send due 10 minutes after receipt, and the sweep is told', async () => {
    const { id, receivedAt } = await failedLead();
    const delivery = await teamEmailOf(id);
    expect(delivery).toMatchObject({ state: 'pending', attempts: 1, last_error: 'EmailJS answered 500', claimed_until: null });
    expect(iso(delivery.next_attempt_at)).toBe(new Date(receivedAt + 10 * MINUTE).toISOString());
    expect(await blobs.outbound().get('pending', { type: 'json' })).toEqual({ team: new Date(receivedAt + 10 * MINUTE).toISOString() });
  });

  test('stays untried when EmailJS is not configured, and the sweep then sends nothing and does not wake the database', async () => {
    clearEmailJsEnv();
    const enquiry = validFinance();
    await send('finance', enquiry);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60 * MINUTE);
    const sessions = db.local.sessions();
    expect(await sweep()).toMatchObject({ asleep: true, sent: 0, skipped: 'EmailJS is not configured' });
    expect(db.local.sessions()).toBe(sessions);
    expect(await teamEmailOf(enquiry.submissionId)).toMatchObject({ state: 'pending', attempts: 0 });
    expect(standIn.requests).toHaveLength(0);
  });
});

describe('backoff and give-up', () => {
  test('re-sends at 10 min, 30 min, 2 h, 6 h and 24 h, counting notifyAttempts, then flags notifyGaveUp', async () => {
    const { id, receivedAt } = await failedLead();
    standIn.setBehaviour({ status: 500 });
    vi.useFakeTimers({ toFake: ['Date'] });
    const schedule = [10, 30, 120, 360, 1440];
    for (const [n, minutes] of schedule.entries()) {
      vi.setSystemTime(receivedAt + minutes * MINUTE - 1000);
      expect(await sweep()).toMatchObject({ due: 0, sent: 0 }); // a second early: not yet
      const before = standIn.requests.length;
      vi.setSystemTime(receivedAt + minutes * MINUTE);
      const report = await sweep();
      expect(standIn.requests.length - before).toBe(1);
      const lead = await leadOf(id);
      expect(lead).toMatchObject({ notified: false, notifyAttempts: n + 1, notifyError: 'EmailJS answered 500' });
      const delivery = await teamEmailOf(id);
      if (n < schedule.length - 1) {
        expect(report).toMatchObject({ due: 1, failed: 1, gaveUp: 0 });
        expect(delivery).toMatchObject({ state: 'pending', attempts: n + 2 });
        expect(iso(delivery.next_attempt_at)).toBe(new Date(receivedAt + schedule[n + 1] * MINUTE).toISOString());
        expect(lead).not.toHaveProperty('notifyGaveUp');
      } else {
        expect(report).toMatchObject({ due: 1, failed: 0, gaveUp: 1 });
        expect(lead).toMatchObject({ notifyGaveUp: true });
        expect(delivery).toMatchObject({ state: 'gave-up', next_attempt_at: null });
      }
    }
    // Never a sixth attempt.
    vi.setSystemTime(receivedAt + 30 * 24 * 60 * MINUTE);
    expect(await sweep()).toMatchObject({ pending: 0, due: 0 });
    expect(standIn.requests).toHaveLength(1 + schedule.length);
  });

  test('a re-send that works marks the lead notified and ends its pending entry', async () => {
    const { id, receivedAt } = await failedLead();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(receivedAt + 10 * MINUTE);
    expect(await sweep()).toMatchObject({ pending: 1, due: 1, sent: 1 });
    expect(sentIds()).toEqual([id]);
    const lead = await leadOf(id);
    expect(lead).toMatchObject({ notified: true, notifyAttempts: 1 });
    expect(lead).not.toHaveProperty('notifyError');
    expect(await teamEmailOf(id)).toMatchObject({ state: 'sent', attempts: 2 });
    vi.setSystemTime(receivedAt + 48 * 60 * MINUTE);
    await sweep();
    expect(standIn.received).toHaveLength(1);
  });

  test('a lead that gave up is listed as "also waiting" in the next e-mail that goes out, once', async () => {
    const gaveUp = await failedLead();
    await db.rows(`UPDATE deliveries SET attempts = 5 WHERE lead_id = $1`, [gaveUp.id]);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(gaveUp.receivedAt + 24 * 60 * MINUTE);
    standIn.setBehaviour({ status: 500 });
    expect(await sweep()).toMatchObject({ gaveUp: 1 });
    standIn.setBehaviour({ status: 200 });

    const next = validFinance({ Username: 'Meena Iyer' });
    expect((await send('finance', next)).status).toBe(201);
    const email = standIn.received.at(-1)!;
    expect(email.template_params.id).toBe(next.submissionId);
    expect(email.template_params.alsoWaiting).toContain(`bankloan ${gaveUp.id}`);
    expect(email.template_params.alsoWaiting).toContain('Priya Raman, 9876543210');
    expect(email.template_params.summary).toMatch(/Also waiting \(1; their own e-mails failed\):\n- bankloan /);
    expect(await leadOf(gaveUp.id)).toMatchObject({ notified: true, notifyGaveUp: true, notifiedWith: next.submissionId });
    expect(await teamEmailOf(gaveUp.id)).toMatchObject({ state: 'sent', carried_by: next.submissionId });

    await send('finance', validFinance());
    expect(standIn.received.at(-1)!.template_params.alsoWaiting).toBe('');
  });
});

describe('concurrency and time', () => {
  test('two sweeps at once send every pending e-mail exactly once', async () => {
    const leads = [];
    for (let i = 0; i < 6; i++) leads.push(await failedLead());
    standIn.setBehaviour({ status: 200, delayMs: 30 });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.max(...leads.map((l) => l.receivedAt)) + 10 * MINUTE);
    const reports = await Promise.all([sweep(), sweep()]);
    expect(sentIds().sort()).toEqual(leads.map((l) => l.id).sort());
    expect(reports[0].sent + reports[1].sent).toBe(6);
    for (const { id } of leads) expect(await leadOf(id)).toMatchObject({ notified: true, notifyAttempts: 1 });
  });

  test('a sweep starts no batch it cannot finish within its budget; the next run carries on', async () => {
    const leads = [];
    for (let i = 0; i < 8; i++) leads.push(await failedLead());
    // Pretend their first re-send was due an hour ago.
    await db.rows('UPDATE deliveries SET next_attempt_at = $1', [new Date(Date.now() - 60 * MINUTE).toISOString()]);
    // Deadlines long enough that a busy machine never turns a slow send into a failure; each batch
    // of two takes at least 600 ms, so of the four batches at most three can start in time.
    Object.assign(process.env, { LEADS_SWEEP_BATCH: '2', EMAILJS_TIMEOUT_MS: '3000', LEADS_STORE_TIMEOUT_MS: '3000' });
    standIn.setBehaviour({ status: 200, delayMs: 600 });
    const { sweepPending } = await import('../../src/server/jobs/sweep.ts');
    const started = Date.now();
    const first = await sweepPending({ budgetMs: 7200, wake: true }); // batches may start until 1,200 ms in
    expect(Date.now() - started).toBeLessThan(7200);
    expect(first.sent).toBeGreaterThan(0);
    expect(first.left).toBeGreaterThan(0);
    expect(first.sent + first.left).toBe(8);

    const second = await sweepPending({ budgetMs: 60_000, wake: true });
    expect(second).toMatchObject({ due: first.left, sent: first.left, left: 0 });
    expect(sentIds().sort()).toEqual(leads.map((l) => l.id).sort());
  });

  test("an erased lead's delivery goes with it: the sweep sends only the others", async () => {
    const kept = await failedLead();
    const erased = await failedLead();
    await db.rows('DELETE FROM leads WHERE id = $1', [erased.id]);
    expect(await db.rows('SELECT id FROM deliveries WHERE lead_id = $1', [erased.id])).toEqual([]);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * MINUTE);
    expect(await sweep()).toMatchObject({ pending: 1, due: 1, sent: 1 });
    expect(sentIds()).toEqual([kept.id]);
  });

  test('with nothing due, the sweep reads only the note in Blobs and never opens a database session', async () => {
    const { receivedAt } = await failedLead();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(receivedAt + 5 * MINUTE);
    const sessions = db.local.sessions();
    expect(await sweep()).toMatchObject({ asleep: true, due: 0, sent: 0 });
    expect(db.local.sessions()).toBe(sessions);
    vi.setSystemTime(receivedAt + 10 * MINUTE);
    expect(await sweep()).toMatchObject({ due: 1, sent: 1 });
    expect(db.local.sessions()).toBe(sessions + 1);
    // The note now says nothing is pending: the next runs stay asleep.
    expect(await blobs.outbound().get('pending', { type: 'json' })).toEqual({});
    vi.setSystemTime(receivedAt + 24 * 60 * MINUTE);
    expect(await sweep()).toMatchObject({ asleep: true });
    expect(db.local.sessions()).toBe(sessions + 1);
  });
});

describe("a visitor's retry of a lead never e-mailed (its first attempt died)", () => {
  /** A lead stored but never e-mailed: EmailJS was unset when it came in. */
  const neverSent = async () => {
    clearEmailJsEnv();
    const enquiry = validFinance();
    const answer = await send('finance', enquiry);
    Object.assign(process.env, EMAILJS_ENV, { EMAILJS_API_ORIGIN: standIn.origin });
    return { enquiry, receivedAt: Date.parse(answer.body.receivedAt) };
  };

  test('takes the pending entry, so a sweep at the same time does not send it again', async () => {
    const { enquiry, receivedAt } = await neverSent();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(receivedAt + 11 * MINUTE);
    await Promise.all([send('finance', enquiry), sweep()]);
    expect(sentIds()).toEqual([enquiry.submissionId]);
    expect(await leadOf(enquiry.submissionId)).toMatchObject({ notified: true });
    expect(await teamEmailOf(enquiry.submissionId)).toMatchObject({ state: 'sent', attempts: 1 });
  });

  test('leaves the lead alone while a sweep holds it', async () => {
    const { enquiry, receivedAt } = await neverSent();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(receivedAt + 11 * MINUTE);
    await db.rows('UPDATE deliveries SET claimed_until = $2 WHERE lead_id = $1', [
      enquiry.submissionId,
      new Date(Date.now() + MINUTE).toISOString(),
    ]);
    expect((await send('finance', enquiry)).status).toBe(201);
    expect(standIn.requests).toHaveLength(0);
  });
});

test('npm run leads:sweep runs the same sweep on a local database', async () => {
  const { id } = await failedLead();
  await db.rows('UPDATE deliveries SET next_attempt_at = $1', [new Date(Date.now() - MINUTE).toISOString()]);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['scripts/leads-sweep.ts', '--dir', blobs.directory, '--site', 'test-site'],
    {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, NETLIFY_DB_URL: db.local.url },
    },
  );
  expect(JSON.parse(stdout)).toMatchObject({ pending: 1, due: 1, sent: 1 });
  expect(sentIds()).toEqual([id]);
  expect(await leadOf(id)).toMatchObject({ notified: true, notifyAttempts: 1 });
});
