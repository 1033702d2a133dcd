/**
 * Published consent notices are never edited, in any language. src/content/consent.lock.json
 * records the sha256 of every published version's text: the English one under its version
 * (`2026-11-v1`), each translation under `<language>/<version>` (`ta/2026-11-v1`). The `consent`
 * content collection runs these checks on the files of src/content/consent/<language>/, so a changed text, a removed version, a version missing from the
 * lock or from src/lib/consent.ts fails `astro build`, `astro check` and `astro sync`.
 * `npm run consent:lock` adds new versions to the lock and never changes a recorded one.
 * Build-time only (node:crypto, node:fs).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ConsentNotice } from '../src/lib/consent.ts';
import { DEFAULT_LOCALE, LOCALES } from '../src/i18n/locales.ts';

export type ConsentLock = Record<string, string>;

export const CONSENT_FOLDER = 'src/content/consent';
export const CONSENT_LOCK_FILE = 'src/content/consent.lock.json';
export const VERSION_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-v[1-9]\d*$/;

export const hashNotice = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** A notice in one language; English when `locale` is left out. */
export interface LocalizedNotice extends ConsentNotice {
  locale?: string;
}

export interface NoticeFile extends LocalizedNotice {
  file: string;
  locale: string;
}

/** The key of a notice in the lock: its version in English, `<language>/<version>` otherwise. */
export const lockKey = ({ version, locale = DEFAULT_LOCALE }: LocalizedNotice): string =>
  locale === DEFAULT_LOCALE ? version : `${locale}/${version}`;

/** The notices as they are on disk, one JSON file per version (`<language>/<version>.json`), English first. */
export const readConsentFolder = (root = process.cwd()): NoticeFile[] =>
  LOCALES.flatMap((locale) => {
    const folder = path.join(root, CONSENT_FOLDER, locale);
    let files: string[];
    try {
      files = readdirSync(folder);
    } catch {
      return []; // no translation of any notice in this language yet
    }
    return files
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => ({ file, locale, ...(JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as ConsentNotice) }));
  });

/** Every reason the notices (every language's) and the lock disagree; empty when they match. */
export const consentLockProblems = (notices: readonly LocalizedNotice[], lock: ConsentLock): string[] => {
  const problems: string[] = [];
  if (!notices.some((notice) => (notice.locale ?? DEFAULT_LOCALE) === DEFAULT_LOCALE))
    problems.push(`${CONSENT_FOLDER}/${DEFAULT_LOCALE} must hold at least one notice.`);
  const seen = new Set<string>();
  for (const notice of notices) {
    const { version, text } = notice;
    const key = lockKey(notice);
    if (!VERSION_PATTERN.test(version)) problems.push(`Consent notice version "${version}" must look like 2026-11-v1.`);
    if (seen.has(key)) problems.push(`Consent notice version "${key}" is listed twice.`);
    seen.add(key);
    if (!(key in lock)) {
      problems.push(`Consent notice "${key}" is not in ${CONSENT_LOCK_FILE}. Run \`npm run consent:lock\` to record it.`);
    } else if (lock[key] !== hashNotice(text)) {
      problems.push(
        `The text of consent notice "${key}" has changed since it was published. Put the old text back and add the new text as a new version.`,
      );
    }
  }
  for (const key of Object.keys(lock)) {
    if (!seen.has(key)) problems.push(`Consent notice "${key}" was published and must stay in ${CONSENT_FOLDER}.`);
  }
  return problems;
};

/**
 * The files and the list in src/lib/consent.ts (which the forms and functions read) must agree:
 * every English version is listed; a translation is of a listed version.
 */
export const consentListProblems = (
  files: readonly (Omit<NoticeFile, 'locale'> & { locale?: string })[],
  listed: readonly string[],
): string[] => [
  ...files
    .filter(({ file, version }) => file !== `${version}.json`)
    .map(
      ({ file, version, locale = DEFAULT_LOCALE }) =>
        `${CONSENT_FOLDER}/${locale}/${file} holds version "${version}": name the file ${version}.json.`,
    ),
  ...files
    .filter(({ version }) => !listed.includes(version))
    .map(({ version }) => `Consent notice "${version}" is not listed in src/lib/consent.ts: import its file there, after the others.`),
  ...listed
    .filter((version) => !files.some((file) => file.version === version && (file.locale ?? DEFAULT_LOCALE) === DEFAULT_LOCALE))
    .map((version) => `src/lib/consent.ts lists consent notice "${version}", which has no file in ${CONSENT_FOLDER}/${DEFAULT_LOCALE}.`),
];

/** The lock with every notice not yet recorded added; recorded versions are kept as they are. */
export const extendLock = (notices: readonly LocalizedNotice[], lock: ConsentLock): ConsentLock => {
  const next = { ...lock };
  for (const notice of notices) next[lockKey(notice)] ??= hashNotice(notice.text);
  return next;
};
