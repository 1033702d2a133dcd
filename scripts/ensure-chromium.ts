/**
 * Makes sure a Chromium for the e2e tests exists (harness/chromium.ts): CHROMIUM_PATH, else Debian's
 * headless shell or its whole browser, else Playwright's own browser (`npx playwright install
 * chromium`, as the GitHub workflow does). Running as root with apt and without CHROMIUM_PATH, it
 * installs Debian's `chromium-headless-shell` when it is missing (the tests' lighter build; a few
 * seconds); with no Chromium at all and no apt, it stops with one line saying how to install one.
 */
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { DEBIAN_HEADLESS_SHELL, findChromium } from '../harness/chromium.ts';

if (process.env.CHROMIUM_PATH) {
  if (existsSync(process.env.CHROMIUM_PATH)) process.exit(0);
  console.error(`Chromium not found at CHROMIUM_PATH=${process.env.CHROMIUM_PATH}. Point it at a Chromium binary, or unset it.`);
  process.exit(1);
}
if (existsSync(DEBIAN_HEADLESS_SHELL)) process.exit(0);

const isRoot = process.getuid?.() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (isRoot && hasApt) {
  const install = 'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null';
  console.log('Installing Debian package "chromium-headless-shell" with apt-get ...');
  try {
    // The package lists are usually there already; fetch them only when the install cannot find it.
    execSync(`${install} 2>/dev/null || (apt-get update -qq && ${install})`, { stdio: 'inherit' });
  } catch {
    console.error('apt-get could not install chromium-headless-shell.');
  }
  if (existsSync(DEBIAN_HEADLESS_SHELL)) process.exit(0);
}
if (findChromium()) process.exit(0);
console.error(
  'Chromium not found. Install it (Debian: sudo apt-get install -y chromium; elsewhere: npx playwright install --with-deps chromium) or set CHROMIUM_PATH to a Chromium binary.',
);
process.exit(1);
