/**
 * Answers of the lead functions. A failure names what went wrong in plain words and never
 * carries a stack trace or internal detail. JSON here; native form posts get the same errors as
 * an HTML page (intake/problem-page.ts).
 */
import type { ApiProblem } from '../lib/team-api/wire.ts';

/**
 * Headers on every answer of the API. netlify.toml's headers do not reach function answers, so
 * they are set here: never cached, never sniffed, and a policy under which an answer opened in a
 * browser can load nothing, run nothing and be framed nowhere.
 */
export const API_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
} as const;

/** API_HEADERS with an answer's own (content type, Location, Allow, Retry-After ...). */
export const apiHeaders = (headers: Record<string, string> = {}): Record<string, string> => ({ ...API_HEADERS, ...headers });

export const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: apiHeaders({ 'content-type': 'application/json; charset=utf-8', ...headers }),
  });

/** A 4xx (or 503) with a plain message and, when fields are at fault, one message per field. */
export class HttpError extends Error {
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, options: { fields?: Record<string, string>; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.fields = options.fields;
    this.headers = options.headers ?? {};
  }

  toResponse(): Response {
    return jsonResponse(
      this.status,
      { error: this.message, ...(this.fields ? { fields: this.fields } : {}) } satisfies ApiProblem,
      this.headers,
    );
  }
}

/** Seconds a client should wait before retrying when the lead store is unavailable. */
export const RETRY_AFTER_SECONDS = 30;

/** Where leads are kept (the database, or the Blobs store of photos) failed or did not answer in time. Answered 503. */
export class StoreUnavailableError extends HttpError {
  constructor() {
    super(503, 'We could not save your enquiry just now. Please try again in a minute.', {
      headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
    });
    this.name = 'StoreUnavailableError';
  }
}

/**
 * The database refused, failed or did not answer in time (`reason` is for the log, never the
 * answer; `code` is Postgres's SQLSTATE when it refused a statement).
 */
export class DatabaseUnavailableError extends StoreUnavailableError {
  readonly reason: string;
  readonly code: string | undefined;
  constructor(reason: string, code?: string) {
    super();
    this.name = 'DatabaseUnavailableError';
    this.reason = reason;
    this.cause = reason;
    this.code = code;
  }
}

/** Postgres's class 22 (data exception: a date out of range, a value it cannot read). */
export const isDataException = (error: unknown): boolean => error instanceof DatabaseUnavailableError && /^22/.test(error.code ?? '');

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again, or call us.';

/** An HttpError as it is; anything unexpected as a plain 500 without detail. */
export const asHttpError = (error: unknown): HttpError => (error instanceof HttpError ? error : new HttpError(500, INTERNAL_MESSAGE));

/**
 * Wraps a handler so that every outcome is a JSON answer: HttpErrors as they are, anything
 * unexpected as a plain 500 without detail. Logs only the label and the status.
 */
export const answerSafely =
  (label: string, handle: (request: Request) => Promise<Response>, log: (entry: { kind: string; status: number; note?: string }) => void) =>
  async (request: Request): Promise<Response> => {
    try {
      const response = await handle(request);
      log({ kind: label, status: response.status });
      return response;
    } catch (error) {
      const failure = asHttpError(error);
      log({ kind: label, status: failure.status, ...(failure.status === 500 ? { note: (error as Error)?.name } : {}) });
      return failure.toResponse();
    }
  };
