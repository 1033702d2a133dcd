/**
 * Vitest global setup: loads the content collections (`astro sync`) so tests read the real copy.
 * Once per run: the projects that list it run it one after the other, in the same process. Skipped
 * when ASTRO_SYNCED is 1: .ci/run has synced already, before the steps that run beside Vitest.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SYNCED = Symbol.for('aranya.content-synced');

export default function setup() {
  const state = globalThis as { [SYNCED]?: boolean };
  if (state[SYNCED] || process.env.ASTRO_SYNCED === '1') return;
  const root = fileURLToPath(new URL('../../', import.meta.url));
  execFileSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'sync'], { cwd: root, stdio: 'ignore' });
  state[SYNCED] = true;
}
