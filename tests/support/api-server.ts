/**
 * The real enquiry functions behind a local HTTP server, for tests that run a form in jsdom:
 * the form's XMLHttpRequest reaches the real handlers, which store in a real local Blobs server.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { toWebRequest } from '../../harness/warm-functions.ts';
import { handlers } from './enquiry-requests.ts';

export interface ApiServer {
  origin: string;
  /** Every request that reached the server: method and path. */
  hits: string[];
  close(): Promise<void>;
}

export const startApiServer = async (port = 0): Promise<ApiServer> => {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      hits.push(`${req.method} ${url.pathname}`);
      const kind = url.pathname.replace(/^\/api\//, '') as keyof typeof handlers;
      const handler = handlers[kind];
      if (!handler) {
        res.writeHead(404).end();
        return;
      }
      const response = await handler(toWebRequest(req, `http://${req.headers.host}`));
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: listening } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${listening}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
