/**
 * Records new consent notice versions in src/content/consent.lock.json (`npm run consent:lock`).
 * A version already recorded is never changed: if its text was edited, this stops with the
 * same message as the build.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CONSENT_LOCK_FILE,
  consentListProblems,
  consentLockProblems,
  extendLock,
  readConsentFolder,
  type ConsentLock,
} from '../integrations/consent-lock.ts';
import { CONSENT_VERSIONS } from '../src/lib/consent.ts';

const root = path.resolve(import.meta.dirname, '..');
const lockFile = path.join(root, CONSENT_LOCK_FILE);
const files = readConsentFolder(root);
const lock = JSON.parse(await readFile(lockFile, 'utf8').catch(() => '{}')) as ConsentLock;
const next = extendLock(files, lock);
const added = Object.keys(next).filter((version) => !(version in lock));
const problems = [...consentLockProblems(files, next), ...consentListProblems(files, CONSENT_VERSIONS)];
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
if (added.length > 0) await writeFile(lockFile, `${JSON.stringify(next, null, 2)}\n`);
console.log(added.length > 0 ? `Recorded ${added.join(', ')} in ${CONSENT_LOCK_FILE}` : 'Every consent notice is already recorded.');
