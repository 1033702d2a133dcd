/**
 * The local services a function test file needs: a real Postgres (the local database, from the
 * migrated template), a real Blobs server (photos, the note of pending work) and the EmailJS stand-in.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startLocalBlobs, type LocalBlobs } from '../../harness/local-blobs.ts';
import { startTestDatabase, type TestDatabase } from './database.ts';
import { useEmailJsStandIn, type EmailJsStandIn } from '../../harness/emailjs-standin.ts';

export interface LocalServers {
  db: TestDatabase;
  blobs: LocalBlobs;
  standIn: EmailJsStandIn;
}

/** Starts them before the file's tests, hands them to `ready`, and stops them after. */
export const useLocalServers = (ready: (servers: LocalServers) => void) => {
  let servers: LocalServers | undefined;
  beforeAll(async () => {
    const [db, blobs, standIn] = await Promise.all([startTestDatabase(), startLocalBlobs(), useEmailJsStandIn()]);
    servers = { db, blobs, standIn };
    ready(servers);
  }, 60_000);
  afterAll(async () => {
    await servers?.standIn.close();
    await servers?.blobs.stop();
    await servers?.db.stop();
  });
};

/**
 * useLocalServers, and before each test: the file's database and Blobs store in use and empty,
 * and the stand-in's records empty and answering 200 at once.
 */
export const useFreshLocalServers = (ready: (servers: LocalServers) => void) => {
  let current: LocalServers | undefined;
  useLocalServers((servers) => {
    current = servers;
    ready(servers);
  });
  beforeEach(async () => {
    if (!current) return;
    current.db.use();
    current.blobs.use();
    await Promise.all([current.db.clear(), current.blobs.clear()]);
    current.standIn.requests.length = 0;
    current.standIn.received.length = 0;
    current.standIn.setBehaviour({ status: 200, delayMs: 0 });
  });
};
