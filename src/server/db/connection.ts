/**
 * The one way to the database: Netlify Database through `@netlify/database` (its `NETLIFY_DB_URL`
 * on Netlify; under `npm start`, in the tests and the benchmarks, the local database of
 * harness/database.ts behind the same variable).
 *
 * - One pool per instance, made on first use (and again if NETLIFY_DB_URL changes).
 * - Every piece of work runs under a deadline (`withDatabase`): a database that refuses, fails or
 *   does not answer in time becomes a DatabaseUnavailableError, answered 503 with Retry-After, and
 *   the connection that was waiting is cut, so nothing it sent can still land afterwards.
 * - A scheduled job runs in one session of its own (`inSession`), closed when it ends: the database
 *   can sleep again at once, and a job that did not need it never opened one.
 * - The first query after the database slept may take a second: the deadline allows for it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { getDatabase } from '@netlify/database';
import type { PoolClient, QueryResultRow } from 'pg';
import { DatabaseUnavailableError, HttpError } from '../errors.ts';
import { storeTimeoutMs } from '../settings.ts';

/** What runs SQL: the pool, or one connection (a transaction, a job's session). */
interface Executor {
  query<R extends QueryResultRow>(text: string, params?: unknown[]): Promise<{ rows: R[]; rowCount: number | null }>;
}

interface Pool extends Executor {
  connect(): Promise<PoolClient>;
  end(): Promise<void>;
  on(event: 'error', listener: (error: Error) => void): unknown;
  options: { connectionTimeoutMillis?: number; max?: number };
}

let current: { url: string; pool: Pool } | undefined;

const databaseUrl = (): string => {
  const netlifyEnv = (globalThis as { Netlify?: { env?: { get(name: string): string | undefined } } }).Netlify?.env;
  return netlifyEnv?.get('NETLIFY_DB_URL') ?? process.env.NETLIFY_DB_URL ?? '';
};

const pool = (): Pool => {
  const url = databaseUrl();
  if (!url) throw new DatabaseUnavailableError('NETLIFY_DB_URL is not set');
  if (current?.url !== url) {
    void current?.pool.end().catch(() => {});
    const made = getDatabase({ connectionString: url }).pool as unknown as Pool;
    made.options.connectionTimeoutMillis = storeTimeoutMs();
    made.options.max = 5;
    // A connection that breaks while idle (the database restarted or slept) is dropped, not fatal.
    made.on('error', () => {});
    current = { url, pool: made };
  }
  return current.pool;
};

interface Scope {
  /** The connection this work must use (a transaction's, or a job's session). */
  client?: PoolClient;
  /** Aborted when the work's deadline passes. */
  signal?: AbortSignal;
}
const scope = new AsyncLocalStorage<Scope>();

/** Cuts a connection whose work ran out of time; the server rolls back what it had begun. */
const cutOnAbort = (client: PoolClient, signal: AbortSignal | undefined) => {
  const cut = () => (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  if (signal?.aborted) cut();
  signal?.addEventListener('abort', cut, { once: true });
  return () => signal?.removeEventListener('abort', cut);
};

/** Clients given an error listener: a connection that breaks between queries is then dropped, not fatal. */
const listening = new WeakSet<PoolClient>();

const checkout = async (): Promise<PoolClient> => {
  const { signal } = scope.getStore() ?? {};
  const client = await pool().connect();
  if (!listening.has(client)) {
    listening.add(client);
    client.on('error', () => {});
  }
  if (signal?.aborted) {
    client.release(true);
    throw new DatabaseUnavailableError('the deadline passed');
  }
  return client;
};

/** Rows of one statement, on the current transaction or session if there is one. */
export const query = async <R extends QueryResultRow>(text: string, params: unknown[] = []): Promise<R[]> => {
  const { client } = scope.getStore() ?? {};
  if (client) return (await client.query<R>(text, params)).rows;
  const own = await checkout();
  const stop = cutOnAbort(own, scope.getStore()?.signal);
  let broken = false;
  try {
    return (await own.query<R>(text, params)).rows;
  } catch (error) {
    broken = !(error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.length === 5);
    throw error;
  } finally {
    stop();
    own.release(broken);
  }
};

/** The first row, or null. */
export const queryOne = async <R extends QueryResultRow>(text: string, params: unknown[] = []): Promise<R | null> =>
  (await query<R>(text, params))[0] ?? null;

/**
 * Runs `work` in one transaction: committed when it returns, rolled back when it throws. Inside
 * a job's session it uses that session's connection.
 */
export const transaction = async <T>(work: () => Promise<T>): Promise<T> => {
  const outer = scope.getStore() ?? {};
  const client = outer.client ?? (await checkout());
  const stop = cutOnAbort(client, outer.signal);
  let broken = false;
  try {
    await client.query('BEGIN');
    const result = await scope.run({ ...outer, client }, work);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    stop();
    if (!outer.client) client.release(broken);
  }
};

/**
 * A scheduled job's work in one session: one connection of its own, closed at the end, so the
 * database can sleep again at once. A job that finds nothing to do does not call this.
 */
export const inSession = async <T>(work: () => Promise<T>): Promise<T> => {
  const outer = scope.getStore() ?? {};
  const url = databaseUrl();
  if (!url) throw new DatabaseUnavailableError('NETLIFY_DB_URL is not set');
  // A pool of its own: never an idle connection of the instance's pool, always one session.
  const own = getDatabase({ connectionString: url }).pool as unknown as Pool;
  own.options.connectionTimeoutMillis = storeTimeoutMs();
  own.options.max = 1;
  own.on('error', () => {});
  try {
    const client = await own.connect();
    client.on('error', () => {});
    const stop = cutOnAbort(client, outer.signal);
    try {
      return await scope.run({ ...outer, client }, work);
    } finally {
      stop();
      client.release(true);
    }
  } finally {
    await own.end().catch(() => {});
  }
};

/**
 * Postgres refuses text holding U+0000 (22021 in a text value, 22P05 in a jsonb one). The
 * callers refuse it first, by field name; anything that still reaches the database with it is
 * the sender's text, so it is a 400, never a 503 that asks the sender to try the same again.
 */
const UNSTORABLE_TEXT = 'The request holds a character that cannot be stored (U+0000, a NUL). Remove it and send again.';
const isUnstorableText = (error: unknown) =>
  error instanceof Error && 'code' in error && (error.code === '22021' || error.code === '22P05');

/**
 * Runs database work under one deadline (LEADS_STORE_TIMEOUT_MS unless the caller gives
 * another). A refusal, a failure or the deadline becomes a DatabaseUnavailableError (503);
 * an HttpError decided inside the work (404, 409, 412) is an answer and passes as it is, and
 * text the database cannot hold is a 400.
 */
export const withDatabase = async <T>(work: () => Promise<T>, ms = storeTimeoutMs()): Promise<T> => {
  const abandon = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abandon.abort();
      reject(new DatabaseUnavailableError('the deadline passed'));
    }, ms);
  });
  const outer = scope.getStore() ?? {};
  try {
    return await Promise.race([scope.run({ ...outer, signal: abandon.signal }, work), deadline]);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (isUnstorableText(error)) throw new HttpError(400, UNSTORABLE_TEXT);
    const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
    throw new DatabaseUnavailableError(error instanceof Error ? error.message : String(error), code);
  } finally {
    clearTimeout(timer);
  }
};

/** Closes the pool (scripts, at their end). */
export const closeDatabase = async () => {
  const ending = current;
  current = undefined;
  await ending?.pool.end().catch(() => {});
};
