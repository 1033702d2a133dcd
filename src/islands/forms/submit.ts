/**
 * Sending a filled form: the POST to our API, what its answer means, and what to do next.
 * docs/decisions/006-after-submit.md: a network error or a 5xx is retried once with the same
 * submissionId; if that fails too, the enquiry goes to the team by e-mail from the browser.
 * Any other answer is shown to the visitor as it is (422 at the fields).
 */
import { PHOTO_LIMITS } from '../../lib/enquiry/photo-rules.ts';
import { readAttribution } from '../../lib/attribution.ts';

/**
 * The visitor's date as the enquiry sends it (`currentdate`). dayjs, which writes it, is fetched
 * only when an enquiry is sent, not when the form wakes; null when it cannot be fetched (offline).
 */
export const visitorDate = () =>
  import('../../lib/enquiry/date.ts').then(
    ({ formatCurrentDate }) => formatCurrentDate(),
    () => null,
  );

/** Where the visit came from (recorded by the layout's inline script); nothing when storage is off. */
export const readStoredAttribution = () => {
  try {
    return readAttribution(window.sessionStorage);
  } catch {
    return {};
  }
};

/** A random UUID v4, also where crypto.randomUUID is missing (plain http on a LAN address). */
export const newSubmissionId = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** The post's body: the enquiry as JSON, or with photos one multipart upload (the enquiry in its data field). */
export const enquiryBody = (payload: Record<string, unknown>, files: readonly File[]): string | FormData => {
  if (files.length === 0) return JSON.stringify(payload);
  const form = new FormData();
  form.append(PHOTO_LIMITS.dataField, JSON.stringify(payload));
  for (const file of files) form.append(PHOTO_LIMITS.filesField, file, file.name);
  return form;
};

/** A challenge from GET /api/<kind>, with when it arrived. */
export interface Challenge {
  challenge: string;
  minFillMs: number;
  maxAgeMs: number;
  /** performance.now() when it arrived. */
  receivedAt: number;
  /** Date.now() when it arrived: the wall clock goes on while a computer sleeps, performance.now() may not. */
  receivedOn: number;
}

/** GET /api/<kind>: a signed challenge for the enquiry (challenge.ts); null when it cannot be had. */
export const fetchChallenge = async (endpoint: string): Promise<Challenge | null> => {
  try {
    const response = await fetch(endpoint, { headers: { accept: 'application/json' }, cache: 'no-store' });
    if (!response.ok) return null;
    const { challenge, minFillMs, maxAgeMs } = (await response.json()) as { challenge?: unknown; minFillMs?: unknown; maxAgeMs?: unknown };
    if (typeof challenge !== 'string') return null;
    return {
      challenge,
      minFillMs: typeof minFillMs === 'number' ? minFillMs : 3000,
      maxAgeMs: typeof maxAgeMs === 'number' ? maxAgeMs : 2 * 60 * 60 * 1000,
      receivedAt: performance.now(),
      receivedOn: Date.now(),
    };
  } catch {
    return null;
  }
};

/** What one POST to our API came to. */
export type PostOutcome =
  | { type: 'stored'; id: string }
  | { type: 'invalid'; fields: Record<string, string> }
  | { type: 'rejected'; status: number; message?: string }
  | { type: 'unreachable'; status: number };

export interface RawAnswer {
  /** HTTP status; 0 when the network failed or the request timed out. */
  status: number;
  body: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads an answer of /api/<kind>: 2xx stored, 422 with field messages, other 4xx, or unreachable. */
export const classifyAnswer = ({ status, body }: RawAnswer): PostOutcome => {
  if (status >= 200 && status < 300) {
    return { type: 'stored', id: isRecord(body) && typeof body.id === 'string' ? body.id : '' };
  }
  if (status === 422 && isRecord(body) && isRecord(body.fields)) {
    const fields: Record<string, string> = {};
    for (const [name, message] of Object.entries(body.fields)) if (typeof message === 'string') fields[name] = message;
    return { type: 'invalid', fields };
  }
  if (status >= 400 && status < 500) {
    return { type: 'rejected', status, message: isRecord(body) && typeof body.error === 'string' ? body.error : undefined };
  }
  return { type: 'unreachable', status };
};

export type NextStep = 'done' | 'retry' | 'fallback' | 'show';

/**
 * After the `attempt`-th POST (1 or 2): an unreachable API is retried once, then the e-mail
 * fallback takes over. Stored leads are done; field problems and refusals are shown.
 */
export const nextStep = (outcome: PostOutcome, attempt: number): NextStep => {
  if (outcome.type === 'stored') return 'done';
  if (outcome.type === 'unreachable') return attempt < 2 ? 'retry' : 'fallback';
  return 'show';
};

/** Pause before the automatic retry, so a blip in the network can pass. */
export const RETRY_DELAY_MS = 1200;
/** A request that takes longer than this counts as a network failure (it is retried). */
export const REQUEST_TIMEOUT_MS = 30_000;

export type Poster = (url: string, body: string | FormData, onProgress?: (fraction: number) => void) => Promise<RawAnswer>;

/**
 * POST with XMLHttpRequest, which (unlike fetch) reports upload progress for photos.
 * Never rejects: a network failure, timeout or abort is status 0.
 */
export const xhrPost: Poster = (url, body, onProgress) =>
  new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (typeof body === 'string') xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.timeout = REQUEST_TIMEOUT_MS;
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
    }
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        parsed = null;
      }
      resolve({ status: xhr.status, body: parsed });
    };
    const failed = () => resolve({ status: 0, body: null });
    xhr.onerror = failed;
    xhr.ontimeout = failed;
    xhr.onabort = failed;
    xhr.send(body);
  });

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Posts the enquiry, retrying once when our API cannot be reached. Returns the final outcome
 * and whether the e-mail fallback should now be tried.
 */
export const postEnquiry = async (
  url: string,
  body: () => string | FormData,
  options: { post?: Poster; onProgress?: (fraction: number) => void; retryDelayMs?: number } = {},
): Promise<{ outcome: PostOutcome; step: NextStep; attempts: number }> => {
  const post = options.post ?? xhrPost;
  for (let attempt = 1; ; attempt += 1) {
    const outcome = classifyAnswer(await post(url, body(), options.onProgress));
    const step = nextStep(outcome, attempt);
    if (step !== 'retry') return { outcome, step, attempts: attempt };
    await wait(options.retryDelayMs ?? RETRY_DELAY_MS);
  }
};
