/**
 * Photo rules of the Sell Flats form, shared by the browser and the server: the limits, the
 * multipart field names and the types. The checks against them are in photo-checks.ts (kept
 * apart so that every form's script, which needs the field names to send, does not carry them).
 */

const MB = 1024 * 1024;
export const PHOTO_LIMITS = {
  maxCount: 5,
  maxFileBytes: 1.5 * MB,
  maxTotalBytes: 4 * MB,
  /** Multipart name of the file parts and of the JSON part of a Sell Flats upload. */
  filesField: 'files',
  dataField: 'data',
} as const;

export const PHOTO_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
} as const;
export type PhotoExtension = keyof typeof PHOTO_TYPES;
