/**
 * Server side of Sell Flats photos: the authoritative check of count, type (magic bytes) and
 * size. What passes is stored by the photo store (db/photos.ts); each client may stage
 * LEADS_STAGED_PHOTO_DAILY_BYTES a day of a plain form's photos (daily-limits.ts).
 */
import { HttpError } from '../errors.ts';
import { messageText, photoProblem, sniffPhotoType, type MessageWords, type PhotoExtension } from '../../lib/enquiry/index.ts';
import type { CheckedPhoto } from '../db/photos.ts';

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
