/**
 * Sell Flats photos in the browser: each chosen image is scaled down (longest side 1,600 px,
 * JPEG) when it is larger than that or than the server's per-file limit, so the whole upload fits
 * the platform's request limit (docs/decisions/008-photos-in-one-post.md). The server checks them again.
 * PhotoField fetches this file when photos are first chosen.
 */
import { PHOTO_LIMITS, PHOTO_TYPES } from '../../lib/enquiry/photo-rules.ts';
import { photoProblem } from '../../lib/enquiry/photo-checks.ts';
import { messageText, type MessageWords } from '../../lib/enquiry/messages.ts';

export const MAX_SIDE = 1600;
const JPEG_QUALITY = 0.82;
const ACCEPTED: readonly string[] = Object.values(PHOTO_TYPES);

/** Target size for an image of width × height, keeping the aspect ratio. */
export const fitWithin = (width: number, height: number, maxSide = MAX_SIDE) => {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
};

const jpegName = (name: string) => `${name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;

/**
 * The file to upload for a chosen photo: the original when it is small enough, else a resized
 * JPEG. Null when the browser cannot read it as an image (the caller says which file).
 */
export const preparePhoto = async (file: File): Promise<File | null> => {
  if (!ACCEPTED.includes(file.type)) return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height);
    const smallEnough = size.width === bitmap.width && size.height === bitmap.height && file.size <= PHOTO_LIMITS.maxFileBytes;
    if (smallEnough) return file;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.fillStyle = '#fff'; // a transparent PNG becomes a JPEG on white, not black
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
    return blob ? new File([blob], jpegName(file.name), { type: 'image/jpeg' }) : null;
  } finally {
    bitmap.close();
  }
};

/**
 * Photos chosen, added to those already there: each prepared (at most the room left), and the first
 * problem to show (too many, not an image, over the limits), in the page's language.
 */
export const addPhotos = async (files: File[], kept: readonly File[], messages: MessageWords) => {
  const room = PHOTO_LIMITS.maxCount - kept.length;
  const added: File[] = [];
  let problem = files.length > room ? messageText(messages, 'photosCount', { max: PHOTO_LIMITS.maxCount }) : undefined;
  for (const file of files.slice(0, Math.max(0, room))) {
    const prepared = await preparePhoto(file);
    if (prepared) added.push(prepared);
    else problem ??= messageText(messages, 'photosType', { name: file.name });
  }
  const limits = photoProblem([...kept, ...added].map((f) => ({ name: f.name, size: f.size, kind: f.type })));
  return { added, problem: problem ?? (limits ? messageText(messages, limits.message, limits.params) : undefined) };
};
