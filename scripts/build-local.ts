/**
 * The local build: `astro build` as `npm start` makes it, and `npm run build:local` alone.
 *
 * With no EmailJS settings at all in the environment (neither the functions' EMAILJS_* nor the
 * browser's PUBLIC_EMAILJS_*), the build points the forms' e-mail fallback at the local EmailJS
 * stand-in that harness/serve.ts starts on EMAILJS_STANDIN_PORT (default 8899). Astro inlines
 * import.meta.env.PUBLIC_* at build time, so the stand-in's port is part of the build: serve
 * the result with the same EMAILJS_STANDIN_PORT.
 *
 * `npm run build:e2e` (scripts/build-e2e.ts) builds the same way for the e2e run's stand-in.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SERVER_SETTINGS = ['EMAILJS_SERVICE_ID', 'EMAILJS_TEMPLATE_ID', 'EMAILJS_PUBLIC_KEY', 'EMAILJS_PRIVATE_KEY', 'EMAILJS_API_ORIGIN'];
const BROWSER_SETTINGS = [
  'PUBLIC_EMAILJS_PUBLIC_KEY',
  'PUBLIC_EMAILJS_SERVICE_ID',
  'PUBLIC_EMAILJS_FALLBACK_TEMPLATE_ID',
  'PUBLIC_EMAILJS_API_ORIGIN',
];

/** The build's environment: `env`, plus the stand-in's browser settings when it has no EmailJS settings. */
export function localBuildEnv(given: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  // A local build is the local site (`dev`): without a context it would be built as a preview, banner and all.
  const env: NodeJS.ProcessEnv = { ...given, CONTEXT: given.CONTEXT || 'dev' };
  const standInPort = Number(env.EMAILJS_STANDIN_PORT || 8899);
  if ([...SERVER_SETTINGS, ...BROWSER_SETTINGS].some((name) => env[name])) return { ...env };
  console.log(`Forms' e-mail fallback: no EmailJS settings, so the build points it at the local stand-in on port ${standInPort}`);
  return {
    ...env,
    PUBLIC_EMAILJS_API_ORIGIN: `http://127.0.0.1:${standInPort}`,
    PUBLIC_EMAILJS_PUBLIC_KEY: 'public_local',
    PUBLIC_EMAILJS_SERVICE_ID: 'service_local',
    PUBLIC_EMAILJS_FALLBACK_TEMPLATE_ID: 'template_fallback_local',
  };
}

/** Builds dist/ (astro build) with localBuildEnv(env); exits the process if the build fails. */
export function localBuild(env: NodeJS.ProcessEnv = process.env) {
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: localBuildEnv(env),
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (import.meta.main) localBuild();
