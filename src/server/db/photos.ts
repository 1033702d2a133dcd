/**
 * The photo store: Sell Flats photos in the `lead-photos` Blobs store under `<lead id>/<n>.<ext>`,
 * keys the server chooses (files stay in Blobs; the lead's row lists their keys), and a plain
 * form's photos waiting for its confirmation in `lead-photos-staged`. Intake writes them
 * (intake/photos.ts checks them first), the team reads and erases them, retention deletes them.
 *
 * - Photos are written only once their lead is stored as a lead (not spam), in the lead's
 *   transaction (intake/accept.ts), and never over an existing photo (`onlyIfNew`). A post that
 *   never becomes a lead leaves no bytes behind.
 * - Staged photos sit under a random key the confirm token binds, grouped by the UTC hour they
 *   were staged in (`<YYYY-MM-DDTHH>/<upload>/<n>.<ext>`); the confirmation moves them to the lead;
 *   the retention job deletes each hour's group whole once its confirm pages have expired, so a
 *   backlog clears without reading each photo.
 *
 * A preview deploy writes and deletes its own photos in a store of its deploy, and reads
 * production's too: a preview's database branch is a copy of production's leads, whose photos it
 * may show but never delete.
 */
import { getDeployStore, getStore, type Store } from '@netlify/blobs';
import { StoreUnavailableError } from '../errors.ts';
import { isPreviewDeploy } from '../deploy-context.ts';
import { storeTimeoutMs } from '../settings.ts';
import { PHOTO_TYPES, type PhotoExtension } from '../../lib/enquiry/index.ts';

export const PHOTOS_STORE = 'lead-photos';
/** Where a plain form's photos wait for its confirmation. */
export const STAGED_PHOTOS_STORE = 'lead-photos-staged';

/** The store's options; its calls, the Blobs client's own retries included, stop when `signal` aborts. */
const options = (signal = AbortSignal.timeout(storeTimeoutMs()), name = PHOTOS_STORE) =>
  ({
    name,
    consistency: 'strong',
    fetch: (input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, { ...init, signal }),
  }) as const;

/** Where this deploy writes and deletes photos; one deadline for all the calls made through it. */
const ownStore = (signal?: AbortSignal, name = PHOTOS_STORE): Store =>
  isPreviewDeploy() ? getDeployStore(options(signal, name)) : getStore(options(signal, name));

export const photoKey = (id: string, n: number, extension: string) => `${id}/${n}.${extension}`;

/** A photo that passed the checks (intake/photos.ts), ready to store. */
export interface CheckedPhoto {
  bytes: Uint8Array;
  extension: PhotoExtension;
}

/** The work's result, or a rejection as soon as `signal` aborts (the Blobs client may be waiting to retry). */
const abandonAt = <T>(signal: AbortSignal, work: Promise<T>): Promise<T> =>
  Promise.race([
    work,
    new Promise<never>((_, reject) => {
      const abandon = () => reject(signal.reason instanceof Error ? signal.reason : new Error('The photo store did not answer in time.'));
      if (signal.aborted) abandon();
      signal.addEventListener('abort', abandon, { once: true });
    }),
  ]);

/** The keys a lead's photos take, in upload order. */
export const photoKeysOf = (leadId: string, photos: readonly CheckedPhoto[]): string[] =>
  photos.map(({ extension }, index) => photoKey(leadId, index + 1, extension));

/** Writes photos under these keys, each only if no photo has it yet (onlyIfNew). A failure is a 503. */
const writePhotos = async (keys: readonly string[], photos: readonly CheckedPhoto[], storeName: string): Promise<void> => {
  if (photos.length === 0) return;
  const deadline = AbortSignal.timeout(storeTimeoutMs());
  const store = ownStore(deadline, storeName);
  const storedAt = new Date().toISOString();
  try {
    await abandonAt(
      deadline,
      Promise.all(
        photos.map(async ({ bytes, extension }, index) => {
          const body = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
          await store.set(keys[index], body, {
            metadata: { contentType: PHOTO_TYPES[extension], size: bytes.byteLength, storedAt },
            onlyIfNew: true,
          });
          // A conditional write reports any answer but 412 as written (a 500 too): read it back.
          if (!(await store.getMetadata(keys[index]))) throw new Error(`${keys[index]} was not written`);
        }),
      ),
    );
  } catch {
    throw new StoreUnavailableError();
  }
};

/** Stores a stored lead's photos under the keys its row lists (photoKeysOf). */
export const storeLeadPhotos = (keys: readonly string[], photos: readonly CheckedPhoto[]) => writePhotos(keys, photos, PHOTOS_STORE);

/** The group of staged photos of the UTC hour of `at` ('2026-12-02T09'). */
export const stagingHour = (at: Date) => at.toISOString().slice(0, 13);
const STAGING_HOUR = /^\d{4}-\d{2}-\d{2}T\d{2}$/;

/** Stages a plain form's photos until it is confirmed, under a random key of the server's in this hour's group; returns their keys. */
export const stagePhotos = async (photos: readonly CheckedPhoto[]): Promise<string[]> => {
  const upload = `${stagingHour(new Date())}/${crypto.randomUUID()}`;
  const keys = photos.map(({ extension }, index) => photoKey(upload, index + 1, extension));
  await writePhotos(keys, photos, STAGED_PHOTOS_STORE);
  return keys;
};

/** A staged photo's key: in its hour's group, or (staged before the groups) without one. */
const STAGED_KEY = /^(\d{4}-\d{2}-\d{2}T\d{2}\/)?[0-9a-f-]{36}\/\d+\.(jpg|png|webp)$/;

/** The staged photos under these keys (those still there), as checked photos. A failure is a 503. */
export const readStagedPhotos = async (keys: readonly string[]): Promise<CheckedPhoto[]> => {
  const store = ownStore(undefined, STAGED_PHOTOS_STORE);
  try {
    const found = await Promise.all(
      keys.filter((key) => STAGED_KEY.test(key)).map(async (key) => ({ key, data: await store.get(key, { type: 'arrayBuffer' }) })),
    );
    return found.flatMap(({ key, data }) =>
      data ? [{ bytes: new Uint8Array(data), extension: key.slice(key.lastIndexOf('.') + 1) as PhotoExtension }] : [],
    );
  } catch {
    throw new StoreUnavailableError();
  }
};

/** Deletes staged photos (confirmed, or expired). */
export const deleteStagedPhotos = async (keys: readonly string[]): Promise<void> => {
  const store = ownStore(undefined, STAGED_PHOTOS_STORE);
  await Promise.all(keys.map((key) => store.delete(key)));
};

/** Deletes every staged photo under `prefix`, a page of the listing at a time; returns how many went. */
const deleteGroup = async (store: Store, prefix: string): Promise<number> => {
  let deleted = 0;
  for await (const page of store.list({ prefix, paginate: true })) {
    await Promise.all(page.blobs.map(({ key }) => store.delete(key)));
    deleted += page.blobs.length;
  }
  return deleted;
};

/**
 * Deletes the staged photos stored before `before` (their confirm page has expired), a whole
 * hour's group at a time, while `canStart` allows another group; returns how many went. A photo
 * staged before the groups is judged by its own `storedAt`.
 */
export const deleteStagedPhotosBefore = async (before: Date, canStart: () => boolean = () => true): Promise<number> => {
  const store = ownStore(undefined, STAGED_PHOTOS_STORE);
  const { directories } = await store.list({ directories: true });
  let deleted = 0;
  for (const group of directories.sort()) {
    if (!canStart()) break;
    if (STAGING_HOUR.test(group)) {
      // The hour's last photo was staged before its end: the group has expired once its end has.
      if (Date.parse(`${group}:00:00Z`) + 3_600_000 <= before.getTime()) deleted += await deleteGroup(store, `${group}/`);
      continue;
    }
    for (const { key } of (await store.list({ prefix: `${group}/` })).blobs) {
      const storedAt = Date.parse(((await store.getMetadata(key))?.metadata as { storedAt?: string } | undefined)?.storedAt ?? '');
      if (Number.isFinite(storedAt) && storedAt >= before.getTime()) continue;
      await store.delete(key);
      deleted += 1;
    }
  }
  return deleted;
};

/** One photo's bytes and type, or null when there is none. */
export const readPhoto = async (key: string): Promise<{ bytes: ArrayBuffer; contentType: string } | null> => {
  const stores = isPreviewDeploy() ? [ownStore(), getStore(options())] : [ownStore()];
  for (const store of stores) {
    const found = await store.getWithMetadata(key, { type: 'arrayBuffer' });
    const { contentType } = found?.metadata ?? {};
    if (found) return { bytes: found.data, contentType: typeof contentType === 'string' ? contentType : 'application/octet-stream' };
  }
  return null;
};

/** Every key in this deploy's photo store: [id, its keys, when the first was stored]. */
export const photosById = async (): Promise<Map<string, { keys: string[]; storedAt?: string }>> => {
  const store = ownStore();
  const byId = new Map<string, { keys: string[]; storedAt?: string }>();
  for await (const page of store.list({ paginate: true })) {
    for (const { key } of page.blobs) {
      const id = key.split('/')[0];
      byId.set(id, { keys: [...(byId.get(id)?.keys ?? []), key] });
    }
  }
  return byId;
};

/** When a photo was stored (its metadata), or undefined when it does not say. */
export const photoStoredAt = async (key: string): Promise<string | undefined> =>
  ((await ownStore().getMetadata(key))?.metadata as { storedAt?: string } | undefined)?.storedAt;

/** Deletes these photos from this deploy's store. */
export const deletePhotos = async (keys: readonly string[]): Promise<void> => {
  const store = ownStore();
  await Promise.all(keys.map((key) => store.delete(key)));
};

/** Deletes every photo stored under a submission id; returns how many went. */
export const deletePhotosOf = async (submissionId: string): Promise<number> => {
  const store = ownStore();
  const { blobs } = await store.list({ prefix: `${submissionId}/` });
  await Promise.all(blobs.map(({ key }) => store.delete(key)));
  return blobs.length;
};
