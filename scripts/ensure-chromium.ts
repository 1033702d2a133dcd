/**
 * Makes sure a Chromium for the e2e tests exists: CHROMIUM_PATH, else /usr/bin/chromium, else
 * Playwright's own browser (`npx playwright install chromium`, as the GitHub workflow does).
 * With none, installs Debian's `chromium` when running as root with apt; otherwise stops with one
 * line saying how to install it.
 */
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { DEBIAN_CHROMIUM, findChromium } from '../harness/chromium.ts';

const found = findChromium();
if (process.env.CHROMIUM_PATH && !existsSync(process.env.CHROMIUM_PATH)) {
  console.error(`Chromium not found at CHROMIUM_PATH=${process.env.CHROMIUM_PATH}. Point it at a Chromium binary, or unset it.`);
  process.exit(1);
}
if (found) process.exit(0);

const isRoot = process.getuid?.() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (isRoot && hasApt) {
  console.log('Chromium not found: installing Debian package "chromium" with apt-get ...');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null', {
    stdio: 'inherit',
  });
  if (existsSync(DEBIAN_CHROMIUM)) process.exit(0);
}
console.error(
  'Chromium not found. Install it (Debian: sudo apt-get install -y chromium; elsewhere: npx playwright install --with-deps chromium) or set CHROMIUM_PATH to a Chromium binary.',
);
process.exit(1);
