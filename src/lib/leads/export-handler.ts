/**
 * GET /api/leads: the team's export. Without LEADS_EXPORT_TOKEN configured it does not exist
 * (404); a missing or wrong bearer token gets 401 and nothing else.
 */
import { HttpError, answerSafely, apiHeaders } from './errors.ts';
import { exportToken } from './config.ts';
import { bearerMatches } from './auth.ts';
import { listLeads, parseExportQuery, renderExport } from './export.ts';
import { leadsStore, withStoreDeadline } from './store.ts';
import { logLead } from './log.ts';

const handleExport = async (request: Request): Promise<Response> => {
  const token = exportToken();
  if (!token) throw new HttpError(404, 'Not found.');
  if (request.method !== 'GET') throw new HttpError(405, 'Use GET to export leads.', { headers: { allow: 'GET' } });
  if (!bearerMatches(request.headers.get('authorization'), token)) {
    throw new HttpError(401, 'A valid export token is required.', { headers: { 'www-authenticate': 'Bearer' } });
  }
  const parsed = parseExportQuery(new URL(request.url).searchParams);
  if ('errors' in parsed) throw new HttpError(400, 'Some parameters are wrong.', { fields: parsed.errors });
  const { query } = parsed;
  const records = await withStoreDeadline(() => listLeads(leadsStore(), query));
  const { body, contentType } = renderExport(records, query.format);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    status: 200,
    headers: apiHeaders({
      'content-type': contentType,
      'content-disposition': `attachment; filename="leads-${day}.${query.format}"`,
    }),
  });
};

export const leadsExportHandler = () => answerSafely('export', handleExport, logLead);
