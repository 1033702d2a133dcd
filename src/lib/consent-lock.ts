/**
 * Published consent notices are never edited. src/content/consent.lock.json records the sha256 of
 * every published version's text; the `consent` content collection runs `consentLockProblems`
 * when it loads, so a changed text, a removed version or a version missing from the lock fails
 * `astro build`, `astro check` and `astro sync`. `npm run consent:lock` adds new versions to the
 * lock and never changes a recorded one. Build-time only (node:crypto).
 */
import { createHash } from 'node:crypto';
import type { ConsentNotice } from './consent.ts';

export type ConsentLock = Record<string, string>;

export const VERSION_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-v[1-9]\d*$/;

export const hashNotice = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** Every reason the notices and the lock disagree; empty when they match. */
export const consentLockProblems = (notices: readonly ConsentNotice[], lock: ConsentLock): string[] => {
  const problems: string[] = [];
  if (notices.length === 0) problems.push('src/content/consent.json must list at least one notice.');
  const seen = new Set<string>();
  for (const { version, text } of notices) {
    if (!VERSION_PATTERN.test(version)) problems.push(`Consent notice version "${version}" must look like 2026-11-v1.`);
    if (seen.has(version)) problems.push(`Consent notice version "${version}" is listed twice.`);
    seen.add(version);
    if (!(version in lock)) {
      problems.push(`Consent notice "${version}" is not in src/content/consent.lock.json. Run \`npm run consent:lock\` to record it.`);
    } else if (lock[version] !== hashNotice(text)) {
      problems.push(`The text of consent notice "${version}" has changed since it was published. Put the old text back and add the new text as a new version.`);
    }
  }
  for (const version of Object.keys(lock)) {
    if (!seen.has(version)) problems.push(`Consent notice "${version}" was published and must stay in src/content/consent.json.`);
  }
  return problems;
};

/** The lock with every notice not yet recorded added; recorded versions are kept as they are. */
export const extendLock = (notices: readonly ConsentNotice[], lock: ConsentLock): ConsentLock => {
  const next = { ...lock };
  for (const { version, text } of notices) next[version] ??= hashNotice(text);
  return next;
};
