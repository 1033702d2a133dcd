/**
 * Erasing on a person's request (DPDP Act 2023), and forgetting a person nothing is left of.
 * - One lead (DELETE /api/leads/<id>, `npm run leads:erase`): its row goes, and with it its
 *   deliveries and history; its id and details leave the team's log; its photos are deleted, and
 *   so are photos a failed attempt left under its id; its consent rows lose the lead. When it was
 *   its person's last lead, the person is forgotten too.
 * - A person (DELETE /api/people/<id>, the owner's): every lead of theirs (and spam sent with
 *   their phone or e-mail), their timeline, their contacts, their place in merges and possible
 *   duplicates, and their consent rows but what the law asks us to keep (forgetPersons).
 */
import { query, transaction } from '../db/connection.ts';
import { allowLedgerErasure, eraseConsentOf } from '../db/consent-ledger.ts';
import { forgetLeadInLog, forgetPersonsInLog, logTeamAction } from '../db/team-log.ts';
import { deletePhotosOf } from '../db/photos.ts';
import { SYSTEM_ACTORS } from './names.ts';
import { challengeSecret } from '../secret.ts';
import { personKey } from '../intake/person-key.ts';
import { personAndMembers } from './persons.ts';

/**
 * Forgets persons (each root with everyone merged into them) once none of their leads is left, in
 * the caller's transaction: their contacts, timeline, merges and pairs go with them; their consent
 * rows lose the person and the lead, refusals are deleted, and grants and withdrawals are kept a
 * year under `subject`, keys of the person's phones and e-mails (HMACs with the server's secret,
 * never the values), so the group can still show what was agreed and withdrawn if asked
 * (docs/security.md). The retention job deletes them after that year.
 */
export const forgetPersons = async (roots: readonly string[]): Promise<number> => {
  if (roots.length === 0) return 0;
  const secret = await challengeSecret();
  const groups = await query<{ root: string; members: string[]; contacts: string[] | null }>(
    `SELECT coalesce(p.merged_into, p.id) AS root, array_agg(DISTINCT p.id) AS members,
       array_agg(DISTINCT c.channel || ':' || c.value) FILTER (WHERE c.value IS NOT NULL) AS contacts
     FROM persons p LEFT JOIN person_contacts c ON c.person_id = p.id
     WHERE coalesce(p.merged_into, p.id) = ANY($1::uuid[]) GROUP BY 1`,
    [[...roots]],
  );
  for (const group of groups) {
    const subject = (group.contacts ?? [])
      .map((contact) => personKey(secret, 'consent-subject', contact))
      .sort()
      .join(' ');
    await eraseConsentOf(group.members, subject);
  }
  const members = groups.flatMap((group) => group.members);
  await forgetPersonsInLog(members);
  await query('DELETE FROM persons WHERE id = ANY($1::uuid[])', [members]);
  return groups.length;
};

/** Erases lead (or spam) `id`, whatever case it is asked in; false when there was nothing to erase. */
export const eraseLead = async (id: string, by: string = SYSTEM_ACTORS.eraseCommand): Promise<boolean> => {
  const erased = await transaction(async () => {
    const rows = await query<{ id: string; person_id: string | null; phone: string | null; email: string | null }>(
      'DELETE FROM leads WHERE id = $1 RETURNING id, person_id, phone, email',
      [id],
    );
    if (rows.length === 0) return false;
    const [{ id: gone, person_id: person, phone, email }] = rows;
    await forgetLeadInLog([gone]);
    await query('DELETE FROM used_tokens WHERE submission_id = $1', [gone]);
    await allowLedgerErasure();
    await query('UPDATE consent_ledger SET lead_id = NULL WHERE lead_id = $1', [gone]);
    // Its person's last lead: nothing is left to keep them for.
    if (person && !(await query('SELECT 1 FROM leads WHERE person_id = $1 LIMIT 1', [person])).length) await forgetPersons([person]);
    // Else the person keeps the erased lead's phone and e-mail only where another lead of theirs carries it.
    else if (person)
      await query(
        `DELETE FROM person_contacts c WHERE c.person_id IN (SELECT p.id FROM persons p WHERE p.id = $1 OR p.merged_into = $1)
           AND ((c.channel = 'phone' AND c.value = $2) OR (c.channel = 'email' AND c.value = $3))
           AND NOT EXISTS (SELECT 1 FROM leads l WHERE l.person_id = $1 AND (CASE c.channel WHEN 'phone' THEN l.phone ELSE l.email END) = c.value)`,
        [person, phone, email],
      );
    await logTeamAction(by, 'erase');
    return true;
  });
  const photos = await deletePhotosOf(id.toLowerCase());
  return erased || photos > 0;
};

/**
 * Erases person `id` (the one the team sees, or anyone merged into them) with every lead of
 * theirs, and spam sent with their phone or e-mail; returns how many leads went, or null when
 * there is no such person.
 */
export const erasePerson = async (id: string, by: string): Promise<number | null> => {
  const leads = await transaction(async () => {
    const found = await personAndMembers(id);
    if (!found) return null;
    const gone = await query<{ id: string }>(
      `DELETE FROM leads WHERE person_id = $1
         OR (spam IS NOT NULL AND (phone IN (SELECT value FROM person_contacts WHERE channel = 'phone' AND person_id = ANY($2::uuid[]))
           OR email IN (SELECT value FROM person_contacts WHERE channel = 'email' AND person_id = ANY($2::uuid[]))))
       RETURNING id`,
      [found.person, found.members],
    );
    const ids = gone.map((lead) => lead.id);
    await forgetLeadInLog(ids);
    await query('DELETE FROM used_tokens WHERE submission_id = ANY($1::uuid[])', [ids]);
    await forgetPersons([found.person]);
    await logTeamAction(by, 'erase-person');
    return ids;
  });
  if (leads === null) return null;
  for (const lead of leads) await deletePhotosOf(lead).catch(() => 0);
  return leads.length;
};
