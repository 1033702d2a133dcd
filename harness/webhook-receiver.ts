/**
 * A local webhook receiver for the tests: it records every delivery (headers and raw body) and
 * answers as told: a status (200 by default, 500 to fail), a redirect (`redirectTo`), or never
 * (`hang`), to exercise the pipeline's retries, its timeout and its refusal to follow redirects.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WebhookDelivery {
  headers: http.IncomingHttpHeaders;
  /** The query string's parameters. */
  query: Record<string, string>;
  /** The body as sent, byte for byte (what the signature covers). */
  body: string;
}

export interface ReceiverBehaviour {
  status?: number;
  /** Never answer (until the receiver closes). */
  hang?: boolean;
  /** Answer 302 with this Location ('' for none). */
  redirectTo?: string;
}

export interface WebhookReceiver {
  url: string;
  /** Every request that reached it, answered or not, oldest first. */
  deliveries: WebhookDelivery[];
  setBehaviour(next: ReceiverBehaviour): void;
  close(): Promise<void>;
}

export const startWebhookReceiver = async (initial: ReceiverBehaviour = {}): Promise<WebhookReceiver> => {
  let behaviour: Required<ReceiverBehaviour> = { status: 200, hang: false, redirectTo: '', ...initial };
  const deliveries: WebhookDelivery[] = [];
  const server = http.createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const query = Object.fromEntries(new URL(req.url ?? '/', 'http://localhost').searchParams);
      deliveries.push({ headers: req.headers, query, body: Buffer.concat(chunks).toString('utf8') });
      if (behaviour.hang) return; // the caller's timeout ends it
      if (behaviour.redirectTo) {
        res.writeHead(302, { location: behaviour.redirectTo }).end();
        return;
      }
      res.writeHead(behaviour.status, { 'content-type': 'text/plain' });
      res.end(behaviour.status < 300 ? 'ok' : 'failure');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    deliveries,
    setBehaviour(next) {
      behaviour = { ...behaviour, ...next };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
