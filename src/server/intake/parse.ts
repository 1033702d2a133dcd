/**
 * Turns a POST into the raw enquiry object (and, for Sell Flats, its photo files): content
 * type, size, JSON or form syntax. Field rules come after, from the schema. Two ways in:
 * - 'js': JSON, or multipart with the JSON in a `data` part (Sell Flats with photos);
 * - 'html': a native form post, form-encoded, or multipart with plain fields (Sell Flats).
 */
import { HttpError } from '../errors.ts';
import { JSON_MAX_BYTES, MULTIPART_MAX_BYTES, MULTIPART_MAX_PARTS, countMultipartParts, readBodyLimited } from './limits.ts';
import { enquiryFromFormFields, firstTextValues } from './native-post.ts';
import type { Via } from '../../lib/enquiry/lead-record.ts';
import { PHOTO_LIMITS } from '../../lib/enquiry/photo-rules.ts';

export interface ParsedRequest {
  raw: Record<string, unknown>;
  files: File[];
  via: Via;
  /** A native post's text fields as sent (what a confirmation binds). */
  fields?: Record<string, string>;
}

const decodeJsonObject = (text: string): Record<string, unknown> => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The enquiry is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(400, 'The enquiry must be a JSON object of fields.');
  }
  // JSON escapes can carry half a surrogate pair ("\ud800"), which UTF-8 cannot: refuse it like broken UTF-8.
  for (const [name, field] of Object.entries(value)) {
    if (!name.isWellFormed() || (typeof field === 'string' && !field.isWellFormed())) {
      throw new HttpError(400, 'The enquiry contains text that is not valid Unicode.');
    }
  }
  return value as Record<string, unknown>;
};

const decodeUtf8 = (bytes: Uint8Array): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, 'The enquiry is not valid UTF-8 text.');
  }
};

const byteLength = (text: string) => new TextEncoder().encode(text).byteLength;

const mediaTypeOf = (request: Request) => (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();

/**
 * JSON and form-encoded bodies are limited to 32 KB. When `acceptsPhotos`, multipart/form-data
 * is accepted too (~4.5 MB in all): the JSON in a part `data`, or plain fields by wire name,
 * and up to 5 parts `files`.
 */
export const parseEnquiryRequest = async (request: Request, options: { acceptsPhotos: boolean }): Promise<ParsedRequest> => {
  const mediaType = mediaTypeOf(request);
  if (mediaType === 'application/json') {
    const bytes = await readBodyLimited(request, JSON_MAX_BYTES);
    return { raw: decodeJsonObject(decodeUtf8(bytes)), files: [], via: 'js' };
  }
  if (mediaType === 'application/x-www-form-urlencoded') {
    const bytes = await readBodyLimited(request, JSON_MAX_BYTES);
    const fields = firstTextValues(new URLSearchParams(decodeUtf8(bytes)));
    return { raw: enquiryFromFormFields(fields), files: [], via: 'html', fields };
  }
  if (mediaType === 'multipart/form-data' && options.acceptsPhotos) {
    return parseMultipart(request);
  }
  throw new HttpError(
    415,
    options.acceptsPhotos
      ? 'Send the enquiry as JSON (application/json) or as a form (application/x-www-form-urlencoded), or as multipart/form-data when it has photos.'
      : 'Send the enquiry as JSON (application/json) or as a form (application/x-www-form-urlencoded).',
  );
};

const parseMultipart = async (request: Request): Promise<ParsedRequest> => {
  const bytes = await readBodyLimited(request, MULTIPART_MAX_BYTES);
  const contentType = request.headers.get('content-type') ?? '';
  const parts = countMultipartParts(bytes, contentType);
  if (parts === null) throw new HttpError(400, 'The upload could not be read as multipart/form-data: it names no boundary.');
  if (parts > MULTIPART_MAX_PARTS) {
    throw new HttpError(413, `The upload has ${parts} parts. An enquiry has at most ${MULTIPART_MAX_PARTS}.`);
  }
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new HttpError(400, 'The upload could not be read as multipart/form-data.');
  }
  // A form with no file chosen still sends one empty, nameless file part: ignore it.
  const files = form
    .getAll(PHOTO_LIMITS.filesField)
    .filter((part): part is File => typeof part !== 'string' && !(part.size === 0 && part.name === ''));

  const data = form.get(PHOTO_LIMITS.dataField);
  if (data !== null) {
    const text = typeof data === 'string' ? data : await data.text();
    if (byteLength(text) > JSON_MAX_BYTES) {
      throw new HttpError(413, `The "${PHOTO_LIMITS.dataField}" part is too large. The limit is ${JSON_MAX_BYTES / 1024} KB.`);
    }
    return { raw: decodeJsonObject(text), files, via: 'js' };
  }

  // No `data` part: a native form's plain fields (the Sell Flats form without JavaScript).
  const fields = firstTextValues([...form.entries()].filter(([name]) => name !== PHOTO_LIMITS.filesField));
  const textBytes = Object.entries(fields).reduce((sum, [name, value]) => sum + byteLength(name) + byteLength(value), 0);
  if (textBytes > JSON_MAX_BYTES) {
    throw new HttpError(413, `The form fields are too large. The limit is ${JSON_MAX_BYTES / 1024} KB.`);
  }
  return { raw: enquiryFromFormFields(fields), files, via: 'html', fields };
};
