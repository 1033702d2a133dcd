/**
 * A stored lead's person and what they agreed to, in the lead's own transaction (accept.ts):
 * - the person found or made by its phone or e-mail, as the lead is inserted (db/leads.ts, the
 *   database's `find_person`: race-safe under the contacts' primary key);
 * - a repeat: an earlier open lead of the same person and kind within LEADS_REPEAT_DAYS, which
 *   the new lead names (`repeatOf`) and the team's e-mail mentions, with whoever works it;
 * - the consent ledger's rows: for an enquiry, one per purpose (the enquiry itself granted, the
 *   group's other divisions and WhatsApp granted or refused as the boxes were ticked), with the
 *   notice's version, the sha256 of its text in the language shown and that language (a form
 *   older than the two purposes writes the enquiry's row only); for a
 *   privacy request, a withdrawal of each purpose it asks to withdraw.
 * Spam never comes here: a release from spam (team/work.ts) does, once the lead is a lead.
 */
import type { LeadRecord } from '../../lib/enquiry/lead-record.ts';
import { appendConsent, consentEntriesOf } from '../db/consent-ledger.ts';
import { markRepeat, type LeadPerson, type RepeatOf } from '../db/persons.ts';
import { repeatDays } from '../settings.ts';

export interface JoinedPerson extends LeadPerson {
  /** The earlier open lead this one repeats, if any. */
  repeat: RepeatOf | null;
}

/**
 * What follows a lead just stored (not spam) with its person (`found`, db/leads.ts insertLead, or
 * team/work.ts for a release from spam): its repeat and its consent rows, in the lead's transaction.
 */
export const joinPerson = async (record: LeadRecord, found: LeadPerson): Promise<JoinedPerson> => {
  const repeat = await markRepeat(record.id, found.person, record.kind, record.receivedAt, repeatDays());
  await appendConsent(consentEntriesOf(record, found.origin));
  return { ...found, repeat };
};
