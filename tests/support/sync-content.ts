/**
 * Vitest global setup: loads the content collections (`astro sync`) so tests read the real copy.
 * Once per run: the projects that list it run it one after the other, in the same process.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SYNCED = Symbol.for('aranya.content-synced');

export default function setup() {
  const state = globalThis as { [SYNCED]?: boolean };
  if (state[SYNCED]) return;
  const root = fileURLToPath(new URL('../../', import.meta.url));
  execFileSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'sync'], { cwd: root, stdio: 'ignore' });
  state[SYNCED] = true;
}
