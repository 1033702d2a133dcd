/**
 * What the push service and WhatsApp stand-ins share: an HTTP server on 127.0.0.1 (or `host`)
 * that closes with its open connections, and `waitFor(count)` over what they recorded.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on `port` (0 or none: a free one); the origin and how to close it. Rejects when the port is taken. */
export const listenStandIn = async (
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>,
  options: { port?: number; host?: string } = {},
) => {
  const server = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/**
 * Waiting for `count` records: `waitFor` resolves with them once `records()` has that many (at
 * once when it has), or rejects after `timeoutMs` with `missing(got, count)`; `wake()` after each new record.
 */
export const recordWaiters = <T>(records: () => T[], missing: (got: number, count: number) => string) => {
  const waiters: { count: number; resolve: () => void }[] = [];
  return {
    waitFor: (count: number, timeoutMs = 10_000) =>
      new Promise<T[]>((resolve, reject) => {
        if (records().length >= count) return resolve(records());
        const timer = setTimeout(() => reject(new Error(missing(records().length, count))), timeoutMs);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(records());
          },
        });
      }),
    wake: () => {
      for (const waiter of waiters.filter((one) => records().length >= one.count)) waiter.resolve();
    },
  };
};
