/**
 * A small local stand-in of the EmailJS REST API (POST /api/v1.0/email/send).
 * It checks the request the way EmailJS does, records every e-mail it accepts, and, given an
 * outbox folder, writes each one there as a JSON file named by `template_params.kind`. Used by
 * the tests and by `npm start` when no EmailJS settings are set.
 *
 * It answers browsers too (the forms' fallback through @emailjs/browser's send()): the send
 * endpoint and its CORS preflight allow pages served from this machine (localhost, 127.0.0.1)
 * only. The control endpoints carry no CORS header at all, so no web page can read the outbox.
 * It listens on 127.0.0.1.
 *
 * Control, for tests:
 *   POST /__standin/behaviour  {"status"?: 100-599, "delayMs"?: ms}   how to answer sends from now on
 *   GET  /__standin/received                                         the accepted e-mails, oldest first
 *
 *   node harness/emailjs-standin.ts            # listens on EMAILJS_STANDIN_PORT or 8899, writes outbox/
 */
import http from 'node:http';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

export interface ReceivedEmail {
  /** Sent by @emailjs/browser, not by the server's REST call. */
  lib_version?: string;
  service_id: string;
  template_id: string;
  user_id: string;
  accessToken?: string;
  template_params: Record<string, unknown>;
}

export interface StandInBehaviour {
  /** Status to answer (default 200). */
  status?: number;
  /** Wait this long before answering (default 0). */
  delayMs?: number;
}

export interface EmailJsStandIn {
  origin: string;
  /** E-mails accepted so far (those answered 2xx), oldest first. */
  received: ReceivedEmail[];
  /** Every request body that reached the send path, accepted or not. */
  requests: unknown[];
  setBehaviour(behaviour: StandInBehaviour): void;
  close(): Promise<void>;
}

/**
 * The template id of the visitor's acknowledgement (src/server/outbound/ack.ts) when serve.ts points the
 * pipeline at this stand-in: its e-mails are told apart from the team's by it.
 */
export const LOCAL_ACK_TEMPLATE_ID = 'template_ack_local';

/** Whether an e-mail is one of the team's (not a visitor's acknowledgement, not the browser's fallback). */
export const isTeamEmail = (email: { template_id?: unknown }) => email.template_id !== LOCAL_ACK_TEMPLATE_ID;

const SEND_PATH = '/api/v1.0/email/send';
const BEHAVIOUR_PATH = '/__standin/behaviour';
const RECEIVED_PATH = '/__standin/received';
/** Longest delay the control accepts (10 minutes): enough to "hang" any test. */
const MAX_DELAY_MS = 600_000;

/** A page served from this machine (what `npm start` serves), the only origin the send endpoint allows. */
const LOOPBACK_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/** CORS headers for the send endpoint: the page's own origin when it is on this machine, else none. */
const corsFor = (req: http.IncomingMessage): Record<string, string> => {
  const origin = req.headers.origin;
  if (!origin || !LOOPBACK_ORIGIN.test(origin)) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'POST, OPTIONS',
    'access-control-allow-headers': 'content-type',
    'access-control-max-age': '600',
    vary: 'Origin',
  };
};

/** The fields of a behaviour body that are wrong, by name. */
const behaviourProblems = (body: unknown): Record<string, string> => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { body: 'send a JSON object' };
  const { status, delayMs } = body as Record<string, unknown>;
  const problems: Record<string, string> = {};
  if (status !== undefined && !(Number.isInteger(status) && (status as number) >= 100 && (status as number) <= 599))
    problems.status = 'an HTTP status, 100 to 599';
  if (delayMs !== undefined && !(typeof delayMs === 'number' && delayMs >= 0 && delayMs <= MAX_DELAY_MS))
    problems.delayMs = `milliseconds, 0 to ${MAX_DELAY_MS}`;
  return problems;
};

const readBody = async (req: http.IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** EmailJS answers 400 with a plain text naming the first missing item. */
const problemWith = (body: Record<string, unknown>): string | null => {
  if (!body.user_id) return 'The Public Key is required. To find this ID, visit https://dashboard.emailjs.com/admin/account';
  if (!body.service_id) return 'The service ID is required. To find this ID, visit https://dashboard.emailjs.com/admin';
  if (!body.template_id) return 'The template ID is required. To find this ID, visit https://dashboard.emailjs.com/admin/templates';
  if (typeof body.template_params !== 'object' || body.template_params === null || Array.isArray(body.template_params)) {
    return 'The template params have to be the object';
  }
  return null;
};

export const startEmailJsStandIn = async (
  options: { port?: number; outboxDir?: string } & StandInBehaviour = {},
): Promise<EmailJsStandIn> => {
  let behaviour: Required<StandInBehaviour> = { status: options.status ?? 200, delayMs: options.delayMs ?? 0 };
  const received: ReceivedEmail[] = [];
  const requests: unknown[] = [];
  let written = 0;

  const answer = (res: http.ServerResponse, status: number, text: string, cors: Record<string, string> = {}) => {
    if (res.destroyed) return;
    res.writeHead(status, { ...cors, 'content-type': 'text/plain; charset=utf-8' });
    res.end(text);
  };
  const answerJson = (res: http.ServerResponse, status: number, body: unknown) => {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };

  const control = async (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => {
    if (pathname === RECEIVED_PATH && req.method === 'GET') return answerJson(res, 200, received);
    if (pathname === BEHAVIOUR_PATH && req.method === 'POST') {
      let body: unknown;
      try {
        body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      } catch {
        return answerJson(res, 400, { error: 'The body is not valid JSON.' });
      }
      const fields = behaviourProblems(body);
      if (Object.keys(fields).length > 0) return answerJson(res, 400, { error: 'Some fields are wrong.', fields });
      const { status, delayMs } = body as StandInBehaviour;
      behaviour = { ...behaviour, ...(status !== undefined ? { status } : {}), ...(delayMs !== undefined ? { delayMs } : {}) };
      return answerJson(res, 200, behaviour);
    }
    return answerJson(res, 405, { error: `Use GET ${RECEIVED_PATH} or POST ${BEHAVIOUR_PATH}.` });
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const cors = url.pathname === SEND_PATH ? corsFor(req) : {};
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors);
        return res.end();
      }
      if (url.pathname.startsWith('/__standin/')) return control(req, res, url.pathname);
      if (req.method !== 'POST' || url.pathname !== SEND_PATH) return answer(res, 404, 'Not Found');
      const reply = (status: number, text: string) => answer(res, status, text, cors);
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      } catch {
        return reply(400, 'The request body is not valid JSON');
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return reply(400, 'The request body is not a JSON object');
      requests.push(body);
      const { status, delayMs } = behaviour;
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const problem = problemWith(body);
      if (problem) return reply(400, problem);
      if (status < 200 || status >= 300) return reply(status, 'Stand-in failure');
      received.push(body as unknown as ReceivedEmail);
      if (options.outboxDir) {
        written += 1;
        const params = (body.template_params ?? {}) as Record<string, unknown>;
        // The kind names the file; a browser may send anything there, so only [A-Za-z0-9_-] is kept.
        const kind = (typeof params.kind === 'string' ? params.kind : 'email').replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40) || 'email';
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(written).padStart(4, '0')}-${kind}.json`;
        await mkdir(options.outboxDir, { recursive: true });
        await writeFile(path.join(options.outboxDir, name), JSON.stringify(body, null, 2));
      }
      reply(status, 'OK');
    })();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    requests,
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

/** The EmailJS settings the pipeline reads, as tests and benchmarks set them for the stand-in. */
export const EMAILJS_ENV = {
  EMAILJS_SERVICE_ID: 'service_test',
  EMAILJS_TEMPLATE_ID: 'template_test',
  EMAILJS_PUBLIC_KEY: 'public_test',
  EMAILJS_PRIVATE_KEY: 'private_test',
} as const;

/** Starts the stand-in and points the pipeline's EmailJS settings (process.env) at it. */
export const useEmailJsStandIn = async (): Promise<EmailJsStandIn> => {
  const standIn = await startEmailJsStandIn();
  Object.assign(process.env, EMAILJS_ENV, { EMAILJS_API_ORIGIN: standIn.origin });
  return standIn;
};

/** Removes the EmailJS settings from process.env again. */
export const clearEmailJsEnv = () => {
  for (const name of [...Object.keys(EMAILJS_ENV), 'EMAILJS_API_ORIGIN', 'EMAILJS_TIMEOUT_MS']) delete process.env[name];
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const outboxDir = path.resolve(import.meta.dirname, '..', 'outbox');
  const standIn = await startEmailJsStandIn({ port: Number(process.env.EMAILJS_STANDIN_PORT || 8899), outboxDir });
  console.log(`EmailJS stand-in at ${standIn.origin}; e-mails are written to ${outboxDir}/`);
}
