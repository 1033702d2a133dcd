/**
 * Erasing one lead on a person's request (DPDP Act 2023): the lead, its photos and every index
 * entry that names it (ids/, pending/, gaveup/, webhook/, ack/), and a spam copy with the same id if one exists.
 * Used by DELETE /api/leads/<id>, `npm run leads:erase` and the retention job.
 */
import type { Store } from '@netlify/blobs';
import { ENQUIRY_KINDS } from '../lib/enquiry/index.ts';
import { ackKey, gaveUpKey, listAll, pendingKey, webhookKey } from './pending.ts';
import { indexKey, leadsStore, photosStore } from './store.ts';
import { deletePhotosOf } from './photo-store.ts';
import { deleteContactMarkersOf } from './contact-limit.ts';

/** Deletes the lead at `key` with its photos and index entries; returns how many photos went. */
export const deleteLead = async (store: Store, key: string): Promise<number> => {
  const id = key.split('/').at(-1) as string;
  const photos = photosStore();
  const photoKeys = key.startsWith('realestate/') || key.startsWith('spam/realestate/') ? await listAll(photos, `${id}/`) : [];
  await Promise.all(photoKeys.map(({ key: photo }) => photos.delete(photo)));
  // The lead last: while anything of it remains, its key still finds it.
  await Promise.all(
    key.startsWith('spam/')
      ? []
      : [store.delete(pendingKey(id)), store.delete(gaveUpKey(id)), store.delete(webhookKey(id)), store.delete(ackKey(id))],
  );
  await store.delete(key);
  if (!key.startsWith('spam/')) await Promise.all([store.delete(indexKey(id)), deleteContactMarkersOf(store, id)]);
  return photoKeys.length;
};

/** Where a lead with this id is stored: its ids/ entry for a lead, a listing of spam/ for spam. */
export const keysOf = async (store: Store, id: string): Promise<string[]> => {
  const index = (await store.get(indexKey(id), { type: 'json' })) as { key?: string } | null;
  const lead = index?.key && (await store.get(index.key)) !== null ? [index.key] : [];
  const spam = (await Promise.all(ENQUIRY_KINDS.map((kind) => listAll(store, `spam/${kind}/`))))
    .flat()
    .map(({ key }) => key)
    .filter((key) => key.endsWith(`/${id}`));
  return [...lead, ...spam];
};

/**
 * Erases every copy of lead `id`, whatever case it is asked in; false when there was none. Ids
 * are stored lower-case; a lead stored before that rule under its id as sent is found too.
 */
export const eraseLead = async (asked: string): Promise<boolean> => {
  const store = leadsStore();
  const spellings = [...new Set([asked.toLowerCase(), asked, asked.toUpperCase()])];
  let found = false;
  for (const id of spellings) found = (await eraseOneSpelling(store, id)) || found;
  return found;
};

const eraseOneSpelling = async (store: Store, id: string): Promise<boolean> => {
  const keys = await keysOf(store, id);
  for (const key of keys) await deleteLead(store, key);
  if (keys.length > 0) return true;
  // No lead: index entries and photos left behind by a failed attempt still go (and count).
  const [photos] = await Promise.all([
    deletePhotosOf(id),
    store.delete(indexKey(id)),
    store.delete(pendingKey(id)),
    store.delete(gaveUpKey(id)),
    store.delete(webhookKey(id)),
    store.delete(ackKey(id)),
  ]);
  return photos > 0;
};
