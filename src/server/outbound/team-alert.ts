/**
 * How a member hears of a lead given to them, or of its first-contact reminder: a push to their
 * devices; when they have none (no live subscription), a WhatsApp team alert to their own number,
 * if they opted in on the Team page and WhatsApp is on (whatsapp.ts); else nothing here (the
 * team's e-mail still goes). One retry machine: either is a delivery of the lead like any other.
 */
import { pushDelivery } from './deliveries.ts';
import type { NewDelivery } from '../db/deliveries.ts';
import { pushFor, type PushStep } from './push.ts';
import { whatsappOn } from './whatsapp.ts';
import { memberWhatsApp } from '../db/team-members.ts';
import { claimedUntil, nextAttemptAt } from './schedule.ts';

/** The steps that fall back to WhatsApp. */
export type AlertStep = Extract<PushStep, 'assigned' | 'remind'>;

/** The delivery that tells `recipient` (a member's id, or 'owner-key') of a step, or undefined when nothing can. */
export const teamAlert = async (recipient: string, step: AlertStep, at: string): Promise<NewDelivery | undefined> => {
  const pushTo = await pushFor(recipient, step, at);
  if (pushTo) return pushDelivery(pushTo);
  // The owner's first key has no member row, and so no number.
  if (recipient === 'owner-key' || recipient === 'owners' || !whatsappOn()) return undefined;
  const member = await memberWhatsApp(recipient);
  if (!member?.optedIn) return undefined;
  return {
    channel: 'whatsapp',
    recipient,
    topic: `alert:${step}:${at}`,
    scheduledFrom: at,
    nextAttemptAt: nextAttemptAt(at, 1) as string,
    claimedUntil: claimedUntil(),
  };
};
