/**
 * `npm start`: serves the built site (dist/) and the Netlify Functions with local Blobs,
 * through @netlify/dev, on http://localhost:8888 (PORT overrides it).
 * - @netlify/dev serves the static files, redirects, headers and the local Blobs store.
 * - The functions run warm in this process (scripts/lib/warm-functions.ts); with
 *   NETLIFY_DEV_FUNCTIONS=1, @netlify/dev bundles and runs them itself on every call (slow).
 * Unknown paths get dist/404.html with status 404, as on Netlify.
 */
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { NetlifyDev } from '@netlify/dev';
import { contextFor, loadFunctions, toWebRequest } from './lib/warm-functions.ts';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT || 8888);

// --- EmailJS stand-in (owned by the lead pipeline) ---
// Without EmailJS settings, lead notifications go to a local stand-in of the EmailJS REST API
// that writes each e-mail as a JSON file in outbox/ (git-ignored). Set EMAILJS_* to use EmailJS.
const EMAILJS_SETTINGS = ['EMAILJS_SERVICE_ID', 'EMAILJS_TEMPLATE_ID', 'EMAILJS_PUBLIC_KEY', 'EMAILJS_PRIVATE_KEY', 'EMAILJS_API_ORIGIN'];
if (!EMAILJS_SETTINGS.some((name) => process.env[name])) {
  const { startEmailJsStandIn } = await import('./emailjs-standin.ts');
  const outboxDir = path.join(root, 'outbox');
  const standIn = await startEmailJsStandIn({ outboxDir });
  Object.assign(process.env, {
    EMAILJS_API_ORIGIN: standIn.origin,
    EMAILJS_SERVICE_ID: 'service_local',
    EMAILJS_TEMPLATE_ID: 'template_local',
    EMAILJS_PUBLIC_KEY: 'public_local',
    EMAILJS_PRIVATE_KEY: 'private_local',
  });
  console.log(`Lead notifications: no EmailJS settings, so e-mails are written to ${outboxDir}/`);
}
// --- end EmailJS stand-in ---

const devFunctions = process.env.NETLIFY_DEV_FUNCTIONS === '1';
const netlify = new NetlifyDev({
  projectRoot: root,
  functions: { enabled: devFunctions },
  edgeFunctions: { enabled: false },
  database: { enabled: false },
  images: { enabled: false },
  geolocation: { enabled: false },
  aiGateway: { enabled: false },
});
await netlify.start();
const functions = devFunctions ? new Map() : await loadFunctions(path.join(root, 'netlify/functions'));
const origin = `http://localhost:${port}`;

const notFoundPage = await readFile(path.join(root, 'dist/404.html')).catch(() => Buffer.from('Not found'));

const server = http.createServer(async (req, res) => {
  try {
    const fn = functions.get(new URL(req.url ?? '/', origin).pathname);
    const match: { response: Response } | undefined = fn
      ? { response: await fn(toWebRequest(req, origin), contextFor(req)) }
      : await netlify.handleAndIntrospectNodeRequest(req);
    if (!match) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end(notFoundPage);
      return;
    }
    const { response } = match;
    const headers: Record<string, string | string[]> = {};
    response.headers.forEach((value, key) => {
      headers[key] = key === 'set-cookie' ? response.headers.getSetCookie() : value;
    });
    res.writeHead(response.status, headers);
    res.end(Buffer.from(await response.arrayBuffer()));
  } catch (error) {
    console.error('serve: request failed', req.method, req.url, (error as Error).message);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
    res.end('Internal error');
  }
});

server.listen(port, () => {
  console.log(`Aranya site running at http://localhost:${port}`);
});

const stop = async () => {
  server.close();
  await netlify.stop().catch(() => {});
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
