/**
 * Published consent notices are never edited. src/content/consent.lock.json records the sha256 of
 * every published version's text; the `consent` content collection runs these checks on the
 * files of src/content/consent/, so a changed text, a removed version, a version missing from the
 * lock or from src/lib/consent.ts fails `astro build`, `astro check` and `astro sync`.
 * `npm run consent:lock` adds new versions to the lock and never changes a recorded one.
 * Build-time only (node:crypto, node:fs).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ConsentNotice } from './consent.ts';

export type ConsentLock = Record<string, string>;

export const CONSENT_FOLDER = 'src/content/consent';
export const CONSENT_LOCK_FILE = 'src/content/consent.lock.json';
export const VERSION_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-v[1-9]\d*$/;

export const hashNotice = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export interface NoticeFile extends ConsentNotice {
  file: string;
}

/** The notices as they are on disk, one JSON file per version (`<version>.json`). */
export const readConsentFolder = (root = process.cwd()): NoticeFile[] => {
  const folder = path.join(root, CONSENT_FOLDER);
  return readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({ file, ...(JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as ConsentNotice) }));
};

/** Every reason the notices and the lock disagree; empty when they match. */
export const consentLockProblems = (notices: readonly ConsentNotice[], lock: ConsentLock): string[] => {
  const problems: string[] = [];
  if (notices.length === 0) problems.push(`${CONSENT_FOLDER} must hold at least one notice.`);
  const seen = new Set<string>();
  for (const { version, text } of notices) {
    if (!VERSION_PATTERN.test(version)) problems.push(`Consent notice version "${version}" must look like 2026-11-v1.`);
    if (seen.has(version)) problems.push(`Consent notice version "${version}" is listed twice.`);
    seen.add(version);
    if (!(version in lock)) {
      problems.push(`Consent notice "${version}" is not in ${CONSENT_LOCK_FILE}. Run \`npm run consent:lock\` to record it.`);
    } else if (lock[version] !== hashNotice(text)) {
      problems.push(
        `The text of consent notice "${version}" has changed since it was published. Put the old text back and add the new text as a new version.`,
      );
    }
  }
  for (const version of Object.keys(lock)) {
    if (!seen.has(version)) problems.push(`Consent notice "${version}" was published and must stay in ${CONSENT_FOLDER}.`);
  }
  return problems;
};

/** The files and the list in src/lib/consent.ts (which the forms and functions read) must agree. */
export const consentListProblems = (files: readonly NoticeFile[], listed: readonly string[]): string[] => [
  ...files
    .filter(({ file, version }) => file !== `${version}.json`)
    .map(({ file, version }) => `${CONSENT_FOLDER}/${file} holds version "${version}": name the file ${version}.json.`),
  ...files
    .filter(({ version }) => !listed.includes(version))
    .map(({ version }) => `Consent notice "${version}" is not listed in src/lib/consent.ts: import its file there, after the others.`),
  ...listed
    .filter((version) => !files.some((file) => file.version === version))
    .map((version) => `src/lib/consent.ts lists consent notice "${version}", which has no file in ${CONSENT_FOLDER}.`),
];

/** The lock with every notice not yet recorded added; recorded versions are kept as they are. */
export const extendLock = (notices: readonly ConsentNotice[], lock: ConsentLock): ConsentLock => {
  const next = { ...lock };
  for (const { version, text } of notices) next[version] ??= hashNotice(text);
  return next;
};
