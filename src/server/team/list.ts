/**
 * One page of leads as GET /api/leads answers it: CSV rows (BOM and header on the first page
 * only) or JSON with the next page's cursor.
 */
import type { Page, PageQuery } from '../db/lead-pages.ts';
import { csvHead, csvRows } from './csv.ts';
import { encodeCursor } from './lead-query.ts';
import type { LeadPage } from '../../lib/team-api/wire.ts';

/** The body of one page: CSV rows (BOM and header on the first page only) or JSON. */
export const renderPage = (
  page: Page,
  q: PageQuery,
  exported = false,
): { body: string; contentType: string; nextCursor: string | null } => {
  const nextCursor = page.next ? encodeCursor({ ...page.next, exported }) : null;
  if (q.format === 'json') {
    const body = JSON.stringify(
      { count: page.records.length, nextCursor, leads: page.records, personLeads: page.personLeads ?? {} } satisfies LeadPage,
      null,
      2,
    );
    return { body, contentType: 'application/json; charset=utf-8', nextCursor };
  }
  return { body: (q.after ? '' : csvHead()) + csvRows(page.records), contentType: 'text/csv; charset=utf-8', nextCursor };
};
