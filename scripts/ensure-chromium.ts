/**
 * Makes sure a Chromium for the e2e tests exists: CHROMIUM_PATH, else /usr/bin/chromium.
 * With neither, installs Debian's `chromium` when running as root with apt; otherwise stops
 * with one line saying how to install it. Playwright cannot download browsers here.
 */
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const DEFAULT = '/usr/bin/chromium';
const wanted = process.env.CHROMIUM_PATH || DEFAULT;

if (existsSync(wanted)) process.exit(0);

const isRoot = process.getuid?.() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (!process.env.CHROMIUM_PATH && isRoot && hasApt) {
  console.log('Chromium not found: installing Debian package "chromium" with apt-get ...');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null', {
    stdio: 'inherit',
  });
  if (existsSync(DEFAULT)) process.exit(0);
}
console.error(
  `Chromium not found at ${wanted}. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.`,
);
process.exit(1);
