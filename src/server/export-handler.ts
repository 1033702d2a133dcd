/**
 * /api/leads, the team's side. Without LEADS_EXPORT_TOKEN configured it does not exist (404); a
 * missing or wrong bearer token gets 401 and nothing else.
 * - GET /api/leads: one page of the export (export-page.ts).
 * - GET /api/leads?consentNotice=<version>: the text of that consent notice.
 * - DELETE /api/leads/<id>: erases the lead and its photos (204, or 404 when there is none).
 * - GET /api/leads/<id>: one lead and its version (etag); PATCH it with If-Match to set status and
 *   note (409 when someone changed it meanwhile); POST /api/leads/<id>/release: "not spam";
 *   GET /api/leads/<id>/photos/<name>: one of its photos (src/server/lead-work.ts).
 * A wrong token waits FAILED_SIGN_IN_DELAY_MS before its 401.
 */
import { HttpError, answerSafely, apiHeaders, jsonResponse } from './errors.ts';
import { exportToken } from './pipeline-settings.ts';
import { bearerMatches } from './auth.ts';
import { consentNoticeParam, parsePageQuery, readPage, renderPage } from './export-page.ts';
import { eraseLead } from './erase.ts';
import { leadsStore, withStoreDeadline } from './store.ts';
import { logLead } from './log.ts';
import { LeadConflictError, bareEtag, changeWork, parseWork, readLead, readPhoto, releaseSpam, type LeadVersion } from './lead-work.ts';
import { consentNoticeText } from '../lib/consent.ts';

/** Reading a page may take longer than storing one lead; a Netlify function may run 60 s. */
const EXPORT_DEADLINE_MS = 25_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const exportLeads = async (params: URLSearchParams): Promise<Response> => {
  const notice = consentNoticeParam(params);
  if (notice && 'errors' in notice) throw new HttpError(400, 'Some parameters are wrong.', { fields: notice.errors });
  if (notice) return jsonResponse(200, { version: notice.version, text: consentNoticeText(notice.version) });

  const parsed = parsePageQuery(params);
  if ('errors' in parsed) throw new HttpError(400, 'Some parameters are wrong.', { fields: parsed.errors });
  const { query } = parsed;
  const page = await withStoreDeadline(() => readPage(leadsStore(), query), EXPORT_DEADLINE_MS);
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

const erase = async (id: string): Promise<Response> => {
  if (!UUID.test(id))
    throw new HttpError(400, 'That is not a lead id.', { fields: { id: 'id must be the submission id of a lead (a UUID)' } });
  const erased = await withStoreDeadline(() => eraseLead(id), EXPORT_DEADLINE_MS);
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

const leadAnswer = ({ record, etag }: LeadVersion) => jsonResponse(200, { lead: record, etag }, { etag: `"${etag}"` });

/** The methods a path under /api/leads/<id> takes (`rest` is what follows the id). */
const allowedOn = (rest: string) => (rest === '' ? 'GET, PATCH, DELETE' : rest === 'release' ? 'POST' : 'GET');

/** /api/leads/<id>[/release | /photos/<name>]: the inbox's calls on one lead. */
const oneLead = async (request: Request, id: string, rest: string): Promise<Response> => {
  if (!UUID.test(id))
    throw new HttpError(400, 'That is not a lead id.', { fields: { id: 'id must be the submission id of a lead (a UUID)' } });
  const store = leadsStore();
  const route = `${request.method} ${rest.replace(/^photos\/[^/]+$/, 'photos/*')}`;
  switch (route) {
    case 'GET ': {
      const found = await withStoreDeadline(() => readLead(store, id.toLowerCase()), EXPORT_DEADLINE_MS);
      if (!found) throw new HttpError(404, 'No lead has that id.');
      return leadAnswer(found);
    }
    case 'PATCH ': {
      const by = teamMember(request, true);
      const etag = bareEtag(request.headers.get('if-match') ?? '');
      if (!etag) throw new HttpError(428, 'Send the version you changed.', { fields: { 'If-Match': 'the etag the lead was read with' } });
      const change = parseWork(await readJson(request));
      try {
        return leadAnswer(await withStoreDeadline(() => changeWork(store, id.toLowerCase(), change, by, etag), EXPORT_DEADLINE_MS));
      } catch (error) {
        if (!(error instanceof LeadConflictError)) throw error;
        return jsonResponse(409, { error: error.message, fields: error.fields, lead: error.current.record, etag: error.current.etag });
      }
    }
    case 'DELETE ': {
      const by = teamMember(request, false);
      const response = await erase(id);
      if (by) logLead({ kind: 'erase', id, status: 'erased-by', note: 'a team member, from the inbox' });
      return response;
    }
    case 'POST release': {
      const by = teamMember(request, true);
      return leadAnswer(await withStoreDeadline(() => releaseSpam(store, id.toLowerCase(), by), EXPORT_DEADLINE_MS));
    }
    case 'GET photos/*': {
      const photo = await withStoreDeadline(() => readPhoto(store, id.toLowerCase(), rest.slice('photos/'.length)), EXPORT_DEADLINE_MS);
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
  const allowed = !match ? 'GET' : allowedOn(match[2] ?? '');
  if (!allowed.split(', ').includes(request.method)) {
    throw new HttpError(405, match ? `Use ${allowed} here.` : 'Use GET to export leads.', { headers: { allow: allowed } });
  }
  if (!bearerMatches(request.headers.get('authorization'), token)) {
    await sleep(FAILED_SIGN_IN_DELAY_MS);
    throw new HttpError(401, 'A valid export token is required.', { headers: { 'www-authenticate': 'Bearer' } });
  }
  return match ? oneLead(request, match[1], match[2] ?? '') : exportLeads(url.searchParams);
};

export const leadsExportHandler = () => answerSafely('export', handleLeads, logLead);
