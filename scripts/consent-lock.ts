/**
 * Records new consent notice versions in src/content/consent.lock.json (`npm run consent:lock`).
 * A version already recorded is never changed: if its text was edited, this stops with the
 * same message as the build.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { consentLockProblems, extendLock, type ConsentLock } from '../src/lib/consent-lock.ts';
import type { ConsentNotice } from '../src/lib/consent.ts';

const root = path.resolve(import.meta.dirname, '..');
const noticesFile = path.join(root, 'src/content/consent.json');
const lockFile = path.join(root, 'src/content/consent.lock.json');

const notices = JSON.parse(await readFile(noticesFile, 'utf8')) as ConsentNotice[];
const lock = JSON.parse(await readFile(lockFile, 'utf8').catch(() => '{}')) as ConsentLock;
const next = extendLock(notices, lock);
const added = Object.keys(next).filter((version) => !(version in lock));
const problems = consentLockProblems(notices, next);
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
if (added.length > 0) await writeFile(lockFile, `${JSON.stringify(next, null, 2)}\n`);
console.log(added.length > 0 ? `Recorded ${added.join(', ')} in ${path.relative(root, lockFile)}` : 'Every consent notice is already recorded.');
