/**
 * The team's work on one lead, for the inbox at /leads (GET, PATCH and POST /api/leads/<id>…):
 * reading it, its status and note, releasing it from spam, and its photos.
 *
 * Two people changing one lead at once never overwrite each other: a change carries the version
 * (etag) it was made on, and is written only over that version (If-Match); otherwise the answer is
 * 409 with the lead as it is now.
 */
import type { Store } from '@netlify/blobs';
import { HttpError } from './errors.ts';
import { keysOf } from './erase.ts';
import { LEAD_STATUSES, type LeadStatus } from './export.ts';
import { WaitingList, deliver } from './deliver.ts';
import { deliverWebhook, webhookSettings } from './webhook.ts';
import { etagOf, newPendingEntry, pendingKey, webhookKey, writeIfUnchanged } from './pending.ts';
import { indexKey, leadKey, photosStore } from './store.ts';
import { logLead } from './log.ts';
import type { LeadRecord } from './record.ts';

export const NOTE_MAX = 1000;

/** One change of status or note, as kept in the lead's history. */
export interface WorkEntry {
  status: LeadStatus;
  note: string;
  by: string;
  at: string;
}

export interface LeadVersion {
  key: string;
  record: LeadRecord;
  etag: string;
}

/** A change made on a version of the lead that is no longer current: 409, with the lead as it is now. */
export class LeadConflictError extends HttpError {
  readonly current: LeadVersion;
  constructor(current: LeadVersion) {
    const who = typeof current.record.statusBy === 'string' ? current.record.statusBy : 'Someone';
    super(409, `${who} changed this lead a moment ago. Look at it again, then make your change.`, {
      fields: { etag: 'the lead changed since you opened it' },
    });
    this.current = current;
  }
}

/** An etag without quotes or W/: how versions are handed out and compared. */
export const bareEtag = (etag: string) => etag.replace(/^W\//, '').replace(/"/g, '').trim();

/** The lead (or spam) with this id and its current version; null when there is none. */
export const readLead = async (store: Store, id: string): Promise<LeadVersion | null> => {
  for (const key of await keysOf(store, id)) {
    const [record, etag] = await Promise.all([store.get(key, { type: 'json' }) as Promise<LeadRecord | null>, etagOf(store, key)]);
    if (record && etag) return { key, record, etag: bareEtag(etag) };
  }
  return null;
};

/** The change asked for, checked; a 400 names each bad field. */
export const parseWork = (body: unknown): { status?: LeadStatus; note?: string } => {
  const fields: Record<string, string> = {};
  const { status, note } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (status !== undefined && !(LEAD_STATUSES as readonly unknown[]).includes(status))
    fields.status = `status must be one of ${LEAD_STATUSES.join(', ')}`;
  if (note !== undefined && (typeof note !== 'string' || note.length > NOTE_MAX))
    fields.note = `note must be text of at most ${NOTE_MAX} characters`;
  if (status === undefined && note === undefined) fields.status = 'send a status, a note or both';
  if (Object.keys(fields).length > 0) throw new HttpError(400, 'Some fields are wrong.', { fields });
  return {
    ...(status !== undefined ? { status: status as LeadStatus } : {}),
    ...(note !== undefined ? { note: (note as string).trim() } : {}),
  };
};

/**
 * Sets status and note over version `etag`, recording who and when. A lead changed since that
 * version is not touched: 409, with the lead as it is now.
 */
export const changeWork = async (store: Store, id: string, change: { status?: LeadStatus; note?: string }, by: string, etag: string) => {
  const current = await readLead(store, id);
  if (!current || current.record.spam) throw new HttpError(404, 'No lead in the inbox has that id.');
  if (current.etag !== bareEtag(etag)) throw new LeadConflictError(current);
  const at = new Date().toISOString();
  const entry: WorkEntry = {
    status: change.status ?? (current.record.status as LeadStatus | undefined) ?? 'new',
    note: change.note ?? String(current.record.note ?? ''),
    by,
    at,
  };
  const history = Array.isArray(current.record.history) ? (current.record.history as WorkEntry[]) : [];
  const next: LeadRecord = {
    ...current.record,
    status: entry.status,
    note: entry.note,
    statusBy: by,
    statusAt: at,
    history: [...history, entry],
  };
  const written = await writeIfUnchanged(store, current.key, next, `"${current.etag}"`);
  if (written === null) {
    throw new LeadConflictError((await readLead(store, id)) ?? current);
  }
  logLead({ kind: current.record.kind, id: current.record.id, status: 'work', note: entry.status });
  return { key: current.key, record: next, etag: bareEtag(written || ((await etagOf(store, current.key)) ?? '')) };
};

/**
 * "Not spam": moves a spam record into the inbox as a lead, and e-mails the team (and calls the
 * webhook) about it, once. The id's index entry is claimed first, so a second release, or one
 * racing it, finds the lead already in the inbox (409) and sends nothing.
 */
export const releaseSpam = async (store: Store, id: string, by: string): Promise<LeadVersion> => {
  const found = await readLead(store, id);
  if (!found) throw new HttpError(404, 'No lead or spam has that id.');
  if (!found.record.spam) throw new HttpError(409, 'This lead is in the inbox already.');
  const { spam, ...rest } = found.record;
  const key = leadKey(rest.kind, rest.id, rest.receivedAt);
  const claimed = await store.setJSON(indexKey(rest.id), { id: rest.id, receivedAt: rest.receivedAt, key }, { onlyIfNew: true });
  if (!claimed.modified) throw new HttpError(409, 'This lead is in the inbox already.');
  const record: LeadRecord = { ...rest, notified: false, spamReason: spam, releasedBy: by, releasedAt: new Date().toISOString() };
  const queued = newPendingEntry(rest.kind, rest.id, key, rest.receivedAt);
  await Promise.all([
    store.setJSON(key, record),
    store.setJSON(pendingKey(rest.id), queued),
    ...(webhookSettings() ? [store.setJSON(webhookKey(rest.id), queued)] : []),
  ]);
  await store.delete(found.key);
  logLead({ kind: rest.kind, id: rest.id, status: 'released', note: String(spam) });
  await Promise.all([deliver(key, record, { attempt: 0, waiting: new WaitingList(store) }), deliverWebhook(key, record, { attempt: 0 })]);
  return (await readLead(store, rest.id)) ?? { key, record, etag: '' };
};

/** One of a lead's photos, for a signed-in team member only; null when the lead has no such photo. */
export const readPhoto = async (store: Store, id: string, name: string): Promise<{ bytes: ArrayBuffer; contentType: string } | null> => {
  const lead = await readLead(store, id);
  const photoKey = `${id}/${name}`;
  if (!lead || !Array.isArray(lead.record.photos) || !lead.record.photos.includes(photoKey)) return null;
  const found = await photosStore().getWithMetadata(photoKey, { type: 'arrayBuffer' });
  if (!found) return null;
  return { bytes: found.data, contentType: String(found.metadata.contentType ?? 'application/octet-stream') };
};
