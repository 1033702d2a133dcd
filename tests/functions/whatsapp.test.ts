/**
 * WhatsApp as a channel of the one retry machine (src/server/outbound/whatsapp.ts): a template
 * message to the Cloud API (its stand-in here), Meta's wamid kept on the delivery, a 5xx retried
 * by the sweep, a 4xx given up at once; off when unset and on a preview. Real database and Blobs.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { sweepPending } from '../../src/server/jobs/sweep.ts';
import { deleteExpiredLeads } from '../../src/server/jobs/retention.ts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { useWhatsApp, WHATSAPP_NAMES } from '../support/whatsapp.ts';
import { asNativeForm, send, sendForm, validBankLoan, validFinance, validRealEstate } from '../support/enquiry-requests.ts';
import type { WhatsAppStandIn } from '../../harness/whatsapp-standin.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';
import { useAcknowledgements } from '../support/acknowledgements.ts';
import { device, member, someone, usePushService } from '../support/routing.ts';
import type { PushServiceStandIn } from '../../harness/push-service.ts';
import { withDatabase } from '../../src/server/db/connection.ts';
import { storeDeliveries } from '../../src/server/outbound/deliveries.ts';
import { attempt } from '../../src/server/outbound/deliveries.ts';
import { claimedUntil, nextAttemptAt } from '../../src/server/outbound/schedule.ts';
import { whatsapp } from '../../src/server/outbound/whatsapp.ts';
import { whatsappSettings } from '../../src/server/settings.ts';
import whatsappFunction from '../../netlify/functions/whatsapp.mts';
import leadsClock from '../../netlify/functions/leads-clock.mts';
import { LOCAL_WHATSAPP, hubSignature, statusEvent, textEvent } from '../../harness/whatsapp-standin.ts';
import { consentHistory, consentStates } from '../../src/server/db/consent-ledger.ts';
import { teamCall } from '../support/team.ts';
import {
  insightsSchema,
  leadViewSchema,
  logPageSchema,
  personPageSchema,
  type Insights,
  type LeadView,
  type LogPage,
  type PersonPage,
} from '../../src/lib/team-api/wire.ts';

let db: TestDatabase;
let standIn: WhatsAppStandIn;
let emailJs: EmailJsStandIn;
useFreshLocalServers((servers) => ({ db, standIn: emailJs } = servers));
useWhatsApp((started) => (standIn = started));
let pushService: PushServiceStandIn;
usePushService((service) => (pushService = service));
const { acks } = useAcknowledgements('template_ack_whatsapp', () => emailJs);
/** What the visitor ticks to have WhatsApp; a number and address of their own (the daily limits count per number). */
const withWhatsApp = (over: Record<string, unknown> = {}) => ({ consentWhatsapp: true, ...someone(), ...over });
afterEach(() => {
  vi.useRealTimers();
});

/** A stored lead and a WhatsApp delivery of it, made as the retry machine makes them. */
const leadWithDelivery = async (over: Record<string, unknown> = {}) => {
  // WhatsApp off while the lead comes in, so that the delivery is the test's own.
  const token = process.env.WHATSAPP_ACCESS_TOKEN;
  delete process.env.WHATSAPP_ACCESS_TOKEN;
  const answer = await send('bankloan', validBankLoan(withWhatsApp(over))).finally(() => (process.env.WHATSAPP_ACCESS_TOKEN = token));
  expect(answer.status).toBe(201);
  const id = answer.body.id as string;
  const lead = await db.record(id);
  const [delivery] = await withDatabase(() =>
    storeDeliveries(id, [
      { channel: 'whatsapp', nextAttemptAt: nextAttemptAt(lead.receivedAt, 1) as string, claimedUntil: claimedUntil() },
    ]),
  );
  return { id, lead, delivery, receivedAt: answer.body.receivedAt as string };
};
const whatsappRow = async (id: string) =>
  (
    await db.rows<{ state: string; attempts: number; wamid: string | null; last_error: string | null }>(
      `SELECT state, attempts, wamid, last_error FROM deliveries WHERE lead_id = $1 AND channel = 'whatsapp'`,
      [id],
    )
  )[0];

describe('the WhatsApp channel', () => {
  test('a Tamil lead: one template message in Tamil to 91 and the number, its wamid on the delivery', async () => {
    const { id, lead, delivery } = await leadWithDelivery({ locale: 'ta', Username: 'Selvi Murugan', phone: '98765 43210' });
    expect(await attempt(delivery, lead)).toBe('sent');
    const [message] = standIn.taken();
    expect(message.authorised).toBe(true);
    expect(message.phoneNumberId).toBe(process.env.WHATSAPP_PHONE_NUMBER_ID);
    expect(message.body).toMatchObject({
      messaging_product: 'whatsapp',
      to: '919876543210',
      type: 'template',
      template: { name: 'enquiry_ack', language: { code: 'ta' } },
    });
    const parameters = message.body.template?.components?.[0].parameters ?? [];
    expect(parameters.map((one) => one.parameter_name)).toEqual(['first_name', 'division', 'assignee', 'call_window']);
    expect(parameters[0].text).toBe('Selvi');
    expect(parameters[1].text).toBe('வங்கிக் கடன் (வாகனக் கடன்)');
    expect(message.rendered).toContain('வணக்கம் Selvi');
    expect(await whatsappRow(id)).toMatchObject({ state: 'sent', attempts: 1, wamid: message.wamid });
  });

  test('a 5xx from the Cloud API is retried by the sweep; a 4xx gives up at once', async () => {
    standIn.setBehaviour({ status: 503 });
    const first = await leadWithDelivery();
    expect(await attempt(first.delivery, first.lead)).toBe('failed');
    expect(await whatsappRow(first.id)).toMatchObject({ state: 'pending', attempts: 1, wamid: null });
    standIn.setBehaviour({});
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(first.receivedAt) + 11 * 60_000);
    // Made by hand here, so not in the note of pending work: the sweep looks in the database.
    expect((await sweepPending({ wake: true })).whatsapp).toMatchObject({ due: 1, sent: 1 });
    expect(await whatsappRow(first.id)).toMatchObject({ state: 'sent', attempts: 2 });
    vi.useRealTimers();

    standIn.setBehaviour({ status: 400 });
    const second = await leadWithDelivery();
    expect(await attempt(second.delivery, second.lead)).toBe('gave-up');
    expect(await whatsappRow(second.id)).toMatchObject({
      state: 'gave-up',
      attempts: 1,
      last_error: 'the WhatsApp Cloud API answered 400 (error 131009)',
    });
  });

  test('a wrong token is refused by the stand-in as Meta does, and given up', async () => {
    process.env.WHATSAPP_ACCESS_TOKEN = 'not-the-token';
    const { lead, delivery } = await leadWithDelivery();
    expect(await attempt(delivery, lead)).toBe('gave-up');
    expect(standIn.received[0]).toMatchObject({ authorised: false, status: 401 });
  });

  test('unset: no WhatsApp at all; a preview never sends', async () => {
    const { lead, delivery } = await leadWithDelivery();
    process.env.CONTEXT = 'deploy-preview';
    try {
      expect(whatsapp.on()).toBe(false);
      expect(await whatsapp.send(lead, delivery)).toMatchObject({ sent: false, skipped: true });
    } finally {
      process.env.CONTEXT = 'dev';
    }
    for (const name of WHATSAPP_NAMES) delete process.env[name];
    expect(whatsappSettings()).toBeNull();
    expect(whatsapp.on()).toBe(false);
    expect(await whatsapp.send(lead, delivery)).toMatchObject({ sent: false, skipped: true });
    expect(standIn.received).toHaveLength(0);
  });
});

const deliveriesOf = async (id: string) => db.deliveries(id);

describe('the acknowledgement on WhatsApp', () => {
  test('a Tamil page: a "ta" template with no typed text beyond the first name; the e-mail one held for it', async () => {
    const enquiry = validRealEstate(
      withWhatsApp({
        locale: 'ta',
        Username: 'Selvi Murugan',
        message: 'Call me at 12 Gandhi Road, https://evil.example',
        callTime: 'Evening (16:00-19:00)',
      }),
    );
    expect((await send('realestate', enquiry)).status).toBe(201);
    const [message] = await standIn.waitFor(1);
    expect(message.body).toMatchObject({ to: `91${enquiry.phone}`, template: { name: 'enquiry_ack', language: { code: 'ta' } } });
    const sent = JSON.stringify(message.body);
    for (const typed of ['Murugan', 'Gandhi', 'evil.example', enquiry.email, 'Hosur']) expect(sent).not.toContain(typed);
    const texts = Object.fromEntries(
      (message.body.template?.components?.[0].parameters ?? []).map((one) => [one.parameter_name, one.text]),
    );
    expect(texts).toEqual({
      first_name: 'Selvi',
      division: 'சொத்து வாங்குதல் (ஃப்ளாட்கள்)',
      assignee: 'ஒருவர்',
      call_window: 'ஒரு வேலை நாளுக்குள், நீங்கள் தேர்ந்தெடுத்த நேரத்தில் (மாலை 4 – 7)',
    });
    const rows = await deliveriesOf(enquiry.submissionId);
    expect(rows.whatsapp).toMatchObject({ state: 'sent' });
    expect(rows.ack).toMatchObject({ state: 'skipped', skipped: 'whatsapp' });
    expect(acks()).toHaveLength(0);
  });

  test('a name that is not plain letters is not used: the polite word instead', async () => {
    await send('finance', validFinance(withWhatsApp({ Username: 'Visit evil.example now' })));
    const [message] = await standIn.waitFor(1);
    expect(message.body.template?.components?.[0].parameters?.[0]).toMatchObject({ parameter_name: 'first_name', text: 'there' });
    expect(message.rendered).toMatch(/^Hello there, thank you for your enquiry to Aranya\./);
  });

  test('nothing on WhatsApp without consentWhatsapp, for spam, without a proof, or on a preview; the e-mail one goes as before', async () => {
    await send('bankloan', validBankLoan(withWhatsApp({ consentWhatsapp: false })));
    expect(acks()).toHaveLength(1);
    await send('bankloan', validBankLoan(withWhatsApp({ company_website: 'https://spam.example' })));
    await send('bankloan', validBankLoan(withWhatsApp({ challenge: undefined })));
    process.env.CONTEXT = 'deploy-preview';
    try {
      expect((await send('bankloan', validBankLoan(withWhatsApp()))).status).toBe(201);
    } finally {
      process.env.CONTEXT = 'dev';
    }
    expect(standIn.received).toHaveLength(0);
    expect(await db.rows(`SELECT 1 FROM deliveries WHERE channel = 'whatsapp'`)).toEqual([]);
  });

  test('the confirmed plain form is a proof: its WhatsApp box ("on") gets the template', async () => {
    const fields = { ...asNativeForm(validFinance(someone())), consentWhatsapp: 'on', locale: 'kn' };
    expect((await sendForm('finance', fields)).status).toBeLessThan(400);
    const [message] = await standIn.waitFor(1);
    expect(message.body.template?.language?.code).toBe('kn');
  });

  test('once a day per number, and the site-wide cap: over it the e-mail acknowledgement goes instead, the team told once', async () => {
    const one = someone();
    await send('bankloan', validBankLoan(withWhatsApp(one)));
    const again = validFinance(withWhatsApp({ ...one, email: 'another@example.com' }));
    await send('finance', again);
    expect(standIn.taken()).toHaveLength(1);
    expect((await deliveriesOf(again.submissionId)).whatsapp).toMatchObject({ state: 'skipped', skipped: 'whatsapp-daily-limit' });
    expect(acks()).toHaveLength(1);

    process.env.WHATSAPP_DAILY_CAP = '1';
    try {
      const capped = validBankLoan(withWhatsApp());
      await send('bankloan', capped);
      await send('bankloan', validBankLoan(withWhatsApp()));
      expect(standIn.taken()).toHaveLength(1);
      expect((await deliveriesOf(capped.submissionId)).whatsapp).toMatchObject({ state: 'skipped', skipped: 'whatsapp-site-cap' });
      expect(acks()).toHaveLength(3);
      expect(await db.rows(`SELECT scope FROM ack_pauses`)).toEqual([{ scope: 'whatsapp' }]);
    } finally {
      delete process.env.WHATSAPP_DAILY_CAP;
    }
  });

  test('refused by the Cloud API (4xx): the e-mail acknowledgement goes instead, once; none when there is none to send', async () => {
    standIn.setBehaviour({ status: 400 });
    const enquiry = validBankLoan(withWhatsApp());
    await send('bankloan', enquiry);
    const rows = await deliveriesOf(enquiry.submissionId);
    expect(rows.whatsapp).toMatchObject({ state: 'gave-up', attempts: 1 });
    expect(rows.ack).toMatchObject({ state: 'sent', skipped: null });
    expect(acks()).toHaveLength(1);
    // Given up again (a repeat of the hook): nothing more.
    const lead = await db.record(enquiry.submissionId);
    await whatsapp.gaveUp?.(lead, { id: rows.whatsapp.id, leadId: lead.id, channel: 'whatsapp', attempts: 1 });
    expect(acks()).toHaveLength(1);

    // No e-mail acknowledgement to fall back on (its template unset): none.
    delete process.env.EMAILJS_ACK_TEMPLATE_ID;
    const unheld = validFinance(withWhatsApp());
    await send('finance', unheld);
    expect(await deliveriesOf(unheld.submissionId)).toMatchObject({ whatsapp: { state: 'gave-up' } });
    expect(await deliveriesOf(unheld.submissionId)).not.toHaveProperty('ack');
    expect(acks()).toHaveLength(1);
  });
});

const webhook = (init: RequestInit & { search?: string } = {}) =>
  whatsappFunction(new Request(`http://localhost/api/whatsapp${init.search ?? ''}`, init));
/** A webhook body posted as Meta posts it, signed with the app secret (or `signature` as given). */
const postEvent = (event: unknown, signature?: string | null) => {
  const body = JSON.stringify(event);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const signed = signature === undefined ? hubSignature(body, LOCAL_WHATSAPP.WHATSAPP_APP_SECRET) : signature;
  if (signed !== null) headers['x-hub-signature-256'] = signed;
  return webhook({ method: 'POST', headers, body });
};
/** A lead whose WhatsApp acknowledgement went: its id and the wamid. */
const acknowledged = async (over: Record<string, unknown> = {}) => {
  const enquiry = validBankLoan(withWhatsApp(over));
  await send('bankloan', enquiry);
  const wamid = standIn.taken().at(-1)?.wamid as string;
  expect(wamid).toMatch(/^wamid\./);
  return { id: enquiry.submissionId as string, wamid, phone: enquiry.phone as string };
};
const statusOf = async (id: string) =>
  (await db.rows<{ wa_status: string | null }>(`SELECT wa_status FROM deliveries WHERE lead_id = $1 AND channel = 'whatsapp'`, [id]))[0]
    ?.wa_status;

describe('the webhook, /api/whatsapp', () => {
  test('GET: Meta’s verification answers the challenge with the right token only', async () => {
    const ok = await webhook({
      search: `?hub.mode=subscribe&hub.verify_token=${LOCAL_WHATSAPP.WHATSAPP_VERIFY_TOKEN}&hub.challenge=1158201444`,
    });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    expect((await webhook({ search: '?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1' })).status).toBe(403);
    expect(
      (await webhook({ search: `?hub.mode=unsubscribe&hub.verify_token=${LOCAL_WHATSAPP.WHATSAPP_VERIFY_TOKEN}&hub.challenge=1` })).status,
    ).toBe(403);
    delete process.env.WHATSAPP_VERIFY_TOKEN;
    expect((await webhook({ search: '?hub.mode=subscribe&hub.verify_token=&hub.challenge=1' })).status).toBe(403);
  });

  test('POST: a missing or wrong signature gets 401 and nothing is recorded; the right one 200', async () => {
    const { id, wamid } = await acknowledged();
    const event = statusEvent(wamid, 'read');
    expect((await postEvent(event, null)).status).toBe(401);
    expect((await postEvent(event, hubSignature(JSON.stringify(event), 'not-the-secret'))).status).toBe(401);
    expect((await postEvent(event, 'sha256=00')).status).toBe(401);
    expect(await statusOf(id)).toBeNull();
    expect((await postEvent(event)).status).toBe(200);
    expect(await statusOf(id)).toBe('read');
    // Signed, but not JSON: 400, never a 5xx.
    const raw = '{not json';
    const bad = await webhook({
      method: 'POST',
      headers: { 'x-hub-signature-256': hubSignature(raw, LOCAL_WHATSAPP.WHATSAPP_APP_SECRET) },
      body: raw,
    });
    expect(bad.status).toBe(400);
  });

  test('statuses out of order and repeated: never backwards, read stays read', async () => {
    const { id, wamid } = await acknowledged();
    for (const status of ['delivered', 'read', 'delivered', 'sent', 'read', 'failed'] as const) {
      expect((await postEvent(statusEvent(wamid, status))).status).toBe(200);
    }
    expect(await statusOf(id)).toBe('read');
    expect(acks()).toHaveLength(0);
  });

  test('a failed status sends the e-mail acknowledgement once, however often it comes', async () => {
    const { id, wamid } = await acknowledged();
    await postEvent(statusEvent(wamid, 'sent'));
    await postEvent(statusEvent(wamid, 'failed'));
    await postEvent(statusEvent(wamid, 'failed'));
    expect(await statusOf(id)).toBe('failed');
    expect(acks()).toHaveLength(1);
    expect((await db.deliveries(id)).ack).toMatchObject({ state: 'sent' });
  });

  test.each([
    ['en', 'STOP'],
    ['en', ' unsubscribe. '],
    ['ta', 'நிறுத்து'],
    ['te', 'ఆపు'],
    ['kn', 'ನಿಲ್ಲಿಸಿ'],
  ])('STOP in %s ("%s") withdraws the purpose, and nothing more is sent on WhatsApp', async (locale, word) => {
    const { id, phone } = await acknowledged({ locale });
    expect((await postEvent(textEvent(`91${phone}`, word))).status).toBe(200);
    const lead = await db.record(id);
    const states = consentStates(await withDatabase(() => consentHistory([lead.personId as string])));
    expect(states.whatsapp).toBe('withdrawn');
    expect(states.enquiry).toBe('granted');
    const [delivery] = await withDatabase(() =>
      storeDeliveries(id, [
        { channel: 'whatsapp', topic: 'again', nextAttemptAt: nextAttemptAt(lead.receivedAt, 1) as string, claimedUntil: claimedUntil() },
      ]),
    );
    const before = standIn.received.length;
    expect(await whatsapp.send(lead, { ...delivery, topic: '' })).toMatchObject({ sent: false, error: 'consent-withdrawn', nobody: true });
    expect(standIn.received).toHaveLength(before);
  });

  test('another text, or a text from an unknown number, withdraws nothing', async () => {
    const { id, phone } = await acknowledged();
    await postEvent(textEvent(`91${phone}`, 'Please stop by tomorrow'));
    expect((await postEvent(textEvent('919000000001', 'STOP'))).status).toBe(200);
    const lead = await db.record(id);
    expect(consentStates(await withDatabase(() => consentHistory([lead.personId as string]))).whatsapp).toBe('granted');
  });
});

/** The lead as the inbox opens it (GET /api/leads/<id> with the owner's key), checked against the contract. */
const OWNER_KEY = 'whatsapp-test-owner-key-Zr8Lq3Vn6Tw2';
const leadView = async (id: string): Promise<LeadView> => {
  process.env.LEADS_EXPORT_TOKEN = OWNER_KEY;
  const answer = await teamCall(`/api/leads/${id}`, OWNER_KEY);
  expect(answer.status).toBe(200);
  const parsed = leadViewSchema.safeParse(answer.body);
  expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  return answer.body as LeadView;
};

describe('the acknowledgement’s status on the lead (GET /api/leads/<id>)', () => {
  test('sent, then Meta’s statuses as they come, never backwards; in the page’s language', async () => {
    const { id, wamid } = await acknowledged({ locale: 'te' });
    expect((await leadView(id)).whatsapp).toMatchObject({ state: 'sent', language: 'te', why: null });
    await postEvent(statusEvent(wamid, 'delivered', { at: new Date('2026-12-02T10:00:00Z') }));
    expect((await leadView(id)).whatsapp).toEqual({ state: 'delivered', language: 'te', at: '2026-12-02T10:00:00.000Z', why: null });
    await postEvent(statusEvent(wamid, 'read', { at: new Date('2026-12-02T10:05:00Z') }));
    await postEvent(statusEvent(wamid, 'delivered', { at: new Date('2026-12-02T10:07:00Z') }));
    expect((await leadView(id)).whatsapp).toEqual({ state: 'read', language: 'te', at: '2026-12-02T10:05:00.000Z', why: null });
  });

  test('a failed status: failed on the lead, and the e-mail acknowledgement that went instead', async () => {
    const { id, wamid } = await acknowledged({ locale: 'kn' });
    await postEvent(statusEvent(wamid, 'failed'));
    const view = await leadView(id);
    expect(view.whatsapp).toMatchObject({ state: 'failed', language: 'kn', why: 'undelivered' });
    expect(view.lead.ackedAt).toEqual(expect.any(String));
  });

  test('refused by the Cloud API: failed; over the daily limit: not sent, and why; no consent: none', async () => {
    standIn.setBehaviour({ status: 400 });
    const refused = validBankLoan(withWhatsApp({ locale: 'ta' }));
    await send('bankloan', refused);
    expect((await leadView(refused.submissionId)).whatsapp).toMatchObject({
      state: 'failed',
      language: 'ta',
      why: 'the WhatsApp Cloud API answered 400 (error 131009)',
    });
    standIn.setBehaviour({});
    const one = someone();
    await send('bankloan', validBankLoan(withWhatsApp(one)));
    const again = validFinance(withWhatsApp({ ...one, email: 'again@example.com' }));
    await send('finance', again);
    expect((await leadView(again.submissionId)).whatsapp).toEqual({
      state: 'not-sent',
      language: 'en',
      at: null,
      why: 'whatsapp-daily-limit',
    });
    const without = validBankLoan(withWhatsApp({ consentWhatsapp: false }));
    await send('bankloan', without);
    expect((await leadView(without.submissionId)).whatsapp).toBeNull();
  });
});

describe('texts on WhatsApp (/api/whatsapp)', () => {
  test('a known person’s text: on their timeline beside the lead, and a push to its assignee without the text; a repeat once', async () => {
    const { id, phone } = await acknowledged();
    const priya = await member('Priya Raman');
    process.env.LEADS_EXPORT_TOKEN = OWNER_KEY;
    expect(
      (await teamCall(`/api/leads/${id}/assign`, OWNER_KEY, { method: 'POST', body: JSON.stringify({ memberId: priya.id }) })).status,
    ).toBe(200);
    const phoneOfPriya = await device(pushService, priya.id);
    const before = pushService.received.length;
    const event = textEvent(`91${phone}`, 'Please call after 6, I am at work', { at: new Date('2026-12-02T11:00:00Z') });
    expect((await postEvent(event)).status).toBe(200);
    expect((await postEvent(event)).status).toBe(200);
    const pushes = pushService.received.slice(before);
    expect(pushes.map((push) => [push.device, (push.payload as { title: string }).title])).toEqual([
      [pushService.deviceOf(phoneOfPriya.endpoint), 'Priya’s customer replied on WhatsApp'],
    ]);
    expect(JSON.stringify(pushes[0].payload)).not.toContain('call after 6');
    const lead = await db.record(id);
    const page = await teamCall(`/api/people/${lead.personId}`, OWNER_KEY);
    expect(page.status).toBe(200);
    const texts = (page.body as PersonPage).timeline.filter((entry) => entry.what === 'whatsapp');
    expect(texts).toEqual([
      {
        at: '2026-12-02T11:00:00.000Z',
        by: 'the person, on WhatsApp',
        what: 'whatsapp',
        leadId: id,
        detail: { text: 'Please call after 6, I am at work', wamid: expect.stringMatching(/^wamid\./) },
      },
    ]);
    expect(personPageSchema.safeParse(page.body).success).toBe(true);
    // Not a withdrawal: WhatsApp stays agreed.
    expect(consentStates(await withDatabase(() => consentHistory([lead.personId as string]))).whatsapp).toBe('granted');
  });

  test('a text from an unknown number: a line in the owner’s team log, never a lead; a repeat once', async () => {
    const leadsBefore = (await db.rows(`SELECT 1 FROM leads`)).length;
    const event = textEvent('919812345678', 'Is the Hosur plot still for sale?');
    expect((await postEvent(event)).status).toBe(200);
    expect((await postEvent(event)).status).toBe(200);
    expect((await db.rows(`SELECT 1 FROM leads`)).length).toBe(leadsBefore);
    process.env.LEADS_EXPORT_TOKEN = OWNER_KEY;
    const log = await teamCall('/api/leads/log', OWNER_KEY);
    expect(logPageSchema.safeParse(log.body).success).toBe(true);
    const lines = (log.body as LogPage).entries.filter((entry) => entry.action === 'whatsapp-unknown');
    expect(lines).toMatchObject([
      { actor: 'WhatsApp', leadId: null, detail: { from: '9812345678', text: 'Is the Hosur plot still for sale?' } },
    ]);
    // Kept a month: the retention job deletes it after that.
    await deleteExpiredLeads({ now: new Date(Date.now() + 29 * 86_400_000) });
    expect(await db.rows(`SELECT 1 FROM team_log WHERE action = 'whatsapp-unknown'`)).toHaveLength(1);
    await deleteExpiredLeads({ now: new Date(Date.now() + 31 * 86_400_000) });
    expect(await db.rows(`SELECT 1 FROM team_log WHERE action = 'whatsapp-unknown'`)).toHaveLength(0);
    // A sales key does not see the log.
    const sales = await member('Ravi Kumar');
    expect((await teamCall('/api/leads/log', sales.key)).status).toBe(403);
  });
});

describe('the team on WhatsApp when push cannot reach them', () => {
  beforeEach(() => {
    process.env.LEADS_EXPORT_TOKEN = OWNER_KEY;
  });
  const alertsOf = (number: string) => standIn.taken().filter((message) => message.body.to === `91${number}`);
  const optIn = (key: string, body: unknown) => teamCall('/api/leads/whatsapp', key, { method: 'PUT', body: JSON.stringify(body) });

  test('a member opts in with their number; a bad number is named; the owner’s first key has no phone', async () => {
    const meera = await member('Meera Iyer', { kinds: ['bankloan'] });
    expect((await teamCall('/api/leads/whatsapp', meera.key)).body).toEqual({ on: true, number: null, optedIn: false });
    const bad = await optIn(meera.key, { number: '12345', optIn: 'yes' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['number', 'optIn']);
    const done = await optIn(meera.key, { number: '+91 98450 12345', optIn: true });
    expect(done).toMatchObject({ status: 200, body: { on: true, number: '9845012345', optedIn: true } });
    process.env.LEADS_EXPORT_TOKEN = OWNER_KEY;
    expect((await optIn(OWNER_KEY, { number: '9845012345', optIn: true })).status).toBe(409);
    // Removing the number ends the opt-in.
    expect((await optIn(meera.key, { number: null, optIn: true })).body).toEqual({ on: true, number: null, optedIn: false });
  });

  test('assigned with no device: the team template to the member’s number, the kind, city and window only; reminded the same way', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-12-07T10:00:00+05:30'));
    const meera = await member('Meera Iyer', { kinds: ['bankloan'] });
    await optIn(meera.key, { number: '9845012345', optIn: true });
    const enquiry = validBankLoan({ ...someone(), Username: 'Lakshmi Narayan', selectedCity: 'Hosur', selectedState: 'Tamil Nadu' });
    expect((await send('bankloan', enquiry)).status).toBe(201);
    const [alert] = alertsOf('9845012345');
    expect(alert.body).toMatchObject({ type: 'template', template: { name: 'team_new_lead', language: { code: 'en' } } });
    const texts = Object.fromEntries((alert.body.template?.components?.[0].parameters ?? []).map((one) => [one.parameter_name, one.text]));
    expect(texts).toMatchObject({ kind: 'bank loan', city: 'Hosur' });
    expect(Object.keys(texts)).toEqual(['kind', 'city', 'call_window']);
    const sent = JSON.stringify(alert.body);
    for (const typed of [enquiry.phone, 'Lakshmi', 'Narayan', enquiry.email]) expect(sent).not.toContain(typed);
    const rows = await db.rows<{ topic: string; recipient: string; state: string }>(
      `SELECT topic, recipient, state FROM deliveries WHERE lead_id = $1 AND channel = 'whatsapp'`,
      [enquiry.submissionId],
    );
    expect(rows).toEqual([{ topic: expect.stringMatching(/^alert:assigned:/), recipient: meera.id, state: 'sent' }]);

    // The first-contact reminder, 15 working minutes on: WhatsApp again.
    vi.setSystemTime(Date.parse('2026-12-07T10:20:00+05:30'));
    const clock = await leadsClock(new Request('http://localhost/.netlify/functions/leads-clock', { method: 'POST', body: '{}' }));
    expect((await clock.json()).reminded).toBe(1);
    expect(alertsOf('9845012345')).toHaveLength(2);
    const history = (await db.record(enquiry.submissionId)).history ?? [];
    expect(history.find((entry) => entry.event === 'reminded')?.detail).toContain('on WhatsApp');
  });

  test('with a device, a push and no WhatsApp; not opted in, no WhatsApp', async () => {
    const meera = await member('Meera Iyer', { kinds: ['bankloan'] });
    await optIn(meera.key, { number: '9845012345', optIn: true });
    await device(pushService, meera.id);
    const before = pushService.received.length;
    await send('bankloan', validBankLoan(someone()));
    expect(pushService.received.length).toBe(before + 1);
    expect(alertsOf('9845012345')).toHaveLength(0);

    const ravi = await member('Ravi Kumar', { kinds: ['finance'] });
    await optIn(ravi.key, { number: '9845067890', optIn: false });
    await send('finance', validFinance(someone()));
    expect(alertsOf('9845067890')).toHaveLength(0);
  });
});

describe('Insights: WhatsApp per week, and this month’s cost', () => {
  test('sent, delivered, read and failed this week; the month’s messages that did not fail, at WHATSAPP_RATE_INR', async () => {
    process.env.LEADS_EXPORT_TOKEN = OWNER_KEY;
    const delivered = await acknowledged();
    const read = await acknowledged();
    const failed = await acknowledged();
    await postEvent(statusEvent(delivered.wamid, 'delivered'));
    await postEvent(statusEvent(read.wamid, 'read'));
    await postEvent(statusEvent(failed.wamid, 'failed'));
    standIn.setBehaviour({ status: 400 });
    await send('bankloan', validBankLoan(withWhatsApp()));
    process.env.WHATSAPP_RATE_INR = '0.5';
    try {
      const answer = await teamCall('/api/leads/insights', OWNER_KEY);
      expect(answer.status).toBe(200);
      const parsed = insightsSchema.safeParse(answer.body);
      expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
      const { weeks, month } = (answer.body as Insights).whatsapp;
      expect(weeks.at(-1)).toMatchObject({ sent: 3, delivered: 2, read: 1, failed: 2 });
      expect(weeks.slice(0, -1).every((week) => week.sent + week.failed === 0)).toBe(true);
      expect(month).toEqual({
        month: new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7),
        messages: 2,
        rateInr: 0.5,
        costInr: 1,
      });
    } finally {
      delete process.env.WHATSAPP_RATE_INR;
    }
  });
});
