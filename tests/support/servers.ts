/** The local services a function test file needs: a real Blobs server and the EmailJS stand-in. */
import { afterAll, beforeAll } from 'vitest';
import { startLocalBlobs, type LocalBlobs } from './blobs.ts';
import { startStandIn } from './emailjs.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';

export interface LocalServers {
  blobs: LocalBlobs;
  standIn: EmailJsStandIn;
}

/** Starts both before the file's tests, hands them to `ready`, and stops them after. */
export const useLocalServers = (ready: (servers: LocalServers) => void) => {
  let servers: LocalServers | undefined;
  beforeAll(async () => {
    servers = { blobs: await startLocalBlobs(), standIn: await startStandIn() };
    ready(servers);
  });
  afterAll(async () => {
    await servers?.standIn.close();
    await servers?.blobs.stop();
  });
};
