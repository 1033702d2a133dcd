/**
 * /api/leads, the team's side. Without the owner's key (LEADS_OWNER_TOKEN, or its old name
 * LEADS_EXPORT_TOKEN) configured, or with a weak one, it does not exist (404). Each person signs in with their own key (auth.ts); a missing or wrong key gets
 * 401 and nothing else, after a pause that grows, and a client with too many wrong keys gets 429
 * for a while. Roles: `sales` reads and works leads and releases spam; `owner` also exports,
 * erases and manages the people (403 for anyone else).
 * - GET /api/leads: one page of leads (lead-query.ts, db/lead-pages.ts, list.ts). A CSV, or a page of more than
 *   READ_PAGE_MAX leads, is an export: the owner's.
 * - GET /api/leads?consentNotice=<version>: the text of that consent notice.
 * - DELETE /api/leads/<id>: erases the lead and its photos (204, or 404 when there is none).
 * - GET /api/leads/insights?from=&to=: the owner's figures over a date range, for both roles (insights.ts).
 * - GET /api/leads/<id>: one lead and its version (ETag); PATCH it with If-Match to set status and
 *   note (412 with the lead as it is now when someone changed it meanwhile); POST
 *   /api/leads/<id>/release: "not spam"; GET /api/leads/<id>/photos/<name>: one of its photos (work.ts).
 * - /api/leads/me, /api/leads/team[/<id>], /api/leads/log: who is signed in, the people, the
 *   team's log (people.ts).
 * - POST /api/leads/<id>/referrals { kind, note }: refers the lead's person to another division
 *   (referrals.ts), 201 with the new lead; 409 naming consentGroup when the person has not agreed.
 * - POST /api/leads/<id>/attempts { channel, outcome, note?, callBackAt? }: a call, WhatsApp
 *   message or e-mail and what came of it (attempts.ts), 201 with the attempt and the lead.
 * - /api/people/…: persons, their consent, Possible duplicates and merges (people-api.ts).
 * The database out of reach: 503.
 */
import { HttpError, answerSafely, apiHeaders, isDataException, jsonResponse } from '../errors.ts';
import { exportToken, salesReadsPerHour } from '../settings.ts';
import { withDatabase } from '../db/connection.ts';
import { readLead, type StoredLead } from '../db/leads.ts';
import { logTeamAction, logTeamActionOnce } from '../db/team-log.ts';
import { countReads, hourOf } from '../db/team-reads.ts';
import { logLead } from '../log.ts';
import { authenticate, clientKey, signInDelayMs, type Caller } from './auth.ts';
import {
  countAttempt,
  lockClient,
  uncountAttempt,
  SIGN_IN_LOCK_MINUTES,
  SIGN_IN_MAX_FAILURES,
  SIGN_IN_WINDOW_MINUTES,
} from '../db/sign-in-failures.ts';
import { clientOf } from '../client.ts';
import { addPerson, created, people, readLog, removePerson } from './people.ts';
import { consentNoticeParam, parsePageQuery } from './lead-query.ts';
import { readPage } from '../db/lead-pages.ts';
import { renderPage } from './list.ts';
import { eraseLead } from './erase.ts';
import { SYSTEM_ACTORS } from './names.ts';
import { LeadConflictError, changeWork, etagOf, leadPhoto, parseWork, releaseSpam, versionOf } from './work.ts';
import { consentNoticeText } from '../../lib/consent.ts';
import type {
  AttemptAnswer,
  ConsentNotice,
  LeadConflict,
  LeadEnvelope,
  LeadView,
  ReferralAnswer,
  SignedIn,
} from '../../lib/team-api/wire.ts';
import { parseRange, readInsights } from './insights.ts';
import { PEOPLE_PATH, allowedOnPeople, peopleCall } from './people-api.ts';
import { parseReferral, referLead } from './referrals.ts';
import { alsoWithOf } from './persons.ts';
import { changeRouting, pushStatus, reassign, setWhatsAppAlerts, subscribe, unsubscribe, whatsappAlertStatus } from './routing-api.ts';
import { parseAttempt, persistenceOf, recordAttempt } from './attempts.ts';
import { attemptsOf } from '../db/attempts.ts';
import { whatsappAckOf } from '../db/deliveries.ts';
import { localeOrDefault } from '../../i18n/locales.ts';
import { picksFrom } from './follow-ups.ts';

/** Reading a page may take longer than storing one lead; a Netlify function may run 60 s. */
const EXPORT_DEADLINE_MS = 25_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The largest page a sales person reads (the inbox reads 20); a larger one, or a CSV, is an export. */
export const READ_PAGE_MAX = 100;

const ownerOnly = (who: Caller) => {
  if (who.role !== 'owner') throw new HttpError(403, 'Only the owner can do that.');
};

const exportLeads = async (params: URLSearchParams, who: Caller): Promise<Response> => {
  const notice = consentNoticeParam(params);
  if (notice && 'errors' in notice) throw new HttpError(400, 'Some parameters are wrong.', { fields: notice.errors });
  if (notice) return jsonResponse(200, { version: notice.version, text: consentNoticeText(notice.version) } satisfies ConsentNotice);

  const parsed = parsePageQuery(params);
  if ('errors' in parsed) throw new HttpError(400, 'Some parameters are wrong.', { fields: parsed.errors });
  const query = { ...parsed.query, ...(parsed.query.assignee?.id === 'me' ? { assignee: { id: who.id } } : {}) };
  const isExport = query.format === 'csv' || query.limit > READ_PAGE_MAX;
  if (isExport) ownerOnly(who);
  const page = await withDatabase(async () => {
    // Every export goes in the team's log, once: its first page, or a page whose cursor (signed,
    // lead-query.ts) does not say it continues an export already logged. The inbox's list is
    // reading, not exporting.
    if (isExport && !query.after?.exported) await logTeamAction(who.name, 'export', null, { format: query.format });
    const read = await readPage(query);
    await withinReadBudget(
      who,
      read.records.map((record) => record.id),
    );
    return read;
  }, EXPORT_DEADLINE_MS);
  const { body, contentType, nextCursor } = renderPage(page, query, isExport);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    status: 200,
    headers: apiHeaders({
      'content-type': contentType,
      'content-disposition': `attachment; filename="leads-${day}.${query.format}"`,
      ...(nextCursor ? { 'x-next-cursor': nextCursor } : {}),
    }),
  });
};

/**
 * A sales key reads a few hundred different leads an hour at most (db/team-reads.ts): past that,
 * 429 until the hour ends, and one line an hour in the team's log, so the owner sees a person
 * collecting leads. Owners export, and every export is logged.
 */
const withinReadBudget = async (who: Caller, leadIds: readonly string[]) => {
  if (who.role !== 'sales' || !who.id || leadIds.length === 0) return;
  if ((await countReads(who.id, leadIds)) !== null) return;
  const hour = hourOf(new Date());
  await logTeamActionOnce(who.name, 'read-limit', hour, {
    note: `${salesReadsPerHour()} different leads read within the hour; further reads refused until it ends`,
  });
  const minutes = Math.max(1, Math.ceil((Date.parse(hour) + 3_600_000 - Date.now()) / 60_000));
  throw new HttpError(429, `You have read ${salesReadsPerHour()} different leads this hour. Try again in ${minutes} minutes.`, {
    headers: { 'retry-after': String(minutes * 60) },
  });
};

const notALead = () => new HttpError(400, 'That is not a lead id.', { fields: { id: 'id must be the submission id of a lead (a UUID)' } });

const erase = async (id: string, who: Caller): Promise<Response> => {
  ownerOnly(who);
  if (!UUID.test(id)) throw notALead();
  const erased = await withDatabase(() => eraseLead(id, who.name), EXPORT_DEADLINE_MS);
  if (!erased) throw new HttpError(404, 'No lead has that id.');
  logLead({ kind: 'erase', id, status: 'erased' });
  return new Response(null, { status: 204, headers: apiHeaders() });
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const readJson = async (request: Request): Promise<unknown> => {
  try {
    return await request.json();
  } catch {
    throw new HttpError(400, 'The body is not JSON.', { fields: { body: 'send a JSON object' } });
  }
};

const leadAnswer = ({ record, version }: StoredLead, status = 200) =>
  jsonResponse(status, { lead: record, etag: etagOf(version) } satisfies LeadEnvelope, { etag: `"${etagOf(version)}"` });

/** The owner's figures (/api/leads/insights). */
const INSIGHTS = 'insights';
/** This device's push alerts (/api/leads/push, routing-api.ts). */
const PUSH = 'push';
/** This member's WhatsApp for alerts (/api/leads/whatsapp, routing-api.ts). */
const WHATSAPP = 'whatsapp';

/** The methods a path under /api/leads/<id> takes (`rest` is what follows the id). */
const allowedOn = (id: string, rest: string) => {
  if (id === 'team') return rest === '' ? 'GET, POST' : 'PATCH, DELETE';
  if (id === PUSH && rest === '') return 'GET, POST, DELETE';
  if (id === WHATSAPP && rest === '') return 'GET, PUT';
  if (id === 'me' || id === 'log' || (id === INSIGHTS && rest === '')) return 'GET';
  return rest === ''
    ? 'GET, PATCH, DELETE'
    : rest === 'release' || rest === 'referrals' || rest === 'assign' || rest === 'attempts'
      ? 'POST'
      : 'GET';
};

const insights = async (params: URLSearchParams): Promise<Response> => {
  const range = parseRange(params);
  return jsonResponse(200, await withDatabase(() => readInsights(range), EXPORT_DEADLINE_MS));
};

/** /api/leads/me, /api/leads/team[/<id>], /api/leads/log (people.ts). */
const teamPaths = async (request: Request, who: Caller, id: string, rest: string): Promise<Response | null> => {
  if (id === 'me') return jsonResponse(200, { name: who.name, role: who.role } satisfies SignedIn);
  if (id === 'team' && request.method === 'GET') {
    ownerOnly(who);
    return jsonResponse(200, await withDatabase(() => people(), EXPORT_DEADLINE_MS));
  }
  if (id === 'team' && request.method === 'POST') {
    ownerOnly(who);
    const body = await readJson(request);
    return created(await withDatabase(() => addPerson(who, body), EXPORT_DEADLINE_MS));
  }
  if (id === 'team' && request.method === 'PATCH') {
    ownerOnly(who);
    const body = await readJson(request);
    await withDatabase(() => changeRouting(who, rest, body), EXPORT_DEADLINE_MS);
    return jsonResponse(200, await withDatabase(() => people(), EXPORT_DEADLINE_MS));
  }
  if (id === WHATSAPP && rest === '') {
    if (request.method === 'GET') return jsonResponse(200, await withDatabase(() => whatsappAlertStatus(who), EXPORT_DEADLINE_MS));
    if (request.method !== 'PUT') return null;
    const body = await readJson(request);
    return jsonResponse(200, await withDatabase(() => setWhatsAppAlerts(who, body), EXPORT_DEADLINE_MS));
  }
  if (id === PUSH) {
    if (request.method === 'GET') return jsonResponse(200, await withDatabase(() => pushStatus(who), EXPORT_DEADLINE_MS));
    const body = await readJson(request);
    if (request.method === 'POST') return jsonResponse(201, await withDatabase(() => subscribe(who, body), EXPORT_DEADLINE_MS));
    await withDatabase(() => unsubscribe(who, body), EXPORT_DEADLINE_MS);
    return new Response(null, { status: 204, headers: apiHeaders() });
  }
  if (id === 'team' && request.method === 'DELETE') {
    ownerOnly(who);
    await withDatabase(() => removePerson(who, rest), EXPORT_DEADLINE_MS);
    return new Response(null, { status: 204, headers: apiHeaders() });
  }
  if (id === 'log') {
    ownerOnly(who);
    return jsonResponse(200, await withDatabase(() => readLog(new URL(request.url).searchParams), EXPORT_DEADLINE_MS));
  }
  return null;
};

/** /api/leads/<id>[/release | /photos/<name>]: the inbox's calls on one lead. */
const oneLead = async (request: Request, who: Caller, id: string, rest: string): Promise<Response> => {
  const team = await teamPaths(request, who, id, rest);
  if (team) return team;
  if (!UUID.test(id)) throw notALead();
  const route = `${request.method} ${rest.replace(/^photos\/[^/]+$/, 'photos/*')}`;
  switch (route) {
    case 'GET ': {
      // The lead as the inbox opens it: with its person's other open enquiries ("Also with") and the leads that repeat it.
      const found = await withDatabase(async () => {
        const lead = await readLead(id);
        if (!lead) return null;
        await withinReadBudget(who, [lead.record.id]);
        const [person, attempts, whatsapp] = await Promise.all([
          alsoWithOf(lead.record.id),
          attemptsOf(lead.record.id),
          whatsappAckOf(lead.record.id, localeOrDefault(lead.record.locale)),
        ]);
        return { lead, ...person, attempts, whatsapp };
      }, EXPORT_DEADLINE_MS);
      if (!found) throw new HttpError(404, 'No lead has that id.');
      const etag = etagOf(found.lead.version);
      const view = {
        lead: found.lead.record,
        etag,
        alsoWith: found.alsoWith,
        enquiredAgain: found.enquiredAgain,
        attempts: found.attempts,
        persistence: persistenceOf(found.attempts),
        followUpPicks: picksFrom(new Date().toISOString()),
        whatsapp: found.whatsapp,
      } satisfies LeadView;
      return jsonResponse(200, view, { etag: `"${etag}"` });
    }
    case 'PATCH ': {
      const version = versionOf(request.headers.get('if-match') ?? '');
      if (version === null)
        throw new HttpError(428, 'Send the version you changed.', { fields: { 'If-Match': 'the etag the lead was read with' } });
      const change = parseWork(await readJson(request));
      try {
        return leadAnswer(await withDatabase(() => changeWork(id, change, who.name, version), EXPORT_DEADLINE_MS));
      } catch (error) {
        if (!(error instanceof LeadConflictError)) throw error;
        const { record, version: now } = error.current;
        return jsonResponse(
          412,
          { error: error.message, fields: error.fields ?? {}, lead: record, etag: etagOf(now) } satisfies LeadConflict,
          { etag: `"${etagOf(now)}"` },
        );
      }
    }
    case 'DELETE ':
      return erase(id, who);
    case 'POST assign': {
      ownerOnly(who);
      const body = await readJson(request);
      return leadAnswer(await withDatabase(() => reassign(who, id, body), EXPORT_DEADLINE_MS));
    }
    case 'POST release':
      return leadAnswer(await withDatabase(() => releaseSpam(id, who.name), EXPORT_DEADLINE_MS));
    case 'POST referrals': {
      const referral = parseReferral(await readJson(request));
      const lead = await withDatabase(() => referLead(id.toLowerCase(), referral, who.name), EXPORT_DEADLINE_MS);
      return jsonResponse(201, { lead } satisfies ReferralAnswer);
    }
    case 'POST attempts': {
      const attempt = parseAttempt(await readJson(request));
      const {
        attempt: saved,
        lead,
        persistence,
      } = await withDatabase(() => recordAttempt(id.toLowerCase(), attempt, who), EXPORT_DEADLINE_MS);
      const etag = etagOf(lead.version);
      return jsonResponse(201, { attempt: saved, lead: lead.record, etag, persistence } satisfies AttemptAnswer, { etag: `"${etag}"` });
    }
    case 'GET photos/*': {
      const photo = await withDatabase(() => leadPhoto(id.toLowerCase(), rest.slice('photos/'.length)), EXPORT_DEADLINE_MS);
      if (!photo) throw new HttpError(404, 'The lead has no such photo.');
      return new Response(photo.bytes, {
        status: 200,
        headers: apiHeaders({ 'content-type': photo.contentType, 'cache-control': 'private, no-store' }),
      });
    }
    default:
      throw new HttpError(404, 'Not found.');
  }
};

/**
 * The person this request's key belongs to. The attempt is counted first, in one statement, and a
 * client past SIGN_IN_MAX_FAILURES in the window gets 429 before its key is looked at, so a
 * parallel burst has at most that many keys compared. A client is its IPv4 address or IPv6 /64
 * (client.ts), kept as an HMAC. A right key takes its count back; a wrong one is answered 401
 * after signInDelayMs, and the one that reaches the limit locks the client. Each locked client
 * writes at most one line an hour in the team's log (and the function log).
 */
const signedIn = async (request: Request, token: string, address: string): Promise<Caller> => {
  const client = clientKey(clientOf(address), token);
  const now = new Date();
  const tooMany = (until: Date) => {
    const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
    return new HttpError(429, `Too many wrong keys from here. Try again in ${minutes} minutes.`, {
      headers: { 'retry-after': String(minutes * 60) },
    });
  };
  const noteLockout = async () => {
    const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000).toISOString();
    const written = await withDatabase(
      () =>
        logTeamActionOnce(SYSTEM_ACTORS.site, 'lockout', hour, {
          note: `${SIGN_IN_MAX_FAILURES} wrong keys in ${SIGN_IN_WINDOW_MINUTES} minutes from one client; locked out for ${SIGN_IN_LOCK_MINUTES} minutes`,
          client: client.slice(0, 8),
        }),
      EXPORT_DEADLINE_MS,
    ).catch(() => false);
    if (written)
      logLead({
        kind: 'export',
        status: 'sign-in-locked',
        note: `${SIGN_IN_MAX_FAILURES} wrong keys in ${SIGN_IN_WINDOW_MINUTES} minutes; client locked out`,
      });
  };
  const counted = await withDatabase(() => countAttempt(client, now), EXPORT_DEADLINE_MS);
  if (counted.lockedUntil) {
    await noteLockout();
    throw tooMany(counted.lockedUntil);
  }
  const who = await withDatabase(() => authenticate(request.headers.get('authorization'), token), EXPORT_DEADLINE_MS);
  if (who) {
    await withDatabase(() => uncountAttempt(client), EXPORT_DEADLINE_MS).catch(() => {});
    return who;
  }
  if (counted.failures >= SIGN_IN_MAX_FAILURES) {
    const until = await withDatabase(() => lockClient(client, now), EXPORT_DEADLINE_MS);
    await noteLockout();
    await sleep(signInDelayMs(counted.failures));
    throw tooMany(until);
  }
  await sleep(signInDelayMs(counted.failures));
  throw new HttpError(401, 'A valid key is required.', { headers: { 'www-authenticate': 'Bearer' } });
};

const handleLeads = async (request: Request, address: string): Promise<Response> => {
  const token = exportToken();
  if (!token) throw new HttpError(404, 'Not found.');
  const url = new URL(request.url);
  // /api/people[/…] (people-api.ts): the same keys and roles.
  const people = PEOPLE_PATH.exec(url.pathname);
  if (people) {
    const rest = people[1] ?? '';
    const allowedHere = allowedOnPeople(rest);
    if (!allowedHere.split(', ').includes(request.method))
      throw new HttpError(405, `Use ${allowedHere} here.`, { headers: { allow: allowedHere } });
    return peopleCall(request, await signedIn(request, token, address), rest, { readJson: () => readJson(request), withinReadBudget });
  }
  // /api/leads/<id>[/…] (Netlify's path parameters, read from the URL so any router works).
  const match = /^\/api\/leads\/([^/]+)(?:\/(.*?))?\/?$/.exec(url.pathname);
  // The method first, as for every endpoint: a wrong one is 405 whatever the key.
  const allowed = !match ? 'GET' : allowedOn(match[1], match[2] ?? '');
  if (!allowed.split(', ').includes(request.method)) {
    throw new HttpError(405, match ? `Use ${allowed} here.` : 'Use GET to export leads.', { headers: { allow: allowed } });
  }
  const who = await signedIn(request, token, address);
  // Insights are for both roles: aggregate figures, not an export of leads.
  if (match?.[1] === INSIGHTS && !match[2]) return insights(url.searchParams);
  return match ? oneLead(request, who, match[1], match[2] ?? '') : exportLeads(url.searchParams, who);
};

/** The client's address: Netlify's context.ip, never a header a client can send. */
const clientAddress = (_request: Request, context?: { ip?: string }) => context?.ip ?? '';

/**
 * A value the checks let through that Postgres still cannot read (its class 22) is the caller's
 * parameter, never the database being down: 400, not a 503 that asks for the same again.
 */
const refuseUnreadable = async (answer: Promise<Response>): Promise<Response> => {
  try {
    return await answer;
  } catch (error) {
    if (isDataException(error)) throw new HttpError(400, 'A parameter holds a value the database cannot read (a date out of range?).');
    throw error;
  }
};

export const teamApiHandler = () => (request: Request, context?: { ip?: string }) =>
  answerSafely('export', (incoming) => refuseUnreadable(handleLeads(incoming, clientAddress(incoming, context))), logLead)(request);
