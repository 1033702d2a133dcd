/**
 * Content in every language: each collection has one folder per language (src/content/<collection>/<lang>/).
 * - This first release is complete: every English entry has its Tamil, Telugu and Kannada file.
 *   A language with no folder at all yet is skipped (its translation has not been merged); once any
 *   of its folders exists, every entry must be there.
 * - A translation changes the words only: routes, keys, wire values, order and links stay English's.
 * - A missing translation falls back to English (the build prints it: integrations/i18n-fallback.ts).
 */
import { describe, expect, it } from 'vitest';
import { getCollection } from 'astro:content';
import { DEFAULT_LOCALE, LOCALES } from '../../src/i18n/locales.ts';
import { dictionary } from '../../src/i18n/index.ts';
import { entryName, localized, ordered, page, splitEntryId } from '../../src/lib/content.ts';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fallbackLines, reviewLines, translationStatus } from '../../integrations/translations.ts';
import { collections } from '../../src/content.config.ts';

const COLLECTIONS = Object.keys(collections) as (keyof typeof collections)[];
const status = translationStatus();
const begun = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE && !status.untranslated.includes(locale));

/** Fields that are not words: they must be the same in every language. */
const WIRE_FIELDS = ['key', 'route', 'loanType', 'planning', 'intent', 'category', 'order', 'href', 'version', 'updated'] as const;

describe('every entry in every language', () => {
  it.each(LOCALES.filter((locale) => locale !== DEFAULT_LOCALE))('%s: no entry is missing', (locale) => {
    if (!begun.includes(locale)) {
      // Skipped until this language's translations are merged (no src/content/*/<lang>/ folder yet).
      expect(status.untranslated).toContain(locale);
      return;
    }
    expect(status.missing.filter((m) => m.locale === locale).map((m) => `${m.collection}/${m.locale}/${m.file}`)).toEqual([]);
  });

  it('holds no file outside a language folder, and no language folder the site does not know', async () => {
    for (const name of COLLECTIONS) {
      for (const entry of await getCollection(name)) expect(LOCALES, `${name}/${entry.id}`).toContain(splitEntryId(entry.id).locale);
    }
  });
});

describe('a translation changes the words only', () => {
  it('keeps every route, key, wire value, order and link of the English entry', async () => {
    const checked: string[] = [];
    for (const name of COLLECTIONS) {
      const all = await getCollection(name);
      const english = new Map(all.filter((e) => splitEntryId(e.id).locale === DEFAULT_LOCALE).map((e) => [entryName(e), e]));
      for (const entry of all.filter((e) => splitEntryId(e.id).locale !== DEFAULT_LOCALE)) {
        const source = english.get(entryName(entry));
        expect(source, `${name}/${entry.id} has no English entry`).toBeDefined();
        const data = entry.data as Record<string, unknown>;
        const sourceData = source!.data as Record<string, unknown>;
        for (const field of WIRE_FIELDS) expect(data[field], `${name}/${entry.id}: ${field}`).toEqual(sourceData[field]);
        const links = (d: Record<string, unknown>) => (d.cta as { links: { href: string }[] } | undefined)?.links.map((l) => l.href);
        expect(links(data), `${name}/${entry.id}: cta links`).toEqual(links(sourceData));
        checked.push(`${name}/${entry.id}`);
      }
    }
    // Until translations are merged there is nothing to compare; afterwards every translation is checked.
    expect(checked.length).toBe(
      (await Promise.all(COLLECTIONS.map((c) => getCollection(c)))).flat().length -
        (await Promise.all(COLLECTIONS.map((c) => localized(c)))).flat().length,
    );
  });
});

describe('a missing translation falls back to English', () => {
  it('each language gets the English list of entries, its own where it has one', async () => {
    for (const locale of LOCALES) {
      const loans = await ordered('loans', locale);
      expect(loans.map((l) => l.data.route)).toEqual((await ordered('loans')).map((l) => l.data.route));
      for (const loan of loans) expect([locale, DEFAULT_LOCALE]).toContain(splitEntryId(loan.id).locale);
      expect(entryName(await page('privacy', locale))).toBe('privacy');
    }
    await expect(page('no-such-page', 'ta')).rejects.toThrow('src/content/pages/en/no-such-page.md');
  });

  it('the build prints one line per entry that falls back, or one per language not begun', () => {
    expect(fallbackLines({ untranslated: ['kn'], missing: [{ locale: 'ta', collection: 'loans', file: 'vehicle.md' }] })).toEqual([
      'kn: no content translated yet, every entry falls back to English',
      'ta: src/content/loans/ta/vehicle.md is missing, the English entry is used',
    ]);
    expect(fallbackLines(status).length).toBe(status.untranslated.length + status.missing.length);
  });
});

describe('which translations a native speaker has reviewed', () => {
  it('counts, per language, the entries whose file does not say `reviewed: true` (front matter, YAML or JSON)', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'aranya-review-'));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    try {
      write('src/content/loans/en/gold.md', '---\ntitle: Gold\n---\nBody');
      write('src/content/loans/ta/gold.md', '---\ntitle: நகை\nreviewed: true\n---\nreviewed: false');
      write('src/content/team/en/arun.yaml', 'name: Arun\n');
      write('src/content/team/ta/arun.yaml', 'name: Arun\nreviewed: false\n');
      write('src/content/consent/en/v1.json', '{"version": "v1", "text": "Yes"}');
      write('src/content/consent/ta/v1.json', '{"version": "v1", "text": "ஆம்", "reviewed": true}');
      write('src/content/consent/te/v1.json', '{"version": "v1", "text": "అవును"}');
      const result = translationStatus(root);
      expect(result.review).toEqual([
        { locale: 'ta', translated: 3, unreviewed: ['src/content/team/ta/arun.yaml'] },
        { locale: 'te', translated: 1, unreviewed: ['src/content/consent/te/v1.json'] },
      ]);
      expect(reviewLines(result)).toEqual([
        'ta: 1 of 3 translated entries not yet reviewed by a native speaker (tick "Reviewed" in /admin)',
        'te: 1 of 1 translated entries not yet reviewed by a native speaker (tick "Reviewed" in /admin)',
      ]);
      write('src/content/team/ta/arun.yaml', 'name: Arun\nreviewed: true\n');
      expect(reviewLines(translationStatus(root))[0]).toBe('ta: all 3 translated entries are reviewed by a native speaker');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the loan form names each loan by its page title', () => {
  // English shows the wire value ("Deposit Loan" on the page "Loan Against Deposits"); a translation
  // shows the title the page itself has, or that title without a gloss in brackets after it.
  it.each(LOCALES.filter((locale) => locale !== DEFAULT_LOCALE))('%s', async (locale) => {
    const options = dictionary(locale).form.options as Record<string, string>;
    const loans = await localized('loans', locale);
    expect(loans.length).toBe(8);
    for (const loan of loans) {
      const title = loan.data.title;
      expect([title, title.replace(/ \([^)]*\)$/, '')], loan.data.loanType).toContain(options[loan.data.loanType]);
    }
  });
});
