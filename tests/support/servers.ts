/** The local services a function test file needs: a real Blobs server and the EmailJS stand-in. */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startLocalBlobs, type LocalBlobs } from '../../harness/local-blobs.ts';
import { useEmailJsStandIn, type EmailJsStandIn } from '../../harness/emailjs-standin.ts';

export interface LocalServers {
  blobs: LocalBlobs;
  standIn: EmailJsStandIn;
}

/** Starts both before the file's tests, hands them to `ready`, and stops them after. */
export const useLocalServers = (ready: (servers: LocalServers) => void) => {
  let servers: LocalServers | undefined;
  beforeAll(async () => {
    servers = { blobs: await startLocalBlobs(), standIn: await useEmailJsStandIn() };
    ready(servers);
  });
  afterAll(async () => {
    await servers?.standIn.close();
    await servers?.blobs.stop();
  });
};

/**
 * useLocalServers, and before each test: the file's Blobs store in use and empty, and the
 * stand-in's records empty and answering 200 at once.
 */
export const useFreshLocalServers = (ready: (servers: LocalServers) => void) => {
  let current: LocalServers | undefined;
  useLocalServers((servers) => {
    current = servers;
    ready(servers);
  });
  beforeEach(async () => {
    if (!current) return;
    current.blobs.use();
    await current.blobs.clear();
    current.standIn.requests.length = 0;
    current.standIn.received.length = 0;
    current.standIn.setBehaviour({ status: 200, delayMs: 0 });
  });
};
