/**
 * The served site for scripts that load it (bench:fuzz, bench:faults, bench:api): `node
 * harness/serve.ts`, what `npm start` serves after building, as a child process, with its local
 * database (read over its Postgres socket, harness/database.ts) and its local Blobs store (site
 * "0", opened for reading with a BlobsServer of our own). The scripts give it fresh folders
 * (LOCAL_BLOBS_DIR, LOCAL_DB_DIR), so every run starts empty and `npm start`'s own are left alone.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { getStore, setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';

const root = path.resolve(import.meta.dirname, '..');

/** Builds dist/ (astro build) when it is missing, so the scripts run on a fresh clone. */
export const ensureBuilt = (log: (line: string) => void = console.error) => {
  if (existsSync(path.join(root, 'dist', 'index.html'))) return;
  log('dist/ is missing: building the site first (astro build)');
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'ignore',
    // Built as the local site: without a context a build is a preview (src/config/deploy.ts).
    env: { ...process.env, CONTEXT: process.env.CONTEXT || 'dev' },
  });
  if (build.status !== 0) throw new Error('astro build failed');
};

export const freePort = async (): Promise<number> => {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};

export const waitForHttp = async (url: string, ms: number, child?: ChildProcess) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    if (
      await fetch(url).then(
        (r) => r.status < 500,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
};

export interface ServedSite {
  origin: string;
  port: number;
  standInOrigin: string;
  /** Its WhatsApp Cloud API stand-in (harness/whatsapp-standin.ts: GET /__standin/received, POST /__standin/status and /inbound). */
  whatsappOrigin: string;
  /** postgres://… of its local database. */
  databaseUrl: string;
  /** Where its local Blobs store keeps its files. */
  blobsDir: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts `node harness/serve.ts` (the server `npm start` runs after building) on PORT and
 * EMAILJS_STANDIN_PORT when set, else on free ports; `env` is added to its environment. It gets
 * its own EmailJS and WhatsApp stand-ins: no EMAILJS_*, WHATSAPP_* or LEADS_* settings are passed on from this process.
 */
export const startServedSite = async (env: Record<string, string> = {}): Promise<ServedSite> => {
  const blobsDir = env.LOCAL_BLOBS_DIR;
  const port = Number(process.env.PORT || (await freePort()));
  const databasePort = await freePort();
  // A fresh store folder gets a fresh database beside it (removed with it).
  const databaseEnv = blobsDir ? { LOCAL_DB_DIR: path.join(blobsDir, 'database') } : {};
  const standInPort = Number(process.env.EMAILJS_STANDIN_PORT || (await freePort()));
  const pushPort = await freePort();
  const whatsappPort = await freePort();
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(EMAILJS_|LEADS_|WHATSAPP_)/.test(name)));
  const child = spawn(process.execPath, ['harness/serve.ts'], {
    cwd: root,
    env: {
      ...inherited,
      ...databaseEnv,
      ...env,
      PORT: String(port),
      EMAILJS_STANDIN_PORT: String(standInPort),
      PUSH_STANDIN_PORT: String(pushPort),
      WHATSAPP_STANDIN_PORT: String(whatsappPort),
      LOCAL_DB_PORT: String(databasePort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The server goes with this process, however it ends.
  const killChild = () => child.exitCode === null && child.kill('SIGTERM');
  process.once('exit', killChild);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killChild();
      process.exit(130);
    });
  }
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  };
  child.stderr?.on('data', keep);
  // Ready when this child says it listens (another server already on the port must not pass for it).
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      keep(chunk);
      if (output.includes(`running at http://localhost:${port}`)) resolve();
    });
    child.once('exit', (code) =>
      reject(
        new Error(`harness/serve.ts exited with code ${code} (is port ${port} or ${standInPort} taken? set PORT and EMAILJS_STANDIN_PORT)`),
      ),
    );
  });
  const origin = `http://localhost:${port}`;
  // Cleared once it started, so a process that started the site can end without waiting it out.
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      ready,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('harness/serve.ts did not start within 90 s')), 90_000);
      }),
    ]);
    await waitForHttp(`${origin}/__local/faults`, 30_000, child);
  } catch (error) {
    child.kill('SIGTERM');
    throw new Error(`${(error as Error).message}\n${output}`);
  } finally {
    clearTimeout(timer);
  }
  return {
    origin,
    port,
    standInOrigin: `http://127.0.0.1:${standInPort}`,
    whatsappOrigin: `http://127.0.0.1:${whatsappPort}`,
    databaseUrl: `postgres://postgres@127.0.0.1:${databasePort}/postgres`,
    blobsDir: blobsDir ?? DEFAULT_BLOBS_DIR,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
};

/** The folder `npm start` keeps its local Blobs store in. */
export const DEFAULT_BLOBS_DIR = path.join(root, '.netlify', 'blobs-serve');

/** A fresh folder for a served site's Blobs store (LOCAL_BLOBS_DIR) and database, removed by `remove()`. */
export const freshBlobsDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'aranya-served-blobs-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
};

/** Opens a served site's local Blobs store (site "0", its photos) for reading: .netlify/blobs-serve unless `dir`. */
export const openServedStore = async (dir = DEFAULT_BLOBS_DIR) => {
  const server = new BlobsServer({ directory: dir, token: 'local-reader' });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  const use = () => setEnvironmentContext({ edgeURL: url, uncachedEdgeURL: url, siteID: '0', token: 'local-reader' });
  use();
  return {
    use,
    photos: () => getStore({ name: 'lead-photos', consistency: 'strong' }),
    stop: () => server.stop(),
  };
};
