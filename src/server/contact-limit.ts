/**
 * The same person, at most a few e-mails a day: the team is e-mailed about one phone number or
 * e-mail address at most LEADS_CONTACT_DAILY_LIMIT times (default 3) a day for the same kind of
 * enquiry. Further leads are stored and exported as usual, marked `notifyHeld: "repeat-contact"`,
 * and not e-mailed. So a script cannot use up the EmailJS quota with one contact, and a visitor
 * who sends the form five times does not flood the team.
 *
 * Each e-mailed lead leaves a marker `contacts/<kind>/<UTC day>/<hash of the phone or e-mail>/<id>`
 * (a hash, never the number itself). Retention deletes the markers of past days; erasing a lead
 * deletes its markers.
 */
import { createHash } from 'node:crypto';
import type { Store } from '@netlify/blobs';
import { listAll } from './pending.ts';
import { contactDailyLimit } from './pipeline-settings.ts';
import type { LeadRecord } from './record.ts';

export const CONTACTS_PREFIX = 'contacts/';

const contactPrefix = (kind: string, day: string, value: string) =>
  `${CONTACTS_PREFIX}${kind}/${day}/${createHash('sha256').update(value.trim().toLowerCase()).digest('hex').slice(0, 32)}/`;

/**
 * Whether this lead's phone or e-mail has had its e-mails for today already. When it has not,
 * the lead's markers are written (it is about to be e-mailed).
 */
export const contactLimitReached = async (store: Store, lead: LeadRecord): Promise<boolean> => {
  const day = lead.receivedAt.slice(0, 10);
  const prefixes = [lead.phone, lead.email]
    .filter((value): value is string => typeof value === 'string' && value !== '')
    .map((value) => contactPrefix(lead.kind, day, value));
  const counts = await Promise.all(prefixes.map(async (prefix) => (await listAll(store, prefix)).length));
  if (counts.some((count) => count >= contactDailyLimit())) return true;
  await Promise.all(prefixes.map((prefix) => store.set(`${prefix}${lead.id}`, '')));
  return false;
};

/** Deletes the markers of days before `today` (UTC, YYYY-MM-DD); returns how many went. */
export const deleteOldContactMarkers = async (store: Store, today: string): Promise<number> => {
  const old = (await listAll(store, CONTACTS_PREFIX)).filter(({ key }) => key.split('/')[2] < today);
  await Promise.all(old.map(({ key }) => store.delete(key)));
  return old.length;
};

/** Deletes the markers a lead left (on erasure). */
export const deleteContactMarkersOf = async (store: Store, id: string): Promise<void> => {
  const mine = (await listAll(store, CONTACTS_PREFIX)).filter(({ key }) => key.endsWith(`/${id}`));
  await Promise.all(mine.map(({ key }) => store.delete(key)));
};
