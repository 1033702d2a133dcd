/**
 * Possible duplicates (the owner's, GET /api/people/duplicates): pairs of persons who may be one,
 * newest first, each side by side with what the team needs to decide: names, phones, e-mails,
 * cities and their enquiries. A pair is found when it arises (db/persons.ts, the database's
 * `attach_person`): leads that share an e-mail address but not a phone (or a phone but not an
 * e-mail), or the same name in the same city with phones one digit apart. It is listed while
 * both are persons of their own (a merge hides it, undoing the merge shows it again) and until
 * the owner sets it aside ("Not the same person").
 */
import { HttpError } from '../errors.ts';
import { query, queryOne } from '../db/connection.ts';
import { logTeamAction } from '../db/team-log.ts';
import type { EnquiryKind } from '../../lib/enquiry/index.ts';
import type { LeadStatus } from '../../lib/team-api/vocabulary.ts';
import type { DuplicatePair, DuplicateSide, DuplicatesPage } from '../../lib/team-api/wire.ts';

/** Pairs per page of the view. */
export const DUPLICATES_PAGE = 50;
/** Enquiries shown per person of a pair (the newest). */
const LEADS_SHOWN = 10;

const iso = (value: Date | string) => new Date(value).toISOString();

/** One page of open pairs, newest first; `before` is the foundAt the previous page ended at. */
export const readDuplicates = async (params: URLSearchParams): Promise<DuplicatesPage> => {
  const before = params.get('before') ?? '';
  if (before && Number.isNaN(Date.parse(before)))
    throw new HttpError(400, 'Some parameters are wrong.', { fields: { before: 'before must be the nextBefore of an earlier page' } });
  const pairs = await query<{ a: string; b: string; reason: DuplicatePair['reason']; found_at: Date; lead_id: string | null }>(
    `SELECT pp.a, pp.b, pp.reason, pp.found_at, pp.lead_id FROM person_pairs pp
     JOIN persons pa ON pa.id = pp.a AND pa.merged_into IS NULL
     JOIN persons pb ON pb.id = pp.b AND pb.merged_into IS NULL
     WHERE pp.dismissed_at IS NULL ${before ? 'AND pp.found_at < $2' : ''}
     ORDER BY pp.found_at DESC, pp.a, pp.b LIMIT $1`,
    before ? [DUPLICATES_PAGE + 1, before] : [DUPLICATES_PAGE + 1],
  );
  const page = pairs.slice(0, DUPLICATES_PAGE);
  const ids = [...new Set(page.flatMap((pair) => [pair.a, pair.b]))];
  const [leads, contacts] = await Promise.all([
    query<{
      person_id: string;
      id: string;
      kind: EnquiryKind;
      received_at: Date;
      status: LeadStatus;
      name: string;
      phone: string | null;
      email: string | null;
      city: string | null;
      n: number;
      total: number;
    }>(
      `SELECT * FROM (
         SELECT person_id, id, kind, received_at, status, name, phone, email, fields ->> 'selectedCity' AS city,
           row_number() OVER (PARTITION BY person_id ORDER BY received_at DESC, id DESC)::int AS n,
           count(*) OVER (PARTITION BY person_id)::int AS total
         FROM leads WHERE person_id = ANY($1::uuid[]) AND spam IS NULL) l
       WHERE n <= $2 ORDER BY person_id, n`,
      [ids, LEADS_SHOWN],
    ),
    query<{ person: string; channel: 'phone' | 'email'; value: string }>(
      // The persons of the page and those merged into them, each through its index (a coalesce()
      // of the two columns has none: it read every person and every contact).
      `SELECT coalesce(p.merged_into, p.id) AS person, c.channel, c.value FROM person_contacts c JOIN persons p ON p.id = c.person_id
       WHERE p.id = ANY($1::uuid[]) OR p.merged_into = ANY($1::uuid[]) ORDER BY c.channel, c.value`,
      [ids],
    ),
  ]);
  const side = (id: string): DuplicateSide => {
    const own = leads.filter((lead) => lead.person_id === id);
    const mine = contacts.filter((contact) => contact.person === id);
    return {
      id,
      name: own[0]?.name ?? '',
      phones: mine.filter((contact) => contact.channel === 'phone').map((contact) => contact.value),
      emails: mine.filter((contact) => contact.channel === 'email').map((contact) => contact.value),
      cities: [...new Set(own.map((lead) => lead.city).filter((city): city is string => Boolean(city)))],
      leads: own.map((lead) => ({
        id: lead.id,
        kind: lead.kind,
        receivedAt: iso(lead.received_at),
        status: lead.status,
        name: lead.name,
        phone: lead.phone,
        email: lead.email,
      })),
      leadCount: own[0]?.total ?? 0,
    };
  };
  return {
    pairs: page.map((pair) => ({
      reason: pair.reason,
      foundAt: iso(pair.found_at),
      leadId: pair.lead_id,
      a: side(pair.a),
      b: side(pair.b),
    })),
    nextBefore: pairs.length > DUPLICATES_PAGE ? iso(page[page.length - 1].found_at) : null,
  };
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "Not the same person": the pair of { a, b } leaves the view for good (the team's log says who). */
export const dismissPair = async (body: unknown, by: string): Promise<void> => {
  const { a, b } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const fields: Record<string, string> = {};
  if (typeof a !== 'string' || !UUID.test(a)) fields.a = 'a must be the id of a person';
  if (typeof b !== 'string' || !UUID.test(b)) fields.b = 'b must be the id of a person';
  if (Object.keys(fields).length > 0) throw new HttpError(400, 'Some fields are wrong.', { fields });
  const [low, high] = [(a as string).toLowerCase(), (b as string).toLowerCase()].sort();
  const set = await queryOne<{ a: string }>(
    `UPDATE person_pairs SET dismissed_at = now(), dismissed_by = $3 WHERE a = $1 AND b = $2 AND dismissed_at IS NULL RETURNING a`,
    [low, high, by],
  );
  if (!set) throw new HttpError(404, 'Those two people are not listed as possible duplicates.');
  await logTeamAction(by, 'dismiss-pair', null, { a: low, b: high });
};
