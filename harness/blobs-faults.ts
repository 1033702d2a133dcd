/**
 * A fault switch for the local Blobs store, for `npm start` only (e2e tests and benchmarks make
 * the store fail for a while; production code paths stay as they are).
 *
 * A small HTTP proxy sits between the functions and @netlify/dev's local Blobs server: serve.ts
 * points the functions' Blobs context (NETLIFY_BLOBS_CONTEXT) at it. While a rule matches a
 * request, the proxy answers 500 ('down') or never answers ('hang'); otherwise it forwards.
 *
 * A rule may be scoped with `match`: a text the Blobs request path must contain once decoded,
 * e.g. a submissionId (only that enquiry fails) or `finance/` (every finance lead fails to be
 * written). Without `match` the whole store is affected, which breaks every test running at the
 * same time: scope rules in parallel test runs.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FaultMode = 'down' | 'hang';
export type Switch = 'up' | FaultMode;

export interface FaultRule {
  store: FaultMode;
  /** Empty: every request. */
  match: string;
}

export interface BlobsFaultProxy {
  origin: string;
  /** 'down'/'hang' adds (or replaces) the rule for `match`; 'up' removes it, or every rule without `match`. */
  set(store: Switch, match?: string): FaultRule[];
  rules(): FaultRule[];
  close(): Promise<void>;
}

const decodedPath = (url: string) => {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
};

export const startBlobsFaultProxy = async (target: string): Promise<BlobsFaultProxy> => {
  const targetUrl = new URL(target);
  const rules = new Map<string, FaultMode>();
  const hung = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    const path = decodedPath(req.url ?? '/');
    const mode = [...rules].find(([match]) => path.includes(match))?.[1];
    if (mode === 'down') {
      req.resume();
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Local fault switch: the store is down.');
      return;
    }
    if (mode === 'hang') {
      req.resume();
      hung.add(res);
      res.on('close', () => hung.delete(res));
      return;
    }
    const upstream = http.request(
      new URL(req.url ?? '/', targetUrl),
      { method: req.method, headers: { ...req.headers, host: targetUrl.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const list = (): FaultRule[] => [...rules].map(([match, store]) => ({ store, match }));

  return {
    origin: `http://127.0.0.1:${port}`,
    set(store, match = '') {
      if (store === 'up') {
        if (match) rules.delete(match);
        else rules.clear();
        // Requests held by a lifted 'hang' fail now (the Blobs client retries them).
        for (const res of hung) if (!match || decodedPath(res.req.url ?? '').includes(match)) res.destroy();
      } else {
        rules.set(match, store);
      }
      return list();
    },
    rules: list,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
