/**
 * A note in Netlify Blobs of when each channel's next pending delivery is due, so the sweep can
 * tell without waking the database that nothing is owed (the database sleeps when idle and is
 * billed while awake). Each lead's intake notes its deliveries before it tries them; the sweep
 * writes what the database says after its run; the daily retention run writes it again, so a note
 * lost to a failure is mended within a day.
 *
 * A note only ever errs early: a stale one costs one run of the sweep that finds nothing due.
 *
 * Beside it, one small entry per send that went out but could not be recorded (the database was
 * out when the e-mail or webhook had gone): the sweep records those as sent before it tries
 * anything, instead of sending them again.
 */
import { getStore, type Store } from '@netlify/blobs';
import { isPreviewDeploy } from '../deploy-context.ts';
import { logLead } from '../log.ts';
import { storeTimeoutMs } from '../settings.ts';
import type { Channel } from '../db/deliveries.ts';

export const OUTBOUND_STORE = 'outbound';
export const PENDING_KEY = 'pending';

/** Each channel with pending deliveries, and when the first of them is due (ISO). */
export type PendingNote = Partial<Record<Channel, string>>;

const store = (): Store =>
  getStore({
    name: OUTBOUND_STORE,
    consistency: 'strong',
    fetch: (input, init) => globalThis.fetch(input, { ...init, signal: AbortSignal.timeout(storeTimeoutMs()) }),
  });

/** The note and its version (a listing carries the etag; the local store's GET does not). */
export const readPendingNote = async (): Promise<{ note: PendingNote; etag?: string }> => {
  const blobs = store();
  const etag = (await blobs.list({ prefix: PENDING_KEY })).blobs.find((blob) => blob.key === PENDING_KEY)?.etag;
  if (!etag) return { note: {} };
  return { note: ((await blobs.get(PENDING_KEY, { type: 'json' })) as PendingNote | null) ?? {}, etag };
};

/** Writes the note over version `etag` (or as new): false when someone wrote it meanwhile. */
export const writePendingNote = async (note: PendingNote, etag: string | undefined): Promise<boolean> =>
  (await store().setJSON(PENDING_KEY, note, etag ? { onlyIfMatch: etag } : { onlyIfNew: true })).modified;

/** What noting pending work did, so it can be taken back when the work got done at once. */
export interface Noted {
  /** Puts the note back as it was, unless someone wrote it meanwhile. Never throws. */
  takeBack(): Promise<void>;
}
const unchanged: Noted = { takeBack: async () => {} };

/** Notes that these channels have deliveries due at `due` (kept if an earlier one is noted). Never throws. */
export const notePending = async (channels: readonly Channel[], due: string): Promise<Noted> => {
  // A preview's deliveries are never swept (scheduled functions run on production only).
  if (isPreviewDeploy() || channels.length === 0) return unchanged;
  try {
    for (let round = 0; round < 3; round++) {
      const { note, etag } = await readPendingNote();
      const later = channels.filter((channel) => note[channel] === undefined || note[channel] > due);
      if (later.length === 0) return unchanged;
      if (await writePendingNote({ ...note, ...Object.fromEntries(later.map((channel) => [channel, due])) }, etag)) {
        return {
          async takeBack() {
            try {
              const now = await readPendingNote();
              const ours = later.every((channel) => now.note[channel] === due);
              if (ours && now.etag) await writePendingNote(note, now.etag);
            } catch {
              // It stays: the sweep finds nothing due and writes it again.
            }
          },
        };
      }
    }
  } catch {
    // The retention run writes the note from the database again within a day.
  }
  logLead({ kind: 'sweep', status: 'pending-note-failed' });
  return unchanged;
};

const UNRECORDED_PREFIX = 'unrecorded-sent/';

/** Notes that delivery `id` was sent though the database could not record it. Never throws: false when Blobs failed too. */
export const noteUnrecordedSend = async (id: string): Promise<boolean> => {
  try {
    await store().set(`${UNRECORDED_PREFIX}${id}`, new Date().toISOString());
    return true;
  } catch {
    return false;
  }
};

/** The deliveries sent but not recorded, by id. */
export const unrecordedSends = async (): Promise<string[]> =>
  (await store().list({ prefix: UNRECORDED_PREFIX })).blobs.map((blob) => blob.key.slice(UNRECORDED_PREFIX.length));

/** Forgets the note of an unrecorded send once the database has it. Never throws. */
export const forgetUnrecordedSend = async (id: string): Promise<void> => {
  await store()
    .delete(`${UNRECORDED_PREFIX}${id}`)
    .catch(() => {});
};

/**
 * Beside it, the first-contact clock's note (jobs/first-contact.ts): when its next step of any
 * lead is due. Each assignment notes its lead's first due time; the clock writes what the
 * database says after its run; the retention run writes it again daily. Like the note of pending
 * deliveries, it only ever errs early.
 */
export const CLOCK_KEY = 'first-contact';

/** The clock's note (when its next step is due; none: nothing is) and its version. */
export const readClockNote = async (): Promise<{ due?: string; etag?: string }> => {
  const blobs = store();
  const etag = (await blobs.list({ prefix: CLOCK_KEY })).blobs.find((blob) => blob.key === CLOCK_KEY)?.etag;
  if (!etag) return {};
  const note = (await blobs.get(CLOCK_KEY, { type: 'json' })) as { due?: string } | null;
  return { ...(note?.due ? { due: note.due } : {}), etag };
};

/** Writes the clock's note over version `etag` (or as new): false when someone wrote it meanwhile. */
export const writeClockNote = async (due: string | null, etag: string | undefined): Promise<boolean> =>
  (await store().setJSON(CLOCK_KEY, due ? { due } : {}, etag ? { onlyIfMatch: etag } : { onlyIfNew: true })).modified;

/** Notes that a step of the clock is due at `due` (kept if an earlier one is noted). Never throws. */
export const noteClockDue = async (due: string): Promise<void> => {
  if (isPreviewDeploy()) return;
  try {
    for (let round = 0; round < 3; round++) {
      const { due: noted, etag } = await readClockNote();
      if (noted !== undefined && noted <= due) return;
      if (await writeClockNote(due, etag)) return;
    }
  } catch {
    // The retention run writes the note from the database again within a day.
  }
  logLead({ kind: 'first-contact', status: 'clock-note-failed' });
};

/**
 * Writes the clock's note again from `next` (what the database says is due next) after a lead's
 * clock stopped (it was contacted or worked), so an idle day does not wake the database for a step
 * that no longer exists. Over the version read before `next` was: an intake that noted an earlier
 * step meanwhile wins. Never throws.
 */
export const refreshClockNote = async (next: () => Promise<string | null>): Promise<void> => {
  if (isPreviewDeploy()) return;
  try {
    const { due, etag } = await readClockNote();
    if (due === undefined) return;
    const now = await next();
    if (now !== due) await writeClockNote(now, etag);
  } catch {
    // It stays: the clock wakes once, finds nothing due and writes it again.
  }
};
