/**
 * One attempt to e-mail the team about a stored lead, and its bookkeeping: the lead's notified /
 * notifyError / notifyAttempts / notifyGaveUp, its pending/<id> entry and the "also waiting" list.
 * Used for the send at receipt (attempt 0) and by the sweep for each re-send (attempt 1 to 5).
 */
import type { Store } from '@netlify/blobs';
import { notifyTeam } from './notify.ts';
import { leadsStore, withStoreDeadline } from './store.ts';
import { logLead } from './log.ts';
import type { LeadRecord } from './record.ts';
import {
  GAVE_UP_PREFIX,
  MAX_RESENDS,
  etagOf,
  gaveUpKey,
  listAll,
  nextResendAt,
  pendingKey,
  writeIfUnchanged,
  type Claim,
  type GaveUpEntry,
} from './pending.ts';

interface WaitingLead {
  entry: GaveUpEntry;
  record: LeadRecord;
}

/** At most this many gave-up leads ride along in one e-mail; the rest go with the next. */
const WAITING_PER_EMAIL = 25;

/**
 * The gave-up leads, read once and handed to one send at a time, so concurrent sends of one
 * sweep do not all list them; a failed send gives them back for the next.
 */
export class WaitingList {
  #store: Store;
  #loaded: Promise<WaitingLead[]> | undefined;
  #taken = false;

  constructor(store: Store) {
    this.#store = store;
  }

  /** Starts reading the list now, so it is ready by the time the e-mail goes. */
  preload(): this {
    this.#loaded ??= this.#load().catch(() => []);
    return this;
  }

  async take(): Promise<WaitingLead[]> {
    if (this.#taken) return [];
    this.#taken = true;
    return this.preload().#loaded ?? [];
  }

  giveBack() {
    this.#taken = false;
  }

  async #load(): Promise<WaitingLead[]> {
    const keys = (await listAll(this.#store, GAVE_UP_PREFIX)).slice(0, WAITING_PER_EMAIL);
    const found = await Promise.all(
      keys.map(async ({ key }) => {
        const entry = (await this.#store.get(key, { type: 'json' })) as GaveUpEntry | null;
        const record = entry ? ((await this.#store.get(entry.key, { type: 'json' })) as LeadRecord | null) : null;
        return entry && record ? { entry, record } : null;
      }),
    );
    return found.filter((lead): lead is WaitingLead => lead !== null);
  }
}

/**
 * Rewrites a lead's record only if it still exists, and only over the version just read (etag):
 * the e-mail call can take seconds, and an erasure or a retention run in that window must not be
 * undone by the bookkeeping. Someone else's change in between is read again (a few times).
 * Returns false when the lead is gone.
 */
export const updateLeadRecord = async (store: Store, key: string, change: (record: LeadRecord) => LeadRecord): Promise<boolean> => {
  for (let round = 0; round < 3; round++) {
    const etag = await etagOf(store, key);
    if (!etag) return false;
    const current = (await store.get(key, { type: 'json' })) as LeadRecord | null;
    if (!current) return false;
    if ((await writeIfUnchanged(store, key, change(current), etag)) !== null) return true;
  }
  return true; // changed under us three times: the lead exists, someone else is keeping its books
};

/** The team has now been told about the waiting leads, in the e-mail of lead `carrierId`. */
const settleWaiting = async (store: Store, waiting: WaitingLead[], carrierId: string) => {
  await Promise.all(
    waiting.map(async ({ entry }) => {
      await updateLeadRecord(store, entry.key, (record) => ({
        ...record,
        notified: true,
        notifiedWith: carrierId,
        notifiedAt: new Date().toISOString(),
      }));
      await store.delete(gaveUpKey(entry.id));
    }),
  );
};

export type DeliveryOutcome = 'sent' | 'skipped' | 'failed' | 'gave-up';

export interface DeliveryOptions {
  /** 0 for the send at receipt, 1 to MAX_RESENDS for the sweep's re-sends. */
  attempt: number;
  /** The sweep's claim on pending/<id>, updated with the next due time after a failure. */
  claim?: Claim;
  waiting: WaitingList;
}

const bookkeep = async (work: () => Promise<unknown>, lead: LeadRecord) =>
  withStoreDeadline(work).catch(() => logLead({ kind: lead.kind, id: lead.id, status: 'notify-update-failed' }));

/** Sends the e-mail and records the outcome. Never throws: the lead itself is stored already. */
export const deliver = async (key: string, lead: LeadRecord, options: DeliveryOptions): Promise<DeliveryOutcome> => {
  const store = leadsStore();
  const { attempt, claim } = options;
  const waiting = await options.waiting.take();
  const result = await notifyTeam(lead, { alsoWaiting: waiting.map((w) => w.record) });
  const counted = attempt > 0 ? { notifyAttempts: attempt } : {};
  const note = attempt > 0 ? `re-send ${attempt} of ${MAX_RESENDS}` : undefined;

  if (result.notified) {
    logLead({
      kind: lead.kind,
      id: lead.id,
      status: 'notified',
      note: [note, waiting.length ? `${waiting.length} also waiting` : ''].filter(Boolean).join('; ') || undefined,
    });
    // The e-mail has gone: even if only the delete lands, nothing is sent twice or lost.
    await bookkeep(
      () =>
        Promise.all([
          updateLeadRecord(store, key, ({ notifyError: _stale, ...rest }) => ({
            ...rest,
            ...counted,
            notified: true,
            notifiedAt: new Date().toISOString(),
          })),
          store.delete(pendingKey(lead.id)),
          settleWaiting(store, waiting, lead.id),
        ]),
      lead,
    );
    return 'sent';
  }

  options.waiting.giveBack();
  if (result.skipped) {
    logLead({ kind: lead.kind, id: lead.id, status: 'notify-skipped', note: result.error });
    return 'skipped';
  }
  const failed = (record: LeadRecord): LeadRecord => ({ ...record, ...counted, notified: false, notifyError: result.error });
  if (attempt >= MAX_RESENDS) {
    logLead({ kind: lead.kind, id: lead.id, status: 'notify-gave-up', note: `${result.error}; ${note}` });
    const entry: GaveUpEntry = { id: lead.id, kind: lead.kind, key, receivedAt: lead.receivedAt, gaveUpAt: new Date().toISOString() };
    await bookkeep(async () => {
      // An erased lead leaves nothing behind: no gave-up entry pointing at it.
      if (await updateLeadRecord(store, key, (record) => ({ ...failed(record), notifyGaveUp: true }))) {
        await store.setJSON(gaveUpKey(lead.id), entry);
      }
      await store.delete(pendingKey(lead.id));
    }, lead);
    return 'gave-up';
  }
  logLead({ kind: lead.kind, id: lead.id, status: 'notify-failed', note: note ? `${result.error}; ${note}` : result.error });
  await bookkeep(async () => {
    if (!(await updateLeadRecord(store, key, failed))) {
      await store.delete(pendingKey(lead.id)); // erased meanwhile: nothing left to re-send
      return;
    }
    if (claim) {
      const { claimedAt: _released, ...entry } = claim.entry;
      const next = { ...entry, attempts: attempt, nextAt: nextResendAt(lead.receivedAt, attempt) };
      await writeIfUnchanged(store, pendingKey(lead.id), next, claim.etag);
    }
  }, lead);
  return 'failed';
};
