/**
 * The one retry machine of every outbound channel: the team's e-mail (team-email.ts), the
 * visitor's acknowledgement (ack.ts), the webhook (webhook.ts), the push alerts to the team's
 * phones (push.ts), the first-contact clock's e-mail to the owner (escalation.ts) and WhatsApp
 * (whatsapp.ts).
 *
 * - A lead's deliveries are rows written in the lead's own transaction (db/deliveries.ts), so a
 *   stored lead always has them. Each is tried at once after the commit, under a short claim.
 * - A failed try is counted, with its error, and due again on one schedule counted from the
 *   receipt: about 10 min, 30 min, 2 h, 6 h and 24 h. After the last re-send it gives up; a team
 *   e-mail that gave up rides along in the next team e-mail that goes ("also waiting").
 * - The sweep (jobs/sweep.ts) tries what is due, each under a claim (UPDATE … SKIP LOCKED), so
 *   two sweeps never send one delivery twice.
 * - A channel that is off (not configured, a preview) leaves its deliveries pending, untried.
 * - Bookkeeping after a send never throws: the send happened; a lead erased meanwhile has no rows left to update.
 */
import { logLead } from '../log.ts';
import { bookkeepingRetryMs } from '../settings.ts';
import {
  HELD_FOR_WHATSAPP,
  claimUntried,
  insertDeliveries,
  markFailed,
  markHeld,
  markSent,
  markSkipped,
  release,
  type Channel,
  type Delivery,
} from '../db/deliveries.ts';
import type { NewDelivery } from '../db/deliveries.ts';
import type { LeadRecord } from '../../lib/enquiry/lead-record.ts';
import { withDatabase } from '../db/connection.ts';
import { teamEmail } from './team-email.ts';
import { webhook } from './webhook.ts';
import { acknowledgement } from './ack.ts';
import { push } from './push.ts';
import { escalation } from './escalation.ts';
import { whatsapp } from './whatsapp.ts';
import { notePending, noteUnrecordedSend } from './pending-marker.ts';
import { MAX_RESENDS, claimedUntil, nextAttemptAt, type OutboundChannel } from './schedule.ts';

/**
 * What the schedule counts from: the receipt, or, for spam a person released, the release; a
 * delivery made later (a push of the first-contact clock) counts from when it was made.
 */
const scheduleBase = (lead: LeadRecord, delivery?: Pick<Delivery, 'scheduledFrom'>) =>
  delivery?.scheduledFrom ?? lead.releasedAt ?? lead.receivedAt;

export const CHANNEL_SENDERS: Record<Channel, OutboundChannel> = {
  team: teamEmail,
  ack: acknowledgement,
  webhook,
  push,
  escalation,
  whatsapp,
};

/**
 * `nobody`: there was nobody to send it to (a push to a member with no device), or it is told
 * another way: done, never tried again. `held`: due again later, no try counted.
 */
export type AttemptOutcome = 'sent' | 'failed' | 'gave-up' | 'skipped' | 'nobody' | 'held';

/** Tries at recording a send (a blip of the database, a deadline missed under load): a pause (bookkeepingRetryMs), then twice that. */
const SENT_BOOKKEEPING_TRIES = 3;
const retried = async <T>(work: () => Promise<T>, tries: number): Promise<T> => {
  for (let round = 1; ; round++) {
    try {
      return await work();
    } catch (error) {
      if (round >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, bookkeepingRetryMs() * round));
    }
  }
};

/** One try of a delivery and its bookkeeping. Never throws. */
export const attempt = async (delivery: Delivery, lead: LeadRecord): Promise<AttemptOutcome> => {
  const channel = CHANNEL_SENDERS[delivery.channel];
  const result = await channel.send(lead, delivery);
  const tries = delivery.attempts + 1;
  const note = tries > 1 ? `${channel.log.retry} ${tries - 1} of ${MAX_RESENDS}` : undefined;
  const bookkeep = (work: () => Promise<unknown>) =>
    withDatabase(work).catch(() => logLead({ kind: lead.kind, id: lead.id, status: `${channel.log.prefix}-update-failed` }));

  if (result.sent) {
    logLead({ kind: lead.kind, id: lead.id, status: channel.log.sent, note });
    // Unrecorded, a sent delivery would go again once its claim lapses: worth a few more tries,
    // and then a note in Blobs that the sweep records before it sends anything.
    const recorded = await retried(
      () => withDatabase(() => markSent(delivery.id, undefined, result.reference)),
      SENT_BOOKKEEPING_TRIES,
    ).then(
      () => true,
      () => false,
    );
    if (!recorded) {
      const noted = await noteUnrecordedSend(delivery.id);
      logLead({ kind: lead.kind, id: lead.id, status: `${channel.log.prefix}-update-failed`, note: noted ? 'noted in Blobs' : undefined });
    }
    return 'sent';
  }
  if (result.nobody) {
    logLead({ kind: lead.kind, id: lead.id, status: `${channel.log.prefix}-skipped`, note: result.error });
    await bookkeep(() => markSkipped(delivery.id, result.error));
    return 'nobody';
  }
  if (result.heldUntil) {
    logLead({ kind: lead.kind, id: lead.id, status: `${channel.log.prefix}-held`, note: result.error });
    await bookkeep(() => markHeld(delivery.id, result.error, result.heldUntil as string));
    return 'held';
  }
  if (result.skipped) {
    logLead({ kind: lead.kind, id: lead.id, status: `${channel.log.prefix}-skipped`, note: result.error });
    await bookkeep(() => release(delivery.id));
    return 'skipped';
  }
  const next = result.final ? null : nextAttemptAt(scheduleBase(lead, delivery), tries);
  const gaveUp = next === null;
  logLead({
    kind: lead.kind,
    id: lead.id,
    status: `${channel.log.prefix}-${gaveUp ? 'gave-up' : 'failed'}`,
    note: note ? `${result.error}; ${note}` : result.error,
  });
  await bookkeep(() => markFailed(delivery.id, result.error, next));
  if (gaveUp) await channel.gaveUp?.(lead, delivery);
  return gaveUp ? 'gave-up' : 'failed';
};

/**
 * The deliveries a new lead gets: the team's e-mail always, the webhook and acknowledgement when
 * they are on, the WhatsApp acknowledgement when it is owed (`whatsappAck`: then the e-mail one is
 * held for it, unless a limit keeps WhatsApp's), and the assignee's alert (`alert`, team-alert.ts:
 * a push, or WhatsApp when push cannot reach them; `pushTo`, a push only).
 */
export const newDeliveries = (
  lead: LeadRecord,
  {
    teamHeld,
    ackOwed,
    ackSkipped,
    pushTo,
    alert,
    whatsappAck,
  }: {
    teamHeld?: string;
    ackOwed: boolean;
    ackSkipped?: string;
    pushTo?: PushTo;
    alert?: NewDelivery;
    whatsappAck?: { skipped?: string };
  },
): NewDelivery[] => {
  const base = { nextAttemptAt: nextAttemptAt(scheduleBase(lead), 1) as string, claimedUntil: claimedUntil() };
  // The WhatsApp acknowledgement goes instead of the e-mail one, which is held for it (should WhatsApp fail).
  const whatsappGoes = whatsappAck !== undefined && !whatsappAck.skipped;
  const ackHeld = ackSkipped ?? (whatsappGoes ? HELD_FOR_WHATSAPP : undefined);
  return [
    { ...base, channel: 'team', ...(teamHeld ? { skipped: teamHeld } : {}) },
    ...(webhook.on() ? [{ ...base, channel: 'webhook' as const }] : []),
    ...(ackOwed ? [{ ...base, channel: 'ack' as const, ...(ackHeld ? { skipped: ackHeld } : {}) }] : []),
    ...(whatsappAck ? [{ ...base, channel: 'whatsapp' as const, ...(whatsappAck.skipped ? { skipped: whatsappAck.skipped } : {}) }] : []),
    ...(pushTo ? [pushDelivery(pushTo)] : []),
    ...(alert ? [alert] : []),
  ];
};

/** A push to make: its recipient (a member's id, 'owner-key', 'owners'), its topic (push.ts's pushTopic) and when it is made. */
export interface PushTo {
  recipient: string;
  topic: string;
  at: string;
}

/** A push delivery, its re-sends counted from when it is made. */
export const pushDelivery = ({ recipient, topic, at }: PushTo): NewDelivery => ({
  channel: 'push',
  recipient,
  topic,
  scheduledFrom: at,
  nextAttemptAt: nextAttemptAt(at, 1) as string,
  claimedUntil: claimedUntil(),
});

/** Stores a lead's deliveries in its transaction; returns those to try now. */
export const storeDeliveries = (leadId: string, deliveries: readonly NewDelivery[]) => insertDeliveries(leadId, deliveries);

/**
 * The tries at receipt of a lead just committed, side by side with the note to the sweep that
 * work may be pending (so an instance that dies mid-send still leaves it); when every try went,
 * the note is taken back.
 */
export const tryAtReceipt = async (lead: LeadRecord, deliveries: readonly Delivery[]): Promise<void> => {
  if (deliveries.length === 0) return;
  const due = deliveries.map((delivery) => nextAttemptAt(scheduleBase(lead, delivery), 1) as string).sort()[0];
  const [noted, ...outcomes] = await Promise.all([
    notePending(
      deliveries.map((delivery) => delivery.channel),
      due,
    ),
    ...deliveries.map((delivery) => attempt(delivery, lead)),
  ]);
  // All done at once: nothing is owed, and the sweep need not wake the database for this lead.
  if (outcomes.every((outcome) => outcome === 'sent' || outcome === 'nobody')) await noted.takeBack();
};

/**
 * A retry of a stored lead whose try at receipt never happened (that attempt ran out of time or
 * its instance died): the visitor's retry sends what the first attempt owed. A try that happened
 * and failed is left to the sweep.
 */
export const tryOwed = async (lead: LeadRecord): Promise<void> => {
  const owed = await withDatabase(() => claimUntried(lead.id, claimedUntil())).catch(() => []);
  await Promise.all(owed.map((delivery) => attempt(delivery, lead)));
};
