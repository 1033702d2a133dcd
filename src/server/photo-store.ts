/**
 * Server side of Sell Flats photos: the authoritative check of count, type (magic bytes) and
 * size, then storage in the `lead-photos` store under `<submissionId>/<n>.<ext>`.
 */
import { HttpError } from './errors.ts';
import { PHOTOS_STORE, photoKey, photosStore } from './store.ts';
import { listAll } from './pending.ts';
import { PHOTO_TYPES, messageText, photoProblem, sniffPhotoType, type MessageWords, type PhotoExtension } from '../lib/enquiry/index.ts';

export { PHOTOS_STORE };

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

/** Stores the checked photos; returns their keys in upload order. */
export const storePhotos = async (submissionId: string, photos: CheckedPhoto[]): Promise<string[]> => {
  if (photos.length === 0) return [];
  const store = photosStore();
  const storedAt = new Date().toISOString();
  return Promise.all(
    photos.map(async ({ bytes, extension }, index) => {
      const key = photoKey(submissionId, index + 1, extension);
      const body = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      await store.set(key, body, { metadata: { contentType: PHOTO_TYPES[extension], size: bytes.byteLength, storedAt } });
      return key;
    }),
  );
};

/** Deletes every photo stored under a submission id; returns how many went. */
export const deletePhotosOf = async (submissionId: string): Promise<number> => {
  const store = photosStore();
  const keys = await listAll(store, `${submissionId}/`);
  await Promise.all(keys.map(({ key }) => store.delete(key)));
  return keys.length;
};
