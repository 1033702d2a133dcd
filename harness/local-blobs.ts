/**
 * A real local Netlify Blobs server on a temp directory, and the environment context that points
 * the pipeline's `getStore()` calls at it (the same NETLIFY_BLOBS_CONTEXT mechanism Netlify uses
 * in production). The function tests and the fuzzer's in-process target store here.
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
  leads(): Store;
  photos(): Store;
  /** Every key of a store, sorted. */
  keys(store: Store, prefix?: string): Promise<string[]>;
  /** Every record under a prefix of the leads store (loosely typed: a test's assertion reads each field). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- stored records of every shape
  records(prefix: string): Promise<Record<string, any>[]>;
  /** Deletes everything in both stores. */
  clear(): Promise<void>;
  stop(): Promise<void>;
}

export const startLocalBlobs = async ({ siteID = 'test-site' } = {}): Promise<LocalBlobs> => {
  const directory = await mkdtemp(path.join(tmpdir(), 'aranya-blobs-'));
  const token = 'local-test-token';
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  const use = () => setEnvironmentContext({ edgeURL: url, uncachedEdgeURL: url, siteID, token });
  use();
  const leads = () => getStore({ name: 'leads', consistency: 'strong' });
  const photos = () => getStore({ name: 'lead-photos', consistency: 'strong' });
  const keys = async (store: Store, prefix = '') => (await store.list({ prefix })).blobs.map((b) => b.key).sort();
  return {
    url,
    directory,
    use,
    leads,
    photos,
    keys,
    async records(prefix) {
      const store = leads();
      return Promise.all((await keys(store, prefix)).map((key) => store.get(key, { type: 'json' })));
    },
    async clear() {
      await leads().deleteAll();
      await photos().deleteAll();
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

/** Points the pipeline at a Blobs endpoint where nothing answers. */
export const useUnreachableBlobs = async () => {
  const url = `http://127.0.0.1:${await closedPort()}`;
  setEnvironmentContext({ edgeURL: url, uncachedEdgeURL: url, siteID: 'test-site', token: 'x' });
};
