/**
 * No notification lost: every lead is stored with pending/<id>, and the scheduled sweep re-sends
 * what is still pending at about 10 min, 30 min, 2 h, 6 h and 24 h, then gives up and lists the
 * lead as "also waiting" in the next e-mail that goes out. Real Blobs store, EmailJS stand-in.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import leadsSweep from '../../netlify/functions/leads-sweep.mts';
import type { LocalBlobs } from '../../harness/local-blobs.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { EMAILJS_ENV, clearEmailJsEnv, type EmailJsStandIn } from '../../harness/emailjs-standin.ts';
import { send, validBankLoan, validFinance } from '../support/enquiry-requests.ts';
import type { SweepReport } from '../../src/server/sweep.ts';

let blobs: LocalBlobs;
let standIn: EmailJsStandIn;
useFreshLocalServers((servers) => ({ blobs, standIn } = servers));
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

const get = (key: string) => blobs.leads().get(key, { type: 'json' }) as Promise<Record<string, any> | null>;
const leadOf = async (id: string) => get(((await get(`ids/${id}`)) as { key: string }).key);
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

describe('the pending entry', () => {
  test('is written with every lead and deleted once the e-mail has gone', async () => {
    const enquiry = validFinance();
    expect((await send('finance', enquiry)).status).toBe(201);
    expect(standIn.received).toHaveLength(1);
    expect(await blobs.keys(blobs.leads(), 'pending/')).toEqual([]);
  });

  test('stays when the e-mail failed, with the first re-send due 10 minutes after receipt', async () => {
    const { id, receivedAt } = await failedLead();
    const lead = await leadOf(id);
    expect(await get(`pending/${id}`)).toEqual({
      id,
      kind: 'bankloan',
      key: `bankloan/${lead?.receivedAt.slice(0, 7)}/${id}`,
      receivedAt: lead?.receivedAt,
      attempts: 0,
      nextAt: new Date(receivedAt + 10 * MINUTE).toISOString(),
    });
  });

  test('stays when EmailJS is not configured, and the sweep then sends nothing and counts nothing', async () => {
    clearEmailJsEnv();
    const enquiry = validFinance();
    await send('finance', enquiry);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60 * MINUTE);
    expect(await sweep()).toMatchObject({ pending: 1, due: 0, sent: 0, skipped: 'EmailJS is not configured' });
    expect(await get(`pending/${enquiry.submissionId}`)).toMatchObject({ attempts: 0 });
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
      if (n < schedule.length - 1) {
        expect(report).toMatchObject({ due: 1, failed: 1, gaveUp: 0 });
        expect(await get(`pending/${id}`)).toMatchObject({
          attempts: n + 1,
          nextAt: new Date(receivedAt + schedule[n + 1] * MINUTE).toISOString(),
        });
        expect(lead).not.toHaveProperty('notifyGaveUp');
      } else {
        expect(report).toMatchObject({ due: 1, failed: 0, gaveUp: 1 });
        expect(lead).toMatchObject({ notifyGaveUp: true });
        expect(await get(`pending/${id}`)).toBeNull();
        expect(await get(`gaveup/${id}`)).toMatchObject({ id, kind: 'bankloan' });
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
    expect(await blobs.keys(blobs.leads(), 'pending/')).toEqual([]);
    vi.setSystemTime(receivedAt + 48 * 60 * MINUTE);
    await sweep();
    expect(standIn.received).toHaveLength(1);
  });

  test('a lead that gave up is listed as "also waiting" in the next e-mail that goes out, once', async () => {
    const gaveUp = await failedLead();
    await blobs.leads().setJSON(`pending/${gaveUp.id}`, { ...(await get(`pending/${gaveUp.id}`)), attempts: 4 });
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
    expect(await blobs.keys(blobs.leads(), 'gaveup/')).toEqual([]);

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
    expect(reports[0].busy + reports[1].busy + reports[0].cleared + reports[1].cleared).toBe(6);
    for (const { id } of leads) expect(await leadOf(id)).toMatchObject({ notified: true, notifyAttempts: 1 });
  });

  test('a sweep starts no batch it cannot finish within its budget; the next run carries on', async () => {
    const leads = [];
    for (let i = 0; i < 8; i++) leads.push(await failedLead());
    // Pretend they are an hour old: received, and first re-send due, an hour ago.
    for (const { id } of leads) {
      const entry = await get(`pending/${id}`);
      await blobs.leads().setJSON(`pending/${id}`, { ...entry, nextAt: new Date(Date.now() - 60 * MINUTE).toISOString() });
    }
    Object.assign(process.env, { LEADS_SWEEP_BATCH: '2', EMAILJS_TIMEOUT_MS: '400', LEADS_STORE_TIMEOUT_MS: '400' });
    standIn.setBehaviour({ status: 200, delayMs: 250 });
    const { sweepPending } = await import('../../src/server/sweep.ts');
    const started = Date.now();
    const first = await sweepPending({ budgetMs: 1500 }); // batches may start until 700 ms in
    expect(Date.now() - started).toBeLessThan(1500);
    expect(first.sent).toBeGreaterThan(0);
    expect(first.left).toBeGreaterThan(0);
    expect(first.sent + first.left).toBe(8);

    const second = await sweepPending({ budgetMs: 60_000 });
    expect(second).toMatchObject({ due: first.left, sent: first.left, left: 0 });
    expect(sentIds().sort()).toEqual(leads.map((l) => l.id).sort());
  });

  test('a pending entry whose lead is notified already, or gone, is cleared without an e-mail', async () => {
    const notified = await failedLead();
    const erased = await failedLead();
    const notifiedLead = await leadOf(notified.id);
    await blobs.leads().setJSON(`bankloan/${notifiedLead?.receivedAt.slice(0, 7)}/${notified.id}`, { ...notifiedLead, notified: true });
    await blobs.leads().delete(((await get(`ids/${erased.id}`)) as { key: string }).key);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * MINUTE);
    expect(await sweep()).toMatchObject({ due: 2, sent: 0, cleared: 2 });
    expect(standIn.received).toHaveLength(0);
    expect(await blobs.keys(blobs.leads(), 'pending/')).toEqual([]);
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
    expect(await blobs.keys(blobs.leads(), 'pending/')).toEqual([]);
  });

  test('leaves the lead alone while a sweep holds it', async () => {
    const { enquiry, receivedAt } = await neverSent();
    const entry = await get(`pending/${enquiry.submissionId}`);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(receivedAt + 11 * MINUTE);
    await blobs.leads().setJSON(`pending/${enquiry.submissionId}`, { ...entry, claimedAt: new Date().toISOString() });
    expect((await send('finance', enquiry)).status).toBe(201);
    expect(standIn.requests).toHaveLength(0);
  });
});

test('npm run leads:sweep runs the same sweep on a local store', async () => {
  const { id } = await failedLead();
  const entry = await get(`pending/${id}`);
  await blobs.leads().setJSON(`pending/${id}`, { ...entry, nextAt: new Date(Date.now() - MINUTE).toISOString() });
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['scripts/leads-sweep.ts', '--dir', blobs.directory, '--site', 'test-site'],
    {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env },
    },
  );
  expect(JSON.parse(stdout)).toMatchObject({ pending: 1, due: 1, sent: 1 });
  expect(sentIds()).toEqual([id]);
  expect(await leadOf(id)).toMatchObject({ notified: true, notifyAttempts: 1 });
});
