/**
 * The inbox's calls to /api/leads (and, in people-api.ts, /api/people), with the signed-in person's own key; the server knows their
 * name and role from it. The key, name and role live in sessionStorage: they last as long as the
 * browser tab, and signing out clears them. Every answer's type is the contract's
 * (src/lib/team-api/wire.ts), read through one typed call.
 */
import { TEAM_ROLES } from '../../lib/team-api/vocabulary.ts';
import type {
  ApiProblem,
  Insights,
  LeadEnvelope,
  LeadPage,
  LeadView,
  LogPage,
  NewPerson,
  People,
  PersonAdded,
  PushStatus,
  RoutingChange,
  SignedIn,
  WorkChange,
} from '../../lib/team-api/wire.ts';

/** The signed-in person: their key, and who the server says it belongs to. */
export interface Session extends SignedIn {
  token: string;
}

export interface ListFilters {
  view: 'inbox' | 'spam';
  /** Only the leads given to this key ("Mine"); a search looks through all of them. */
  mine: boolean;
  kind: string;
  page: string;
  from: string;
  to: string;
  status: string;
  q: string;
}

export const EMPTY_FILTERS: ListFilters = { view: 'inbox', mine: true, kind: '', page: '', from: '', to: '', status: '', q: '' };
export const PAGE_SIZE = 20;

const SESSION_KEY = 'aranya:team-session';

export const loadSession = (): Session | null => {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as Session | null;
    return saved && typeof saved.token === 'string' && typeof saved.name === 'string' && TEAM_ROLES.includes(saved.role) ? saved : null;
  } catch {
    return null;
  }
};
export const saveSession = (session: Session) => sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
export const clearSession = () => {
  sessionStorage.removeItem(SESSION_KEY);
  sessionStorage.removeItem('aranya:last-list');
};

/** An answer that is not 2xx: its status and the server's own words (a 412 also carries the lead as it is now). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: Partial<ApiProblem> & Partial<LeadEnvelope>;
  constructor(status: number, body: Partial<ApiProblem> & Partial<LeadEnvelope>) {
    super(typeof body.error === 'string' ? body.error : `The server answered ${status}.`);
    this.status = status;
    this.body = body;
  }
  /** The server's words and each field's message, in one line. */
  get details(): string {
    return [this.message, ...Object.values(this.body.fields ?? {})].join(' ');
  }
}

/** One request with the person's key; a 2xx answer, or an ApiError. */
export const request = async (session: Pick<Session, 'token'>, path: string, init: RequestInit = {}): Promise<Response> => {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${session.token}`);
  const response = await fetch(path, { ...init, headers, cache: 'no-store' });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => ({}));
    throw new ApiError(response.status, typeof body === 'object' && body !== null ? body : {});
  }
  return response;
};

/**
 * The typed call: a JSON answer of the team's API, as the contract types it. The server builds
 * each answer to that type, and tests/functions/team-api-contract.test.ts checks its real answers
 * against the contract's schemas; this is the one place the inbox takes a body on trust.
 */
export const call = async <T>(session: Pick<Session, 'token'>, path: string, init: RequestInit = {}): Promise<T> =>
  (await request(session, path, init)).json() as Promise<T>;

export const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** The export's query for a view and its filters (the list and the CSV download use the same). */
export const filterParams = (filters: ListFilters): URLSearchParams => {
  const params = new URLSearchParams();
  if (filters.view === 'spam') params.set('spam', 'only');
  else if (filters.mine && !filters.q.trim()) params.set('assignee', 'me');
  for (const name of ['kind', 'page', 'from', 'to', 'status', 'q'] as const)
    if (filters[name].trim()) params.set(name, filters[name].trim());
  return params;
};

/** Checks a key: the session of the person it belongs to. */
export const signIn = async (token: string): Promise<Session> => {
  const { name, role } = await call<SignedIn>({ token }, '/api/leads/me');
  return { token, name, role };
};

export const listLeads = async (session: Session, filters: ListFilters, cursor = '') => {
  const params = filterParams(filters);
  params.set('format', 'json');
  params.set('order', 'newest');
  params.set('limit', String(PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return call<LeadPage>(session, `/api/leads?${params}`);
};

/** The whole filtered view as one CSV file, page by page through the export. */
export const downloadCsv = async (session: Session, filters: ListFilters): Promise<Blob> => {
  const parts: string[] = [];
  let cursor = '';
  do {
    const params = filterParams(filters);
    params.set('format', 'csv');
    if (cursor) params.set('cursor', cursor);
    const response = await request(session, `/api/leads?${params}`);
    parts.push(await response.text());
    cursor = response.headers.get('x-next-cursor') ?? '';
  } while (cursor);
  return new Blob(parts, { type: 'text/csv;charset=utf-8' });
};

/** One lead, with its person's other open enquiries ("Also with") and the leads that repeat it. */
export const readLead = (session: Session, id: string) => call<LeadView>(session, `/api/leads/${id}`);

export const changeLead = (session: Session, id: string, etag: string, change: WorkChange) =>
  call<LeadEnvelope>(session, `/api/leads/${id}`, json('PATCH', change, { 'if-match': `"${etag}"` }));

export const releaseLead = (session: Session, id: string) => call<LeadEnvelope>(session, `/api/leads/${id}/release`, { method: 'POST' });

export const eraseLead = async (session: Session, id: string) => {
  await request(session, `/api/leads/${id}`, { method: 'DELETE' });
};

/** A photo as a data: URL (the page's policy allows data: pictures, not blob:). */
export const photoUrl = async (session: Session, key: string): Promise<string> => {
  const [id, name] = key.split('/');
  const blob = await (await request(session, `/api/leads/${id}/photos/${name}`)).blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read.'));
    reader.readAsDataURL(blob);
  });
};

/** The owner's: the people, adding one (their key comes back this once), removing one, the team's log. */
export const listPeople = async (session: Session) => (await call<People>(session, '/api/leads/team')).members;

export const addPerson = (session: Session, person: NewPerson) => call<PersonAdded>(session, '/api/leads/team', json('POST', person));

export const removePerson = async (session: Session, id: string) => {
  await request(session, `/api/leads/team/${id}`, { method: 'DELETE' });
};

export const readTeamLog = (session: Session, before = '') => call<LogPage>(session, `/api/leads/log${before ? `?before=${before}` : ''}`);

/** Insights' figures over a range of India's dates (the last 30 days when neither is given). */
export const readInsights = (session: Session, range: { from: string; to: string }) => {
  const params = new URLSearchParams();
  if (range.from) params.set('from', range.from);
  if (range.to) params.set('to', range.to);
  return call<Insights>(session, `/api/leads/insights?${params}`);
};

/** The owner's: what a member takes (kinds, languages, available, daily cap); the people as they now are. */
export const changeRouting = (session: Session, id: string, change: RoutingChange) =>
  call<People>(session, `/api/leads/team/${id}`, json('PATCH', change));

/** The owner's one tap: gives the lead to a member (null: the owner's key). */
export const reassignLead = (session: Session, id: string, memberId: string | null) =>
  call<LeadEnvelope>(session, `/api/leads/${id}/assign`, json('POST', { memberId }));

/** Push alerts for this key: the server's public key (null: alerts are off) and how many devices have them. */
export const readPushStatus = (session: Session) => call<PushStatus>(session, '/api/leads/push');

export const savePushSubscription = (session: Session, subscription: PushSubscriptionJSON) =>
  call<PushStatus>(session, '/api/leads/push', json('POST', subscription));

export const deletePushSubscription = async (session: Session, endpoint: string) => {
  await request(session, '/api/leads/push', json('DELETE', { endpoint }));
};
