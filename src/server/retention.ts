/**
 * Retention (privacy page: enquiries are kept at most 24 months): deletes every lead and spam
 * entry received more than LEADS_RETENTION_MONTHS ago, with its photos and index entries. Run
 * daily by the `leads-retention` scheduled function. Keys carry the month, so only months at or
 * before the cut-off are listed, and only the cut-off month's records are read.
 */
import type { Store } from '@netlify/blobs';
import { ENQUIRY_KINDS } from '../lib/enquiry/index.ts';
import { jobBudgetMs, retentionMonths, storeTimeoutMs } from './pipeline-settings.ts';
import { deleteLead } from './erase.ts';
import { deleteOldContactMarkers } from './contact-limit.ts';
import { deleteOldAckMarkers } from './ack.ts';
import { inBatches, timeLeft } from './job.ts';
import { logLead } from './log.ts';
import { listAll } from './pending.ts';
import { indexKey, leadsStore, photosStore, withStoreDeadline } from './store.ts';
import type { LeadRecord } from './record.ts';

export interface RetentionReport {
  /** Leads received before this instant are deleted. */
  cutoff: string;
  leads: number;
  spam: number;
  photos: number;
  /** Photos whose lead was never stored (a failed attempt), removed a day after they were written. */
  orphanPhotos: number;
  /** Old entries found but not deleted this run (no time left, or the store failed); the next run carries on. */
  left: number;
}

/** `now` minus `months` calendar months (UTC); the day is clamped to the target month's last day. */
export const retentionCutoff = (now: Date, months: number): Date => {
  const target = new Date(
    Date.UTC(
      now.getUTCFullYear(),
      now.getUTCMonth() - months,
      1,
      now.getUTCHours(),
      now.getUTCMinutes(),
      now.getUTCSeconds(),
      now.getUTCMilliseconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(now.getUTCDate(), lastDay));
  return target;
};

const BATCH = 20;

/**
 * Keys of the entries received before `cutoff`, oldest month first, from the month folders that
 * can hold them; it stops looking when the run's time is up.
 */
const expiredKeys = async (store: Store, cutoff: string, canStart: () => boolean): Promise<string[]> => {
  const cutoffMonth = cutoff.slice(0, 7);
  const prefixes = ENQUIRY_KINDS.flatMap((kind) => [`${kind}/`, `spam/${kind}/`]);
  const months = (await Promise.all(prefixes.map((prefix) => store.list({ prefix, directories: true })))).flatMap(
    (listing) => listing.directories,
  );
  const keys: string[] = [];
  const monthOf = (folder: string) => folder.split('/').at(-1) ?? '';
  const old = months
    .filter((folder) => monthOf(folder) <= cutoffMonth)
    .sort((a, b) => monthOf(a).localeCompare(monthOf(b)) || a.localeCompare(b));
  for (const folder of old) {
    if (!canStart()) break;
    const inFolder = (await listAll(store, `${folder}/`)).map(({ key }) => key);
    if (monthOf(folder) < cutoffMonth) {
      keys.push(...inFolder);
      continue;
    }
    // The cut-off month itself: only the records received before the cut-off instant.
    for (let i = 0; i < inFolder.length; i += BATCH) {
      const records = await Promise.all(
        inFolder.slice(i, i + BATCH).map((key) => store.get(key, { type: 'json' }) as Promise<LeadRecord | null>),
      );
      records.forEach((record, j) => record && record.receivedAt < cutoff && keys.push(inFolder[i + j]));
    }
  }
  return keys;
};

/** A photo without a lead is kept this long: its attempt, or the visitor's retry, may still be storing the lead. */
export const ORPHAN_PHOTO_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Photos with no lead: an attempt that stored photos and then failed, and whose clean-up failed
 * too. Those older than a day whose id has no lead (no ids/ entry) are deleted with the others.
 */
const deleteOrphanPhotos = async (store: Store, now: Date, canStart: () => boolean): Promise<number> => {
  const photos = photosStore();
  const byId = new Map<string, string[]>();
  for (const { key } of await listAll(photos, '')) {
    const id = key.split('/')[0];
    byId.set(id, [...(byId.get(id) ?? []), key]);
  }
  let deleted = 0;
  await inBatches([...byId], BATCH, canStart, async ([id, keys]) => {
    try {
      await withStoreDeadline(async () => {
        if ((await store.get(indexKey(id))) !== null) return;
        const metadata = (await photos.getMetadata(keys[0]))?.metadata as { storedAt?: string } | undefined;
        const storedAt = Date.parse(metadata?.storedAt ?? '');
        // No date: written before photos carried one, so older than a day.
        if (Number.isFinite(storedAt) && now.getTime() - storedAt < ORPHAN_PHOTO_AGE_MS) return;
        await Promise.all(keys.map((key) => photos.delete(key)));
        deleted += keys.length;
      });
    } catch {
      // left for the next run
    }
  });
  return deleted;
};

export const deleteExpiredLeads = async (options: { now?: Date; months?: number; budgetMs?: number } = {}): Promise<RetentionReport> => {
  const started = Date.now();
  const cutoff = retentionCutoff(options.now ?? new Date(), options.months ?? retentionMonths()).toISOString();
  const store = leadsStore();
  const report: RetentionReport = { cutoff, leads: 0, spam: 0, photos: 0, orphanPhotos: 0, left: 0 };
  const canStart = timeLeft(options.budgetMs ?? jobBudgetMs(), storeTimeoutMs(), started);
  const keys = await expiredKeys(store, cutoff, canStart);
  await inBatches(keys, BATCH, canStart, async (key) => {
    try {
      report.photos += await withStoreDeadline(() => deleteLead(store, key));
      if (key.startsWith('spam/')) report.spam += 1;
      else report.leads += 1;
    } catch {
      // left for the next run
    }
  });
  report.left = keys.length - report.leads - report.spam;
  if (canStart()) report.orphanPhotos = await deleteOrphanPhotos(store, options.now ?? new Date(), canStart);
  // Yesterday's and older markers of the daily e-mail limit per contact (contact-limit.ts).
  if (canStart())
    await withStoreDeadline(() => deleteOldContactMarkers(store, (options.now ?? new Date()).toISOString().slice(0, 10))).catch(() => 0);
  // And of the visitor's acknowledgement, once a day per address (ack.ts).
  if (canStart())
    await withStoreDeadline(() => deleteOldAckMarkers(store, (options.now ?? new Date()).toISOString().slice(0, 10))).catch(() => 0);
  logLead({ kind: 'retention', status: 'done', note: JSON.stringify({ ...report, ms: Date.now() - started }) });
  return report;
};
