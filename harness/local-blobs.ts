/**
 * A real local Netlify Blobs server on a temp directory (photos, the note of pending deliveries),
 * and the environment context that points the pipeline's `getStore()` calls at it (the same
 * NETLIFY_BLOBS_CONTEXT mechanism Netlify uses in production). The function tests and the
 * fuzzer's in-process target store here.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getStore, setEnvironmentContext, type Store } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';

export interface LocalBlobs {
  url: string;
  /** The directory the server keeps its files in. */
  directory: string;
  /** Points the pipeline at this server again (after a test pointed it elsewhere). */
  use(): void;
  /** The store of photos, and the one that keeps the note of pending deliveries and the challenge secret. */
  photos(): Store;
  /** Where a plain form's photos wait for its confirmation. */
  stagedPhotos(): Store;
  outbound(): Store;
  /** Every key of a store, sorted. */
  keys(store: Store, prefix?: string): Promise<string[]>;
  /** Deletes everything in the stores. */
  clear(): Promise<void>;
  stop(): Promise<void>;
}

export const startLocalBlobs = async ({ siteID = 'test-site' } = {}): Promise<LocalBlobs> => {
  const directory = await mkdtemp(path.join(tmpdir(), 'aranya-blobs-'));
  const token = 'local-test-token';
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  const use = () =>
    setEnvironmentContext({ edgeURL: url, uncachedEdgeURL: url, siteID, token, deployID: 'testdeploy0', primaryRegion: 'us-east-2' });
  use();
  const photos = () => getStore({ name: 'lead-photos', consistency: 'strong' });
  const stagedPhotos = () => getStore({ name: 'lead-photos-staged', consistency: 'strong' });
  const outbound = () => getStore({ name: 'outbound', consistency: 'strong' });
  const keys = async (store: Store, prefix = '') => (await store.list({ prefix })).blobs.map((b) => b.key).sort();
  return {
    url,
    directory,
    use,
    photos,
    stagedPhotos,
    outbound,
    keys,
    async clear() {
      await photos().deleteAll();
      await stagedPhotos().deleteAll();
      await outbound().deleteAll();
      await getStore({ name: 'leads', consistency: 'strong' }).deleteAll();
    },
    async stop() {
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
};

/** A localhost port with nothing listening on it. */
export const closedPort = async (): Promise<number> => {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};
