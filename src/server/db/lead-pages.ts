/**
 * Pages of leads (GET /api/leads, the inbox's list and the export; `npm run leads:export`): the
 * filters as SQL, and one page after a cursor. A page holds at most `limit` leads and stops under
 * PAGE_MAX_BYTES, below the 6 MB a Netlify function may answer. The walk goes by receipt time and id
 * (an index of the leads table), oldest first or, for the inbox, newest first, so every lead stored
 * when the export began comes exactly once. The query is parsed from the request in team/lead-query.ts.
 */
import { ENQUIRY_KINDS, type EnquiryKind } from '../../lib/enquiry/index.ts';
import type { LeadRecord } from '../../lib/enquiry/lead-record.ts';
import type { LeadStatus } from '../../lib/team-api/vocabulary.ts';
import { query } from './connection.ts';
import { deliveriesOf, historyOf, recordFromRow, type LeadRow } from './leads.ts';

export interface ExportQuery {
  kinds: readonly EnquiryKind[];
  /** Inclusive UTC dates, YYYY-MM-DD. */
  from?: string;
  to?: string;
  format: 'csv' | 'json';
  /** Spam too (true), or spam only ('only', the inbox's spam view). */
  spam: boolean | 'only';
  /** The page the enquiry was sent from, e.g. /Flats. */
  page?: string;
  status?: LeadStatus;
  /** Text looked for in the name, phone and e-mail (case and spaces ignored; a phone with or without +91). */
  text?: string;
  /** The leads of one assignee ("Mine"): a member's id, null for the owner's first key ('me' is resolved by the caller). */
  assignee?: { id: string | null };
  /** Oldest first (the export, default) or newest first (the inbox). */
  order: 'oldest' | 'newest';
  /**
   * 'due': the leads whose next follow-up is due by `dueBy` (the end of India's today), overdue
   * ones too, oldest due first (the walk then goes by follow-up time and id, and `order` is not used).
   */
  view?: { due: true; dueBy: string };
}

/** Where a page starts: after the lead received at `at` with id `id` (the due list: due at `at`), in the walk's order. */
export interface Cursor {
  at: string;
  id: string;
  /** The walk is an export already in the team's log (its first page was logged). */
  exported?: boolean;
}

export interface PageQuery extends ExportQuery {
  limit: number;
  after?: Cursor;
}

/** A page stops growing past this many bytes of leads. */
export const PAGE_MAX_BYTES = 4 * 1024 * 1024;

/**
 * What the search looks for, as SQL: a whole phone number (10 digits, with or without +91 and
 * spaces) or a whole e-mail address finds its person's leads (the contacts' primary key, then the
 * leads by person) and any lead, spam too, with it in its column (b-tree indexes); anything
 * else as part of the name, phone or e-mail (lower-cased, spaces ignored; the trigram index, which
 * needs three characters or more: `partial`).
 */
const searchClause = (text: string, p: (value: unknown) => string): { sql: string; partial: boolean } => {
  const wanted = text.toLowerCase().replace(/\s+/g, '');
  const phone = wanted.replace(/^\+?91(?=\d{10}$)/, '');
  // A whole phone or e-mail finds its person: every lead of theirs, whatever phone or e-mail it has.
  // The person is looked up once (ARRAY(…) is an init plan) and their leads through leads_person,
  // OR-ed with the column's own index (a bitmap OR). As `person_id IN (SELECT …)` the subquery was
  // a filter, and the planner walked every lead by date testing it: 0.6 s at 100,000 leads.
  const ofPerson = (channel: 'phone' | 'email', value: string) => {
    const at = p(value);
    return `(l.${channel} = ${at} OR l.person_id = ANY(ARRAY(SELECT coalesce(pp.merged_into, pp.id) FROM person_contacts pc
      JOIN persons pp ON pp.id = pc.person_id WHERE pc.channel = '${channel}' AND pc.value = ${at})))`;
  };
  if (/^[6-9]\d{9}$/.test(phone)) return { sql: ofPerson('phone', phone), partial: false };
  if (/^[^@]+@[^@]+\.[a-z]{2,}$/.test(wanted)) return { sql: ofPerson('email', wanted), partial: false };
  return { sql: `l.search LIKE ${p(`%${wanted.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`, partial: [...wanted].length >= 3 };
};

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

const whereOf = (conditions: string[]) => (conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '');

/**
 * The WHERE clause and parameters of a query's filters (the cursor included); `partial` is the
 * search for part of a name, phone or e-mail, kept apart from the other conditions (`rest`).
 */
const filters = (q: PageQuery) => {
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const rest: string[] = [];
  let partial: string | undefined;
  if (q.kinds.length < ENQUIRY_KINDS.length) rest.push(`l.kind = ANY(${p(q.kinds)}::text[])`);
  if (q.spam === false) rest.push('l.spam IS NULL');
  if (q.spam === 'only') rest.push('l.spam IS NOT NULL');
  if (q.from) rest.push(`l.received_at >= ${p(`${q.from}T00:00:00Z`)}`);
  if (q.to) rest.push(`l.received_at < ${p(nextDay(q.to))}`);
  if (q.page !== undefined) rest.push(`l.page = ${p(q.page)}`);
  if (q.status !== undefined) rest.push(`l.status = ${p(q.status)}`);
  if (q.assignee)
    rest.push(q.assignee.id === null ? 'l.assignee_id IS NULL AND l.assigned_at IS NOT NULL' : `l.assignee_id = ${p(q.assignee.id)}`);
  if (q.text) {
    const search = searchClause(q.text, p);
    if (search.partial) partial = search.sql;
    else rest.push(search.sql);
  }
  if (q.view) rest.push(`l.spam IS NULL AND l.follow_up_at IS NOT NULL AND l.follow_up_at < ${p(q.view.dueBy)}`);
  if (q.after && q.view) rest.push(`(l.follow_up_at, l.id) > (${p(q.after.at)}, ${p(q.after.id)})`);
  else if (q.after) rest.push(`(l.received_at, l.id) ${q.order === 'newest' ? '<' : '>'} (${p(q.after.at)}, ${p(q.after.id)})`);
  return { where: whereOf(partial ? [...rest, partial] : rest), rest, partial, params, p };
};

/**
 * How many leads, in the page's order, the search for part of a name or phone reads one by one
 * before it asks the trigram index instead. A fragment that many leads share is found among the
 * newest at once; a rarer one is looked up in the index, whose candidates are few.
 */
const SEARCH_WINDOW = 3000;

/** The rows of one page (one more than asked, to know whether more follow). */
const pageRows = async (q: PageQuery): Promise<LeadRow[]> => {
  const { where, rest, partial, params, p } = filters(q);
  const direction = q.order === 'newest' ? 'DESC' : 'ASC';
  const order = q.view ? 'ORDER BY l.follow_up_at, l.id' : `ORDER BY l.received_at ${direction}, l.id ${direction}`;
  const limit = p(q.limit + 1);
  if (!partial) return query<LeadRow>(`SELECT l.* FROM leads l ${where} ${order} LIMIT ${limit}`, params);
  // Part of a name or phone. Left to itself, the planner often walks the leads by date and tests
  // each one, which for a fragment a few hundred leads share reads most of the table (tens of ms
  // at 100,000 leads). So: first the newest leads one by one, as far as SEARCH_WINDOW; when they
  // hold the page, those are the newest matches of all. Otherwise every match from the trigram
  // index (MATERIALIZED keeps the planner from walking by date again), sorted.
  const recent = await query<LeadRow>(
    `SELECT l.* FROM (SELECT * FROM leads l ${whereOf(rest)} ${order} LIMIT ${SEARCH_WINDOW}) l WHERE ${partial} ${order} LIMIT ${limit}`,
    params,
  );
  if (recent.length > q.limit) return recent;
  return query<LeadRow>(
    `WITH found AS MATERIALIZED (SELECT l.* FROM leads l ${where}) SELECT l.* FROM found l ${order} LIMIT ${limit}`,
    params,
  );
};

export interface Page {
  /** In the walk's order. */
  records: LeadRecord[];
  /** Where the next page starts, when more follow. */
  next?: Cursor;
  /** JSON pages: how many leads (not spam) each person on the page has, by person id (the inbox's "+2"). */
  personLeads?: Record<string, number>;
}

/** How many leads (not spam) each of these persons has. */
const leadsPerPerson = async (persons: readonly string[]): Promise<Record<string, number>> =>
  persons.length === 0
    ? {}
    : Object.fromEntries(
        (
          await query<{ person_id: string; n: number }>(
            'SELECT person_id, count(*)::int AS n FROM leads WHERE person_id = ANY($1::uuid[]) AND spam IS NULL GROUP BY person_id',
            [[...new Set(persons)]],
          )
        ).map((row) => [row.person_id, row.n]),
      );

/** One page of leads after `query.after`, oldest first, or newest first for order=newest. */
export const readPage = async (q: PageQuery, maxBytes = PAGE_MAX_BYTES): Promise<Page> => {
  const rows = await pageRows(q);
  // The page's deliveries (and, for JSON, history) in one query each, not one per lead.
  const ids = rows.map((row) => row.id);
  const json = q.format === 'json';
  const [deliveries, history, personLeads] = await Promise.all([
    deliveriesOf(ids),
    json ? historyOf(ids) : Promise.resolve(new Map<string, LeadRow['history']>()),
    json ? leadsPerPerson(rows.flatMap((row) => (row.person_id ? [row.person_id] : []))) : Promise.resolve(undefined),
  ]);
  const records: LeadRecord[] = [];
  let bytes = 0;
  for (const row of rows.slice(0, q.limit)) {
    const record = recordFromRow({ ...row, deliveries: deliveries.get(row.id) ?? [], history: history.get(row.id) ?? [] });
    const size = Buffer.byteLength(JSON.stringify(record));
    if (records.length > 0 && bytes + size > maxBytes) break;
    records.push(record);
    bytes += size;
  }
  const last = records.at(-1);
  const more = rows.length > records.length;
  const at = q.view ? last?.followUpAt : last?.receivedAt;
  return { records, ...(more && last && at ? { next: { at, id: last.id } } : {}), ...(personLeads ? { personLeads } : {}) };
};
