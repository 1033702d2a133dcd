/**
 * Storing a lead exactly once per submissionId, then notifying the team.
 *
 * Idempotency: `ids/<submissionId>` in the `leads` store points to the lead's key
 * (`<kind>/<yyyy-mm>/<submissionId>`), so a retry finds the first lead even when the month has
 * changed since. The index entry is claimed with a conditional write (`onlyIfNew`), so of two
 * identical submissions racing on different instances only one stores and notifies; within one
 * instance, identical submissions in flight share one promise (`once`).
 * A claim whose lead never got written (the store failed midway) is taken over by the next retry
 * once its attempt's deadline has passed (its store calls stop there), so a failed attempt never
 * blocks the lead; until then the retry waits for it. A retry is answered as a duplicate only
 * when the lead is stored.
 *
 * Every lead is written with a `pending/<id>` entry (pending.ts) that goes once the team's e-mail
 * has, and, when the webhook is on, a `webhook/<id>` entry that goes once the webhook has taken
 * it (webhook.ts), and, when the visitor's acknowledgement is on and they gave an e-mail, an
 * `ack/<id>` entry that goes once it has (ack.ts); the scheduled sweep (sweep.ts) retries whatever is still waiting.
 */
import { buildLeadRecord, type LeadRecord, type Via } from './record.ts';
import { indexKey, leadKey, leadsStore, spamKey, withStoreDeadline } from './store.ts';
import { deletePhotosOf, storePhotos, type CheckedPhoto } from './photo-store.ts';
import { WaitingList, deliver, updateLeadRecord } from './deliver.ts';
import { contactLimitReached } from './contact-limit.ts';
import {
  ackKey,
  claimPending,
  etagOf,
  isClaimed,
  newPendingEntry,
  pendingKey,
  webhookKey,
  type Claim,
  type PendingEntry,
} from './pending.ts';
import { notifyTimeoutMs, storeTimeoutMs } from './pipeline-settings.ts';
import { logLead } from './log.ts';
import { deliverWebhook, webhookSettings } from './webhook.ts';
import { ackAllowedToday, ackSettings, deliverAck } from './ack.ts';
import type { Enquiry, EnquiryKind } from '../lib/enquiry/index.ts';

/** What came with the enquiry besides its fields: checked photos, and the way it came in. */
export interface Arrival {
  photos: CheckedPhoto[];
  via: Via;
  /** Photos stored before the lead (a native post's, kept while it was being confirmed): their keys. */
  storedPhotos?: string[];
}

/** What the visitor is told: the same for the first submission and every retry of it. */
export interface Receipt {
  id: string;
  receivedAt: string;
}

interface IndexEntry extends Receipt {
  key: string;
}

/** After an attempt's deadline, how long a write it had already sent may take to land. */
const IN_FLIGHT_MARGIN_MS = 1000;
/** How often a retry looks again at a lead another attempt is still storing. */
const POLL_MS = 250;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type StoreOutcome =
  | { duplicate: true; receipt: Receipt; key: string }
  | { duplicate: false; receipt: Receipt; key: string; record: LeadRecord; ackOwed: boolean };

const storeLeadOnce = (kind: EnquiryKind, enquiry: Enquiry, { photos, via, storedPhotos = [] }: Arrival): Promise<StoreOutcome> =>
  withStoreDeadline(async () => {
    const store = leadsStore();
    const webhookOn = webhookSettings() !== null;
    // The visitor's acknowledgement (ack.ts) is owed when it is on and the visitor gave an e-mail.
    const ackOn = ackSettings() !== null && typeof enquiry.email === 'string' && enquiry.email.trim() !== '';
    const id = enquiry.submissionId;
    const receivedAt = new Date().toISOString();
    const entry: IndexEntry = { id, receivedAt, key: leadKey(kind, id, receivedAt) };

    // The common case first: claim the id. Only when it is taken do we look at who holds it.
    let claimed = (await store.setJSON(indexKey(id), entry, { onlyIfNew: true })).modified;
    while (!claimed) {
      const known = (await store.get(indexKey(id), { type: 'json' })) as IndexEntry | null;
      if (!known) {
        claimed = (await store.setJSON(indexKey(id), entry, { onlyIfNew: true })).modified; // freed meanwhile
        continue;
      }
      // A duplicate is answered only once its lead is stored: a claim is not a lead.
      if ((await store.get(known.key)) !== null) return { duplicate: true, receipt: { id, receivedAt: known.receivedAt }, key: known.key };
      // Claimed, not stored: its attempt may be writing it until its deadline (then its calls are
      // aborted, see withStoreDeadline). Wait for it, within this attempt's own deadline.
      const ownerEnds = Date.parse(known.receivedAt) + storeTimeoutMs() + IN_FLIGHT_MARGIN_MS;
      if (Date.now() < ownerEnds) {
        await sleep(Math.min(POLL_MS, ownerEnds - Date.now()));
        continue;
      }
      // Abandoned: take it over, conditionally (the listing carries the etag; a local store's GET does not).
      const etag = await etagOf(store, indexKey(id));
      if (etag) claimed = (await store.setJSON(indexKey(id), entry, { onlyIfMatch: etag })).modified;
    }
    try {
      // The pending entry goes with the lead (side by side, so storing takes no longer): if this
      // instance dies before the e-mail, the sweep still finds the lead.
      const [record] = await Promise.all([
        storePhotos(id, photos).then(async (photoKeys) => {
          const built = buildLeadRecord(kind, enquiry, receivedAt, { via, photos: [...storedPhotos, ...photoKeys] });
          await store.setJSON(entry.key, built);
          return built;
        }),
        store.setJSON(pendingKey(id), newPendingEntry(kind, id, entry.key, receivedAt)),
        ...(webhookOn ? [store.setJSON(webhookKey(id), newPendingEntry(kind, id, entry.key, receivedAt))] : []),
        ...(ackOn ? [store.setJSON(ackKey(id), newPendingEntry(kind, id, entry.key, receivedAt))] : []),
      ]);
      return { duplicate: false, receipt: { id, receivedAt }, key: entry.key, record, ackOwed: ackOn };
    } catch (error) {
      // Free the id so a retry can store it, and take back the photos already written: a lead that
      // was not stored leaves nothing behind. (If even this fails, retention removes photos
      // without a lead a day later.)
      // Photos stored earlier (while a native post was confirmed) stay for the retry.
      const cleanUp = [
        store.delete(indexKey(id)),
        store.delete(pendingKey(id)),
        ...(webhookOn ? [store.delete(webhookKey(id))] : []),
        ...(ackOn ? [store.delete(ackKey(id))] : []),
        ...(photos.length ? [deletePhotosOf(id)] : []),
      ];
      await Promise.all(cleanUp).catch(() => {});
      throw error;
    }
  });

const notifyAndRecord = (key: string, record: LeadRecord, claim?: Claim, waiting = new WaitingList(leadsStore())) =>
  deliver(key, record, { attempt: 0, claim, waiting });

/**
 * A stored lead whose first attempt never got to notify the team: it outlived the store
 * deadline (the visitor got 503 while the write still finished) or its instance died between
 * store and notify. Such a lead has notified:false with no notifyError, and is older than any
 * attempt could still be working on it. The visitor's retry sends the e-mail the first attempt
 * owed; a notification that was tried and failed is not repeated.
 */
const orphanedLead = async (key: string): Promise<LeadRecord | null> => {
  // A failure here must not turn the retry's 201 into a 503: the lead itself is safe.
  const record = (await withStoreDeadline(() => leadsStore().get(key, { type: 'json' })).catch(() => null)) as LeadRecord | null;
  if (!record || record.notified || record.notifyError || record.notifyHeld) return null;
  const age = Date.now() - Date.parse(record.receivedAt);
  return age > storeTimeoutMs() + notifyTimeoutMs() ? record : null;
};

/**
 * Takes the orphan's pending entry like a sweep would, so a sweep running now does not send the
 * same e-mail. No entry (a lead stored before the queue existed): nothing to race with.
 */
const claimOrphan = async (id: string): Promise<Claim | null | 'none'> => {
  const store = leadsStore();
  const etag = await etagOf(store, pendingKey(id));
  const entry = etag ? ((await store.get(pendingKey(id), { type: 'json' })) as PendingEntry | null) : null;
  if (!etag || !entry) return 'none';
  return isClaimed(entry) ? null : claimPending(store, entry, etag);
};

/**
 * A lead whose phone or e-mail has had its e-mails for today (contact-limit.ts) is kept, marked,
 * and not e-mailed: no pending entry, so the sweep leaves it too. A failure to check lets it through.
 */
const holdRepeatContact = async (key: string, record: LeadRecord): Promise<boolean> => {
  const store = leadsStore();
  const held = await withStoreDeadline(async () => {
    if (!(await contactLimitReached(store, record))) return false;
    await updateLeadRecord(store, key, (current) => ({ ...current, notifyHeld: 'repeat-contact' }));
    await store.delete(pendingKey(record.id));
    return true;
  }).catch(() => false);
  if (held) logLead({ kind: record.kind, id: record.id, status: 'notify-held', note: 'repeat-contact' });
  return held;
};

/** The visitor's acknowledgement at receipt, unless the address had one today already. */
const acknowledge = async (key: string, record: LeadRecord) => {
  if (await ackAllowedToday(key, record)) await deliverAck(key, record, { attempt: 0 });
};

/** Stores a valid lead (once), notifies the team and records whether that worked. */
export const acceptLead = async (kind: EnquiryKind, enquiry: Enquiry, arrival: Arrival): Promise<Receipt> => {
  // The gave-up leads this e-mail may carry are read while the lead is stored.
  const waiting = new WaitingList(leadsStore()).preload();
  const outcome = await storeLeadOnce(kind, enquiry, arrival);
  if (!outcome.duplicate) {
    // The webhook is called beside the e-mail, also for a lead whose e-mail is held: the team's
    // sheet or CRM gets every lead that is not spam.
    const webhook = deliverWebhook(outcome.key, outcome.record, { attempt: 0 });
    // The visitor's acknowledgement goes beside the team's e-mail, at most once a day per address.
    const ack = outcome.ackOwed ? acknowledge(outcome.key, outcome.record) : undefined;
    if (!(await holdRepeatContact(outcome.key, outcome.record))) await notifyAndRecord(outcome.key, outcome.record, undefined, waiting);
    await Promise.all([webhook, ack]);
    return outcome.receipt;
  }
  logLead({ kind, id: outcome.receipt.id, status: 'duplicate' });
  const orphan = await orphanedLead(outcome.key);
  if (orphan) {
    const claim = await withStoreDeadline(() => claimOrphan(orphan.id)).catch(() => null);
    if (claim) await notifyAndRecord(outcome.key, orphan, claim === 'none' ? undefined : claim);
  }
  return outcome.receipt;
};

/** Keeps spam apart under spam/, never notified; the sender is answered as if it were a lead. */
export const keepSpam = async (kind: EnquiryKind, enquiry: Enquiry, reason: string, via: Via): Promise<Receipt> => {
  const receivedAt = new Date().toISOString();
  const record = buildLeadRecord(kind, enquiry, receivedAt, { via, spam: reason });
  await withStoreDeadline(() => leadsStore().setJSON(spamKey(kind, enquiry.submissionId, receivedAt), record));
  logLead({ kind, id: enquiry.submissionId, status: 'spam', note: reason });
  return { id: enquiry.submissionId, receivedAt };
};

const inFlight = new Map<string, Promise<Receipt>>();

/** Identical submissions in flight in this instance share one run (and one answer). */
export const once = (id: string, run: () => Promise<Receipt>): Promise<Receipt> => {
  const running = inFlight.get(id);
  if (running) return running;
  const started = run().finally(() => inFlight.delete(id));
  inFlight.set(id, started);
  return started;
};
