/**
 * One person as the team sees them (GET /api/people/<id>): every enquiry they sent across the
 * divisions, newest first, with its kind, page, date, status and who works it; their timeline
 * (enquiries, status changes and notes, attempts to reach them, merges, referrals, withdrawals, with who and when); what
 * they agreed to (the consent ledger's rows, and where each purpose stands); and the merges that
 * made them, with whether each can still be undone. A person merged into another answers as the
 * person kept. A handful of indexed queries, whatever the number of leads.
 *
 * Also here: the person's consent history as CSV (the owner's) and the "Also with" and "enquired
 * again" lists of one lead's page.
 */
import { HttpError } from '../errors.ts';
import { query, queryOne } from '../db/connection.ts';
import { OPEN_STATUS_SQL } from '../db/leads.ts';
import { consentHistory, consentStates } from '../db/consent-ledger.ts';
import type { EnquiryKind } from '../../lib/enquiry/index.ts';
import type { LeadStatus } from '../../lib/team-api/vocabulary.ts';
import { MERGE_UNDO_DAYS, mergesInto } from './merges.ts';
import type { AlsoWith, PersonLead, PersonPage, TimelineEntry } from '../../lib/team-api/wire.ts';
import { csvCell } from './csv.ts';
import { PERSON_ACTORS } from '../db/persons.ts';
import { attemptsOfPersons } from '../db/attempts.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The visitor, as the timeline names them for the enquiries they sent. */
const VISITOR = PERSON_ACTORS.visitor;

const iso = (value: Date | string) => new Date(value).toISOString();

/** The person the team sees for `id` and everyone merged into them; null when there is none. */
export const personAndMembers = async (id: string): Promise<{ person: string; created: string; members: string[] } | null> => {
  if (!UUID.test(id)) return null;
  const rows = await query<{ id: string; created_at: Date; seen: string }>(
    `WITH seen AS (SELECT coalesce(merged_into, id) AS id FROM persons WHERE id = $1)
     SELECT p.id, p.created_at, seen.id AS seen FROM persons p, seen WHERE p.id = seen.id OR p.merged_into = seen.id ORDER BY p.created_at, p.id`,
    [id.toLowerCase()],
  );
  if (rows.length === 0) return null;
  const seen = rows[0].seen;
  return { person: seen, created: iso((rows.find((row) => row.id === seen) ?? rows[0]).created_at), members: rows.map((row) => row.id) };
};

/** GET /api/people/<id>: the person's page; 404 when there is no such person. */
export const readPerson = async (id: string): Promise<PersonPage> => {
  const found = await personAndMembers(id);
  if (!found) throw new HttpError(404, 'No person has that id.');
  const { person, created, members } = found;
  const [leadRows, contacts, history, events, consent, merges, attempts] = await Promise.all([
    query<{
      id: string;
      kind: EnquiryKind;
      page: string;
      received_at: Date;
      status: LeadStatus;
      status_by: string | null;
      name: string;
      source: 'referral' | null;
      referred_by: string | null;
      referred_from: string | null;
      repeat_of: string | null;
    }>(
      `SELECT id, kind, page, received_at, status, status_by, name, source, referred_by, referred_from, repeat_of FROM leads
       WHERE person_id = $1 AND spam IS NULL ORDER BY received_at DESC, id DESC`,
      [person],
    ),
    query<{ channel: 'phone' | 'email'; value: string }>(
      'SELECT channel, value FROM person_contacts WHERE person_id = ANY($1::uuid[]) ORDER BY channel, value',
      [members],
    ),
    query<{ lead_id: string; kind: EnquiryKind; changed_at: Date; changed_by: string; status: LeadStatus; note: string }>(
      `SELECT h.lead_id, l.kind, h.changed_at, h.changed_by, h.status, h.note FROM lead_history h JOIN leads l ON l.id = h.lead_id
       WHERE l.person_id = $1 AND l.spam IS NULL AND h.event IS DISTINCT FROM 'attempt' ORDER BY h.id`,
      [person],
    ),
    query<{ at: Date; actor: string; action: TimelineEntry['what']; lead_id: string | null; detail: Record<string, string> }>(
      'SELECT at, actor, action, lead_id, detail FROM person_events WHERE person_id = ANY($1::uuid[]) ORDER BY at, id',
      [members],
    ),
    consentHistory(members),
    mergesInto(members),
    attemptsOfPersons([person]),
  ]);
  const leads = leadRows.map((row): PersonLead => ({
    id: row.id,
    kind: row.kind,
    page: row.page,
    receivedAt: iso(row.received_at),
    status: row.status,
    worker: row.status_by,
    name: row.name,
    ...(row.source ? { source: row.source } : {}),
    ...(row.referred_by ? { referredBy: row.referred_by } : {}),
    ...(row.referred_from ? { referredFrom: row.referred_from } : {}),
    ...(row.repeat_of ? { repeatOf: row.repeat_of } : {}),
  }));
  const timeline: TimelineEntry[] = [
    ...leads.map((lead): TimelineEntry => ({
      at: lead.receivedAt,
      by: lead.source === 'referral' ? (lead.referredBy ?? VISITOR) : VISITOR,
      what: 'enquiry',
      leadId: lead.id,
      kind: lead.kind,
    })),
    ...history.map((row): TimelineEntry => ({
      at: iso(row.changed_at),
      by: row.changed_by,
      what: 'work',
      leadId: row.lead_id,
      kind: row.kind,
      status: row.status,
      note: row.note,
    })),
    ...attempts.map((attempt): TimelineEntry => ({
      at: attempt.at,
      by: attempt.by,
      what: 'attempt',
      leadId: attempt.leadId,
      kind: attempt.kind as EnquiryKind,
      detail: {
        channel: attempt.channel,
        outcome: attempt.outcome,
        ...(attempt.note ? { note: attempt.note } : {}),
        ...(attempt.callBackAt ? { callBackAt: attempt.callBackAt } : {}),
      },
    })),
    ...events.map((row): TimelineEntry => ({ at: iso(row.at), by: row.actor, what: row.action, leadId: row.lead_id, detail: row.detail })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  const now = Date.now();
  return {
    person: {
      id: person,
      name: leads[0]?.name ?? '',
      phones: contacts.filter((contact) => contact.channel === 'phone').map((contact) => contact.value),
      emails: contacts.filter((contact) => contact.channel === 'email').map((contact) => contact.value),
      createdAt: created,
      mergedFrom: members.filter((member) => member !== person),
      consent: consentStates(consent),
    },
    leads,
    consent: consent.map(({ noticeHash: _hash, ...row }) => row),
    timeline,
    merges: merges.map((merge) => ({
      ...merge,
      undoable: merge.undoneAt === null && now - Date.parse(merge.mergedAt) <= MERGE_UNDO_DAYS * 86_400_000,
    })),
  };
};

/** The columns of the consent history's CSV. */
export const CONSENT_CSV_COLUMNS = ['at', 'purpose', 'action', 'notice', 'noticeHash', 'locale', 'form', 'leadId'] as const;

/** GET /api/people/<id>/consent.csv: every row of the person's consent ledger, oldest first (the owner's). */
export const consentCsv = async (id: string): Promise<string> => {
  const found = await personAndMembers(id);
  if (!found) throw new HttpError(404, 'No person has that id.');
  const rows = await consentHistory(found.members);
  const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
  return `\uFEFF${line([...CONSENT_CSV_COLUMNS])}${rows.map((row) => line(CONSENT_CSV_COLUMNS.map((column) => row[column]))).join('')}`;
};

/** The person's other open enquiries (new or contacted), newest first, and the leads that repeat this one. */
export const alsoWithOf = async (
  leadId: string,
): Promise<{ personId: string | null; alsoWith: AlsoWith[]; enquiredAgain: { id: string; receivedAt: string }[] }> => {
  const lead = await queryOne<{ person_id: string | null }>('SELECT person_id FROM leads WHERE id = $1', [leadId]);
  if (!lead?.person_id) return { personId: null, alsoWith: [], enquiredAgain: [] };
  const [others, again] = await Promise.all([
    query<{ id: string; kind: EnquiryKind; status: LeadStatus; status_by: string | null }>(
      `SELECT id, kind, status, status_by FROM leads WHERE person_id = $1 AND id <> $2 AND spam IS NULL AND ${OPEN_STATUS_SQL}
       ORDER BY received_at DESC, id DESC LIMIT 20`,
      [lead.person_id, leadId],
    ),
    query<{ id: string; received_at: Date }>('SELECT id, received_at FROM leads WHERE repeat_of = $1 ORDER BY received_at', [leadId]),
  ]);
  return {
    personId: lead.person_id,
    alsoWith: others.map((row) => ({ id: row.id, kind: row.kind, status: row.status, worker: row.status_by })),
    enquiredAgain: again.map((row) => ({ id: row.id, receivedAt: iso(row.received_at) })),
  };
};
