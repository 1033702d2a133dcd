/**
 * /api/leads, the team's side. Without LEADS_EXPORT_TOKEN configured it does not exist (404); a
 * missing or wrong bearer token gets 401 and nothing else.
 * - GET /api/leads: one page of the export (export.ts).
 * - GET /api/leads?consentNotice=<version>: the text of that consent notice.
 * - DELETE /api/leads/<id>: erases the lead and its photos (204, or 404 when there is none).
 * - GET /api/leads/insights?from=&to=: the owner's figures over a date range (insights.ts).
 * - GET /api/leads/<id>: one lead and its version (ETag); PATCH it with If-Match to set status and
 *   note (412 with the lead as it is now when someone changed it meanwhile); POST
 *   /api/leads/<id>/release: "not spam"; GET /api/leads/<id>/photos/<name>: one of its photos (work.ts).
 * A wrong token waits FAILED_SIGN_IN_DELAY_MS before its 401. The database out of reach: 503.
 */
import { HttpError, answerSafely, apiHeaders, jsonResponse } from '../errors.ts';
import { exportToken } from '../settings.ts';
import { withDatabase } from '../db/connection.ts';
import { readLead, type LeadVersion } from '../db/leads.ts';
import { logTeamAction } from '../db/team-log.ts';
import { logLead } from '../log.ts';
import { bearerMatches } from './auth.ts';
import { consentNoticeParam, parsePageQuery, readPage, renderPage } from './export.ts';
import { eraseLead } from './erase.ts';
import { LeadConflictError, changeWork, etagOf, parseWork, readPhoto, releaseSpam, versionOf } from './work.ts';
import { consentNoticeText } from '../../lib/consent.ts';
import { parseRange, readInsights } from './insights.ts';

/** Reading a page may take longer than storing one lead; a Netlify function may run 60 s. */
const EXPORT_DEADLINE_MS = 25_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const exportLeads = async (params: URLSearchParams, by: string): Promise<Response> => {
  const notice = consentNoticeParam(params);
  if (notice && 'errors' in notice) throw new HttpError(400, 'Some parameters are wrong.', { fields: notice.errors });
  if (notice) return jsonResponse(200, { version: notice.version, text: consentNoticeText(notice.version) });

  const parsed = parsePageQuery(params);
  if ('errors' in parsed) throw new HttpError(400, 'Some parameters are wrong.', { fields: parsed.errors });
  const { query } = parsed;
  const page = await withDatabase(async () => {
    // The CSV download's first page is an export, for the team's log (the inbox's list is not).
    if (query.format === 'csv' && !query.after) await logTeamAction(by || 'export token', 'export');
    return readPage(query);
  }, EXPORT_DEADLINE_MS);
  const { body, contentType, nextCursor } = renderPage(page, query);
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

const notALead = () => new HttpError(400, 'That is not a lead id.', { fields: { id: 'id must be the submission id of a lead (a UUID)' } });

const erase = async (id: string, by: string): Promise<Response> => {
  if (!UUID.test(id)) throw notALead();
  const erased = await withDatabase(() => eraseLead(id, by || 'export token'), EXPORT_DEADLINE_MS);
  if (!erased) throw new HttpError(404, 'No lead has that id.');
  logLead({ kind: 'erase', id, status: 'erased' });
  return new Response(null, { status: 204, headers: apiHeaders() });
};

/** After a wrong or missing token, the answer waits this long: guessing the token gets slow. */
export const FAILED_SIGN_IN_DELAY_MS = 1500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Who is working (the inbox sends the name typed at sign-in, URI-encoded); recorded with each change. */
const teamMember = (request: Request, required: boolean): string => {
  let name = '';
  try {
    name = decodeURIComponent(request.headers.get('x-team-member') ?? '').trim();
  } catch {
    name = '';
  }
  const valid = name.length > 0 && name.length <= 60 && !/\p{Cc}/u.test(name);
  if (!valid && required) {
    throw new HttpError(400, 'Say who you are.', { fields: { 'X-Team-Member': 'the name of the person signed in, 1 to 60 characters' } });
  }
  return valid ? name : '';
};

const readJson = async (request: Request): Promise<unknown> => {
  try {
    return await request.json();
  } catch {
    throw new HttpError(400, 'The body is not JSON.', { fields: { body: 'send a JSON object' } });
  }
};

const leadAnswer = ({ record, version }: LeadVersion, status = 200) =>
  jsonResponse(status, { lead: record, etag: etagOf(version) }, { etag: `"${etagOf(version)}"` });

/** The figures are the one path under /api/leads that is not a lead. */
const INSIGHTS = 'insights';

/** The methods a path under /api/leads/<id> takes (`rest` is what follows the id). */
const allowedOn = (id: string, rest: string) =>
  id === INSIGHTS && rest === '' ? 'GET' : rest === '' ? 'GET, PATCH, DELETE' : rest === 'release' ? 'POST' : 'GET';

const insights = async (params: URLSearchParams): Promise<Response> => {
  const range = parseRange(params);
  return jsonResponse(200, await withDatabase(() => readInsights(range), EXPORT_DEADLINE_MS));
};

/** /api/leads/<id>[/release | /photos/<name>]: the inbox's calls on one lead. */
const oneLead = async (request: Request, id: string, rest: string): Promise<Response> => {
  if (!UUID.test(id)) throw notALead();
  const route = `${request.method} ${rest.replace(/^photos\/[^/]+$/, 'photos/*')}`;
  switch (route) {
    case 'GET ': {
      const found = await withDatabase(() => readLead(id), EXPORT_DEADLINE_MS);
      if (!found) throw new HttpError(404, 'No lead has that id.');
      return leadAnswer(found);
    }
    case 'PATCH ': {
      const by = teamMember(request, true);
      const version = versionOf(request.headers.get('if-match') ?? '');
      if (version === null)
        throw new HttpError(428, 'Send the version you changed.', { fields: { 'If-Match': 'the etag the lead was read with' } });
      const change = parseWork(await readJson(request));
      try {
        return leadAnswer(await withDatabase(() => changeWork(id, change, by, version), EXPORT_DEADLINE_MS));
      } catch (error) {
        if (!(error instanceof LeadConflictError)) throw error;
        const { record, version: now } = error.current;
        return jsonResponse(
          412,
          { error: error.message, fields: error.fields, lead: record, etag: etagOf(now) },
          { etag: `"${etagOf(now)}"` },
        );
      }
    }
    case 'DELETE ':
      return erase(id, teamMember(request, false));
    case 'POST release': {
      const by = teamMember(request, true);
      return leadAnswer(await withDatabase(() => releaseSpam(id, by), EXPORT_DEADLINE_MS));
    }
    case 'GET photos/*': {
      const photo = await withDatabase(() => readPhoto(id.toLowerCase(), rest.slice('photos/'.length)), EXPORT_DEADLINE_MS);
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

const handleLeads = async (request: Request): Promise<Response> => {
  const token = exportToken();
  if (!token) throw new HttpError(404, 'Not found.');
  const url = new URL(request.url);
  // /api/leads/<id>[/…] (Netlify's path parameters, read from the URL so any router works).
  const match = /^\/api\/leads\/([^/]+)(?:\/(.*?))?\/?$/.exec(url.pathname);
  // The method first, as for every endpoint: a wrong one is 405 whatever the token.
  const allowed = !match ? 'GET' : allowedOn(match[1], match[2] ?? '');
  if (!allowed.split(', ').includes(request.method)) {
    throw new HttpError(405, match ? `Use ${allowed} here.` : 'Use GET to export leads.', { headers: { allow: allowed } });
  }
  if (!bearerMatches(request.headers.get('authorization'), token)) {
    await sleep(FAILED_SIGN_IN_DELAY_MS);
    throw new HttpError(401, 'A valid export token is required.', { headers: { 'www-authenticate': 'Bearer' } });
  }
  if (match?.[1] === INSIGHTS && !match[2]) return insights(url.searchParams);
  return match ? oneLead(request, match[1], match[2] ?? '') : exportLeads(url.searchParams, teamMember(request, false));
};

export const leadsExportHandler = () => answerSafely('export', handleLeads, logLead);
