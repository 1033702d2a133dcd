/**
 * Retention (privacy page: enquiries are kept at most 24 months): deletes every lead and spam
 * record received more than LEADS_RETENTION_MONTHS ago, with its deliveries, history and photos,
 * and takes its id and details out of the team's log; forgets the persons none of whose leads is
 * left (their consent rows kept a year without them, team/erase.ts) and deletes what erasures kept
 * of the consent ledger a year on; then the log's own entries of that age, the
 * used challenge tokens of past days, the wrong-key counts of past days, and photos whose lead was never stored. Run daily by the
 * `leads-retention` scheduled function, in one database session, batch by batch while its time
 * lasts. It also writes the note of pending deliveries again from the database (the sweep's
 * guide), so a note lost to a failure is mended within a day.
 */
import { jobBudgetMs, retentionMonths, storeTimeoutMs } from '../settings.ts';
import { inSession, query, transaction, withDatabase } from '../db/connection.ts';
import { nextDue } from '../db/deliveries.ts';
import { UNKNOWN_WHATSAPP_KEPT_DAYS, deleteLogBefore, deleteUnknownWhatsAppBefore, forgetLeadInLog } from '../db/team-log.ts';
import { deleteUsedTokens } from '../db/tokens.ts';
import { deleteAckDaysBefore, deletePhotoStagingBefore } from '../db/ack-days.ts';
import { deleteTeamEmailHoursBefore } from '../db/team-email-hours.ts';
import { deleteFailuresBefore } from '../db/sign-in-failures.ts';
import { deleteReadsBefore } from '../db/team-reads.ts';
import { deletePhotos, deleteStagedPhotosBefore, photoStoredAt, photosById } from '../db/photos.ts';
import { CONFIRM_MAX_AGE_MS } from '../intake/challenge.ts';
import { readClockNote, readPendingNote, writeClockNote, writePendingNote } from '../outbound/pending-marker.ts';
import { deleteAssignmentDaysBefore, nextClockDue } from '../db/routing.ts';
import { logLead } from '../log.ts';
import { inBatches, timeLeft } from './budget.ts';
import { forgetPersons } from '../team/erase.ts';
import { deleteErasedConsentBefore } from '../db/consent-ledger.ts';

export interface RetentionReport {
  /** Leads received before this instant are deleted. */
  cutoff: string;
  leads: number;
  spam: number;
  photos: number;
  /** Photos whose lead was never stored (a failed attempt), removed a day after they were written. */
  orphanPhotos: number;
  /** Old leads found but not deleted this run (no time left, or the database failed); the next run carries on. */
  left: number;
  /** Persons none of whose leads is left, forgotten (their consent rows kept a year without them). */
  persons: number;
  /** Consent rows an erasure kept, deleted a year after it. */
  consentRows: number;
}

/** What an erasure keeps of the consent ledger is kept this long. */
export const ERASED_CONSENT_KEPT_DAYS = 365;

/** Forgets a batch of persons with no lead left (their leads expired or were erased); returns how many. */
const forgetLeftPersons = () =>
  transaction(async () => {
    const roots = await query<{ id: string }>(
      `SELECT p.id FROM persons p WHERE p.merged_into IS NULL AND NOT EXISTS (SELECT 1 FROM leads l WHERE l.person_id = p.id) LIMIT ${BATCH}`,
    );
    return forgetPersons(roots.map((row) => row.id));
  });

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

const BATCH = 500;
/** A used challenge token is kept this long: longer than a challenge or confirmation lives. */
const USED_TOKEN_DAYS = 2;
/** Staged photos older than this were never confirmed (the confirm page is good for an hour). */
const STAGED_PHOTO_MAX_AGE_MS = CONFIRM_MAX_AGE_MS + 60 * 60 * 1000;
/** A photo without a lead is kept this long: its attempt, or the visitor's retry, may still be storing the lead. */
export const ORPHAN_PHOTO_AGE_MS = 24 * 60 * 60 * 1000;

/** Deletes one batch of expired leads with their photos; returns what went. */
const deleteBatch = async (cutoff: string) => {
  const gone = await query<{ id: string; spam: boolean; photos: string[] }>(
    `DELETE FROM leads WHERE id IN (SELECT id FROM leads WHERE received_at < $1 ORDER BY received_at LIMIT ${BATCH})
     RETURNING id, spam IS NOT NULL AS spam, photos`,
    [cutoff],
  );
  await forgetLeadInLog(gone.map((lead) => lead.id));
  const photos = gone.flatMap((lead) => lead.photos);
  await deletePhotos(photos).catch(() => {}); // left for the orphan photos below, a day later
  return {
    leads: gone.filter((lead) => !lead.spam).length,
    spam: gone.filter((lead) => lead.spam).length,
    photos: photos.length,
    full: gone.length === BATCH,
  };
};

/**
 * Photos with no lead: an attempt that stored photos and then failed, and whose clean-up failed
 * too. Those older than a day whose id has no lead are deleted.
 */
const deleteOrphanPhotos = async (now: Date, canStart: () => boolean): Promise<number> => {
  const byId = await photosById();
  if (byId.size === 0) return 0;
  const known = new Set(
    (
      await query<{ id: string }>('SELECT id FROM leads WHERE id = ANY($1::uuid[])', [
        [...byId.keys()].filter((id) => /^[0-9a-f-]{36}$/.test(id)),
      ])
    ).map((row) => row.id),
  );
  let deleted = 0;
  await inBatches(
    [...byId].filter(([id]) => !known.has(id)),
    20,
    canStart,
    async ([, { keys }]) => {
      const storedAt = Date.parse((await photoStoredAt(keys[0]).catch(() => undefined)) ?? '');
      // No date: written before photos carried one, so older than a day.
      if (Number.isFinite(storedAt) && now.getTime() - storedAt < ORPHAN_PHOTO_AGE_MS) return;
      await deletePhotos(keys).catch(() => {});
      deleted += keys.length;
    },
  );
  return deleted;
};

export const deleteExpiredLeads = async (options: { now?: Date; months?: number; budgetMs?: number } = {}): Promise<RetentionReport> => {
  const started = Date.now();
  const now = options.now ?? new Date();
  const cutoff = retentionCutoff(now, options.months ?? retentionMonths()).toISOString();
  const report: RetentionReport = { cutoff, leads: 0, spam: 0, photos: 0, orphanPhotos: 0, left: 0, persons: 0, consentRows: 0 };
  const canStart = timeLeft(options.budgetMs ?? jobBudgetMs(), storeTimeoutMs(), started);
  await inSession(async () => {
    for (let full = true; full && canStart();) {
      const batch = await withDatabase(() => deleteBatch(cutoff)).catch(() => null);
      if (!batch) break;
      report.leads += batch.leads;
      report.spam += batch.spam;
      report.photos += batch.photos;
      full = batch.full;
    }
    report.left = (
      await withDatabase(() => query<{ n: number }>('SELECT count(*)::int AS n FROM leads WHERE received_at < $1', [cutoff]))
    )[0].n;
    for (let forgot = BATCH; forgot === BATCH && canStart();) {
      forgot = await withDatabase(forgetLeftPersons).catch(() => 0);
      report.persons += forgot;
    }
    if (canStart())
      report.consentRows = await withDatabase(() =>
        transaction(() => deleteErasedConsentBefore(new Date(now.getTime() - ERASED_CONSENT_KEPT_DAYS * 86_400_000).toISOString())),
      ).catch(() => 0);
    if (canStart()) await withDatabase(() => deleteLogBefore(cutoff)).catch(() => 0);
    // Texts from numbers we hold no person for: the owner's for a month, then gone.
    if (canStart())
      await withDatabase(() =>
        deleteUnknownWhatsAppBefore(new Date(now.getTime() - UNKNOWN_WHATSAPP_KEPT_DAYS * 86_400_000).toISOString()),
      ).catch(() => 0);
    if (canStart())
      await withDatabase(() => deleteUsedTokens(new Date(now.getTime() - USED_TOKEN_DAYS * 86_400_000).toISOString())).catch(() => 0);
    if (canStart())
      await withDatabase(() =>
        deleteAckDaysBefore(new Date(now.getTime() - USED_TOKEN_DAYS * 86_400_000).toISOString().slice(0, 10)),
      ).catch(() => 0);
    if (canStart()) await withDatabase(() => deleteFailuresBefore(new Date(now.getTime() - 86_400_000).toISOString())).catch(() => 0);
    if (canStart()) await withDatabase(() => deleteReadsBefore(new Date(now.getTime() - 86_400_000).toISOString())).catch(() => 0);
    if (canStart())
      await withDatabase(() => deleteTeamEmailHoursBefore(new Date(now.getTime() - 2 * 86_400_000).toISOString())).catch(() => 0);
    if (canStart())
      await withDatabase(() =>
        deletePhotoStagingBefore(new Date(now.getTime() - USED_TOKEN_DAYS * 86_400_000).toISOString().slice(0, 10)),
      ).catch(() => 0);
    // A plain form's photos never confirmed: gone once their confirm page has expired.
    if (canStart()) await deleteStagedPhotosBefore(new Date(now.getTime() - STAGED_PHOTO_MAX_AGE_MS), canStart).catch(() => 0);
    if (canStart()) report.orphanPhotos = await withDatabase(() => deleteOrphanPhotos(now, canStart), jobBudgetMs()).catch(() => 0);
    if (canStart())
      await withDatabase(() =>
        deleteAssignmentDaysBefore(new Date(now.getTime() - USED_TOKEN_DAYS * 86_400_000).toISOString().slice(0, 10)),
      ).catch(() => 0);
    if (canStart()) {
      const pending = await withDatabase(() => nextDue()).catch(() => null);
      const read = await readPendingNote().catch(() => null);
      if (pending && read) await writePendingNote(pending, read.etag).catch(() => false);
    }
    // The first-contact clock's note, mended from the database too.
    if (canStart()) {
      const due = await withDatabase(() => nextClockDue()).catch(() => undefined);
      const read = await readClockNote().catch(() => null);
      if (due !== undefined && read) await writeClockNote(due, read.etag).catch(() => false);
    }
  });
  logLead({ kind: 'retention', status: 'done', note: JSON.stringify({ ...report, ms: Date.now() - started }) });
  return report;
};
