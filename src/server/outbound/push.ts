/**
 * Push alerts to the team's phones: an outbound channel of the one retry machine
 * (deliveries.ts), like the team's e-mail and the webhook. One delivery per lead and step (its
 * topic: the assignment, the reminder, the escalation), to a recipient (a member, the owner's
 * first key, or every owner), sent to each of the recipient's devices.
 *
 * - Web Push with VAPID and aes128gcm through `web-push` (generateRequestDetails: the headers and
 *   the encrypted body); the request itself goes through fetch, under the EmailJS timeout.
 * - What it carries: the kind, the city and the call-back time, and the lead's link (a reply on
 *   WhatsApp: the assignee's first name, never the reply). No visitor's name, no
 *   phone number, no message: the push service sees only ciphertext, but the phone shows it on a
 *   locked screen.
 * - Sent when at least one device took it; a device whose push service answers 404 or 410 has
 *   gone and is deleted; a recipient with no device left is no delivery (kept as skipped, never
 *   retried). Otherwise it failed, and the retry machine tries again.
 * - Off (no VAPID keys) or a preview: no push deliveries are made at all.
 */
import webPush from 'web-push';
import { isPreviewDeploy } from '../deploy-context.ts';
import { webPushSettings } from '../settings.ts';
import { withDatabase } from '../db/connection.ts';
import { deviceCount, markReached, pruneSubscription, subscriptionsOf, type StoredSubscription } from '../db/push-subscriptions.ts';
import { callBackText } from '../../lib/enquiry/call-back.ts';
import { fieldOf, type LeadRecord } from '../../lib/enquiry/lead-record.ts';
import { kindNames, leadLink } from '../../lib/team-api/vocabulary.ts';
import type { PushPayload } from '../../lib/team-api/wire.ts';
import type { OutboundChannel, SendResult } from './schedule.ts';
import type { Delivery } from '../db/deliveries.ts';
import type { PushTo } from './deliveries.ts';

/** A push is worth showing for a day; after that the push service may drop it. */
export const PUSH_TTL_SECONDS = 24 * 3600;

/** The steps a lead's pushes are for, by their topic's first word. */
export type PushStep = 'assigned' | 'remind' | 'escalate' | 'follow-up' | 'whatsapp-reply';

/** A delivery's topic for a step ('assigned:<when>', 'follow-up:<when>', 'whatsapp-reply:<when>': each has its own). */
export const pushTopic = (step: PushStep, at?: string) =>
  step === 'assigned' || step === 'follow-up' || step === 'whatsapp-reply' ? `${step}:${at}` : step;

/** What the push says, by step: the kind, the city and when to call back. */
export const pushPayload = (lead: LeadRecord, topic: string): PushPayload => {
  const step = topic.split(':')[0] as PushStep;
  const kind = kindNames(lead.kind).lead;
  const city = fieldOf(lead, 'selectedCity');
  const where = typeof city === 'string' && city ? `${city} · ` : '';
  const assignee = lead.assignee?.name;
  if (step === 'whatsapp-reply')
    return {
      title: `${assignee ? `${assignee.split(/\s+/)[0]}’s customer` : 'A customer'} replied on WhatsApp`,
      body: `${where}${kind}: open it to read the reply`,
      url: leadLink(lead.id),
      tag: `${lead.id}:${step}`,
    };
  const title =
    step === 'remind'
      ? `First contact due: ${kind}`
      : step === 'escalate'
        ? `Not contacted yet: ${kind}${assignee ? ` (${assignee})` : ''}`
        : step === 'follow-up'
          ? `Follow-up due: ${kind}`
          : `New ${kind.toLowerCase()} for you`;
  const body = step === 'follow-up' ? `${where}time to try again` : `${where}call back ${callBackText(lead)}`;
  return { title, body, url: leadLink(lead.id), tag: `${lead.id}:${step}` };
};

/** One device's answer: taken, gone (404/410), or failed with why. */
type DeviceOutcome = 'sent' | 'gone' | { error: string };

const sendToDevice = async (
  subscription: StoredSubscription,
  payload: PushPayload,
  settings: NonNullable<ReturnType<typeof webPushSettings>>,
): Promise<DeviceOutcome> => {
  let details: ReturnType<typeof webPush.generateRequestDetails>;
  try {
    details = webPush.generateRequestDetails({ endpoint: subscription.endpoint, keys: subscription.keys }, JSON.stringify(payload), {
      vapidDetails: { subject: settings.subject, publicKey: settings.publicKey, privateKey: settings.privateKey },
      TTL: PUSH_TTL_SECONDS,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
    });
  } catch (error) {
    // Keys that cannot be used (a broken subscription) are as good as gone.
    return { error: `the device's keys cannot be used (${(error as Error).message})` };
  }
  try {
    const response = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body as Uint8Array<ArrayBuffer> | null,
      redirect: 'manual',
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    await response.body?.cancel().catch(() => {});
    if (response.status === 404 || response.status === 410) return 'gone';
    return response.ok ? 'sent' : { error: `the push service answered ${response.status}` };
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    return {
      error: timedOut ? `the push service did not answer within ${settings.timeoutMs} ms` : 'the push service could not be reached',
    };
  }
};

/** One push to every device of the delivery's recipient. Never throws. */
export const sendPush = async (lead: LeadRecord, delivery: Delivery): Promise<SendResult> => {
  const settings = webPushSettings();
  if (!settings || isPreviewDeploy()) return { sent: false, error: 'Web Push is not configured', skipped: true };
  const recipient = delivery.recipient ?? 'owners';
  let devices: StoredSubscription[];
  try {
    devices = await withDatabase(() => subscriptionsOf(recipient));
  } catch {
    return { sent: false, error: 'the devices could not be read' };
  }
  if (devices.length === 0) return { sent: false, error: 'no-device', nobody: true };
  const payload = pushPayload(lead, delivery.topic ?? '');
  const outcomes = await Promise.all(devices.map((device) => sendToDevice(device, payload, settings)));
  const gone = devices.filter((_, n) => outcomes[n] === 'gone');
  const reached = devices.filter((_, n) => outcomes[n] === 'sent');
  await withDatabase(async () => {
    for (const device of gone) await pruneSubscription(device.id);
    await markReached(
      reached.map((device) => device.id),
      new Date().toISOString(),
    );
  }).catch(() => {});
  if (reached.length > 0) return { sent: true };
  if (gone.length === devices.length) return { sent: false, error: 'no-device', nobody: true };
  const errors = outcomes.filter((outcome): outcome is { error: string } => typeof outcome === 'object');
  return { sent: false, error: errors[0]?.error ?? 'the push failed' };
};

export const push: OutboundChannel = {
  on: () => webPushSettings() !== null && !isPreviewDeploy(),
  send: sendPush,
  log: { sent: 'pushed', prefix: 'push', retry: 're-push' },
};

/** Whose devices a lead's assignee has: a member's id, or the owner's first key's. */
export const recipientOf = (assignee: { id: string | null }) => assignee.id ?? 'owner-key';

/**
 * The push to make for a step of a lead, when push is on and the recipient has a device;
 * undefined otherwise (a member with no device is told by the team's e-mail, as before push).
 */
export const pushFor = async (recipient: string, step: PushStep, at: string): Promise<PushTo | undefined> => {
  if (!push.on()) return undefined;
  const devices = recipient === 'owners' ? 1 : await deviceCount(recipient === 'owner-key' ? null : recipient);
  return devices > 0 ? { recipient, topic: pushTopic(step, at), at } : undefined;
};
