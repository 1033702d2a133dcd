/**
 * WhatsApp as a channel of the one retry machine (src/server/outbound/whatsapp.ts): a template
 * message to the Cloud API (its stand-in here), Meta's wamid kept on the delivery, a 5xx retried
 * by the sweep, a 4xx given up at once; off when unset and on a preview. Real database and Blobs.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { sweepPending } from '../../src/server/jobs/sweep.ts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { useWhatsApp, WHATSAPP_NAMES } from '../support/whatsapp.ts';
import { send, validBankLoan } from '../support/enquiry-requests.ts';
import type { WhatsAppStandIn } from '../../harness/whatsapp-standin.ts';
import { withDatabase } from '../../src/server/db/connection.ts';
import { storeDeliveries } from '../../src/server/outbound/deliveries.ts';
import { attempt } from '../../src/server/outbound/deliveries.ts';
import { claimedUntil, nextAttemptAt } from '../../src/server/outbound/schedule.ts';
import { whatsapp } from '../../src/server/outbound/whatsapp.ts';
import { whatsappSettings } from '../../src/server/settings.ts';

let db: TestDatabase;
let standIn: WhatsAppStandIn;
useFreshLocalServers((servers) => ({ db } = servers));
useWhatsApp((started) => (standIn = started));
afterEach(() => {
  vi.useRealTimers();
});

/** A stored lead and a WhatsApp delivery of it, made as the retry machine makes them. */
const leadWithDelivery = async (over: Record<string, unknown> = {}) => {
  const answer = await send('bankloan', validBankLoan(over));
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
    const second = await leadWithDelivery({ phone: '9123456780', email: 'other@example.com' });
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
