/**
 * Which content entries have no translation yet. Every collection folder of src/content holds one
 * folder per language; English (`en/`) is the list of entries. Build-time and tests only (node:fs).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../src/i18n/locales.ts';

export const CONTENT_FOLDER = 'src/content';

export interface MissingTranslation {
  locale: Locale;
  collection: string;
  /** The English file, e.g. `vehicle.md`. */
  file: string;
}

export interface TranslationStatus {
  /** Languages with no folder in any collection yet: every entry of theirs falls back to English. */
  untranslated: Locale[];
  /** Entries missing in a language that has begun (one per entry and language). */
  missing: MissingTranslation[];
  /** Per language that has begun: its translated entries, and how many of them are not ticked reviewed. */
  review: { locale: Locale; translated: number; unreviewed: string[] }[];
}

/**
 * The data of a content file: a Markdown file's front matter, or a whole YAML or JSON file (YAML
 * reads JSON too).
 */
export const entryData = (file: string): Record<string, unknown> => {
  const source = readFileSync(file, 'utf8');
  const frontMatter = file.endsWith('.md') ? (/^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '') : source;
  return (parse(frontMatter) as Record<string, unknown> | null) ?? {};
};

/** Ticked "Reviewed by a native speaker" in /admin (`reviewed: true` in the file). */
export const isReviewed = (file: string): boolean => entryData(file).reviewed === true;

const isFolder = (folder: string) => existsSync(folder) && statSync(folder).isDirectory();

/** The collections: the folders of src/content that hold an `en/` folder. */
export const contentCollections = (root = process.cwd()): string[] =>
  readdirSync(path.join(root, CONTENT_FOLDER))
    .filter((name) => isFolder(path.join(root, CONTENT_FOLDER, name, DEFAULT_LOCALE)))
    .sort();

export const translationStatus = (root = process.cwd()): TranslationStatus => {
  const collections = contentCollections(root);
  const others = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);
  const begun = (locale: Locale) => collections.some((c) => isFolder(path.join(root, CONTENT_FOLDER, c, locale)));
  const missing: MissingTranslation[] = [];
  for (const locale of others.filter(begun)) {
    for (const collection of collections) {
      const english = readdirSync(path.join(root, CONTENT_FOLDER, collection, DEFAULT_LOCALE)).sort();
      for (const file of english) {
        if (!existsSync(path.join(root, CONTENT_FOLDER, collection, locale, file))) missing.push({ locale, collection, file });
      }
    }
  }
  const review = others.filter(begun).map((locale) => {
    const files = collections.flatMap((collection) => {
      const folder = path.join(root, CONTENT_FOLDER, collection, locale);
      return isFolder(folder) ? readdirSync(folder).map((file) => path.join(folder, file)) : [];
    });
    const unreviewed = files.filter((file) => !isReviewed(file)).map((file) => path.relative(root, file));
    return { locale, translated: files.length, unreviewed };
  });
  return { untranslated: others.filter((locale) => !begun(locale)), missing, review };
};

/** The lines the build prints about review: one per language, counting the entries not yet reviewed. */
export const reviewLines = ({ review }: Pick<TranslationStatus, 'review'>): string[] =>
  review.map(({ locale, translated, unreviewed }) =>
    unreviewed.length === 0
      ? `${locale}: all ${translated} translated entries are reviewed by a native speaker`
      : `${locale}: ${unreviewed.length} of ${translated} translated entries not yet reviewed by a native speaker (tick "Reviewed" in /admin)`,
  );

/** The lines the build prints: one per entry that falls back to English. */
export const fallbackLines = ({ untranslated, missing }: Pick<TranslationStatus, 'untranslated' | 'missing'>): string[] => [
  ...untranslated.map((locale) => `${locale}: no content translated yet, every entry falls back to English`),
  ...missing.map(
    ({ locale, collection, file }) => `${locale}: ${CONTENT_FOLDER}/${collection}/${locale}/${file} is missing, the English entry is used`,
  ),
];
