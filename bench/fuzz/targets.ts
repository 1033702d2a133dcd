/**
 * Where the fuzzer sends its cases, and how it reads back what was stored:
 * - in process: the real function handlers, called with web Requests, storing in a real local
 *   database (PGlite on a Postgres socket, emptied after each case, so the whole database is the
 *   case's view) and a real local Blobs server, and notifying the EmailJS stand-in;
 * - served: `node harness/serve.ts` (what `npm start` serves) as a child process, reached with
 *   raw HTTP/1.1 over a socket so that lying Content-Length and chunked bodies go out as
 *   written; its local database (a fresh folder) is read over its socket, by id.
 */
import net from 'node:net';
import type { Store } from '@netlify/blobs';
import { startLocalBlobs } from '../../harness/local-blobs.ts';
import { EMPTY_EVERY_TABLE, readDatabase, startLocalDatabase } from '../../harness/database.ts';
import { LOCAL_ACK_TEMPLATE_ID, isTeamEmail, useEmailJsStandIn } from '../../harness/emailjs-standin.ts';
import { handlers } from '../../harness/enquiry-functions.ts';
import leadsHandler from '../../netlify/functions/leads.mts';
import { freshBlobsDir, openServedStore, startServedSite } from '../../harness/served-site.ts';
import { FUZZ_CHALLENGE_SECRET, FUZZ_EXPORT_TOKEN, OWN_ORIGIN, type FuzzCase, type Materialized } from './cases.ts';
import { keyOf, type Answer, type StoreView, type StoredRecord } from './oracle.ts';
import type { LeadRecord } from '../../src/lib/enquiry/lead-record.ts';

export interface Target {
  name: 'in-process' | 'served';
  send(m: Materialized): Promise<Answer>;
  /** What the store holds for the case (in process: everything, as it was emptied before). */
  view(c: FuzzCase, m: Materialized, answers: Answer[]): Promise<StoreView>;
  /** Called after each case. */
  reset(): Promise<void>;
  /** Every stored record's key, `<kind>/<id>` or `spam/<kind>/<id>` (served: to compare before and after the run). */
  allKeys(): Promise<string[]>;
  record(key: string): Promise<Record<string, unknown> | null>;
  /** The lead id of every e-mail the stand-in accepted, in order. */
  emailedIds(): Promise<string[]>;
  close(): Promise<void>;
}

const listKeys = async (store: Store, prefix = ''): Promise<string[]> => {
  const keys: string[] = [];
  for await (const page of store.list({ prefix, paginate: true })) keys.push(...page.blobs.map((b) => b.key));
  return keys;
};

const headersOf = (headers: Headers): Record<string, string> => Object.fromEntries([...headers].map(([k, v]) => [k.toLowerCase(), v]));

// ---- in process ---------------------------------------------------------------------------

/** A body that sends `keep` bytes and then fails, as a stream does when the client goes away. */
const failingStream = (bytes: Uint8Array, keep: number) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      if (keep > 0) controller.enqueue(bytes.slice(0, keep));
      controller.error(new Error('the client went away'));
    },
  });

const chunkedStream = (bytes: Uint8Array) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      const third = Math.ceil(bytes.byteLength / 3) || 1;
      for (let at = 0; at < bytes.byteLength; at += third) controller.enqueue(bytes.slice(at, at + third));
      controller.close();
    },
  });

const asStored = (lead: LeadRecord): StoredRecord => ({ key: keyOf(lead), record: lead as unknown as Record<string, unknown> });

export const inProcessTarget = async (): Promise<Target> => {
  const blobs = await startLocalBlobs();
  const database = await startLocalDatabase();
  process.env.NETLIFY_DB_URL = database.url;
  const reader = readDatabase(database.url);
  const standIn = await useEmailJsStandIn();
  process.env.LEADS_EXPORT_TOKEN = FUZZ_EXPORT_TOKEN;
  process.env.LEADS_CHALLENGE_SECRET = FUZZ_CHALLENGE_SECRET;
  // One sample person sends every case: the daily e-mail limit per contact would hold most of them.
  process.env.LEADS_CONTACT_DAILY_LIMIT = '1000000';
  process.env.LEADS_TEAM_EMAIL_HOURLY_CAP = '1000000';
  // The visitor's acknowledgement is on, as with `npm start`: its e-mails must not count as the team's.
  process.env.EMAILJS_ACK_TEMPLATE_ID = LOCAL_ACK_TEMPLATE_ID;
  const route = (pathname: string) =>
    pathname.startsWith('/api/leads') ? leadsHandler : handlers[pathname.slice('/api/'.length) as keyof typeof handlers];

  const toRequest = (m: Materialized): Request => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(m.headers)) headers.set(name, value === OWN_ORIGIN ? 'http://localhost' : value);
    let body: BodyInit | null = m.body as BodyInit | null;
    if (m.body && m.framing === 'chunked') body = chunkedStream(m.body);
    if (m.body && m.framing === 'long') body = failingStream(m.body, Math.floor(m.body.byteLength / 2));
    if (m.body && m.framing === 'short')
      headers.set('content-length', String(Math.max(0, m.body.byteLength - 1 - (m.body.byteLength >> 2))));
    return new Request(`http://localhost${m.path}`, {
      method: m.method,
      headers,
      body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    });
  };

  return {
    name: 'in-process',
    async send(m) {
      const handler = route(new URL(m.path, 'http://localhost').pathname);
      // The client's address as the local harness hands it on (harness/warm-functions.ts contextFor).
      const response = await handler(toRequest(m), { ip: m.headers['x-nf-client-connection-ip'] ?? '' });
      return { status: response.status, headers: headersOf(response.headers), body: await response.text() };
    },
    async view() {
      blobs.use();
      const ids = (await reader.rows<{ id: string }>('SELECT id FROM leads')).map((row) => row.id);
      const deliveries = (await reader.rows<{ d: string }>(`SELECT lead_id || ':' || channel AS d FROM deliveries`)).map((row) => row.d);
      return { complete: true, records: (await reader.leads(ids)).map(asStored), deliveries, photos: await listKeys(blobs.photos()) };
    },
    async reset() {
      blobs.use();
      await blobs.clear();
      await reader.rows(EMPTY_EVERY_TABLE);
    },
    async allKeys() {
      const ids = (await reader.rows<{ id: string }>('SELECT id FROM leads')).map((row) => row.id);
      return (await reader.leads(ids)).map(keyOf);
    },
    async record(key) {
      const [lead] = await reader.leads([key.slice(key.lastIndexOf('/') + 1)]);
      return (lead as unknown as Record<string, unknown>) ?? null;
    },
    emailedIds() {
      return Promise.resolve(standIn.received.filter(isTeamEmail).map((email) => String(email.template_params.id)));
    },
    async close() {
      await standIn.close();
      await blobs.stop();
      await reader.close();
      await database.close();
    },
  };
};

// ---- served -------------------------------------------------------------------------------

const dechunk = (bytes: Buffer): Buffer => {
  const out: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at);
    if (lineEnd === -1) break;
    const size = parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    out.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(out);
};

/** Parses the first HTTP/1.1 response in `raw`; status 0 when there is none. */
export const parseRawResponse = (raw: Buffer, head: boolean): Answer => {
  const end = raw.indexOf('\r\n\r\n');
  if (end === -1) return { status: 0, headers: {}, body: '' };
  const [statusLine, ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(statusLine.split(' ')[1]) || 0;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.subarray(end + 4);
  if (head) body = Buffer.alloc(0);
  else if (headers['transfer-encoding']?.includes('chunked')) body = dechunk(body);
  else if (headers['content-length'] !== undefined) body = body.subarray(0, Number(headers['content-length']));
  return { status, headers, body: body.toString('utf8') };
};

/** Sends the request's bytes exactly as materialized (framing included) and reads the answer. */
export const sendRaw = (port: number, m: Materialized, origin: string, timeoutMs = 20_000): Promise<Answer> =>
  new Promise((resolve) => {
    const host = new URL(origin).host;
    const body = m.body ?? new Uint8Array(0);
    const lines = [`${m.method} ${m.path} HTTP/1.1`, `host: ${host}`, 'connection: close'];
    for (const [name, value] of Object.entries(m.headers)) lines.push(`${name}: ${value === OWN_ORIGIN ? origin : value}`);
    const framing: Record<string, string | null> = {
      plain: m.body ? String(body.byteLength) : null,
      'declared-huge': null, // already in the headers
      short: String(Math.max(0, body.byteLength - 1 - (body.byteLength >> 2))),
      long: String(body.byteLength + 100),
      chunked: null,
    };
    if (m.framing === 'chunked') lines.push('transfer-encoding: chunked');
    else if (framing[m.framing] !== null) lines.push(`content-length: ${framing[m.framing]}`);
    let payload: Buffer = Buffer.from(body);
    if (m.framing === 'chunked') {
      const third = Math.ceil(body.byteLength / 3) || 1;
      const chunks: Buffer[] = [];
      for (let at = 0; at < body.byteLength; at += third) {
        const piece = body.subarray(at, at + third);
        chunks.push(Buffer.from(`${piece.byteLength.toString(16)}\r\n`), Buffer.from(piece), Buffer.from('\r\n'));
      }
      payload = Buffer.concat([...chunks, Buffer.from('0\r\n\r\n')]);
    }
    const received: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1');
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(parseRawResponse(Buffer.concat(received), m.method === 'HEAD'));
    };
    const timer = setTimeout(finish, m.framing === 'long' ? 3000 : timeoutMs);
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('end', finish);
    socket.on('close', finish);
    socket.on('error', finish);
    socket.write(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload]));
    // A body shorter than declared: the client stops sending (and half-closes).
    if (m.framing === 'long') socket.end();
  });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const servedTarget = async (): Promise<Target> => {
  const blobs = await freshBlobsDir();
  const site = await startServedSite({
    LEADS_EXPORT_TOKEN: FUZZ_EXPORT_TOKEN,
    LEADS_CHALLENGE_SECRET: FUZZ_CHALLENGE_SECRET,
    LEADS_CONTACT_DAILY_LIMIT: '1000000',
    LEADS_TEAM_EMAIL_HOURLY_CAP: '1000000',
    LOCAL_BLOBS_DIR: blobs.dir,
  });
  const store = await openServedStore(blobs.dir);
  const reader = readDatabase(site.databaseUrl);

  return {
    name: 'served',
    send: (m) => sendRaw(site.port, m, site.origin),
    async view(c, m, answers) {
      store.use();
      const receipts = answers.filter((a) => a.status === 201).map((a) => JSON.parse(a.body) as { id: string; receivedAt: string });
      // The schema takes only UUIDs: no other id can be stored (the end-of-run listing checks that).
      const ids = [...new Set([...m.ids, ...receipts.map((r) => r.id)])].filter((id) => UUID.test(id));
      const records = (await reader.leads(ids)).map(asStored);
      const deliveries = (
        await reader.rows<{ d: string }>(`SELECT lead_id || ':' || channel AS d FROM deliveries WHERE lead_id = ANY($1::uuid[])`, [ids])
      ).map((row) => row.d);
      // Only Sell Flats stores photos (a photo of another kind would be listed on its record, and checked).
      const photoIds = c.endpoint === 'realestate' ? ids : [];
      const listed = records.flatMap((r) => ((r.record.photos as string[] | undefined) ?? []).map((p) => p.split('/')[0]));
      const photos = (await Promise.all([...new Set([...photoIds, ...listed])].map((id) => listKeys(store.photos(), `${id}/`)))).flat();
      return { complete: false, records, deliveries, photos };
    },
    async reset() {},
    async allKeys() {
      const ids = (await reader.rows<{ id: string }>('SELECT id FROM leads')).map((row) => row.id);
      return (await reader.leads(ids)).map(keyOf);
    },
    async record(key) {
      const [lead] = await reader.leads([key.slice(key.lastIndexOf('/') + 1)]);
      return (lead as unknown as Record<string, unknown>) ?? null;
    },
    async emailedIds() {
      const received = (await fetch(`${site.standInOrigin}/__standin/received`).then((r) => r.json())) as {
        template_id: string;
        template_params: { id?: unknown };
      }[];
      return received.filter(isTeamEmail).map((email) => String(email.template_params.id));
    },
    async close() {
      await reader.close();
      await site.stop();
      await store.stop();
      await blobs.remove();
    },
  };
};
