/**
 * The signed webhook (src/server/outbound/webhook.ts): each accepted lead is POSTed to
 * LEADS_WEBHOOK_URL, signed with LEADS_WEBHOOK_SECRET, and delivered as the e-mail is: a delivery
 * row with the lead, retried by the sweep on the same schedule under a claim, flagged
 * webhookGaveUp at the end, never for spam, never from a preview. Real database and Blobs store;
 * a local receiver that records what it gets, fails with 500, or hangs.
 */
import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import leads from '../../netlify/functions/leads.mts';
import { sweepPending } from '../../src/server/jobs/sweep.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../harness/webhook-receiver.ts';
import type { TestDatabase } from '../support/database.ts';
import { clearEmailJsEnv, EMAILJS_ENV } from '../../harness/emailjs-standin.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { send, validBankLoan, validFinance } from '../support/enquiry-requests.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';

const SECRET = 'webhook-test-secret-0123456789abcdef';
const TOKEN = 'webhook-test-export-token-0123456789ab';
const MINUTE = 60_000;
let db: TestDatabase;
let standIn: EmailJsStandIn;
let receiver: WebhookReceiver;
useFreshLocalServers((servers) => ({ db, standIn } = servers));
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.deliveries.length = 0;
  receiver.setBehaviour({ status: 200, hang: false });
  Object.assign(process.env, { LEADS_WEBHOOK_URL: receiver.url, LEADS_WEBHOOK_SECRET: SECRET, LEADS_EXPORT_TOKEN: TOKEN });
  Object.assign(process.env, EMAILJS_ENV, { EMAILJS_API_ORIGIN: standIn.origin });
});
afterEach(() => {
  vi.useRealTimers();
  for (const name of ['LEADS_WEBHOOK_URL', 'LEADS_WEBHOOK_SECRET', 'LEADS_WEBHOOK_TIMEOUT_MS', 'CONTEXT']) delete process.env[name];
});

const leadOf = (id: string) => db.record(id);
const webhookOf = async (id: string) => (await db.deliveries(id)).webhook;
/** The webhook deliveries still owed. */
const pendingWebhooks = () => db.rows(`SELECT lead_id FROM deliveries WHERE channel = 'webhook' AND state = 'pending'`);
const iso = (value: unknown) => new Date(value as string).toISOString();

/** What a receiver does (docs/webhook.md): HMAC-SHA256 of "<timestamp>.<raw body>" with the secret. */
const verifies = ({ headers, body }: { headers: Record<string, unknown>; body: string }) => {
  const expected = `sha256=${createHmac('sha256', SECRET).update(`${headers['x-aranya-timestamp']}.${body}`).digest('hex')}`;
  return headers['x-aranya-signature'] === expected;
};

/** Stores a lead while the receiver answers 500. */
const failedLead = async () => {
  receiver.setBehaviour({ status: 500 });
  const enquiry = validBankLoan();
  const answer = await send('bankloan', enquiry);
  expect(answer.status).toBe(201);
  receiver.setBehaviour({ status: 200 });
  return { id: enquiry.submissionId as string, receivedAt: Date.parse(answer.body.receivedAt) };
};

describe('at receipt', () => {
  test('the lead is POSTed as signed JSON with its id, every field and the attribution, and marked webhookSent', async () => {
    const enquiry = validBankLoan({ utm_source: 'google', utm_campaign: 'diwali-loans' });
    const before = Math.floor(Date.now() / 1000);
    expect((await send('bankloan', enquiry)).status).toBe(201);

    expect(receiver.deliveries).toHaveLength(1);
    const [delivery] = receiver.deliveries;
    expect(delivery.headers['content-type']).toBe('application/json; charset=utf-8');
    const timestamp = Number(delivery.headers['x-aranya-timestamp']);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(delivery.headers['x-aranya-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifies(delivery)).toBe(true);
    // The same two values in the query, for receivers that cannot read headers (Google Apps Script).
    expect(delivery.query).toEqual({
      aranya_timestamp: delivery.headers['x-aranya-timestamp'],
      aranya_signature: delivery.headers['x-aranya-signature'],
    });
    expect(verifies({ ...delivery, body: delivery.body.replace('Priya', 'Priyа') })).toBe(false); // a changed body fails

    const body = JSON.parse(delivery.body);
    const stored = await leadOf(enquiry.submissionId);
    expect(body).toMatchObject({
      id: enquiry.submissionId,
      kind: 'bankloan',
      receivedAt: stored?.receivedAt,
      Username: 'Priya Raman',
      phone: stored?.phone,
      Loantype: 'Vehicle Loan',
      Amount: '10 to 25 lakhs',
      utm_source: 'google',
      utm_campaign: 'diwali-loans',
    });
    expect(body).not.toHaveProperty('notified');
    expect(stored).toMatchObject({ webhookSent: true, notified: true });
    expect(await pendingWebhooks()).toEqual([]);
  });

  test('spam is never sent', async () => {
    expect((await send('bankloan', validBankLoan({ company_website: 'http://spam.example' }))).status).toBe(201);
    expect(receiver.deliveries).toEqual([]);
    expect(await pendingWebhooks()).toEqual([]);
  });

  test.each([
    ['LEADS_WEBHOOK_SECRET', 'unset'],
    ['LEADS_WEBHOOK_URL', 'unset'],
    ['CONTEXT', 'deploy-preview'],
  ])('with %s %s, nothing is called or queued', async (name, value) => {
    if (value === 'unset') delete process.env[name];
    else process.env[name] = value;
    expect((await send('finance', validFinance())).status).toBe(201);
    expect(receiver.deliveries).toEqual([]);
    expect(await pendingWebhooks()).toEqual([]);
  });

  test('a receiver answering 500: the lead is kept with webhookError, queued for 10 minutes later, and the visitor gets 201', async () => {
    const { id, receivedAt } = await failedLead();
    expect(await leadOf(id)).toMatchObject({ webhookSent: false, webhookError: 'the webhook answered 500', notified: true });
    const delivery = await webhookOf(id);
    expect(delivery).toMatchObject({ state: 'pending', attempts: 1 });
    expect(iso(delivery.next_attempt_at)).toBe(new Date(receivedAt + 10 * MINUTE).toISOString());
  });

  test('a receiver that hangs is cut off at LEADS_WEBHOOK_TIMEOUT_MS and retried later', async () => {
    process.env.LEADS_WEBHOOK_TIMEOUT_MS = '300';
    receiver.setBehaviour({ hang: true });
    const enquiry = validFinance();
    expect((await send('finance', enquiry)).status).toBe(201);
    expect(receiver.deliveries).toHaveLength(1);
    expect(await leadOf(enquiry.submissionId)).toMatchObject({
      webhookSent: false,
      webhookError: 'the webhook did not answer within 300 ms',
    });
    expect(await webhookOf(enquiry.submissionId)).toMatchObject({ state: 'pending', attempts: 1 });
  });

  test('a URL that is not http(s) is named in webhookError, and the lead is queued', async () => {
    process.env.LEADS_WEBHOOK_URL = 'ftp://sheet.example/hook';
    const enquiry = validFinance();
    expect((await send('finance', enquiry)).status).toBe(201);
    expect(await leadOf(enquiry.submissionId)).toMatchObject({ webhookError: 'LEADS_WEBHOOK_URL is not an http(s) address' });
    expect(await webhookOf(enquiry.submissionId)).toMatchObject({ state: 'pending', attempts: 1 });
  });

  test('erasing the lead removes its webhook delivery', async () => {
    const { id } = await failedLead();
    const erased = await leads(
      new Request(`http://localhost/api/leads/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${TOKEN}` } }),
    );
    expect(erased.status).toBe(204);
    expect(await pendingWebhooks()).toEqual([]);
  });
});

describe('the sweep', () => {
  test('retries at 10 min, 30 min, 2 h, 6 h and 24 h, then flags webhookGaveUp; never a sixth retry', async () => {
    const { id, receivedAt } = await failedLead();
    receiver.setBehaviour({ status: 500 });
    vi.useFakeTimers({ toFake: ['Date'] });
    const schedule = [10, 30, 120, 360, 1440];
    for (const [n, minutes] of schedule.entries()) {
      vi.setSystemTime(receivedAt + minutes * MINUTE - 1000);
      expect((await sweepPending({ wake: true })).webhook).toMatchObject({ due: 0, sent: 0 });
      vi.setSystemTime(receivedAt + minutes * MINUTE);
      const { webhook } = await sweepPending({ wake: true });
      expect(receiver.deliveries).toHaveLength(n + 2);
      const lead = await leadOf(id);
      expect(lead).toMatchObject({ webhookSent: false, webhookAttempts: n + 1 });
      if (n < schedule.length - 1) {
        expect(webhook).toMatchObject({ due: 1, failed: 1, gaveUp: 0 });
        expect(lead).not.toHaveProperty('webhookGaveUp');
      } else {
        expect(webhook).toMatchObject({ due: 1, gaveUp: 1 });
        expect(lead).toMatchObject({ webhookGaveUp: true });
        expect(await webhookOf(id)).toMatchObject({ state: 'gave-up', next_attempt_at: null });
      }
    }
    vi.setSystemTime(receivedAt + 30 * 24 * 60 * MINUTE);
    await sweepPending({ wake: true });
    expect(receiver.deliveries).toHaveLength(1 + schedule.length);
  });

  test('a retry that works marks the lead webhookSent and ends the delivery; the e-mail is not sent again', async () => {
    const { id, receivedAt } = await failedLead();
    const emails = standIn.received.length;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(receivedAt + 10 * MINUTE);
    expect((await sweepPending({ wake: true })).webhook).toMatchObject({ pending: 1, due: 1, sent: 1 });
    expect(JSON.parse(receiver.deliveries[1].body).id).toBe(id);
    expect(verifies(receiver.deliveries[1])).toBe(true);
    const lead = await leadOf(id);
    expect(lead).toMatchObject({ webhookSent: true, webhookAttempts: 1 });
    expect(lead).not.toHaveProperty('webhookError');
    expect(await pendingWebhooks()).toEqual([]);
    expect(standIn.received).toHaveLength(emails);
  });

  test('two sweeps at once call the webhook once', async () => {
    const { receivedAt } = await failedLead();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(receivedAt + 10 * MINUTE);
    const reports = await Promise.all([sweepPending(), sweepPending()]);
    expect(receiver.deliveries).toHaveLength(2); // the one at receipt, and one retry
    expect(reports.map((r) => r.webhook?.sent).sort()).toEqual([0, 1]);
  });

  test('retries the webhook also while EmailJS is not configured', async () => {
    clearEmailJsEnv();
    const { receivedAt } = await failedLead();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(receivedAt + 10 * MINUTE);
    const report = await sweepPending({ wake: true });
    expect(report.skipped).toBe('EmailJS is not configured');
    expect(report.webhook).toMatchObject({ sent: 1 });
  });
});
