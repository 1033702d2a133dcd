/**
 * Turns a request into the raw enquiry object (and, for Sell Flats, its photo files):
 * method, content type, size and JSON syntax. Field rules come after, from the schema.
 */
import { HttpError } from './errors.ts';
import { JSON_MAX_BYTES, MULTIPART_MAX_BYTES, readBodyLimited } from './limits.ts';
import { PHOTO_LIMITS } from '../enquiry/photos.ts';

export interface ParsedRequest {
  raw: Record<string, unknown>;
  files: File[];
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
  return value as Record<string, unknown>;
};

const decodeUtf8 = (bytes: Uint8Array): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, 'The enquiry is not valid UTF-8 text.');
  }
};

const mediaTypeOf = (request: Request) => (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();

/**
 * JSON bodies are limited to 32 KB. When `acceptsPhotos`, multipart/form-data is accepted too:
 * a part `data` holding the same JSON and up to 5 parts `files` (limited to ~4.5 MB in all).
 */
export const parseEnquiryRequest = async (request: Request, options: { acceptsPhotos: boolean }): Promise<ParsedRequest> => {
  if (request.method !== 'POST') {
    throw new HttpError(405, 'Use POST to send an enquiry.', { headers: { allow: 'POST' } });
  }
  const mediaType = mediaTypeOf(request);
  if (mediaType === 'application/json') {
    const bytes = await readBodyLimited(request, JSON_MAX_BYTES);
    return { raw: decodeJsonObject(decodeUtf8(bytes)), files: [] };
  }
  if (mediaType === 'multipart/form-data' && options.acceptsPhotos) {
    return parseMultipart(request);
  }
  throw new HttpError(415, options.acceptsPhotos
    ? 'Send the enquiry as JSON (application/json), or as multipart/form-data when it has photos.'
    : 'Send the enquiry as JSON (Content-Type: application/json).');
};

const parseMultipart = async (request: Request): Promise<ParsedRequest> => {
  const bytes = await readBodyLimited(request, MULTIPART_MAX_BYTES);
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData();
  } catch {
    throw new HttpError(400, 'The upload could not be read as multipart/form-data.');
  }
  const data = form.get(PHOTO_LIMITS.dataField);
  const text = typeof data === 'string' ? data : data ? await data.text() : null;
  if (text === null) {
    throw new HttpError(400, `The upload has no "${PHOTO_LIMITS.dataField}" part holding the enquiry fields as JSON.`);
  }
  if (new TextEncoder().encode(text).byteLength > JSON_MAX_BYTES) {
    throw new HttpError(413, `The "${PHOTO_LIMITS.dataField}" part is too large. The limit is ${JSON_MAX_BYTES / 1024} KB.`);
  }
  // A form with no file chosen still sends one empty, nameless file part: ignore it.
  const files = form
    .getAll(PHOTO_LIMITS.filesField)
    .filter((part): part is File => typeof part !== 'string' && !(part.size === 0 && part.name === ''));
  return { raw: decodeJsonObject(text), files };
};
