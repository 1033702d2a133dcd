/**
 * The local Netlify Database: PGlite (Postgres in WebAssembly) with pg_trgm, served on a local
 * Postgres socket, so the functions reach it through `@netlify/database` and `NETLIFY_DB_URL`
 * exactly as they reach Netlify Database in production. `npm start`, the lead scripts, the
 * function tests and the benchmarks all use it.
 *
 * - Migrations: `netlify/database/migrations/`, applied with @netlify/database-dev's own applier
 *   (its `netlify.migrations` table), as `netlify database migrations apply` does.
 * - PGlite is one Postgres session. Each client connection gets it for one transaction at a time:
 *   a connection that opens a transaction holds the session until it commits or rolls back, and
 *   the others wait their turn; a connection that goes away mid-transaction is rolled back.
 * - The fault switch (`faults`): refuse every connection; or, for the statements whose wire bytes
 *   contain a text (a submission id, `INSERT INTO deliveries`, `COMMIT`), drop the connection
 *   before the statement runs ('down'), never answer ('hang'), or run it and drop the connection
 *   before the answer ('lost': a commit that happened, an answer that never came). A rule with a
 *   match can be limited to its next few statements (`times`), then it lifts by itself.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { applyMigrations } from '@netlify/database-dev';
import { getDatabase } from '@netlify/database';
import type { Pool } from 'pg';
import { DELIVERIES_JSON, recordFromRow, type LeadRow } from '../src/server/db/leads.ts';
import type { LeadRecord } from '../src/lib/enquiry/lead-record.ts';
import { fromNodeSocket } from 'pg-gateway/node';

export const root = path.resolve(import.meta.dirname, '..');
export const MIGRATIONS_DIR = path.join(root, 'netlify', 'database', 'migrations');
/** Where `npm start` keeps the local database, as `netlify dev` does. */
export const PROJECT_DATABASE_DIR = path.join(root, '.netlify', 'db');
/** The folder of the database `npm start` and the lead scripts use: LOCAL_DB_DIR, else .netlify/db. */
export const projectDatabaseDir = (): string => (process.env.LOCAL_DB_DIR ? path.resolve(process.env.LOCAL_DB_DIR) : PROJECT_DATABASE_DIR);
/**
 * Written beside that folder while `npm start` serves it (`.netlify/db-serving.json`), so the lead
 * scripts connect to it instead of opening the folder a second time.
 */
const servingFile = () => `${projectDatabaseDir()}-serving.json`;

export type DatabaseFault = 'down' | 'hang' | 'lost';
export interface DatabaseFaultRule {
  mode: DatabaseFault;
  /** Empty: every statement ('down' then also refuses new connections). */
  match: string;
}

export interface LocalDatabase {
  /** postgres://… of the socket: what NETLIFY_DB_URL is set to. */
  url: string;
  port: number;
  /** The PGlite instance itself (benchmarks and tests read through it without a socket). */
  pglite: PGlite;
  /** Connections opened since start: the sessions a real database would have woken for. */
  sessions(): number;
  /** Milliseconds Postgres itself spent on statements since start (the benchmarks' "database time"). */
  busyMs(): number;
  /** Runs work on the session between other connections' transactions. */
  exclusive<T>(work: (db: PGlite) => Promise<T>): Promise<T>;
  faults: {
    /** `times`: only the next this many statements that match (a match is needed), then the rule lifts. */
    set(mode: DatabaseFault | 'up', match?: string, times?: number): DatabaseFaultRule[];
    rules(): DatabaseFaultRule[];
  };
  close(): Promise<void>;
  /**
   * Stops serving (the connections cut, the port closed, an open transaction rolled back) and hands
   * back the PGlite, open, with its data, to be served again (the tests reuse one per worker).
   */
  release(): Promise<PGlite>;
}

export interface LocalDatabaseOptions {
  /** A folder to keep the data in (kept between runs); none: in memory. */
  directory?: string;
  /** A dump of a migrated database to start from (see migratedTemplate), instead of an empty one. */
  template?: Blob;
  port?: number;
  /** Apply the migrations on start (default true). */
  migrate?: boolean;
  /** An open PGlite to serve (one that `release()` handed back), instead of opening one. */
  pglite?: PGlite;
}

/** A client that opened a transaction and then says nothing this long is rolled back and cut off. */
const IDLE_IN_TRANSACTION_MS = 60_000;

const MESSAGE = { query: 81, sync: 83, flush: 72, terminate: 88 } as const;
const READY_FOR_QUERY = 90;

/** The transaction status of the last ReadyForQuery in a backend answer ('I' idle, 'T' in a transaction, 'E' failed), or null. */
const lastReadyStatus = (output: Uint8Array): string | null => {
  let status: string | null = null;
  const view = new DataView(output.buffer, output.byteOffset, output.byteLength);
  for (let at = 0; at + 5 <= output.byteLength;) {
    const type = output[at];
    const length = view.getUint32(at + 1);
    if (type === READY_FOR_QUERY) status = String.fromCharCode(output[at + 5]);
    at += 1 + length;
  }
  return status;
};

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
};

/** One connection at a time holds the session; the others queue. */
class SessionLock {
  #owner: object | null = null;
  #queue: { who: object; resolve: () => void }[] = [];

  holder() {
    return this.#owner;
  }

  async acquire(who: object) {
    if (this.#owner === who) return;
    if (this.#owner === null) {
      this.#owner = who;
      return;
    }
    await new Promise<void>((resolve) => this.#queue.push({ who, resolve }));
  }

  release(who: object) {
    if (this.#owner !== who) return;
    const next = this.#queue.shift();
    this.#owner = next ? next.who : null;
    next?.resolve();
  }

  /** Drops a connection that went away while waiting. */
  forget(who: object) {
    this.#queue = this.#queue.filter((waiting) => waiting.who !== who);
    this.release(who);
  }
}

const openPGlite = async ({ directory, template }: LocalDatabaseOptions): Promise<PGlite> => {
  if (directory) await mkdir(directory, { recursive: true });
  return PGlite.create({
    ...(directory ? { dataDir: directory } : {}),
    ...(template ? { loadDataDir: template } : {}),
    extensions: { pg_trgm },
  });
};

export const startLocalDatabase = async (options: LocalDatabaseOptions = {}): Promise<LocalDatabase> => {
  const pglite = options.pglite ?? (await openPGlite(options));
  if (options.migrate !== false && !options.pglite) await applyMigrations(pglite, MIGRATIONS_DIR);

  const lock = new SessionLock();
  const rules = new Map<string, DatabaseFault>();
  /** Statements left before a limited rule lifts, by its match. */
  const remaining = new Map<string, number>();
  const sockets = new Set<net.Socket>();
  const hung = new Set<net.Socket>();
  let sessions = 0;
  let busy = 0;

  const exclusive = async <T>(work: (db: PGlite) => Promise<T>): Promise<T> => {
    const me = {};
    await lock.acquire(me);
    try {
      return await work(pglite);
    } finally {
      lock.release(me);
    }
  };

  /** Ends the transaction a connection left open, and lets the next one in. */
  const abandon = async (who: object) => {
    if (lock.holder() === who) await pglite.exec('ROLLBACK').catch(() => {});
    lock.forget(who);
  };

  const ruleFor = (bytes: Uint8Array): DatabaseFault | undefined => {
    if (rules.size === 0) return undefined;
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
    const match = [...rules.keys()].find((candidate) => text.includes(candidate));
    if (match === undefined) return undefined;
    const mode = rules.get(match);
    const left = remaining.get(match);
    if (left !== undefined) {
      if (left <= 1) {
        rules.delete(match);
        remaining.delete(match);
      } else remaining.set(match, left - 1);
    }
    return mode;
  };

  const handleConnection = (socket: net.Socket) => {
    if (rules.get('') === 'down') {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    const me = {};
    let group: Uint8Array[] = [];
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    socket.on('close', () => {
      clearTimeout(idleTimer);
      sockets.delete(socket);
      hung.delete(socket);
      void abandon(me);
    });
    socket.on('error', () => {});

    const runGroup = async (messages: Uint8Array[]): Promise<Uint8Array> => {
      clearTimeout(idleTimer);
      await lock.acquire(me);
      const fault = ruleFor(concat(messages));
      if (fault === 'down') {
        await abandon(me);
        socket.destroy();
        return new Uint8Array(0);
      }
      if (fault === 'hang') {
        await abandon(me);
        hung.add(socket);
        return new Promise<Uint8Array>(() => {});
      }
      const outputs: Uint8Array[] = [];
      const started = performance.now();
      for (const message of messages) outputs.push(await pglite.execProtocolRaw(message));
      busy += performance.now() - started;
      const output = concat(outputs);
      const status = lastReadyStatus(output);
      if (fault === 'lost') {
        if (status === 'I') lock.release(me);
        else await abandon(me);
        socket.destroy();
        return new Uint8Array(0);
      }
      if (status === 'I') lock.release(me);
      else if (status !== null) {
        idleTimer = setTimeout(() => {
          void abandon(me);
          socket.destroy();
        }, IDLE_IN_TRANSACTION_MS);
      }
      return output;
    };

    fromNodeSocket(socket, {
      serverVersion: '16.4 (local Netlify Database, PGlite)',
      auth: { method: 'trust' },
      onAuthenticated() {
        sessions += 1;
      },
      async onMessage(data, { isAuthenticated }) {
        if (!isAuthenticated) return undefined;
        const type = data[0];
        if (type === MESSAGE.terminate) {
          await abandon(me);
          return undefined;
        }
        group.push(data.slice());
        if (type !== MESSAGE.sync && type !== MESSAGE.query && type !== MESSAGE.flush) return new Uint8Array(0);
        const messages = group;
        group = [];
        return runGroup(messages);
      },
    }).catch(() => {});
  };

  let server = net.createServer(handleConnection);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(options.port ?? 0);
  const closeServer = () => new Promise<void>((resolve) => server.close(() => resolve()));

  const list = (): DatabaseFaultRule[] => [...rules].map(([match, mode]) => ({ mode, match }));
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    pglite,
    sessions: () => sessions,
    busyMs: () => busy,
    exclusive,
    faults: {
      set(mode, match = '', times) {
        remaining.delete(match);
        if (mode === 'up') {
          const wasRefusing = rules.get('') === 'down';
          if (match) rules.delete(match);
          else {
            rules.clear();
            remaining.clear();
          }
          for (const socket of hung) socket.destroy();
          if (wasRefusing && rules.get('') !== 'down') {
            server = net.createServer(handleConnection);
            void listen(port);
          }
        } else {
          rules.set(match, mode);
          if (times !== undefined && match) remaining.set(match, Math.max(1, Math.floor(times)));
          if (mode === 'down' && match === '') {
            // Refused: nothing listens on the port, and open connections are cut.
            void closeServer();
            for (const socket of sockets) socket.destroy();
          }
        }
        return list();
      },
      rules: list,
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await closeServer();
      await pglite.close();
    },
    async release() {
      for (const socket of sockets) socket.destroy();
      for (const socket of hung) socket.destroy();
      await closeServer();
      await exclusive((db) => db.exec('ROLLBACK'));
      return pglite;
    },
  };
};

/**
 * Empties every table of the site's schema and restarts their identities, as freshly migrated
 * (tests between their cases, the benchmarks and the fuzzer between runs). The tables come from
 * the database's own catalogue, so a new migration's table is never missed.
 */
export const EMPTY_EVERY_TABLE = `DO $$ BEGIN
  EXECUTE (SELECT 'TRUNCATE ' || string_agg(format('%I.%I', schemaname, tablename), ', ') || ' RESTART IDENTITY'
    FROM pg_tables WHERE schemaname = 'public');
END $$`;

/**
 * A dump of a freshly migrated database: start each test file's database from it (cheaper than
 * migrating). PGlite's one session works in template1; the `postgres` and `template0` databases
 * that initdb made beside it are dropped, which halves the dump and the work of loading it (about
 * 0.6 s of CPU for each test file's database).
 */
export const migratedTemplate = async (): Promise<Blob> => {
  const pglite = await openPGlite({});
  await applyMigrations(pglite, MIGRATIONS_DIR);
  await pglite.exec(`DROP DATABASE postgres`);
  await pglite.exec(`UPDATE pg_database SET datistemplate = false WHERE datname = 'template0'`);
  await pglite.exec(`DROP DATABASE template0`);
  await pglite.exec(`CHECKPOINT`);
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  return dump;
};

/** Writes the template to a file (the tests' global setup), and reads it back. */
export const writeTemplate = async (file: string) => writeFile(file, Buffer.from(await (await migratedTemplate()).arrayBuffer()));
export const readTemplate = async (file: string) => new Blob([await readFile(file)]);

/** The URL of the database `npm start` serves now, or null when it is not running. */
export const servingUrl = async (): Promise<string | null> => {
  if (!existsSync(servingFile())) return null;
  try {
    const { url, pid } = JSON.parse(await readFile(servingFile(), 'utf8')) as { url: string; pid: number };
    process.kill(pid, 0);
    return url;
  } catch {
    return null;
  }
};

/** `npm start`: the project's database (projectDatabaseDir), migrated, and announced to the lead scripts. */
export const serveProjectDatabase = async (port?: number): Promise<LocalDatabase> => {
  // Two processes must never open one PGlite folder.
  const running = await servingUrl();
  if (running) throw new Error(`${projectDatabaseDir()} is already served at ${running} (another npm start): stop it first`);
  const database = await startLocalDatabase({ directory: projectDatabaseDir(), port });
  const file = servingFile();
  await writeFile(file, JSON.stringify({ url: database.url, pid: process.pid }));
  const close = database.close.bind(database);
  database.close = async () => {
    await rm(file, { force: true });
    await close();
  };
  return database;
};

/**
 * For the lead scripts: NETLIFY_DB_URL when it is set (another database: a test's, a deployed
 * site's); else the database `npm start` is serving; else the project's own folder opened here
 * (migrated) for as long as the script runs. Sets NETLIFY_DB_URL either way.
 */
export const openProjectDatabase = async (): Promise<{ url: string; close(): Promise<void> }> => {
  // A real database is production only when CONTEXT=production says so; the local one is `dev`.
  if (process.env.NETLIFY_DB_URL) return { url: process.env.NETLIFY_DB_URL, close: async () => {} };
  process.env.CONTEXT ??= 'dev';
  const running = await servingUrl();
  if (running) {
    process.env.NETLIFY_DB_URL = running;
    return { url: running, close: async () => {} };
  }
  const database = await serveProjectDatabase();
  process.env.NETLIFY_DB_URL = database.url;
  return database;
};

/**
 * Reads a served database from outside the site (the benchmarks, the fuzzer): rows of a query,
 * and leads as the pipeline reads them.
 */
export const readDatabase = (url: string) => {
  const pool = getDatabase({ connectionString: url }).pool as unknown as Pool;
  pool.on('error', () => {});
  const rows = async <R>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as R[];
  return {
    rows,
    /** The leads (and spam) with these ids, with their deliveries. */
    leads: async (ids: readonly string[]): Promise<LeadRecord[]> =>
      (await rows<LeadRow>(`SELECT l.*, ${DELIVERIES_JSON} FROM leads l WHERE l.id = ANY($1::uuid[])`, [[...ids]])).map(recordFromRow),
    close: () => pool.end(),
  };
};
