/**
 * Vitest setup file of the `functions` project, whose files share their workers (isolate: false):
 * modules load once per worker instead of once per file, and what one file changes in the process
 * goes back before the next file runs: the environment (as it was before the file, with what the
 * test support sets once on import, tests/support/enquiry-requests.ts), the clock, spies, stubbed
 * globals and stubbed variables. Each file still starts its own database, Blobs store and
 * stand-ins (tests/support/servers.ts), and stops them in its afterAll.
 */
import { afterAll, vi } from 'vitest';
import './enquiry-requests.ts';

const before = { ...process.env };

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  for (const name of Object.keys(process.env)) if (!(name in before)) delete process.env[name];
  Object.assign(process.env, before);
});
