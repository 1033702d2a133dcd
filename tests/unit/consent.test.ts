/**
 * The consent notice: versioned content, one module for pages, forms and functions, and a lock
 * that makes the build fail when a published text is edited.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { getCollection } from 'astro:content';
import { CONSENT_NOTICE, CONSENT_NOTICES, consentNoticeText, consentParts, consentPlainText } from '../../src/lib/consent.ts';
import { CONSENT_VERSIONS, CURRENT_CONSENT_VERSION } from '../../src/lib/consent-form.ts';
import { consentListProblems, consentLockProblems, extendLock, hashNotice, readConsentFolder } from '../../integrations/consent-lock.ts';
import lock from '../../src/content/consent.lock.json' with { type: 'json' };

const root = path.resolve(import.meta.dirname, '../..');

describe('the notice', () => {
  test('the current notice is the last version, one sentence linking to /Privacy', () => {
    expect(CONSENT_NOTICE).toBe(CONSENT_NOTICES.at(-1));
    // The forms' list of versions (without the texts) is the notices' own.
    expect(CONSENT_VERSIONS).toEqual(CONSENT_NOTICES.map((notice) => notice.version));
    expect(CURRENT_CONSENT_VERSION).toBe(CONSENT_NOTICE.version);
    expect(CONSENT_NOTICE.version).toMatch(/^\d{4}-\d{2}-v\d+$/);
    expect(consentPlainText(CONSENT_NOTICE.text)).toMatch(/^[^.]+(\.[^.]+)*\.$/);
    expect(consentParts(CONSENT_NOTICE.text).filter((part) => part.href)).toEqual([{ text: 'Privacy Policy', href: '/Privacy' }]);
  });

  test('every version has its text; an unknown version has none', () => {
    for (const notice of CONSENT_NOTICES) expect(consentNoticeText(notice.version)).toBe(notice.text);
    expect(consentNoticeText('1999-01-v1')).toBeNull();
  });

  test('the content collection holds the same notices', async () => {
    const entries = (await getCollection('consent')).filter((entry) => entry.id.startsWith('en/'));
    expect(entries.map((entry) => entry.data)).toEqual(CONSENT_NOTICES.map(({ version, text }) => ({ version, text })));
  });

  test('parts and plain text', () => {
    const text = 'Read our [Privacy Policy](/Privacy) and [terms](/Privacy#terms).';
    expect(consentParts(text)).toEqual([
      { text: 'Read our ' },
      { text: 'Privacy Policy', href: '/Privacy' },
      { text: ' and ' },
      { text: 'terms', href: '/Privacy#terms' },
      { text: '.' },
    ]);
    expect(consentPlainText(text)).toBe('Read our Privacy Policy and terms.');
  });
});

describe('the lock', () => {
  const v1 = { version: '2026-11-v1', text: 'We use your details to answer you.' };
  const v2 = { version: '2027-02-v2', text: 'We use your details to answer you, and keep them 24 months.' };
  const locked = { [v1.version]: hashNotice(v1.text) };

  test('the committed files match the committed lock and the list in src/lib/consent.ts', () => {
    const files = readConsentFolder(root);
    expect(files.filter((file) => file.locale === 'en').map(({ version, text }) => ({ version, text }))).toEqual(CONSENT_NOTICES);
    expect(consentLockProblems(files, lock)).toEqual([]);
    expect(
      consentListProblems(
        files,
        CONSENT_NOTICES.map((notice) => notice.version),
      ),
    ).toEqual([]);
  });

  test('a file must be named after its version, and listed in src/lib/consent.ts', () => {
    const file = (name: string, version: string) => ({ file: name, version, text: 'x' });
    expect(consentListProblems([file('2026-11-v1.json', '2026-11-v1'), file('new.json', '2027-01-v2')], ['2026-11-v1'])).toEqual([
      expect.stringContaining('name the file 2027-01-v2.json'),
      expect.stringContaining('"2027-01-v2" is not listed in src/lib/consent.ts'),
    ]);
    expect(consentListProblems([], ['2026-11-v1'])).toEqual([expect.stringContaining('has no file')]);
  });

  test('a published text edited in place is refused', () => {
    expect(consentLockProblems([{ ...v1, text: `${v1.text} ` }], locked)).toEqual([
      expect.stringContaining('The text of consent notice "2026-11-v1" has changed'),
    ]);
  });

  test("every language's text is locked: a translation edited in place is refused, a new one must be recorded", () => {
    const ta = { ...v1, locale: 'ta', text: 'உங்களுக்கு பதில் அளிக்க உங்கள் விவரங்களைப் பயன்படுத்துகிறோம்.' };
    const both = extendLock([v1, ta], locked);
    expect(Object.keys(both)).toEqual(['2026-11-v1', 'ta/2026-11-v1']);
    expect(consentLockProblems([v1, ta], both)).toEqual([]);
    expect(consentLockProblems([v1, ta], locked)).toEqual([
      expect.stringContaining('"ta/2026-11-v1" is not in src/content/consent.lock.json'),
    ]);
    expect(consentLockProblems([v1, { ...ta, text: `${ta.text} ` }], both)).toEqual([
      expect.stringContaining('The text of consent notice "ta/2026-11-v1" has changed'),
    ]);
    expect(consentLockProblems([v1], both)).toEqual([expect.stringContaining('"ta/2026-11-v1" was published and must stay')]);
  });

  test('a new version must be recorded, and recording never changes a published one', () => {
    expect(consentLockProblems([v1, v2], locked)).toEqual([
      expect.stringContaining('"2027-02-v2" is not in src/content/consent.lock.json'),
    ]);
    const extended = extendLock([v1, v2], locked);
    expect(consentLockProblems([v1, v2], extended)).toEqual([]);
    expect(extendLock([{ ...v1, text: 'changed' }], locked)).toEqual(locked);
  });

  test('a published version may not be removed, repeated or misnamed', () => {
    expect(consentLockProblems([v2], { ...locked, [v2.version]: hashNotice(v2.text) })).toEqual([
      expect.stringContaining('"2026-11-v1" was published and must stay'),
    ]);
    expect(consentLockProblems([v1, v1], locked)).toEqual([expect.stringContaining('listed twice')]);
    expect(consentLockProblems([{ version: 'v3', text: 'x' }], { v3: hashNotice('x') })).toEqual([
      expect.stringContaining('must look like 2026-11-v1'),
    ]);
  });

  test('editing the published text fails the build (astro sync of a copy of the site)', { timeout: 90_000 }, async () => {
    const copy = await mkdtemp(path.join(tmpdir(), 'consent-build-'));
    try {
      for (const item of ['src', 'integrations', 'astro.config.mjs', 'package.json', 'tsconfig.json'])
        await cp(path.join(root, item), path.join(copy, item), { recursive: true });
      await symlink(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
      const notice = CONSENT_NOTICES[0];
      const file = path.join(copy, `src/content/consent/en/${notice.version}.json`);
      const published = JSON.parse(await readFile(file, 'utf8')) as { version: string; text: string };
      await writeFile(file, JSON.stringify({ ...published, text: published.text.replace('24 months', '36 months') }, null, 2));

      const sync = promisify(execFile)(process.execPath, ['node_modules/astro/bin/astro.mjs', 'sync'], {
        cwd: copy,
        env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      });
      const failure = await sync.then(
        () => null,
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(`${failure?.stdout}${failure?.stderr}`).toContain(
        `The text of consent notice "${notice.version}" has changed since it was published`,
      );
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });
});
