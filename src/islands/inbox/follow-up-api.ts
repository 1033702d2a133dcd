/**
 * The inbox's calls for follow-ups, through api.ts's one typed call, kept out of the first
 * screen's chunk (only the lead's page and the due list use them): recording an attempt
 * (POST /api/leads/<id>/attempts) and the due list (GET /api/leads?view=due).
 */
import type { AttemptAnswer, LeadPage, NewAttempt } from '../../lib/team-api/wire.ts';
import { call, json, type Session } from './api.ts';

/** Records a call, WhatsApp message or e-mail and what came of it; the attempt and the lead after it. */
export const recordAttempt = (session: Session, id: string, attempt: NewAttempt) =>
  call<AttemptAnswer>(session, `/api/leads/${id}/attempts`, json('POST', attempt));

/**
 * The follow-ups due by the end of the member's today (this browser's clock), overdue ones too,
 * oldest due first; `mine`: only the leads given to this key.
 */
export const dueLeads = (session: Session, mine: boolean, endOfToday: Date) =>
  call<LeadPage>(
    session,
    `/api/leads?${new URLSearchParams({ format: 'json', view: 'due', limit: '100', dueBy: endOfToday.toISOString(), ...(mine ? { assignee: 'me' } : {}) })}`,
  );
