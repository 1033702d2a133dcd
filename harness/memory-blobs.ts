/**
 * An in-memory Netlify Blobs store for benchmarks: it answers the HTTP API that the real
 * @netlify/blobs client speaks (edge mode), so the pipeline runs unchanged, through its own
 * `getStore()` calls, against a store that costs next to nothing.
 *
 * - Strong consistency: one Map, read and written synchronously, so a write is visible to the
 *   next read and a conditional write checks and writes in one step (no await in between).
 * - `onlyIfNew` (If-None-Match: *) and `onlyIfMatch` (If-Match: <etag>) answer 412 when they fail.
 * - Every write gets a new etag; GET, HEAD and list return it. Metadata round-trips.
 * - `list` pages (next_cursor) and groups `directories` as @netlify/blobs' BlobsServer does.
 *
 * It is reached without a socket: `install()` routes `fetch` calls for its origin to it (the
 * Blobs client reads `globalThis.fetch` when a store is opened) and points the Blobs
 * environment context at that origin, as Netlify points it at its own edge. Everything else
 * goes to the real fetch. `tests/functions/memory-blobs.test.ts` runs the same operations
 * against it and against BlobsServer.
 */
import { setEnvironmentContext } from '@netlify/blobs';

interface Entry {
  data: Uint8Array;
  etag: string;
  metadata: string | null;
  lastModified: string;
}

/** Header the Blobs client sends and reads metadata in (edge mode). */
const METADATA_HEADER = 'x-amz-meta-user';
const ORIGIN = 'http://memory-blobs.invalid';

export interface MemoryBlobsOptions {
  /** Blobs per list page (Netlify pages listings too). */
  pageSize?: number;
  token?: string;
  siteID?: string;
}

export class MemoryBlobs {
  readonly origin = ORIGIN;
  readonly token: string;
  readonly siteID: string;
  readonly pageSize: number;
  /** Store name (as the client sends it, e.g. `site:leads`) → key → entry. */
  readonly stores = new Map<string, Map<string, Entry>>();
  /** Requests answered, by operation. */
  readonly counts = { get: 0, head: 0, put: 0, delete: 0, list: 0 };
  #writes = 0;

  constructor({ pageSize = 1000, token = 'memory-token', siteID = 'memory-site' }: MemoryBlobsOptions = {}) {
    this.pageSize = pageSize;
    this.token = token;
    this.siteID = siteID;
  }

  /** The Blobs environment context pointing at this store. */
  context() {
    return { edgeURL: ORIGIN, uncachedEdgeURL: ORIGIN, siteID: this.siteID, token: this.token };
  }

  /** Keys of a store (`leads`, or the client's `site:leads`), sorted. */
  keys(store: string): string[] {
    return [...(this.stores.get(store) ?? this.stores.get(`site:${store}`) ?? new Map<string, unknown>()).keys()].sort();
  }

  /** Parsed JSON of one entry, or null. */
  json(store: string, key: string): unknown {
    const entry = (this.stores.get(store) ?? this.stores.get(`site:${store}`))?.get(key);
    return entry ? JSON.parse(new TextDecoder().decode(entry.data)) : null;
  }

  clear() {
    this.stores.clear();
  }

  /**
   * Routes fetch calls for this store's origin here and points getStore() at it. Returns a
   * function that puts the previous fetch back. `onFetch` is told how long each fetch took, to
   * this store or elsewhere (the EmailJS stand-in), and the process's CPU time meanwhile, so a
   * benchmark can subtract the waits (the CPU time is one request's only when one runs at a time).
   */
  install(options: { onFetch?: (url: string, ms: number, cpuMs: number) => void } = {}): () => void {
    const realFetch = globalThis.fetch;
    const { onFetch } = options;
    const routed: typeof fetch = async (input, init) => {
      const cpu = process.cpuUsage();
      const started = performance.now();
      const request = new Request(input, init);
      try {
        if (!request.url.startsWith(`${ORIGIN}/`)) return await realFetch(request);
        request.signal.throwIfAborted(); // as fetch does: an aborted call never reaches the store
        return await this.handle(request);
      } finally {
        const used = process.cpuUsage(cpu);
        onFetch?.(request.url, performance.now() - started, (used.user + used.system) / 1000);
      }
    };
    globalThis.fetch = routed;
    setEnvironmentContext(this.context());
    return () => {
      globalThis.fetch = realFetch;
    };
  }

  /** Answers one request of the Blobs HTTP API. */
  async handle(request: Request): Promise<Response> {
    if (request.headers.get('authorization') !== `Bearer ${this.token}`) return new Response(null, { status: 403 });
    const url = new URL(request.url);
    let segments = url.pathname.split('/').slice(1).map(decodeURIComponent);
    if (segments[0]?.startsWith('region:')) segments = segments.slice(1);
    const [siteID, storeName, ...keyParts] = segments;
    if (siteID !== this.siteID || !storeName) return new Response(null, { status: 400 });
    const key = keyParts.join('/');
    const store = this.stores.get(storeName) ?? new Map<string, Entry>(); // read-only until a PUT registers it
    switch (request.method) {
      case 'GET':
        return key ? this.#get(store, key, request) : this.#list(store, url.searchParams);
      case 'HEAD':
        return this.#head(store, key);
      case 'PUT': {
        if (!key) return new Response(null, { status: 400 });
        const body = new Uint8Array(await request.arrayBuffer());
        // Check and write with no await in between: conditional writes are atomic.
        const target = this.stores.get(storeName) ?? this.stores.set(storeName, new Map()).get(storeName)!;
        const current = target.get(key);
        const ifMatch = request.headers.get('if-match');
        if (request.headers.get('if-none-match') === '*' && current) return new Response(null, { status: 412 });
        if (ifMatch && (!current || current.etag !== ifMatch)) return new Response(null, { status: 412 });
        this.counts.put += 1;
        this.#writes += 1;
        const etag = `"m${this.#writes.toString(36)}"`;
        target.set(key, { data: body, etag, metadata: request.headers.get(METADATA_HEADER), lastModified: new Date().toISOString() });
        return new Response(null, { status: 200, headers: { etag } });
      }
      case 'DELETE': {
        this.counts.delete += 1;
        if (key) {
          store.delete(key);
          return new Response(null, { status: 204 });
        }
        const deleted = store.size;
        this.stores.delete(storeName);
        return Response.json({ blobs_deleted: deleted, has_more: false });
      }
      default:
        return new Response(null, { status: 405 });
    }
  }

  #headers(entry: Entry): Record<string, string> {
    return { etag: entry.etag, ...(entry.metadata ? { [METADATA_HEADER]: entry.metadata } : {}) };
  }

  #get(store: Map<string, Entry>, key: string, request: Request): Response {
    this.counts.get += 1;
    const entry = store.get(key);
    if (!entry) return new Response(null, { status: 404 });
    if (request.headers.get('if-none-match') === entry.etag) return new Response(null, { status: 304, headers: this.#headers(entry) });
    return new Response(entry.data.slice(), { status: 200, headers: this.#headers(entry) });
  }

  #head(store: Map<string, Entry>, key: string): Response {
    this.counts.head += 1;
    const entry = key ? store.get(key) : undefined;
    return entry ? new Response(null, { status: 200, headers: this.#headers(entry) }) : new Response(null, { status: 404 });
  }

  /** A page of keys after the cursor; with `directories`, keys below a further `/` as one folder each. */
  #list(store: Map<string, Entry>, params: URLSearchParams): Response {
    this.counts.list += 1;
    const prefix = params.get('prefix') ?? '';
    const directories = params.get('directories') === 'true';
    const after = params.get('cursor') ? Buffer.from(params.get('cursor') as string, 'base64url').toString('utf8') : '';
    const items: { name: string; entry?: Entry }[] = [];
    const folders = new Set<string>();
    for (const [key, entry] of store) {
      if (!key.startsWith(prefix)) continue;
      const slash = directories ? key.indexOf('/', prefix.length) : -1;
      if (slash === -1) items.push({ name: key, entry });
      else if (!folders.has(key.slice(0, slash))) {
        folders.add(key.slice(0, slash));
        items.push({ name: key.slice(0, slash) });
      }
    }
    const sorted = items.filter(({ name }) => name > after).sort((a, b) => (a.name < b.name ? -1 : 1));
    const page = sorted.slice(0, this.pageSize);
    const more = sorted.length > page.length;
    return Response.json({
      blobs: page
        .filter((item) => item.entry)
        .map(({ name, entry }) => ({ key: name, etag: entry!.etag, last_modified: entry!.lastModified, size: entry!.data.byteLength })),
      directories: page.filter((item) => !item.entry).map(({ name }) => name),
      ...(more ? { next_cursor: Buffer.from(page.at(-1)!.name, 'utf8').toString('base64url') } : {}),
    });
  }
}
