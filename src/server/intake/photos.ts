/**
 * Server side of Sell Flats photos: the authoritative check of count, type (magic bytes) and
 * size, then storage in the `lead-photos` Blobs store under `<submissionId>/<n>.<ext>` (files
 * stay in Blobs; the lead's row lists their keys). A preview deploy writes and deletes its own
 * photos in a store of its deploy, and reads production's too: a preview's database branch is a
 * copy of production's leads, whose photos it may show but never delete.
 */
import { getDeployStore, getStore, type Store } from '@netlify/blobs';
import { HttpError, StoreUnavailableError } from '../errors.ts';
import { isPreviewDeploy } from '../deploy-context.ts';
import { storeTimeoutMs } from '../settings.ts';
import { PHOTO_TYPES, messageText, photoProblem, sniffPhotoType, type MessageWords, type PhotoExtension } from '../../lib/enquiry/index.ts';

export const PHOTOS_STORE = 'lead-photos';

/** The store's options; its calls, the Blobs client's own retries included, stop when `signal` aborts. */
const options = (signal = AbortSignal.timeout(storeTimeoutMs())) =>
  ({
    name: PHOTOS_STORE,
    consistency: 'strong',
    fetch: (input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, { ...init, signal }),
  }) as const;

/** Where this deploy writes and deletes photos; one deadline for all the calls made through it. */
const ownStore = (signal?: AbortSignal): Store => (isPreviewDeploy() ? getDeployStore(options(signal)) : getStore(options(signal)));

export const photoKey = (id: string, n: number, extension: string) => `${id}/${n}.${extension}`;

export interface CheckedPhoto {
  bytes: Uint8Array;
  extension: PhotoExtension;
}

/** Checks the uploaded files; throws a 413/415/422 naming the field `photos`, in the language of `words`. */
export const checkPhotos = async (files: File[], allowed: boolean, words: MessageWords): Promise<CheckedPhoto[]> => {
  if (files.length === 0) return [];
  if (!allowed) throw new HttpError(422, 'Some fields need attention.', { fields: { photos: words.photosNotAllowed } });
  const photos = await Promise.all(
    files.map(async (file) => {
      const bytes = new Uint8Array(await file.arrayBuffer());
      return { name: file.name || 'photo', size: bytes.byteLength, kind: sniffPhotoType(bytes), bytes };
    }),
  );
  const problem = photoProblem(photos);
  if (problem) {
    const message = messageText(words, problem.message, problem.params);
    throw new HttpError(problem.status, message, { fields: { photos: message } });
  }
  return photos.map(({ bytes, kind }) => ({ bytes, extension: kind as PhotoExtension }));
};

/** The work's result, or a rejection as soon as `signal` aborts (the Blobs client may be waiting to retry). */
const abandonAt = <T>(signal: AbortSignal, work: Promise<T>): Promise<T> =>
  Promise.race([
    work,
    new Promise<never>((_, reject) => {
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    }),
  ]);

/** Stores the checked photos; returns their keys in upload order. A failure is a 503. */
export const storePhotos = async (submissionId: string, photos: CheckedPhoto[]): Promise<string[]> => {
  if (photos.length === 0) return [];
  const deadline = AbortSignal.timeout(storeTimeoutMs());
  const store = ownStore(deadline);
  const storedAt = new Date().toISOString();
  try {
    return await abandonAt(
      deadline,
      Promise.all(
        photos.map(async ({ bytes, extension }, index) => {
          const key = photoKey(submissionId, index + 1, extension);
          const body = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
          await store.set(key, body, { metadata: { contentType: PHOTO_TYPES[extension], size: bytes.byteLength, storedAt } });
          return key;
        }),
      ),
    );
  } catch {
    throw new StoreUnavailableError();
  }
};

/** One photo's bytes and type, or null when there is none. */
export const readPhoto = async (key: string): Promise<{ bytes: ArrayBuffer; contentType: string } | null> => {
  const stores = isPreviewDeploy() ? [ownStore(), getStore(options())] : [ownStore()];
  for (const store of stores) {
    const found = await store.getWithMetadata(key, { type: 'arrayBuffer' });
    if (found) return { bytes: found.data, contentType: String(found.metadata.contentType ?? 'application/octet-stream') };
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
