/**
 * The notification queue in the `leads` store, so a sweep reads only what still needs an e-mail:
 * - `pending/<id>`: written with every lead, deleted once the team's e-mail has gone. It holds
 *   the lead's key, how many re-sends were tried and when the next one is due.
 * - `gaveup/<id>`: a lead whose re-sends all failed; the next e-mail that goes out lists it as
 *   "also waiting", then the entry is removed.
 */
import type { Store } from '@netlify/blobs';
import type { EnquiryKind } from '../lib/enquiry/index.ts';

export const pendingKey = (id: string) => `pending/${id}`;
export const gaveUpKey = (id: string) => `gaveup/${id}`;
export const PENDING_PREFIX = 'pending/';
/** The webhook's queue (webhook.ts): the same entries and schedule as pending/. */
export const webhookKey = (id: string) => `webhook/${id}`;
export const WEBHOOK_PREFIX = 'webhook/';
/** The visitor's acknowledgement's queue (ack.ts): the same entries and schedule as pending/. */
export const ackKey = (id: string) => `ack/${id}`;
export const ACK_PREFIX = 'ack/';
export const GAVE_UP_PREFIX = 'gaveup/';

/** Minutes after receipt at which the sweep re-sends: about 10 min, 30 min, 2 h, 6 h and 24 h. */
export const RESEND_AFTER_MINUTES = [10, 30, 120, 360, 1440] as const;
/** Re-sends before a lead is flagged notifyGaveUp (the send at receipt is not one of them). */
export const MAX_RESENDS = RESEND_AFTER_MINUTES.length;
/** How long a sweep's claim keeps other sweeps off an entry: longer than any one send. */
export const CLAIM_LEASE_MS = 5 * 60_000;

export interface PendingEntry {
  id: string;
  kind: EnquiryKind;
  /** The lead's key, `<kind>/<yyyy-mm>/<id>`. */
  key: string;
  receivedAt: string;
  /** Re-sends tried so far (mirrors the lead's notifyAttempts). */
  attempts: number;
  /** When the next re-send is due (ISO); a claim moves it out by CLAIM_LEASE_MS. */
  nextAt: string;
  /** Set while a send holds the entry (ISO). */
  claimedAt?: string;
}

export interface GaveUpEntry {
  id: string;
  kind: EnquiryKind;
  key: string;
  receivedAt: string;
  gaveUpAt: string;
}

/** When re-send number `attempts + 1` is due, or null when none is left. */
export const nextResendAt = (receivedAt: string, attempts: number): string | null =>
  attempts >= MAX_RESENDS ? null : new Date(Date.parse(receivedAt) + RESEND_AFTER_MINUTES[attempts] * 60_000).toISOString();

export const newPendingEntry = (kind: EnquiryKind, id: string, key: string, receivedAt: string): PendingEntry => ({
  id,
  kind,
  key,
  receivedAt,
  attempts: 0,
  nextAt: nextResendAt(receivedAt, 0) as string,
});

// Conditional writes to one key leave this process one at a time. Netlify Blobs checks If-Match
// atomically; the local emulator (BlobsServer) checks and writes in separate steps, so without
// this two sweeps in one process (a test, `npm run leads:sweep` beside `npm start` is another
// process) could both win. Measured: 10 of 50 simultaneous onlyIfMatch pairs both "won".
const writing = new Map<string, Promise<unknown>>();
const oneAtATime = <T>(key: string, write: () => Promise<T>): Promise<T> => {
  const run = (writing.get(key) ?? Promise.resolve()).then(write, write);
  const settled = run.catch(() => {});
  writing.set(key, settled);
  void settled.then(() => writing.get(key) === settled && writing.delete(key));
  return run;
};

/** Writes `value` only if the entry still has `etag`; the new etag, or null when someone else wrote first. */
export const writeIfUnchanged = async (store: Store, key: string, value: unknown, etag: string): Promise<string | null> => {
  const result = await oneAtATime(key, () => store.setJSON(key, value, { onlyIfMatch: etag }));
  return result.modified ? (result.etag ?? '') : null;
};

/** The current etag of one entry (a listing carries etags; the local store's GET does not). */
export const etagOf = async (store: Store, key: string): Promise<string | undefined> =>
  (await store.list({ prefix: key })).blobs.find((blob) => blob.key === key)?.etag;

export interface Claim {
  entry: PendingEntry;
  etag: string;
}

/**
 * Takes a queue entry (`pending/<id>`, or `webhook/<id>` with that key) for one send: succeeds
 * only if nobody changed it since `etag` was read, and pushes its nextAt out by the lease so other
 * sweeps leave it alone meanwhile.
 */
export const claimPending = async (
  store: Store,
  entry: PendingEntry,
  etag: string,
  { now = Date.now(), key = pendingKey(entry.id) } = {},
): Promise<Claim | null> => {
  const claimed: PendingEntry = { ...entry, nextAt: new Date(now + CLAIM_LEASE_MS).toISOString(), claimedAt: new Date(now).toISOString() };
  const newEtag = await writeIfUnchanged(store, key, claimed, etag);
  return newEtag === null ? null : { entry, etag: newEtag };
};

/** Whether a send holds the entry now. */
export const isClaimed = (entry: PendingEntry, now = Date.now()) =>
  entry.claimedAt !== undefined && now - Date.parse(entry.claimedAt) < CLAIM_LEASE_MS;

/** Every key under a prefix, with its etag. */
export const listAll = async (store: Store, prefix: string) => {
  const blobs: { key: string; etag: string }[] = [];
  for await (const page of store.list({ prefix, paginate: true })) blobs.push(...page.blobs);
  return blobs;
};
