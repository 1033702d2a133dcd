/**
 * `npm start`: builds the site (astro build), then serves it (harness/serve.ts) in this process.
 *
 * With no EmailJS settings at all in the environment (neither the functions' EMAILJS_* nor the
 * browser's PUBLIC_EMAILJS_*), the build points the forms' e-mail fallback at the local EmailJS
 * stand-in that serve.ts starts on EMAILJS_STANDIN_PORT (default 8899). Astro inlines
 * import.meta.env.PUBLIC_* at build time, so these are set for the build.
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

const standInPort = Number(process.env.EMAILJS_STANDIN_PORT || 8899);
process.env.EMAILJS_STANDIN_PORT = String(standInPort);
if (![...SERVER_SETTINGS, ...BROWSER_SETTINGS].some((name) => process.env[name])) {
  Object.assign(process.env, {
    PUBLIC_EMAILJS_API_ORIGIN: `http://127.0.0.1:${standInPort}`,
    PUBLIC_EMAILJS_PUBLIC_KEY: 'public_local',
    PUBLIC_EMAILJS_SERVICE_ID: 'service_local',
    PUBLIC_EMAILJS_FALLBACK_TEMPLATE_ID: 'template_fallback_local',
  });
  console.log(`Forms' e-mail fallback: no EmailJS settings, so the build points it at the local stand-in on port ${standInPort}`);
}

const build = spawnSync(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
if (build.status !== 0) process.exit(build.status ?? 1);

await import('../harness/serve.ts');
