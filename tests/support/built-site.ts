/** Vitest global setup of tests/dist: stops at once, with one line, when there is no build to read. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DIST, NO_BUILD } from './dist.ts';

export default function setup() {
  if (existsSync(path.join(DIST, 'index.html'))) return;
  console.error(NO_BUILD);
  process.exit(1);
}
