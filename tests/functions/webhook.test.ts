/**
 * The signed webhook (src/server/outbound/webhook.ts): each accepted lead is POSTed to
 * LEADS_WEBHOOK_URL, signed per Standard Webhooks with LEADS_WEBHOOK_SECRET (verified here by the
 * `standardwebhooks` library a receiver uses), and delivered as the e-mail is: a delivery row with
 * the lead, retried by the sweep on the same schedule under a claim, flagged webhookGaveUp at the
 * end, never for spam, never from a preview; https only, redirects not followed. Real database and
 * Blobs store; a local receiver that records what it gets, fails with 500, redirects, or hangs.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import leads from '../../netlify/functions/leads.mts';
import { sweepPending } from '../../src/server/jobs/sweep.ts';
import { isAppsScriptHop } from '../../src/server/outbound/webhook.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../harness/webhook-receiver.ts';
import type { TestDatabase } from '../support/database.ts';
import { clearEmailJsEnv, EMAILJS_ENV } from '../../harness/emailjs-standin.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { send, validBankLoan, validFinance } from '../support/enquiry-requests.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const TOKEN = 'webhook-test-export-token-k7Qm2xR9vT4pW8nZ3bY6';
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
  receiver.setBehaviour({ status: 200, hang: false, redirectTo: '' });
  Object.assign(process.env, { LEADS_WEBHOOK_URL: receiver.url, LEADS_WEBHOOK_SECRET: SECRET, LEADS_EXPORT_TOKEN: TOKEN });
  Object.assign(process.env, EMAILJS_ENV, { EMAILJS_API_ORIGIN: standIn.origin });
});
afterEach(() => {
  vi.useRealTimers();
  for (const name of ['LEADS_WEBHOOK_URL', 'LEADS_WEBHOOK_SECRET', 'LEADS_WEBHOOK_TIMEOUT_MS']) delete process.env[name];
  process.env.CONTEXT = 'dev';
});

const leadOf = (id: string) => db.record(id);
const webhookOf = async (id: string) => (await db.deliveries(id)).webhook;
/** The webhook deliveries still owed. */
const pendingWebhooks = () => db.rows(`SELECT lead_id FROM deliveries WHERE channel = 'webhook' AND state = 'pending'`);
const iso = (value: unknown) => new Date(value as string).toISOString();

/** What a receiver does (docs/webhook.md): the standardwebhooks library's verify over the raw body and the headers. */
const verifies = ({ headers, body }: { headers: Record<string, unknown>; body: string }) => {
  try {
    new Webhook(SECRET).verify(body, headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
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
    const timestamp = Number(delivery.headers['webhook-timestamp']);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(delivery.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    // The id is the lead's webhook delivery: a receiver de-duplicates by it.
    expect(delivery.headers['webhook-id']).toBe((await webhookOf(enquiry.submissionId)).id);
    expect(verifies(delivery)).toBe(true);
    // The same three values in the query, for receivers that cannot read headers (Google Apps Script).
    const signing = ['webhook-id', 'webhook-timestamp', 'webhook-signature'];
    expect(delivery.query).toEqual(Object.fromEntries(signing.map((name) => [name, delivery.headers[name]])));
    expect(verifies({ headers: delivery.query, body: delivery.body })).toBe(true);
    expect(verifies({ ...delivery, body: delivery.body.replace('Priya', 'Priyа') })).toBe(false); // a changed body fails
    expect(verifies({ ...delivery, headers: { ...delivery.headers, 'webhook-id': crypto.randomUUID() } })).toBe(false);
    const otherSecret = new Webhook('whsec_' + Buffer.from('another secret of 32 bytes......').toString('base64'));
    expect(() => otherSecret.verify(delivery.body, delivery.headers as Record<string, string>)).toThrow();

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

  test.each([
    ['ftp://sheet.example/hook', 'https://'],
    ['http://sheet.example/hook', 'https://'],
    ['http://10.0.0.8/hook', 'https://'],
  ])('the URL %s is not called: webhookError names the fix, and the lead is queued', async (url, fix) => {
    process.env.LEADS_WEBHOOK_URL = url;
    const enquiry = validFinance();
    expect((await send('finance', enquiry)).status).toBe(201);
    expect((await leadOf(enquiry.submissionId)).webhookError).toContain(fix);
    expect(await webhookOf(enquiry.submissionId)).toMatchObject({ state: 'pending', attempts: 1 });
    expect(receiver.deliveries).toEqual([]);
  });

  test.each([
    ['not written whsec_', 'webhook-test-secret-0123456789abcdef'],
    ['too short', `whsec_${Buffer.from('fifteen bytes..').toString('base64')}`],
  ])('a secret %s: nothing is sent, webhookError names the whsec_ form', async (_name, secret) => {
    process.env.LEADS_WEBHOOK_SECRET = secret;
    const enquiry = validFinance();
    expect((await send('finance', enquiry)).status).toBe(201);
    expect((await leadOf(enquiry.submissionId)).webhookError).toContain('whsec_');
    expect(receiver.deliveries).toEqual([]);
  });

  test('a redirect is not followed: the delivery fails and stays pending; the address it points to gets nothing', async () => {
    const elsewhere = await startWebhookReceiver();
    try {
      receiver.setBehaviour({ redirectTo: elsewhere.url });
      const enquiry = validFinance();
      expect((await send('finance', enquiry)).status).toBe(201);
      expect(receiver.deliveries).toHaveLength(1);
      expect(elsewhere.deliveries).toEqual([]);
      expect((await leadOf(enquiry.submissionId)).webhookError).toBe('the webhook answered 302 (a redirect, which is not followed)');
      expect(await webhookOf(enquiry.submissionId)).toMatchObject({ state: 'pending', attempts: 1 });
    } finally {
      await elsewhere.close();
    }
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
    // A retry carries the same webhook-id: the receiver knows it is the same lead.
    expect(receiver.deliveries[1].headers['webhook-id']).toBe(receiver.deliveries[0].headers['webhook-id']);
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

describe('the one redirect followed: a Google Apps Script web app to its output', () => {
  const EXEC = 'https://script.google.com/macros/s/AKfy-example/exec?webhook-id=1';
  test.each([
    [EXEC, 'https://script.googleusercontent.com/macros/echo?user_content_key=abc', true],
    [EXEC, 'http://script.googleusercontent.com/macros/echo', false],
    [EXEC, 'https://evil.example/macros/echo', false],
    [EXEC, null, false],
    ['https://hooks.zapier.com/hooks/catch/1/abc', 'https://script.googleusercontent.com/macros/echo', false],
    ['https://script.google.com/a/other', 'https://script.googleusercontent.com/macros/echo', false],
  ])('from %s to %s: %s', (from, location, followed) => {
    expect(isAppsScriptHop(from, location)).toBe(followed);
  });
});
