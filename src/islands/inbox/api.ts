/**
 * The inbox's calls to /api/leads, with the signed-in person's own key; the server knows their
 * name and role from it. The key, name and role live in sessionStorage: they last as long as the
 * browser tab, and signing out clears them.
 */
import type { LeadRecord } from '../../lib/enquiry/lead-record.ts';

export type Role = 'sales' | 'owner';
export interface Session {
  token: string;
  name: string;
  role: Role;
}

/** A lead as /api/leads answers it: the record (src/lib/enquiry/lead-record.ts). */
export type Lead = LeadRecord;

export interface ListFilters {
  view: 'inbox' | 'spam';
  kind: string;
  page: string;
  from: string;
  to: string;
  status: string;
  q: string;
}

export const EMPTY_FILTERS: ListFilters = { view: 'inbox', kind: '', page: '', from: '', to: '', status: '', q: '' };
export const PAGE_SIZE = 20;

const SESSION_KEY = 'aranya:team-session';

export const loadSession = (): Session | null => {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as Session | null;
    return saved && typeof saved.token === 'string' && typeof saved.name === 'string' && ['sales', 'owner'].includes(saved.role)
      ? saved
      : null;
  } catch {
    return null;
  }
};
export const saveSession = (session: Session) => sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
export const clearSession = () => sessionStorage.removeItem(SESSION_KEY);

/** An answer that is not 2xx: its status and the server's own words. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  constructor(status: number, body: Record<string, unknown>) {
    super(typeof body.error === 'string' ? body.error : `The server answered ${status}.`);
    this.status = status;
    this.body = body;
  }
}

const call = async (session: Pick<Session, 'token'>, path: string, init: RequestInit = {}): Promise<Response> => {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${session.token}`);
  const response = await fetch(path, { ...init, headers, cache: 'no-store' });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    throw new ApiError(response.status, body);
  }
  return response;
};

/** The export's query for a view and its filters (the list and the CSV download use the same). */
export const filterParams = (filters: ListFilters): URLSearchParams => {
  const params = new URLSearchParams();
  if (filters.view === 'spam') params.set('spam', 'only');
  for (const name of ['kind', 'page', 'from', 'to', 'status', 'q'] as const)
    if (filters[name].trim()) params.set(name, filters[name].trim());
  return params;
};

/** Checks a key: the session of the person it belongs to. */
export const signIn = async (token: string): Promise<Session> => {
  const { name, role } = (await (await call({ token }, '/api/leads/me')).json()) as { name: string; role: Role };
  return { token, name, role };
};

export const listLeads = async (session: Session, filters: ListFilters, cursor = '') => {
  const params = filterParams(filters);
  params.set('format', 'json');
  params.set('order', 'newest');
  params.set('limit', String(PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return (await (await call(session, `/api/leads?${params}`)).json()) as { leads: Lead[]; nextCursor: string | null };
};

/** The whole filtered view as one CSV file, page by page through the export. */
export const downloadCsv = async (session: Session, filters: ListFilters): Promise<Blob> => {
  const parts: string[] = [];
  let cursor = '';
  do {
    const params = filterParams(filters);
    params.set('format', 'csv');
    if (cursor) params.set('cursor', cursor);
    const response = await call(session, `/api/leads?${params}`);
    parts.push(await response.text());
    cursor = response.headers.get('x-next-cursor') ?? '';
  } while (cursor);
  return new Blob(parts, { type: 'text/csv;charset=utf-8' });
};

export interface LeadEnvelope {
  lead: Lead;
  etag: string;
}

export const readLead = async (session: Session, id: string) => (await (await call(session, `/api/leads/${id}`)).json()) as LeadEnvelope;

export const changeLead = async (session: Session, id: string, etag: string, change: { status: string; note: string }) =>
  (await (
    await call(session, `/api/leads/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'if-match': `"${etag}"` },
      body: JSON.stringify(change),
    })
  ).json()) as LeadEnvelope;

export const releaseLead = async (session: Session, id: string) =>
  (await (await call(session, `/api/leads/${id}/release`, { method: 'POST' })).json()) as LeadEnvelope;

export const eraseLead = async (session: Session, id: string) => {
  await call(session, `/api/leads/${id}`, { method: 'DELETE' });
};

/** A photo as a data: URL (the page's policy allows data: pictures, not blob:). */
export const photoUrl = async (session: Session, key: string): Promise<string> => {
  const [id, name] = key.split('/');
  const blob = await (await call(session, `/api/leads/${id}/photos/${name}`)).blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
};

export interface TeamMember {
  id: string;
  name: string;
  role: Role;
  addedAt: string;
  addedBy: string;
}

export interface LogEntry {
  id: string;
  at: string;
  actor: string;
  action: string;
  leadId: string | null;
  detail: Record<string, string>;
}

/** The owner's: the people, adding one (their key comes back this once), removing one, the team's log. */
export const listPeople = async (session: Session) =>
  ((await (await call(session, '/api/leads/team')).json()) as { members: TeamMember[] }).members;

export const addPerson = async (session: Session, person: { name: string; role: Role }) =>
  (await (
    await call(session, '/api/leads/team', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(person),
    })
  ).json()) as { member: TeamMember; key: string };

export const removePerson = async (session: Session, id: string) => {
  await call(session, `/api/leads/team/${id}`, { method: 'DELETE' });
};

export const readTeamLog = async (session: Session, before = '') =>
  (await (await call(session, `/api/leads/log${before ? `?before=${before}` : ''}`)).json()) as {
    entries: LogEntry[];
    nextBefore: string | null;
  };
