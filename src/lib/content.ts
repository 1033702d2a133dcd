/** Small helpers over the content collections used by several routes. */
import { getCollection, getEntry, type CollectionEntry } from 'astro:content';

type Ordered = 'divisions' | 'programs' | 'team' | 'reviews' | 'loans' | 'plans' | 'properties' | 'slides';

/** A collection sorted by its `order` field. */
export async function ordered<C extends Ordered>(collection: C): Promise<CollectionEntry<C>[]> {
  const entries = (await getCollection(collection)) as CollectionEntry<C>[];
  return entries.sort((a, b) => (a.data as { order: number }).order - (b.data as { order: number }).order);
}

/** A page entry from `src/content/pages`; a missing one fails the build with its name. */
export async function page(id: string): Promise<CollectionEntry<'pages'>> {
  const entry = await getEntry('pages', id);
  if (!entry) throw new Error(`Missing content file src/content/pages/${id}.md`);
  return entry;
}
