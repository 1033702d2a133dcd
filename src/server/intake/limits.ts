/** Request limits, checked on the declared Content-Length and again on the bytes actually read. */
import { HttpError } from '../errors.ts';
import { PHOTO_LIMITS } from '../../lib/enquiry/photo-rules.ts';

export const JSON_MAX_BYTES = 32 * 1024;
/** Photos (4 MB at most) plus the JSON part and multipart framing; below the platform's 6 MB. */
export const MULTIPART_MAX_BYTES = PHOTO_LIMITS.maxTotalBytes + 512 * 1024;

const tooLarge = (max: number) =>
  new HttpError(
    413,
    `The request is too large. The limit is ${max >= 1024 * 1024 ? `${(max / 1024 / 1024).toFixed(1)} MB` : `${max / 1024} KB`}.`,
  );

/** Reads the whole body, stopping as soon as it passes `max` bytes. */
export const readBodyLimited = async (request: Request, max: number): Promise<Uint8Array<ArrayBuffer>> => {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) throw tooLarge(max);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    // A stream that fails midway (the client went away) is the client's problem, not ours.
    const { done, value } = await reader.read().catch(() => {
      throw new HttpError(400, 'The enquiry did not arrive completely. Please send it again.');
    });
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge(max);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
};

/**
 * The most parts a multipart enquiry may have: every field of the plain Sell Flats form, the
 * attribution fields and 5 photos fit in well under half of it. Counted on the raw bytes before
 * the body is parsed, so a body of thousands of empty parts costs a scan, not seconds of parsing.
 */
export const MULTIPART_MAX_PARTS = 64;

/** How many parts a multipart body declares: the delimiter lines of its boundary, less the closing one. */
export const countMultipartParts = (body: Uint8Array, contentType: string): number | null => {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const value = boundary?.[1] ?? boundary?.[2];
  if (!value) return null;
  const delimiter = Buffer.from(`--${value}`);
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  let count = 0;
  for (let at = bytes.indexOf(delimiter); at !== -1; at = bytes.indexOf(delimiter, at + delimiter.length)) count++;
  return Math.max(0, count - 1);
};
