/**
 * `npm start`: serves the built site (dist/) and the Netlify Functions with the local Netlify
 * Database and local Blobs, through @netlify/dev, on http://localhost:8888 (PORT overrides it).
 * - @netlify/dev serves the static files, redirects, headers and the local Blobs store.
 * - The local database (harness/database.ts: PGlite with pg_trgm on a Postgres socket) keeps its
 *   data in .netlify/db, applies the migrations on start, and is handed to the functions as
 *   NETLIFY_DB_URL, as Netlify does. LOCAL_DB_DIR puts it in another folder (benchmarks, fuzzing).
 * - The functions run warm in this process (harness/warm-functions.ts); with
 *   NETLIFY_DEV_FUNCTIONS=1, @netlify/dev bundles and runs them itself on every call (slow).
 * Unknown paths get dist/404.html with status 404, as on Netlify; under /ta/, /te/ or /kn/ that
 * language's 404 page (dist/ta/404.html), as netlify.toml's 404 rules do.
 * Static answers carry netlify.toml's headers (applied by @netlify/dev), Netlify's default
 * Cache-Control where none is set, and are compressed (brotli/gzip) as Netlify's CDN does;
 * SERVE_COMPRESSION=0 serves them uncompressed (the Lighthouse benchmark measures both).
 * Local only: POST /__local/faults makes the database and the Blobs store fail, hang or come back (below).
 * It refuses to start while a setting is unsafe (src/server/settings-check.ts): a weak
 * LEADS_EXPORT_TOKEN, a webhook address that is not https, a webhook secret not written whsec_.
 */
import http from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { NetlifyDev } from '@netlify/dev';
import { setEnvironmentContext, type EnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { FunctionRoutes, contextFor, drainRequest, loadFunctions, toWebRequest } from './warm-functions.ts';
import { startBlobsFaultProxy, type BlobsFaultProxy, type Switch } from './blobs-faults.ts';
import { projectDatabaseDir, serveProjectDatabase, type DatabaseFault } from './database.ts';
import { compress, isCompressible, negotiateEncoding } from './compress.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../src/i18n/locales.ts';
import { hrefOf, splitLocalePath } from '../src/lib/routing/index.ts';

import { settingsProblems } from '../src/server/settings-check.ts';

const problems = settingsProblems();
if (problems.length > 0) {
  console.error(`serve: refusing to start:\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
  process.exit(1);
}

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT || 8888);
// The local Netlify's context (`netlify dev` says `dev`): production only when CONTEXT=production says so.
process.env.CONTEXT ||= 'dev';

// --- EmailJS stand-in (owned by the lead pipeline) ---
// Without EmailJS settings, lead notifications go to a local stand-in of the EmailJS REST API
// that writes each e-mail as a JSON file in outbox/ (git-ignored). Set EMAILJS_* to use EmailJS.
// It listens on EMAILJS_STANDIN_PORT (default 8899), where `npm start`'s build points the forms'
// browser fallback (PUBLIC_EMAILJS_API_ORIGIN, see scripts/start.ts).
const EMAILJS_SETTINGS = ['EMAILJS_SERVICE_ID', 'EMAILJS_TEMPLATE_ID', 'EMAILJS_PUBLIC_KEY', 'EMAILJS_PRIVATE_KEY', 'EMAILJS_API_ORIGIN'];
if (!EMAILJS_SETTINGS.some((name) => process.env[name])) {
  const standInModule = await import('./emailjs-standin.ts');
  const { startEmailJsStandIn } = standInModule;
  const outboxDir = path.join(root, 'outbox');
  const standInPort = Number(process.env.EMAILJS_STANDIN_PORT || 8899);
  const standIn = await startEmailJsStandIn({ outboxDir, port: standInPort }).catch((error: NodeJS.ErrnoException) => {
    console.error(
      `serve: the EmailJS stand-in cannot listen on port ${standInPort} (${error.code ?? error.message}). Set EMAILJS_STANDIN_PORT to a free port.`,
    );
    process.exit(1);
  });
  Object.assign(process.env, {
    EMAILJS_API_ORIGIN: standIn.origin,
    EMAILJS_SERVICE_ID: 'service_local',
    EMAILJS_TEMPLATE_ID: 'template_local',
    EMAILJS_PUBLIC_KEY: 'public_local',
    EMAILJS_PRIVATE_KEY: 'private_local',
    // The visitor's acknowledgement (src/server/outbound/ack.ts) lands in the outbox too.
    EMAILJS_ACK_TEMPLATE_ID: process.env.EMAILJS_ACK_TEMPLATE_ID || standInModule.LOCAL_ACK_TEMPLATE_ID,
  });
  console.log(
    `Lead notifications: no EmailJS settings, so e-mails go to the stand-in at ${standIn.origin} and are written to ${outboxDir}/`,
  );
}
// --- end EmailJS stand-in ---

// --- Web Push (owned by routing) ---
// Without WEB_PUSH_* keys, this machine's own VAPID keys (.netlify/web-push-keys.json) and a
// local push service stand-in on PUSH_STANDIN_PORT (default 8897) that decrypts each push as a
// phone would and writes it to outbox/push/ (`npm run team -- device <name>` gives a member a
// phone there). A browser on this machine subscribes at its own push service as usual.
{
  const { startLocalPush, pushStandInPort } = await import('./local-push.ts');
  const pushService = await startLocalPush().catch((error: NodeJS.ErrnoException) => {
    console.error(
      `serve: the push service stand-in cannot listen on port ${pushStandInPort()} (${error.code ?? error.message}). Set PUSH_STANDIN_PORT to a free port.`,
    );
    process.exit(1);
  });
  if (pushService) console.log(`Push alerts: local VAPID keys; the push service stand-in at ${pushService.origin} writes to outbox/push/`);
}
// --- end Web Push ---

// --- WhatsApp (owned by the acknowledgement) ---
// Without WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_ACCESS_TOKEN, a local stand-in of Meta's Cloud
// API on WHATSAPP_STANDIN_PORT (default 8896) takes the messages and writes each to
// outbox/whatsapp/; it also plays Meta's webhook, signing what it posts to /api/whatsapp
// (POST /__standin/status {"wamid", "status"}, POST /__standin/inbound {"from", "text"}).
{
  const { startLocalWhatsApp, whatsappStandInPort } = await import('./local-whatsapp.ts');
  const standIn = await startLocalWhatsApp(port).catch((error: NodeJS.ErrnoException) => {
    console.error(
      `serve: the WhatsApp stand-in cannot listen on port ${whatsappStandInPort()} (${error.code ?? error.message}). Set WHATSAPP_STANDIN_PORT to a free port.`,
    );
    process.exit(1);
  });
  if (standIn)
    console.log(`WhatsApp: no Cloud API settings, so messages go to the stand-in at ${standIn.origin} and are written to outbox/whatsapp/`);
}
// --- end WhatsApp ---

const devFunctions = process.env.NETLIFY_DEV_FUNCTIONS === '1';
const netlify = new NetlifyDev({
  projectRoot: root,
  functions: { enabled: devFunctions },
  edgeFunctions: { enabled: false },
  // The database is served by harness/database.ts instead (with pg_trgm, which @netlify/dev's lacks).
  database: { enabled: false },
  images: { enabled: false },
  geolocation: { enabled: false },
  aiGateway: { enabled: false },
});
await netlify.start();
// LOCAL_DB_DIR (benchmarks, fuzzing): a database of its own in that folder; LOCAL_DB_PORT: its port.
const databasePort = process.env.LOCAL_DB_PORT ? Number(process.env.LOCAL_DB_PORT) : undefined;
const database = await serveProjectDatabase(databasePort);
process.env.NETLIFY_DB_URL = database.url;
const databaseDir = projectDatabaseDir();
console.log(
  `Local Netlify Database: ${databaseDir.startsWith(root) ? path.relative(root, databaseDir) : databaseDir} (migrations applied)`,
);
const faults = await withFaultSwitch();
const functions = devFunctions ? new FunctionRoutes() : await loadFunctions(path.join(root, 'netlify/functions'));
const origin = `http://localhost:${port}`;

// --- Fault switch of the local stores (local only; harness/database.ts, harness/blobs-faults.ts) ---
//   POST /__local/faults {"store": "down" | "hang" | "up", "match"?: "<text>"}
//     the database and the Blobs store together: statements (or blob paths) containing the text
//     fail or hang; without `match`, everything does, and the database refuses connections.
//   POST /__local/faults {"database": "down" | "hang" | "lost" | "up", "match"?: "<text>"}
//     the database alone; 'lost' runs the statement and then drops the answer (a commit that
//     happened, an answer that never came).
//   GET  /__local/faults   → the rules in force
// LOCAL_BLOBS_DIR (benchmarks, fuzzing): the functions use a local Blobs store kept in that
// folder instead of .netlify/blobs-serve, so a run starts empty and leaves the usual store alone.
async function withFaultSwitch(): Promise<BlobsFaultProxy | null> {
  const encoded = process.env.NETLIFY_BLOBS_CONTEXT;
  if (!encoded) return null;
  const context = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as EnvironmentContext & { edgeURL: string; token: string };
  let target = context.edgeURL;
  if (process.env.LOCAL_BLOBS_DIR) {
    const own = new BlobsServer({ directory: path.resolve(process.env.LOCAL_BLOBS_DIR), token: context.token });
    target = `http://127.0.0.1:${(await own.start()).port}`;
    console.log(`Local Blobs store: ${path.resolve(process.env.LOCAL_BLOBS_DIR)} (LOCAL_BLOBS_DIR)`);
  }
  const proxy = await startBlobsFaultProxy(target);
  setEnvironmentContext({ ...context, edgeURL: proxy.origin, uncachedEdgeURL: proxy.origin });
  return proxy;
}

const SWITCHES: readonly Switch[] = ['up', 'down', 'hang'];
const DATABASE_SWITCHES: readonly (DatabaseFault | 'up')[] = ['up', 'down', 'hang', 'lost'];
const FAULTS_PATH = '/__local/faults';

async function answerFaults(req: http.IncomingMessage, res: http.ServerResponse) {
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  const rules = () => ({ rules: faults?.rules() ?? [], database: database.faults.rules() });
  if (req.method === 'GET') return json(200, rules());
  if (req.method !== 'POST') return json(405, { error: 'Use GET or POST.' });
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  let body: { store?: unknown; database?: unknown; match?: unknown };
  try {
    body = (JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as typeof body | null) ?? {};
  } catch {
    return json(400, { error: 'The body is not valid JSON.' });
  }
  const fields: Record<string, string> = {};
  if (body.database !== undefined) {
    if (!DATABASE_SWITCHES.includes(body.database as DatabaseFault)) fields.database = `one of ${DATABASE_SWITCHES.join(', ')}`;
  } else if (!SWITCHES.includes(body.store as Switch)) fields.store = `one of ${SWITCHES.join(', ')}`;
  if (body.match !== undefined && typeof body.match !== 'string') fields.match = 'a text the statement or blob path must contain';
  if (Object.keys(fields).length > 0) return json(400, { error: 'Some fields are wrong.', fields });
  const match = body.match as string | undefined;
  if (body.database !== undefined) database.faults.set(body.database as DatabaseFault | 'up', match);
  else {
    database.faults.set(body.store as Switch, match);
    faults?.set(body.store as Switch, match);
  }
  console.log(`serve: local store fault switch ${JSON.stringify(rules())}`);
  return json(200, rules());
}
// --- end fault switch ---

const readNotFound = (locale: Locale) =>
  readFile(path.join(root, 'dist', `${hrefOf({ collection: 'pages', id: 'not-found' }, locale)}.html`)).catch(() =>
    Buffer.from('Not found'),
  );
const notFoundPages = new Map(await Promise.all(LOCALES.map(async (locale) => [locale, await readNotFound(locale)] as const)));
const compression = process.env.SERVE_COMPRESSION !== '0';
/** Netlify's Cache-Control for a static file that netlify.toml gives none: revalidate every time. */
const NETLIFY_DEFAULT_CACHE = 'public, max-age=0, must-revalidate';

/** The 404 page with the headers netlify.toml gives every path (as Netlify sends it). */
const notFoundResponse = async (pathname: string): Promise<Response> => {
  const notFoundPage = notFoundPages.get(splitLocalePath(pathname).locale)!;
  const headers = new Headers({ 'content-type': 'text/html; charset=utf-8' });
  const rules = await netlify.handleAndIntrospect(new Request(`${origin}/404.html`)).catch(() => undefined);
  rules?.response.headers.forEach((value, key) => {
    if (!['content-type', 'content-length', 'etag', 'last-modified', 'age', 'date'].includes(key)) headers.set(key, value);
  });
  return new Response(notFoundPage, { status: 404, headers });
};

/**
 * A built file answers this path (`/ta/Flats` → dist/ta/Flats.html, `/ta/` → dist/ta.html), as
 * Netlify looks them up.
 */
const builtFileExists = async (pathname: string): Promise<boolean> => {
  const dist = path.join(root, 'dist');
  const file = path.join(dist, path.normalize(decodeURIComponent(pathname.replace(/(.)\/+$/, '$1'))));
  if (!file.startsWith(dist)) return false;
  const found = await Promise.all(
    [file, `${file}.html`, path.join(file, 'index.html')].map((f) =>
      stat(f).then(
        (s) => s.isFile(),
        () => false,
      ),
    ),
  );
  return found.includes(true);
};

/**
 * @netlify/dev answers netlify.toml's language 404 rules (`/ta/*` → `/ta/404`, status 404) with
 * the page but status 200; Netlify itself sends 404. An unknown path under a language's prefix
 * gets that language's 404 page with its 404 status here too.
 */
const isUnknownLanguagePath = async (pathname: string, status: number) =>
  status === 200 && splitLocalePath(pathname).locale !== DEFAULT_LOCALE && !(await builtFileExists(pathname));

/**
 * The fault switch and the scheduled functions' URLs are for this machine's tools and tests only:
 * the server listens on 127.0.0.1, and a browser page of another site (which could reach
 * localhost from the visitor's own machine) is refused.
 */
const fromAnotherSite = (req: http.IncomingMessage) => {
  const site = req.headers['sec-fetch-site'];
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const from = req.headers.origin;
  return from !== undefined && from !== origin && from !== `http://127.0.0.1:${port}`;
};
const LOCAL_ONLY = (pathname: string) => pathname === FAULTS_PATH || pathname.startsWith('/.netlify/functions/');

const server = http.createServer((req, res) => {
  void (async () => {
    try {
      const pathname = new URL(req.url ?? '/', origin).pathname;
      if (LOCAL_ONLY(pathname) && fromAnotherSite(req)) {
        res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' });
        return res.end('Local tools only.');
      }
      if (pathname === FAULTS_PATH) return await answerFaults(req, res);
      const fn = functions.get(pathname);
      const match: { response: Response } | undefined = fn
        ? { response: await fn(toWebRequest(req, origin), contextFor(req)) }
        : await netlify.handleAndIntrospectNodeRequest(req);
      // A function may answer before reading the whole body (413 on the declared size): read the
      // rest first, or closing the connection with unread data resets it and the answer is lost.
      if (fn) await drainRequest(req);
      const response =
        !match || (!fn && (await isUnknownLanguagePath(pathname, match.response.status)))
          ? await notFoundResponse(pathname)
          : match.response;
      const headers: Record<string, string | string[]> = {};
      response.headers.forEach((value, key) => {
        headers[key] = key === 'set-cookie' ? response.headers.getSetCookie() : value;
      });
      let body: Buffer = Buffer.from(await response.arrayBuffer());
      if (!fn) {
        headers['cache-control'] ??= NETLIFY_DEFAULT_CACHE;
        const encoding = compression && !headers['content-encoding'] ? negotiateEncoding(req.headers['accept-encoding']) : null;
        if (encoding && isCompressible(response.headers.get('content-type'), body.byteLength)) {
          body = compress(body, encoding);
          headers['content-encoding'] = encoding;
          headers.vary = 'Accept-Encoding';
          delete headers['content-length'];
        }
      }
      res.writeHead(response.status, headers);
      res.end(body);
    } catch (error) {
      console.error('serve: request failed', req.method, req.url, (error as Error).message);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal error');
    }
  })();
});

// Idle connections stay open for 65 s, not Node's 5: a client that reuses one just as the server
// closes it (a test's next request after a slow step) gets ECONNRESET instead of an answer.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

// This machine only, unless HOST says otherwise (e.g. HOST=0.0.0.0 to try it from a phone on the LAN).
const host = process.env.HOST || '127.0.0.1';
server.listen(port, host, () => {
  console.log(`Aranya site running at http://localhost:${port}${host === '127.0.0.1' ? '' : ` (listening on ${host})`}`);
});

const stop = async () => {
  server.close();
  await faults?.close();
  await database.close().catch(() => {});
  await netlify.stop().catch(() => {});
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
