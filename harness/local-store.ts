/**
 * The local Blobs store that `npm start` writes (.netlify/blobs-serve, site "0"), opened for the
 * lead scripts so they run the pipeline's own code against it.
 */
import path from 'node:path';
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';

export const root = path.resolve(import.meta.dirname, '..');
export const DEFAULT_STORE_DIR = path.join(root, '.netlify', 'blobs-serve');
/** @netlify/dev keeps local entries under site id "0". */
export const DEFAULT_SITE = '0';

/** Common command-line options of the lead scripts. */
export const storeOptions = {
  dir: { type: 'string', default: DEFAULT_STORE_DIR },
  site: { type: 'string', default: DEFAULT_SITE },
} as const;

/** Serves `dir` with a BlobsServer and points getStore() at it until `close()`. */
export const openLocalStore = async ({ dir = DEFAULT_STORE_DIR, site = DEFAULT_SITE } = {}) => {
  const token = 'leads-script';
  const server = new BlobsServer({ directory: path.resolve(dir), token });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  setEnvironmentContext({ edgeURL: url, uncachedEdgeURL: url, siteID: site, token });
  return { close: () => server.stop() };
};

/**
 * Without EmailJS settings, e-mails go to the local stand-in's outbox/ (as under `npm start`).
 * Returns a function that stops the stand-in, if one was started.
 */
export const useLocalEmailJsUnlessConfigured = async (): Promise<() => Promise<void>> => {
  const names = ['EMAILJS_SERVICE_ID', 'EMAILJS_TEMPLATE_ID', 'EMAILJS_PUBLIC_KEY', 'EMAILJS_PRIVATE_KEY', 'EMAILJS_API_ORIGIN'];
  if (names.some((name) => process.env[name])) return async () => {};
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
  console.error(`No EmailJS settings: e-mails are written to ${outboxDir}/`);
  return () => standIn.close();
};
