/**
 * The names people work under in the team's log and on every change (`statusBy`, `releasedBy`).
 * A name must never pass for another: not for a person already on the team, not for the owner's
 * first key ("Owner"), not for the site's own actors ("the site", "the erase command" ...).
 *
 * - Written in NFKC (full-width letters, ligatures and other compatibility forms become the
 *   letters they stand for), spaces collapsed;
 * - no control or format characters: zero-width spaces and joiners, right-to-left overrides and
 *   every other bidi control (`\p{Cc}`, `\p{Cf}`), private-use or unassigned code points;
 * - compared by their confusable skeleton (Unicode TS #39: each character replaced by the one it is
 *   mistaken for, from Unicode's confusables list, through `unhomoglyph`), case ignored: "Οwner"
 *   with a Greek Omicron, "Оwnеr" with Cyrillic letters and "0wner" are all "owner".
 */
import unhomoglyph from 'unhomoglyph';
import { OWNER_KEY_NAME } from './auth.ts';
import { PERSON_ACTORS } from '../db/persons.ts';
import { ROUTING_ACTORS } from '../intake/assign.ts';

/** The actors the site itself writes in the team's log. */
export const SYSTEM_ACTORS = {
  /** The lock-out after wrong keys. */
  site: 'the site',
  /** `npm run leads:erase`. */
  eraseCommand: 'the erase command',
  /** `npm run team`. */
  teamCommand: 'the team command',
  /** `npm run leads:import`. */
  import: 'the import',
  /** A person's own doing on their timeline: an enquiry they sent, a withdrawal by their link. */
  visitor: PERSON_ACTORS.visitor,
  consentLink: PERSON_ACTORS.link,
  /** The first-contact clock's reminders, escalations and reassignments (jobs/first-contact.ts). */
  clock: ROUTING_ACTORS.clock,
} as const;

/** Names nobody may take. */
export const RESERVED_NAMES: readonly string[] = [OWNER_KEY_NAME, ...Object.values(SYSTEM_ACTORS)];

/** The name as it is stored: NFKC, trimmed, each run of spaces one space. */
export const normaliseName = (name: string): string => name.normalize('NFKC').trim().replace(/\s+/gu, ' ');

/** Characters a name may not hold: controls, format characters (zero-width, bidi), private use, unassigned, surrogates. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}]/u;

/** The confusable skeleton of a text (TS #39: NFD, each character by its prototype, NFD again), in lower case, spaces dropped. */
const skeleton = (text: string): string => unhomoglyph(text.normalize('NFD')).normalize('NFD').toLowerCase().replace(/\s/gu, '');

/**
 * What a name looks like: its skeleton as written and in lower case, so that "OWNER" and "owner"
 * are one, and so are "0wner" and "Owner".
 */
export const skeletonsOf = (name: string): string[] => {
  const written = normaliseName(name);
  return [...new Set([skeleton(written), skeleton(written.toLowerCase())])];
};

/** Whether two names can be taken for each other. */
export const looksLike = (a: string, b: string): boolean => {
  const ofB = skeletonsOf(b);
  return skeletonsOf(a).some((one) => ofB.includes(one));
};

/**
 * Why `name` (normalised) cannot be a team member's name, or null. `taken` are the names of the
 * people already on the team.
 */
export const nameProblem = (name: string, taken: readonly string[] = []): string | null => {
  if (HIDDEN.test(name)) return 'name must not hold invisible or right-to-left control characters';
  if (!/\p{L}/u.test(name)) return 'name must hold a letter';
  const reserved = RESERVED_NAMES.find((other) => looksLike(name, other));
  if (reserved) return `"${name}" looks like "${reserved}", a name the site uses; choose another`;
  const person = taken.find((other) => looksLike(name, other));
  if (person) return `"${name}" looks like "${person}", who is on the team already; choose another`;
  return null;
};
