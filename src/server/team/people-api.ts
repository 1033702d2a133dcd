/**
 * /api/people, the team's side of persons (behind the same keys as /api/leads, leads-api.ts):
 * - GET /api/people/<id>: the person's page (persons.ts), for both roles (its leads count in a sales
 *   key's hourly read budget, as reading them one by one would);
 * - GET /api/people/<id>/consent.csv: their consent history as CSV (the owner's);
 * - DELETE /api/people/<id>: erases the person and everything of theirs (erase.ts, the owner's);
 * - GET /api/people/duplicates[?before=]: Possible duplicates (duplicates.ts, the owner's);
 *   POST /api/people/duplicates/dismiss { a, b }: "Not the same person";
 * - POST /api/people/merges { kept, merged }: merges two persons (merges.ts, the owner's), 201;
 *   POST /api/people/merges/<id>/undo: puts them back.
 * Every change goes in the team's log under the key's name.
 */
import { HttpError, apiHeaders, jsonResponse } from '../errors.ts';
import { withDatabase } from '../db/connection.ts';
import { logLead } from '../log.ts';
import type { Caller } from './auth.ts';
import { consentCsv, readPerson } from './persons.ts';
import { dismissPair, readDuplicates } from './duplicates.ts';
import { mergePersons, parseMerge, undoMerge } from './merges.ts';
import { erasePerson } from './erase.ts';

const DEADLINE_MS = 25_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The path under /api/people, split: `duplicates`, `merges/12/undo`, `<id>/consent.csv`. */
export const PEOPLE_PATH = /^\/api\/people(?:\/(.*?))?\/?$/;

/** The methods a path under /api/people takes. */
export const allowedOnPeople = (rest: string): string => {
  if (rest === 'duplicates') return 'GET';
  if (rest === 'duplicates/dismiss' || rest === 'merges' || /^merges\/[^/]+\/undo$/.test(rest)) return 'POST';
  if (/^[^/]+\/consent\.csv$/.test(rest)) return 'GET';
  if (/^[^/]+$/.test(rest)) return 'GET, DELETE';
  return 'GET';
};

const ownerOnly = (who: Caller) => {
  if (who.role !== 'owner') throw new HttpError(403, 'Only the owner can do that.');
};

const notAPerson = () => new HttpError(404, 'No person has that id.');

/** What a call under /api/people needs of the leads API: the body, and a sales key's hourly read budget. */
export interface PeopleCallTools {
  /** The body as JSON (400 when it is not JSON). */
  readJson: () => Promise<unknown>;
  /** Counts these leads as read by the caller; 429 past a sales key's budget (leads-api.ts). */
  withinReadBudget: (who: Caller, leadIds: readonly string[]) => Promise<void>;
}

/** One call under /api/people, after sign-in. */
export const peopleCall = async (request: Request, who: Caller, rest: string, tools: PeopleCallTools): Promise<Response> => {
  const { readJson, withinReadBudget } = tools;
  const url = new URL(request.url);
  const run = <T>(work: () => Promise<T>) => withDatabase(work, DEADLINE_MS);
  if (rest === 'duplicates') {
    ownerOnly(who);
    return jsonResponse(200, await run(() => readDuplicates(url.searchParams)));
  }
  if (rest === 'duplicates/dismiss') {
    ownerOnly(who);
    const body = await readJson();
    await run(() => dismissPair(body, who.name));
    return new Response(null, { status: 204, headers: apiHeaders() });
  }
  if (rest === 'merges') {
    ownerOnly(who);
    const { kept, merged } = parseMerge(await readJson());
    const merge = await run(() => mergePersons(kept, merged, who.name));
    logLead({ kind: 'people', status: 'merged', note: `merge ${merge.id}` });
    return jsonResponse(201, { merge });
  }
  const undo = /^merges\/([^/]+)\/undo$/.exec(rest);
  if (undo) {
    ownerOnly(who);
    const merge = await run(() => undoMerge(undo[1], who.name));
    logLead({ kind: 'people', status: 'unmerged', note: `merge ${merge.id}` });
    return jsonResponse(200, { merge });
  }
  const [id, more = ''] = rest.split('/');
  if (!UUID.test(id ?? '')) throw notAPerson();
  if (more === 'consent.csv') {
    ownerOnly(who);
    const csv = await run(() => consentCsv(id));
    return new Response(csv, {
      status: 200,
      headers: apiHeaders({ 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="consent-${id}.csv"` }),
    });
  }
  if (more !== '') throw new HttpError(404, 'Not found.');
  if (request.method === 'DELETE') {
    ownerOnly(who);
    const erased = await run(() => erasePerson(id.toLowerCase(), who.name));
    if (erased === null) throw notAPerson();
    logLead({ kind: 'erase', status: 'person-erased', note: `${erased} lead(s)` });
    return new Response(null, { status: 204, headers: apiHeaders() });
  }
  // A person's page shows their leads' names and contacts: they count as read.
  const person = await run(async () => {
    const answer = await readPerson(id);
    await withinReadBudget(
      who,
      answer.leads.map((lead) => lead.id),
    );
    return answer;
  });
  return jsonResponse(200, person);
};
