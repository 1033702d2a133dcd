/**
 * Routing's part of the team's API (/api/leads, leads-api.ts):
 * - GET /api/leads/push: the server's public VAPID key (null while push is off) and how many
 *   devices the caller's key has; POST it with a browser's PushSubscription JSON to get alerts on
 *   this device (201), DELETE it with `{ endpoint }` to stop them (204). A member may have several.
 * - POST /api/leads/<id>/assign `{ memberId }` (the owner's): gives the lead to that member (null:
 *   the owner's first key), who gets a push; in the lead's history and the team's log.
 * - PATCH /api/leads/team/<id> (the owner's): a member's kinds, languages, available, dailyCap.
 * - GET and PUT /api/leads/whatsapp (any member, their own): their WhatsApp number and opt-in for
 *   alerts when push cannot reach them (outbound/team-alert.ts).
 * A subscription's endpoint must be https on a known push service (Chrome's, Firefox's, Apple's,
 * Microsoft's); under `npm start` and in tests, http://127.0.0.1 and http://localhost too (the
 * push service stand-in). Anything else is a 400 naming the field.
 */
import { HttpError } from '../errors.ts';
import { transaction } from '../db/connection.ts';
import { readLead, type StoredLead } from '../db/leads.ts';
import { logTeamAction } from '../db/team-log.ts';
import { setAssignee, setMemberRouting } from '../db/routing.ts';
import { deleteSubscription, deviceCount, keepNewestDevices, saveSubscription } from '../db/push-subscriptions.ts';
import { listMembers, memberWhatsApp, setMemberWhatsApp } from '../db/team-members.ts';
import { whatsappOn } from '../outbound/whatsapp.ts';
import { normalisePhone } from '../../lib/enquiry/field-rules.ts';
import { storeDeliveries, tryAtReceipt } from '../outbound/deliveries.ts';
import { recipientOf } from '../outbound/push.ts';
import { teamAlert } from '../outbound/team-alert.ts';
import { isLocalDev } from '../deploy-context.ts';
import { webPushSettings } from '../settings.ts';
import { ENQUIRY_KINDS, type EnquiryKind } from '../../lib/enquiry/kinds.ts';
import { DAILY_CAP_MAX, MEMBER_LANGUAGES, type MemberLanguage } from '../../lib/team-api/vocabulary.ts';
import type { Assignee, MemberRouting, MemberWhatsAppStatus, PushStatus } from '../../lib/team-api/wire.ts';
import type { Caller } from './auth.ts';
import { OWNER_KEY_ASSIGNEE } from '../intake/assign.ts';

/** Push services a subscription may point at in production: each host ends with one of these. */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

const ENDPOINT_MAX = 1000;

/** Devices one key may have; a new one past it replaces the one subscribed longest ago. */
export const PUSH_DEVICES_MAX = 10;

const fieldError = (fields: Record<string, string>) => new HttpError(400, 'Some fields are wrong.', { fields });

/** Why an endpoint is refused, or null. */
export const endpointProblem = (endpoint: unknown): string | null => {
  if (typeof endpoint !== 'string' || endpoint.length === 0 || endpoint.length > ENDPOINT_MAX)
    return `endpoint must be the subscription's address (at most ${ENDPOINT_MAX} characters)`;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'endpoint must be an address (https://…)';
  }
  const local = url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost');
  if (local) return isLocalDev() ? null : 'endpoint must be https (a local push service is for npm start and tests only)';
  if (url.protocol !== 'https:') return 'endpoint must be https';
  const host = url.hostname.toLowerCase();
  if (!PUSH_SERVICE_HOSTS.some((known) => host === known || host.endsWith(`.${known}`)))
    return `endpoint must be at a browser's push service (${PUSH_SERVICE_HOSTS.join(', ')})`;
  return null;
};

/** A key of a subscription: base64url of the right length (p256dh: a 65-byte P-256 point; auth: 16 bytes). */
const keyProblem = (value: unknown, bytes: number): boolean =>
  typeof value !== 'string' || !/^[A-Za-z0-9_-]+=*$/.test(value) || Buffer.from(value, 'base64url').length !== bytes;

/** A browser's PushSubscription JSON, checked; a 400 names each bad field. */
export const parseSubscription = (body: unknown): { endpoint: string; keys: { p256dh: string; auth: string } } => {
  const { endpoint, keys } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const fields: Record<string, string> = {};
  const problem = endpointProblem(endpoint);
  if (problem) fields.endpoint = problem;
  const { p256dh, auth } = (typeof keys === 'object' && keys !== null ? keys : {}) as Record<string, unknown>;
  if (keyProblem(p256dh, 65)) fields['keys.p256dh'] = "keys.p256dh must be the subscription's public key (base64url, 65 bytes)";
  if (keyProblem(auth, 16)) fields['keys.auth'] = "keys.auth must be the subscription's auth secret (base64url, 16 bytes)";
  if (Object.keys(fields).length > 0) throw fieldError(fields);
  return { endpoint: endpoint as string, keys: { p256dh: p256dh as string, auth: auth as string } };
};

export const pushStatus = async (who: Caller): Promise<PushStatus> => ({
  publicKey: webPushSettings()?.publicKey ?? null,
  devices: await deviceCount(who.id),
});

export const subscribe = async (who: Caller, body: unknown): Promise<PushStatus> => {
  if (!webPushSettings()) throw new HttpError(409, 'Push alerts are off on this site (no VAPID keys).');
  const subscription = parseSubscription(body);
  await transaction(async () => {
    await saveSubscription(who.id, subscription, new Date().toISOString());
    await keepNewestDevices(who.id, PUSH_DEVICES_MAX);
  });
  return pushStatus(who);
};

export const unsubscribe = async (who: Caller, body: unknown) => {
  const { endpoint } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (typeof endpoint !== 'string' || endpoint.length === 0 || endpoint.length > ENDPOINT_MAX)
    throw fieldError({ endpoint: "endpoint must be the subscription's address" });
  if (!(await deleteSubscription(who.id, endpoint))) throw new HttpError(404, 'This key has no such device.');
};

/** A member's routing change, checked; a 400 names each bad field. */
export const parseRoutingChange = (body: unknown): Partial<MemberRouting> => {
  const { kinds, languages, available, dailyCap, ...rest } = (typeof body === 'object' && body !== null ? body : {}) as Record<
    string,
    unknown
  >;
  const fields: Record<string, string> = {};
  const listOf = <T extends string>(value: unknown, allowed: readonly T[]) =>
    Array.isArray(value) && value.every((one) => (allowed as readonly unknown[]).includes(one)) ? [...new Set(value as T[])] : null;
  if (kinds !== undefined && !listOf(kinds, ENQUIRY_KINDS)) fields.kinds = `kinds must be a list of ${ENQUIRY_KINDS.join(', ')}`;
  if (languages !== undefined && !listOf(languages, MEMBER_LANGUAGES))
    fields.languages = `languages must be a list of ${MEMBER_LANGUAGES.join(', ')}`;
  if (available !== undefined && typeof available !== 'boolean') fields.available = 'available must be true or false';
  if (
    dailyCap !== undefined &&
    dailyCap !== null &&
    !(Number.isInteger(dailyCap) && (dailyCap as number) >= 0 && (dailyCap as number) <= DAILY_CAP_MAX)
  )
    fields.dailyCap = `dailyCap must be a whole number from 0 to ${DAILY_CAP_MAX}, or null for none`;
  for (const name of Object.keys(rest)) fields[name] = `${name} cannot be changed here`;
  if (kinds === undefined && languages === undefined && available === undefined && dailyCap === undefined && !Object.keys(rest).length)
    fields.kinds = 'send kinds, languages, available or dailyCap';
  if (Object.keys(fields).length > 0) throw fieldError(fields);
  return {
    ...(kinds !== undefined ? { kinds: listOf(kinds, ENQUIRY_KINDS) as EnquiryKind[] } : {}),
    ...(languages !== undefined ? { languages: listOf(languages, MEMBER_LANGUAGES) as MemberLanguage[] } : {}),
    ...(available !== undefined ? { available: available as boolean } : {}),
    ...(dailyCap !== undefined ? { dailyCap: dailyCap as number | null } : {}),
  };
};

export const changeRouting = async (by: Caller, id: string, body: unknown) => {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
    throw new HttpError(404, 'Nobody on the team has that id.');
  const change = parseRoutingChange(body);
  const done = await transaction(async () => {
    if (!(await setMemberRouting(id, change))) return false;
    const name = (await listMembers()).find((member) => member.id === id)?.name ?? id;
    await logTeamAction(by.name, 'set-member', null, { name, change: JSON.stringify(change) });
    return true;
  });
  if (!done) throw new HttpError(404, 'Nobody on the team has that id.');
};

/**
 * Gives a lead to a member by hand (the owner's one tap): in the lead's history and the team's
 * log, and the member gets a push. The clock goes on as it was.
 */
export const reassign = async (by: Caller, id: string, body: unknown): Promise<StoredLead> => {
  const { memberId } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (memberId !== null && (typeof memberId !== 'string' || !/^[0-9a-f-]{36}$/i.test(memberId)))
    throw fieldError({ memberId: "memberId must be a member's id, or null for the owner's first key" });
  const at = new Date().toISOString();
  const made = await transaction(async () => {
    const member = memberId === null ? null : (await listMembers()).find((one) => one.id === memberId);
    if (member === undefined) throw fieldError({ memberId: 'nobody on the team has that id' });
    const assignee: Assignee = member ? { id: member.id, name: member.name } : OWNER_KEY_ASSIGNEE;
    const before = await readLead(id);
    if (!before || before.record.spam) throw new HttpError(404, 'No lead in the inbox has that id.');
    const from = before.record.assignee?.name ?? 'nobody';
    await setAssignee(id, assignee, at, null, { event: 'reassigned', by: by.name, detail: `by hand: from ${from} to ${assignee.name}` });
    await logTeamAction(by.name, 'assign', id, { from, to: assignee.name });
    const alert = await teamAlert(recipientOf(assignee), 'assigned', at);
    return alert ? storeDeliveries(id, [alert]) : [];
  });
  const lead = (await readLead(id)) as StoredLead;
  await tryAtReceipt(lead.record, made);
  return lead;
};

/** The caller's WhatsApp for alerts (GET /api/leads/whatsapp); the owner's first key has none. */
export const whatsappAlertStatus = async (who: Caller): Promise<MemberWhatsAppStatus> => {
  const member = who.id ? await memberWhatsApp(who.id) : null;
  return { on: whatsappOn() !== null, number: member?.number ?? null, optedIn: member?.optedIn ?? false };
};

/**
 * PUT /api/leads/whatsapp `{ number, optIn }`: the caller's own WhatsApp number (an Indian mobile,
 * written as the forms take it; null removes it and the opt-in) and whether alerts may go there.
 * 400 naming each bad field; 409 for the owner's first key, which is nobody's phone.
 */
export const setWhatsAppAlerts = async (who: Caller, body: unknown): Promise<MemberWhatsAppStatus> => {
  const { number, optIn, ...rest } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const fields: Record<string, string> = {};
  const digits = typeof number === 'string' ? normalisePhone(number) : null;
  if (number !== null && !digits) fields.number = 'number must be an Indian mobile number (10 digits, 6 to 9 first), or null';
  if (typeof optIn !== 'boolean') fields.optIn = 'optIn must be true or false';
  for (const name of Object.keys(rest)) fields[name] = `${name} cannot be changed here`;
  if (Object.keys(fields).length > 0) throw fieldError(fields);
  if (!who.id)
    throw new HttpError(409, 'The owner’s first key belongs to no one person: add yourself on the Team page to get alerts on WhatsApp.');
  const at = new Date().toISOString();
  const memberId = who.id;
  await transaction(async () => {
    await setMemberWhatsApp(memberId, digits, optIn as boolean, at);
    await logTeamAction(who.name, 'set-member', null, {
      name: who.name,
      change: JSON.stringify({ whatsappAlerts: Boolean(digits && optIn) }),
    });
  });
  return whatsappAlertStatus(who);
};
