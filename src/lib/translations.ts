/**
 * Which content entries have no translation yet. Every collection folder of src/content holds one
 * folder per language; English (`en/`) is the list of entries. Build-time and tests only (node:fs).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../i18n/locales.ts';

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
}

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
  return { untranslated: others.filter((locale) => !begun(locale)), missing };
};

/** The lines the build prints: one per entry that falls back to English. */
export const fallbackLines = ({ untranslated, missing }: TranslationStatus): string[] => [
  ...untranslated.map((locale) => `${locale}: no content translated yet, every entry falls back to English`),
  ...missing.map(
    ({ locale, collection, file }) => `${locale}: ${CONTENT_FOLDER}/${collection}/${locale}/${file} is missing, the English entry is used`,
  ),
];
