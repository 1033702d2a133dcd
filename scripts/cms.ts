/**
 * `npm run cms`: the editors' CMS on this machine, with no account. Starts together
 *   - the Astro dev server (http://localhost:4321/admin), whose /admin config then carries
 *     `local_backend`, and
 *   - decap-server (Decap's local proxy, file-system mode, on 127.0.0.1 only), which reads and
 *     writes the files of this working tree.
 * Saving in /admin changes the files in src/content/ and src/assets/ directly; commit them as usual.
 *
 *   CMS_PORT=4331 DECAP_SERVER_PORT=8091 npm run cms
 *
 * `npm run cms -- --copy tmp/cms-tree` runs both in a fresh copy of this tree (the site's sources,
 * not node_modules, tests or docs; the copy finds node_modules in the folders above it) and deletes
 * the copy when it stops: the CMS tests save there, so nothing they do touches src/ or .astro/ and
 * they can run beside the other tests.
 *
 * Stops both when either stops or on Ctrl+C.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';

const tree = path.resolve(import.meta.dirname, '..');
const { values: options } = parseArgs({ options: { copy: { type: 'string' } } });
const copy = options.copy ? path.resolve(tree, options.copy) : undefined;
/** What a copy leaves out: installed, generated or recorded, and what the site is not built from. */
const NOT_COPIED = new Set([
  '.git',
  'node_modules',
  'dist',
  '.astro',
  '.netlify',
  'tmp',
  'outbox',
  'test-results',
  'playwright-report',
  'tests',
  'docs',
  'bench',
]);
if (copy) {
  if (path.relative(tree, copy).startsWith('..'))
    throw new Error(`cms: --copy ${copy} must be inside ${tree} (the copy finds node_modules above it)`);
  rmSync(copy, { recursive: true, force: true });
  for (const name of readdirSync(tree))
    if (!NOT_COPIED.has(name)) cpSync(path.join(tree, name), path.join(copy, name), { recursive: true });
}
const root = copy ?? tree;
const require = createRequire(import.meta.url);
const cmsPort = process.env.CMS_PORT || '4321';
const decapPort = process.env.DECAP_SERVER_PORT || '8081';

const children: ChildProcess[] = [];
let stopping = false;

function start(name: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`cms: ${name} stopped (${signal ?? `exit ${code}`}), stopping the other one`);
    stop(code ?? 1);
  });
  children.push(child);
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  // astro dev can take several seconds to stop on a busy machine; do not leave it behind.
  setTimeout(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  }, 15_000).unref();
  process.exitCode = code;
}
if (copy) process.on('exit', () => rmSync(copy, { recursive: true, force: true }));

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(0));

/** Resolves once decap-server answers, so /admin never starts without its backend. */
async function decapServerReady(url: string, deadline = Date.now() + 60_000) {
  while (Date.now() < deadline && !stopping) {
    const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"action":"info"}' }).catch(
      () => null,
    );
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`decap-server did not answer at ${url}`);
}

start('decap-server', [require.resolve('decap-server')], {
  PORT: decapPort,
  MODE: 'fs',
  BIND_HOST: '127.0.0.1',
  GIT_REPO_DIRECTORY: root,
  LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
});
await decapServerReady(`http://127.0.0.1:${decapPort}/api/v1`).catch((error: Error) => {
  console.error(`cms: ${error.message}`);
  stop(1);
});
if (!stopping) {
  const astro = path.join(path.dirname(require.resolve('astro/package.json')), 'bin/astro.mjs');
  start('astro dev', [astro, 'dev', '--port', cmsPort], { DECAP_SERVER_PORT: decapPort, ARANYA_CMS: '1', ASTRO_TELEMETRY_DISABLED: '1' });
  console.log(`cms: editors' CMS at http://localhost:${cmsPort}/admin (decap-server on 127.0.0.1:${decapPort}, writing to ${root})`);
}
