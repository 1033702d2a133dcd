/**
 * The retry schedule every outbound channel shares, and what a channel is to the retry machine
 * (deliveries.ts).
 */
import { notifyTimeoutMs, storeTimeoutMs } from '../settings.ts';
import type { Delivery } from '../db/deliveries.ts';
import type { LeadRecord } from '../../lib/enquiry/lead-record.ts';

/** Minutes after receipt at which the sweep re-sends: about 10 min, 30 min, 2 h, 6 h and 24 h. */
export const RESEND_AFTER_MINUTES = [10, 30, 120, 360, 1440] as const;
/** Re-sends before a delivery gives up (the try at receipt is not one of them). */
export const MAX_RESENDS = RESEND_AFTER_MINUTES.length;

/** How long a claim keeps others off a delivery: longer than one send and its bookkeeping. */
export const claimLeaseMs = () => notifyTimeoutMs() + storeTimeoutMs() + 1000;
export const claimedUntil = (now = Date.now()) => new Date(now + claimLeaseMs()).toISOString();

/** When the next re-send is due after `tries` tries (the one at receipt included), or null when none is left. */
export const nextAttemptAt = (receivedAt: string, tries: number): string | null => {
  const resent = tries - 1;
  return resent >= MAX_RESENDS ? null : new Date(Date.parse(receivedAt) + RESEND_AFTER_MINUTES[resent] * 60_000).toISOString();
};

/**
 * What one try came to. `reference`: the receiver's id for what it took (WhatsApp's wamid), kept
 * on the delivery. `skipped`: the channel is off for now; nothing was tried (it stays pending).
 * `nobody`: there is nobody to send it to (a push to a member with no device), or it is told
 * another way (a team e-mail over the hourly budget, listed in a later one): it is kept as
 * skipped, with the error as why, and never tried again. `final`: the receiver refused it for
 * good (WhatsApp's 4xx): it gives up at once, no re-send could go. `heldUntil`: not tried now,
 * and due again then, no try counted.
 */
export type SendResult =
  | { sent: true; reference?: string }
  | { sent: false; error: string; skipped?: boolean; nobody?: boolean; final?: boolean; heldUntil?: string };

/** An outbound channel: whether it sends now, and one try of it (never throws). */
export interface OutboundChannel {
  on(): boolean;
  send(lead: LeadRecord, delivery: Delivery): Promise<SendResult>;
  /** What follows a delivery that gave up (WhatsApp's acknowledgement: the e-mail one goes instead). Never throws. */
  gaveUp?(lead: LeadRecord, delivery: Delivery): Promise<void>;
  /** How the log names its outcomes: `sent`, `<prefix>-failed`, `<prefix>-gave-up`, `<prefix>-skipped`; `retry` names a re-send. */
  log: { sent: string; prefix: string; retry: string };
}
