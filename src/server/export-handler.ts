/**
 * /api/leads, the team's side. Without LEADS_EXPORT_TOKEN configured it does not exist (404); a
 * missing or wrong bearer token gets 401 and nothing else.
 * - GET /api/leads: one page of the export (export-page.ts).
 * - GET /api/leads?consentNotice=<version>: the text of that consent notice.
 * - DELETE /api/leads/<id>: erases the lead and its photos (204, or 404 when there is none).
 */
import { HttpError, answerSafely, apiHeaders, jsonResponse } from './errors.ts';
import { exportToken } from './pipeline-settings.ts';
import { bearerMatches } from './auth.ts';
import { consentNoticeParam, parsePageQuery, readPage, renderPage } from './export-page.ts';
import { eraseLead } from './erase.ts';
import { leadsStore, withStoreDeadline } from './store.ts';
import { logLead } from './log.ts';
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

const handleLeads = async (request: Request): Promise<Response> => {
  const token = exportToken();
  if (!token) throw new HttpError(404, 'Not found.');
  const url = new URL(request.url);
  // /api/leads/<id> (Netlify's path parameter, read from the URL so any router works).
  const id = /^\/api\/leads\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  const allowed = id === undefined ? 'GET' : 'DELETE';
  if (request.method !== allowed) {
    throw new HttpError(405, id === undefined ? 'Use GET to export leads.' : 'Use DELETE to erase a lead.', {
      headers: { allow: allowed },
    });
  }
  if (!bearerMatches(request.headers.get('authorization'), token)) {
    throw new HttpError(401, 'A valid export token is required.', { headers: { 'www-authenticate': 'Bearer' } });
  }
  return id === undefined ? exportLeads(url.searchParams) : erase(id);
};

export const leadsExportHandler = () => answerSafely('export', handleLeads, logLead);
