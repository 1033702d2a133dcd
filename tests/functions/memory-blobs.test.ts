/**
 * The benchmark's in-memory store (harness/memory-blobs.ts) behaves like Netlify Blobs for
 * everything the pipeline uses: the same operations, through the real @netlify/blobs client, run
 * against it and against @netlify/blobs' own local server (BlobsServer) with the same results.
 */
import { getStore, setEnvironmentContext } from '@netlify/blobs';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startLocalBlobs, type LocalBlobs } from '../../harness/local-blobs.ts';
import { MemoryBlobs } from '../../harness/memory-blobs.ts';

interface Backend {
  name: string;
  start(): Promise<void>;
  use(): void;
  stop(): Promise<void>;
}

let local: LocalBlobs;
const memory = new MemoryBlobs({ pageSize: 3 });
let uninstall = () => {};

const backends: Backend[] = [
  {
    name: 'BlobsServer',
    start: async () => {
      local = await startLocalBlobs();
    },
    use: () => local.use(),
    stop: async () => local.stop(),
  },
  {
    name: 'MemoryBlobs',
    start: () => {
      uninstall = memory.install();
      return Promise.resolve();
    },
    use: () => setEnvironmentContext(memory.context()),
    stop: () => Promise.resolve(uninstall()),
  },
];

const store = () => getStore({ name: 'contract', consistency: 'strong' });

describe.each(backends)('$name', (backend) => {
  beforeAll(() => backend.start());
  afterAll(() => backend.stop());
  beforeEach(async () => {
    backend.use();
    await store().deleteAll();
  });

  test('set, get, setJSON, delete; a missing key reads null', async () => {
    await store().set('a/text', 'hello');
    await store().setJSON('a/json', { n: 1, name: 'பிரியா' });
    expect(await store().get('a/text')).toBe('hello');
    expect(await store().get('a/json', { type: 'json' })).toEqual({ n: 1, name: 'பிரியா' });
    expect(await store().get('a/missing')).toBeNull();
    await store().delete('a/text');
    expect(await store().get('a/text')).toBeNull();
    await store().delete('a/never-there');
  });

  test('binary data and metadata round-trip', async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0, 1, 2]);
    await store().set('p/1.jpg', bytes.buffer, { metadata: { contentType: 'image/jpeg', size: 6 } });
    expect(new Uint8Array(await store().get('p/1.jpg', { type: 'arrayBuffer' }))).toEqual(bytes);
    expect((await store().getMetadata('p/1.jpg'))?.metadata).toEqual({ contentType: 'image/jpeg', size: 6 });
    expect((await store().getWithMetadata('p/1.jpg', { type: 'arrayBuffer' }))?.metadata).toEqual({ contentType: 'image/jpeg', size: 6 });
  });

  test('onlyIfNew writes only the first time', async () => {
    expect((await store().setJSON('ids/x', { first: true }, { onlyIfNew: true })).modified).toBe(true);
    expect((await store().setJSON('ids/x', { first: false }, { onlyIfNew: true })).modified).toBe(false);
    expect(await store().get('ids/x', { type: 'json' })).toEqual({ first: true });
  });

  test('onlyIfMatch writes only over the listed etag', async () => {
    await store().setJSON('ids/y', { v: 1 });
    const etag = (await store().list({ prefix: 'ids/y' })).blobs.find((b) => b.key === 'ids/y')?.etag as string;
    expect(etag).toBeTruthy();
    expect((await store().setJSON('ids/y', { v: 2 }, { onlyIfMatch: '"not-the-etag"' })).modified).toBe(false);
    expect((await store().setJSON('ids/y', { v: 2 }, { onlyIfMatch: etag })).modified).toBe(true);
    expect(await store().get('ids/y', { type: 'json' })).toEqual({ v: 2 });
    expect((await store().setJSON('ids/none', { v: 1 }, { onlyIfMatch: etag })).modified).toBe(false);
    expect(await store().get('ids/none')).toBeNull();
  });

  test('list by prefix, paginated or not, and folders with directories', async () => {
    const keys = ['finance/2026-10/a', 'finance/2026-11/b', 'finance/2026-11/c', 'finance/2026-11/d', 'bankloan/2026-11/e', 'ids/a'];
    for (const key of keys) await store().set(key, 'x');
    expect((await store().list({ prefix: 'finance/' })).blobs.map((b) => b.key).sort()).toEqual(keys.slice(0, 4));
    const paged: string[] = [];
    for await (const page of store().list({ prefix: 'finance/', paginate: true })) paged.push(...page.blobs.map((b) => b.key));
    expect(paged.sort()).toEqual(keys.slice(0, 4));
    const folders = await store().list({ prefix: 'finance/', directories: true });
    expect(folders.directories.sort()).toEqual(['finance/2026-10', 'finance/2026-11']);
    expect(folders.blobs).toEqual([]);
    expect((await store().list()).blobs).toHaveLength(keys.length);
  });

  test('deleteAll empties the store', async () => {
    await store().set('k/1', 'x');
    await store().set('k/2', 'x');
    expect((await store().deleteAll()).deletedBlobs).toBe(2);
    expect((await store().list()).blobs).toEqual([]);
  });
});

describe('MemoryBlobs only', () => {
  beforeAll(() => {
    uninstall = memory.install();
  });
  afterAll(() => uninstall());

  test('simultaneous onlyIfNew writes of one key: exactly one wins (the check and the write are one step)', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, (_, n) => store().setJSON('ids/race', { n }, { onlyIfNew: true })));
    expect(results.filter((r) => r.modified)).toHaveLength(1);
  });

  test('simultaneous onlyIfMatch writes over one etag: exactly one wins; every write gets a new etag', async () => {
    const first = await store().setJSON('ids/match', { v: 0 });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, n) => store().setJSON('ids/match', { v: n }, { onlyIfMatch: first.etag as string })),
    );
    const winners = results.filter((r) => r.modified);
    expect(winners).toHaveLength(1);
    expect(winners[0].etag).not.toBe(first.etag);
    const { etag } = (await store().getWithMetadata('ids/match')) ?? {};
    expect(etag).toBe(winners[0].etag);
  });

  test('a wrong token is refused, as Netlify refuses it', async () => {
    setEnvironmentContext({ ...memory.context(), token: 'wrong' });
    await expect(store().get('anything')).rejects.toThrow(/403/);
    setEnvironmentContext(memory.context());
  });

  test('other fetches pass through, and install() reports how long each took', async () => {
    uninstall();
    const seen: string[] = [];
    uninstall = memory.install({ onFetch: (url) => seen.push(url) });
    await store().set('t', 'x');
    await fetch('data:text/plain,hi').then((r) => r.text());
    expect(seen).toEqual([expect.stringContaining('memory-blobs.invalid'), 'data:text/plain,hi']);
  });
});
