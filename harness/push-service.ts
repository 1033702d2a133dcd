/**
 * A local stand-in of a Web Push service (what Chrome's, Firefox's or Apple's push service is to
 * a browser), for `npm start`, the tests and the benchmarks. It makes devices as a browser does
 * (an ECDH P-256 key pair and an auth secret, and an endpoint on this server), records every push
 * sent to them, checks its VAPID signature, and decrypts its aes128gcm body with the device's own
 * keys, as the browser would. It answers as told: 201 by default, or a status (404 and 410 for a
 * subscription the service has forgotten, 500 to fail), for every device or one.
 *
 * - POST /push/<device>: a push (the endpoint of a device's subscription).
 * - POST /devices: a new device; answers its subscription JSON (what PushSubscription.toJSON() gives).
 * - GET /received: what it got, decrypted.
 * Under `npm start` (harness/serve.ts) it listens on PUSH_STANDIN_PORT (8897) and writes each
 * push it got as a JSON file in outbox/push/, and its devices' keys in outbox/push-devices.json,
 * so a restart can still read their pushes.
 */
import http from 'node:http';
import { createECDH, createPublicKey, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { listenStandIn, recordWaiters } from './standin-server.ts';
import ece from 'http_ece';

export interface StandInSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  /** The device it was sent to. */
  device: string;
  at: string;
  /** What the stand-in answered. */
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The VAPID token's claims, and whether its signature held with the key it named. */
  vapid: { aud?: string; sub?: string; exp?: number; publicKey?: string; valid: boolean };
  /** The body, decrypted with the device's keys and read as JSON (null when it could not be). */
  payload: unknown;
  /** Why it could not be decrypted, if so. */
  error?: string;
}

export interface PushBehaviour {
  /** What to answer (201 by default). */
  status?: number;
  /** Only for this device (the others answer 201). */
  device?: string;
}

export interface PushServiceStandIn {
  origin: string;
  /** A new device, as a browser's subscription; its keys stay here to decrypt what it gets. */
  subscribe(): StandInSubscription;
  /** The device an endpoint names. */
  deviceOf(endpoint: string): string;
  received: ReceivedPush[];
  /** Resolves when `count` pushes have come in (or at once when they have). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  setBehaviour(next: PushBehaviour): void;
  close(): Promise<void>;
}

interface Device {
  ecdh: ECDH;
  auth: Buffer;
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');

/** The claims of a VAPID Authorization header (`vapid t=<jwt>, k=<key>`), and whether the token's ES256 signature holds. */
export const readVapid = (authorization: string | undefined): ReceivedPush['vapid'] => {
  const t = /t=([^,\s]+)/.exec(authorization ?? '')?.[1];
  const k = /k=([^,\s]+)/.exec(authorization ?? '')?.[1];
  if (!t || !k) return { valid: false };
  const [head, body, signature] = t.split('.');
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { aud?: string; sub?: string; exp?: number };
    const point = Buffer.from(k, 'base64url');
    const key = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
      format: 'jwk',
    });
    const valid = verify('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
    return { ...claims, publicKey: k, valid };
  } catch {
    return { valid: false };
  }
};

export const startPushService = async (options: { port?: number; outboxDir?: string; host?: string } = {}): Promise<PushServiceStandIn> => {
  const devices = new Map<string, Device>();
  const keysFile = options.outboxDir ? path.join(options.outboxDir, 'push-devices.json') : null;
  const pushDir = options.outboxDir ? path.join(options.outboxDir, 'push') : null;
  if (keysFile && existsSync(keysFile)) {
    const saved = JSON.parse(await readFile(keysFile, 'utf8')) as Record<string, { privateKey: string; auth: string }>;
    for (const [id, { privateKey, auth }] of Object.entries(saved)) {
      const ecdh = createECDH('prime256v1');
      ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
      devices.set(id, { ecdh, auth: Buffer.from(auth, 'base64url') });
    }
  }
  const saveKeys = async () => {
    if (!keysFile) return;
    await mkdir(path.dirname(keysFile), { recursive: true });
    const saved = Object.fromEntries(
      [...devices].map(([id, { ecdh, auth }]) => [id, { privateKey: b64url(ecdh.getPrivateKey()), auth: b64url(auth) }]),
    );
    await writeFile(keysFile, JSON.stringify(saved, null, 2));
  };

  const received: ReceivedPush[] = [];
  const waiters = recordWaiters(
    () => received,
    (got, count) => `the push stand-in got ${got} of ${count} pushes`,
  );
  let behaviour: PushBehaviour = {};
  let origin = '';

  const subscribe = (): StandInSubscription => {
    const id = randomUUID();
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    devices.set(id, { ecdh, auth });
    void saveKeys();
    return { endpoint: `${origin}/push/${id}`, expirationTime: null, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && url.pathname === '/devices') return json(201, subscribe());
    if (req.method === 'GET' && url.pathname === '/received') return json(200, received);
    const match = /^\/push\/([0-9a-f-]{36})$/.exec(url.pathname);
    if (req.method !== 'POST' || !match) return json(404, { error: 'Not found.' });
    const id = match[1];
    const device = devices.get(id);
    const status = !device ? 410 : (behaviour.device === undefined || behaviour.device === id) && behaviour.status ? behaviour.status : 201;
    let payload: unknown = null;
    let error: string | undefined;
    if (device) {
      try {
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: device.ecdh,
          authSecret: b64url(device.auth),
        });
        payload = JSON.parse(plain.toString('utf8'));
      } catch (failure) {
        error = (failure as Error).message;
      }
    }
    const push: ReceivedPush = {
      device: id,
      at: new Date().toISOString(),
      status,
      headers: req.headers,
      vapid: readVapid(req.headers.authorization),
      payload,
      ...(error ? { error } : {}),
    };
    received.push(push);
    if (pushDir && status < 300) {
      await mkdir(pushDir, { recursive: true });
      await writeFile(path.join(pushDir, `${push.at.replace(/[:.]/g, '-')}-${id.slice(0, 8)}.json`), JSON.stringify(push, null, 2));
    }
    waiters.wake();
    res.writeHead(status, { location: `${origin}/message/${randomUUID()}` });
    res.end();
  };
  const server = await listenStandIn(handle, options);
  origin = server.origin;

  return {
    origin,
    subscribe,
    deviceOf: (endpoint) => endpoint.split('/').at(-1) ?? '',
    received,
    waitFor: waiters.waitFor,
    setBehaviour(next) {
      behaviour = next;
    },
    close: server.close,
  };
};
