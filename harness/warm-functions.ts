/**
 * Serves the Netlify Functions of netlify/functions in this process, each module loaded once and
 * kept warm, as Netlify keeps function instances warm in production. @netlify/dev instead bundles
 * the function and starts a fresh worker on every call (about 2 s of CPU each here), which makes
 * the local site unusable under load; it stays available with NETLIFY_DEV_FUNCTIONS=1.
 *
 * Routing: each function's `config.path`: exact paths, and `:name` segments as Netlify matches
 * them (`/api/leads/:id`). A function without a path (a scheduled one) answers on
 * `/.netlify/functions/<name>`, as under `netlify dev`. The Blobs context is
 * the one @netlify/dev's runtime sets on this process, so functions use the same local store.
 * Not emulated: `config.rateLimit` (@netlify/dev does not enforce it either).
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IncomingMessage } from 'node:http';

type Handler = (request: Request, context: Record<string, unknown>) => Response | Promise<Response>;

/** Routes by exact path first, then by the patterns with `:name` segments. */
export class FunctionRoutes extends Map<string, Handler> {
  #patterns: [RegExp, Handler][] = [];

  override set(route: string, handler: Handler): this {
    if (route.includes('/:') || route.endsWith('/*')) {
      // `:name` is one segment, a last `*` the rest of the path (as Netlify's path config reads them).
      const source = route
        .split('/')
        .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/');
      this.#patterns.push([new RegExp(`^${source}/?$`), handler]);
    }
    return super.set(route, handler);
  }

  override get(pathname: string): Handler | undefined {
    return super.get(pathname) ?? this.#patterns.find(([pattern]) => pattern.test(pathname))?.[1];
  }
}

export async function loadFunctions(directory: string): Promise<FunctionRoutes> {
  const routes = new FunctionRoutes();
  for (const file of (await readdir(directory)).sort()) {
    if (!/\.(mts|ts|mjs|js)$/.test(file)) continue;
    const mod = (await import(pathToFileURL(path.join(directory, file)).href)) as {
      config?: { path?: string | string[] };
      default: Handler;
    };
    for (const route of [mod.config?.path ?? `/.netlify/functions/${path.parse(file).name}`].flat()) {
      routes.set(route, mod.default);
    }
  }
  return routes;
}

const draining = new WeakSet<IncomingMessage>();

/**
 * The request body as a web stream. Unlike Readable.toWeb, cancelling it (a function that stops
 * reading a body over its limit) does not destroy the connection: the rest is read and dropped,
 * so the function's answer (413) still reaches the client.
 */
const bodyOf = (req: IncomingMessage) =>
  new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on('data', (chunk: Buffer) => {
          if (draining.has(req)) return;
          controller.enqueue(new Uint8Array(chunk));
          if ((controller.desiredSize ?? 1) <= 0) req.pause();
        });
        req.on('end', () => !draining.has(req) && controller.close());
        req.on('error', (error) => !draining.has(req) && controller.error(error));
        req.pause();
      },
      pull() {
        req.resume();
      },
      cancel() {
        void drainRequest(req);
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );

/**
 * Reads and drops what is left of a request body (at most `ms` long), so that an answer given
 * before the whole body was read is not lost: closing a connection with unread data resets it.
 * Netlify reads the whole request before the function runs, so there it cannot happen.
 */
export const drainRequest = (req: IncomingMessage, ms = 10_000): Promise<void> =>
  new Promise((resolve) => {
    if (req.complete || req.destroyed) return resolve();
    draining.add(req);
    const timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    req.once('end', done);
    req.once('close', done);
    req.once('error', done);
    req.resume();
  });

/** A web Request for a Node request; the body streams, so the function's own size limits apply. */
export function toWebRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const v of [value ?? []].flat()) headers.append(name, v);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    body: hasBody ? bodyOf(req) : undefined,
    // @ts-expect-error Node's fetch needs `duplex` for a streamed body; the DOM types lack it.
    duplex: hasBody ? 'half' : undefined,
  });
}

/**
 * The minimal Netlify context our functions may read. `ip` is the client's address, or the
 * `x-nf-client-connection-ip` header Netlify sets when a local tool sends it (the fuzzer plays many clients).
 */
export const contextFor = (req: IncomingMessage) => ({
  ip: [req.headers['x-nf-client-connection-ip'] ?? []].flat()[0] || (req.socket.remoteAddress ?? ''),
  // The process lives on after the answer, as a Netlify function does until this work settles.
  waitUntil: (work: Promise<unknown>) => void work.catch(() => {}),
  requestId: crypto.randomUUID(),
  site: { id: '0', name: 'local', url: '' },
});
