/**
 * The checks of Sell Flats photos against photo-rules.ts, shared by the browser (early check of the
 * chosen files) and the server (authoritative check of the bytes). The type is decided by the
 * file's first bytes, never by its name or declared type.
 */
import { m, type MessageKey } from './messages.ts';
import { PHOTO_LIMITS, PHOTO_TYPES, type PhotoExtension } from './photo-rules.ts';

const MB = 1024 * 1024;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/** JPEG, PNG or WebP by magic bytes; null for anything else. */
export const sniffPhotoType = (bytes: Uint8Array): PhotoExtension | null => {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
};

/** A problem with the photos: its HTTP status and its message (key and params, see messages.ts). */
export type PhotoProblem = { status: 413 | 415 | 422; message: MessageKey; params: Record<string, string | number> };

interface PhotoLike {
  name: string;
  size: number;
  /** Sniffed type (server) or, in the browser before reading the bytes, the declared MIME type. */
  kind: string | null;
}

/** The first problem with a set of photos, or null. Order: count, type, size of each, total. */
export const photoProblem = (photos: readonly PhotoLike[]): PhotoProblem | null => {
  if (photos.length > PHOTO_LIMITS.maxCount) return { status: 422, message: m('photosCount'), params: { max: PHOTO_LIMITS.maxCount } };
  const allowed = [...Object.keys(PHOTO_TYPES), ...Object.values(PHOTO_TYPES)];
  const wrongType = photos.find((p) => !p.kind || !allowed.includes(p.kind));
  if (wrongType) return { status: 415, message: m('photosType'), params: { name: wrongType.name } };
  const tooBig = photos.find((p) => p.size > PHOTO_LIMITS.maxFileBytes);
  if (tooBig) return { status: 413, message: m('photosFileSize'), params: { name: tooBig.name, maxMb: PHOTO_LIMITS.maxFileBytes / MB } };
  const total = photos.reduce((sum, p) => sum + p.size, 0);
  if (total > PHOTO_LIMITS.maxTotalBytes)
    return { status: 413, message: m('photosTotalSize'), params: { maxMb: PHOTO_LIMITS.maxTotalBytes / MB } };
  return null;
};
