/**
 * The inbox's service worker, served at /leads-sw.js and registered by /leads only, with scope
 * /leads (register.ts): the visitors' pages never load or register it.
 *
 * - Offline: it keeps /leads and the files it loads (their list is built in at build time,
 *   integrations/inbox-worker.ts) and answers them from its cache when the network is gone; the
 *   inbox shows the last list it loaded (kept by the island) and says it is offline. The API
 *   (/api/…) is never cached here.
 * - Push: a push alert (src/server/outbound/push.ts) is shown as a notification: the kind, the
 *   city and when to call back, nothing personal. A tap opens the lead, /leads#lead=<id>, in the
 *   inbox that is open, or a new one.
 */
import type { PushPayload } from '../../../lib/team-api/wire.ts';

/** Filled in at build time: the files /leads loads, and a version that changes with them. */
declare const __INBOX_PRECACHE__: string[];
declare const __INBOX_VERSION__: string;

/** The parts of the service worker's global scope this worker uses (the DOM's types have no ServiceWorkerGlobalScope). */
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response> | Response): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown; text(): string } | null;
}
interface WindowClient {
  url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
  postMessage(message: unknown): void;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification & { data: { url?: string } | null; close(): void };
}
interface WorkerScope {
  location: Location;
  registration: { showNotification(title: string, options: NotificationOptions & { data?: unknown }): Promise<void>; scope: string };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}
const worker = self as unknown as WorkerScope;

const CACHE = `inbox-${__INBOX_VERSION__}`;
const PAGE = '/leads';

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([PAGE, ...__INBOX_PRECACHE__]))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      // No clients.claim(): a page loaded before the worker stays as it is; its next load is the worker's.
      .then((names) => Promise.all(names.filter((name) => name.startsWith('inbox-') && name !== CACHE).map((name) => caches.delete(name)))),
  );
});

/** The page from the network (kept for next time), else as it was kept. */
const pageFirstFromNetwork = async (request: Request): Promise<Response> => {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(PAGE, response.clone());
    return response;
  } catch {
    return (await cache.match(PAGE)) ?? Response.error();
  }
};

/** A built file (its name carries its hash): as kept, else from the network, kept. */
const fileFromCache = async (request: Request): Promise<Response> => {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
};

worker.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== worker.location.origin) return;
  if (event.request.mode === 'navigate' && url.pathname === PAGE) event.respondWith(pageFirstFromNetwork(event.request));
  else if (url.pathname.startsWith('/_astro/') || url.pathname.startsWith('/fonts/')) event.respondWith(fileFromCache(event.request));
});

/** A push's payload, or a plain one when it cannot be read. */
const payloadOf = (event: PushEvent): PushPayload => {
  try {
    const data = event.data?.json() as Partial<PushPayload> | undefined;
    if (data && typeof data.title === 'string' && typeof data.url === 'string')
      return { title: data.title, body: String(data.body ?? ''), url: data.url, tag: String(data.tag ?? data.url) };
  } catch {
    // Not JSON: shown as a plain alert below.
  }
  return { title: 'New in the team inbox', body: event.data?.text() ?? '', url: PAGE, tag: 'inbox' };
};

worker.addEventListener('push', (event) => {
  const payload = payloadOf(event);
  event.waitUntil(
    worker.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: '/favicon.svg',
      data: { url: payload.url },
    }),
  );
});

/** The inbox's own addresses only: /leads and what follows it. */
const inboxUrl = (url: unknown) => (typeof url === 'string' && url.startsWith(`${PAGE}#`) ? url : PAGE);

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(inboxUrl((event.notification.data as { url?: unknown } | null)?.url), worker.location.origin).toString();
  event.waitUntil(
    worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (open) => {
      const inbox = open.find((client) => new URL(client.url).pathname === PAGE);
      if (!inbox) return void (await worker.clients.openWindow(url));
      // The open inbox follows its address's #lead=<id> (register.ts, followTappedAlerts), then comes
      // to the front (which a browser may refuse: the lead is open all the same).
      inbox.postMessage({ open: url });
      await inbox.focus().catch(() => undefined);
    }),
  );
});
