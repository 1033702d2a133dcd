/**
 * Small helpers over the content collections used by several routes.
 *
 * Every collection has one folder per language (`src/content/loans/en/vehicle.md`,
 * `src/content/loans/ta/vehicle.md`); an entry's id is `<language>/<file name>`. English is the
 * list of entries; another language gives its own entry of the same file name and, where it has
 * none yet, the English one (the build prints each such fallback: integrations/i18n-fallback.ts).
 */
import { getCollection, type CollectionEntry, type CollectionKey } from 'astro:content';
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales.ts';

/** `ta/vehicle` → `{ locale: 'ta', name: 'vehicle' }`. */
export const splitEntryId = (id: string): { locale: string; name: string } => {
  const slash = id.indexOf('/');
  return { locale: id.slice(0, slash), name: id.slice(slash + 1) };
};

/** The file name of an entry without its language folder (`vehicle`). */
export const entryName = (entry: { id: string }): string => splitEntryId(entry.id).name;

/** Every entry of a collection in one language, English's where a translation is missing. */
export async function localized<C extends CollectionKey>(collection: C, locale: Locale = DEFAULT_LOCALE): Promise<CollectionEntry<C>[]> {
  const all = (await getCollection(collection)) as CollectionEntry<C>[];
  const byId = new Map(all.map((entry) => [entry.id, entry]));
  return all
    .filter((entry) => splitEntryId(entry.id).locale === DEFAULT_LOCALE)
    .map((english) => byId.get(`${locale}/${entryName(english)}`) ?? english);
}

type Ordered = 'divisions' | 'programs' | 'team' | 'reviews' | 'loans' | 'plans' | 'properties' | 'slides';

/** A collection in one language, sorted by its `order` field. */
export async function ordered<C extends Ordered>(collection: C, locale: Locale = DEFAULT_LOCALE): Promise<CollectionEntry<C>[]> {
  const entries = await localized(collection, locale);
  return entries.sort((a, b) => (a.data as { order: number }).order - (b.data as { order: number }).order);
}

/** A page entry from `src/content/pages/<language>`; a missing English one fails the build with its name. */
export async function page(name: string, locale: Locale = DEFAULT_LOCALE): Promise<CollectionEntry<'pages'>> {
  const entry = (await localized('pages', locale)).find((candidate) => entryName(candidate) === name);
  if (!entry) throw new Error(`Missing content file src/content/pages/${DEFAULT_LOCALE}/${name}.md`);
  return entry;
}
