/** How the inbox writes times, purposes and files (the kinds' names and the statuses are the contract's, src/lib/team-api/vocabulary.ts). */
import dayjs from 'dayjs';
import type { ConsentPurpose } from '../../lib/enquiry/consent-purposes.ts';
import type { PersonPage } from '../../lib/team-api/wire.ts';

/** A time in the team's own clock, e.g. "25 Nov 2026, 9:41 AM". */
export const when = (iso: string) => dayjs(iso).format('D MMM YYYY, h:mm A');

/** What a person may agree to, as the team reads it. */
export const PURPOSE_NAMES: Record<ConsentPurpose, string> = {
  enquiry: 'Answering their enquiries',
  group: 'Our other divisions may contact them',
  whatsapp: 'Updates on WhatsApp',
};

/** Where a purpose stands. */
export const CONSENT_STATES: Record<PersonPage['person']['consent'][ConsentPurpose], string> = {
  granted: 'agreed',
  refused: 'not agreed',
  withdrawn: 'withdrawn',
  'not-asked': 'never asked',
};

/** Saves a file the inbox made (a CSV) under `name`. */
export const saveFile = (blob: Blob, name: string) => {
  const url = URL.createObjectURL(blob);
  Object.assign(document.createElement('a'), { href: url, download: name }).click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
