/** Vitest global setup: loads the content collections (`astro sync`) so tests read the real copy. */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup() {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  execFileSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'sync'], { cwd: root, stdio: 'ignore' });
}
