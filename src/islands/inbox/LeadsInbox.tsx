/**
 * The team's inbox at /leads: sign in with the team token and your name, find leads (newest
 * first, filtered), open one, work it, release spam, download the view as CSV. Made for a phone
 * first. Everything goes through /api/leads (src/server/export-handler.ts).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import dayjs from 'dayjs';
import { ENQUIRY_KINDS } from '../../lib/enquiry/kinds';
import {
  EMPTY_FILTERS,
  clearSession,
  downloadCsv,
  listLeads,
  loadSession,
  saveSession,
  signIn,
  type Lead,
  type ListFilters,
  type Session,
} from './api';
import { LeadDetail } from './LeadDetail';
import { KIND_NAMES, STATUSES, when } from './words';
import './inbox.css';

function SignIn({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const session = { token: String(data.get('token') ?? '').trim(), name: String(data.get('name') ?? '').trim() };
    if (!session.name || !session.token) {
      setProblem('Write your name and the team token.');
      return;
    }
    setBusy(true);
    setProblem('');
    try {
      await signIn(session);
      saveSession(session);
      onSignedIn(session);
    } catch (error) {
      const status = (error as { status?: number }).status;
      setProblem(
        status === 401
          ? 'That token is not right. Check it and try again.'
          : status === 404
            ? 'The inbox is not set up on this site yet (no team token).'
            : 'The inbox could not be reached. Try again in a moment.',
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="inbox-signin" onSubmit={submit} noValidate>
      <h1>Team inbox</h1>
      <p>Sign in with the team token. Your name is recorded with what you change.</p>
      <label htmlFor="inbox-name">Your name</label>
      <input id="inbox-name" name="name" autoComplete="name" required maxLength={60} />
      <label htmlFor="inbox-token">Team token</label>
      <input id="inbox-token" name="token" type="password" autoComplete="current-password" required />
      {problem && (
        <p className="inbox-problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="inbox-button inbox-button--primary" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}

function Filters({ filters, onApply }: { filters: ListFilters; onApply: (next: ListFilters) => void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    onApply({
      view: filters.view,
      kind: text('kind'),
      page: text('page'),
      from: text('from'),
      to: text('to'),
      status: text('status'),
      q: text('q'),
    });
  };
  return (
    <form className="inbox-filters" onSubmit={submit} aria-label="Find leads">
      <div className="inbox-filters__search">
        <label htmlFor="inbox-q">Name, phone or e-mail</label>
        <input id="inbox-q" name="q" type="search" defaultValue={filters.q} />
      </div>
      <details className="inbox-filters__more">
        <summary>More filters</summary>
        <div className="inbox-filters__grid">
          <div>
            <label htmlFor="inbox-kind">Kind</label>
            <select id="inbox-kind" name="kind" defaultValue={filters.kind}>
              <option value="">Any</option>
              {ENQUIRY_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_NAMES[kind]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="inbox-status">Status</label>
            <select id="inbox-status" name="status" defaultValue={filters.status}>
              <option value="">Any</option>
              {STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="inbox-page-filter">Page (e.g. /Flats)</label>
            <input id="inbox-page-filter" name="page" defaultValue={filters.page} />
          </div>
          <div>
            <label htmlFor="inbox-from">From</label>
            <input id="inbox-from" name="from" type="date" defaultValue={filters.from} />
          </div>
          <div>
            <label htmlFor="inbox-to">To</label>
            <input id="inbox-to" name="to" type="date" defaultValue={filters.to} />
          </div>
        </div>
      </details>
      <button type="submit" className="inbox-button inbox-button--primary">
        Find
      </button>
    </form>
  );
}

/** One list of leads for one set of filters (the inbox gives it a new key when they change). */
function LeadList({ session, filters, onOpen }: { session: Session; filters: ListFilters; onOpen: (id: string) => void }) {
  const [leads, setLeads] = useState<Lead[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const show = (page: { leads: Lead[]; nextCursor: string | null }, more: boolean) => {
    setLeads((previous) => (more ? [...previous, ...page.leads] : page.leads));
    setCursor(page.nextCursor);
    setState('ready');
  };
  useEffect(() => {
    let live = true;
    listLeads(session, filters).then(
      (page) => live && show(page, false),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [session, filters]);
  const more = async (after: string) => {
    setState('loading');
    try {
      show(await listLeads(session, filters, after), true);
    } catch {
      setState('failed');
    }
  };
  return (
    <section aria-label={filters.view === 'spam' ? 'Spam' : 'Leads'} aria-busy={state === 'loading'}>
      {state === 'failed' && (
        <p className="inbox-problem" role="alert">
          The leads could not be loaded. Try again.
        </p>
      )}
      {state !== 'loading' && leads.length === 0 && state !== 'failed' && <p className="inbox-empty">No leads match.</p>}
      <ul className="inbox-list">
        {leads.map((lead) => (
          <li key={lead.id}>
            <button type="button" className="inbox-card" onClick={() => onOpen(lead.id)}>
              <span className="inbox-card__name">{String(lead.Username ?? '')}</span>
              <span className={`inbox-status inbox-status--${lead.status ?? 'new'}`}>{lead.spam ? 'spam' : (lead.status ?? 'new')}</span>
              <span className="inbox-card__meta">
                {String(lead.phone ?? '')} · {KIND_NAMES[lead.kind] ?? lead.kind} · {lead.page}
              </span>
              <span className="inbox-card__meta">{when(lead.receivedAt)}</span>
            </button>
          </li>
        ))}
      </ul>
      {cursor && (
        <button type="button" className="inbox-button" onClick={() => void more(cursor)} disabled={state === 'loading'}>
          Show more
        </button>
      )}
      {state === 'loading' && <p className="inbox-empty">Loading…</p>}
    </section>
  );
}

export default function LeadsInbox() {
  // The island renders in the browser only (client:only), where sessionStorage is.
  const [session, setSession] = useState<Session | null>(() => loadSession());
  const [filters, setFilters] = useState<ListFilters>(EMPTY_FILTERS);
  const [open, setOpen] = useState<string | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const [downloading, setDownloading] = useState(false);
  const [notice, setNotice] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (session && !open) heading.current?.focus();
  }, [session, open]);

  if (!session) return <SignIn onSignedIn={setSession} />;

  const signOut = () => {
    clearSession();
    setSession(null);
    setOpen(null);
  };
  const download = async () => {
    setDownloading(true);
    try {
      const url = URL.createObjectURL(await downloadCsv(session, filters));
      const link = Object.assign(document.createElement('a'), { href: url, download: `leads-${dayjs().format('YYYY-MM-DD')}.csv` });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } finally {
      setDownloading(false);
    }
  };
  const closeLead = (message = '') => {
    setOpen(null);
    setNotice(message);
    setRefreshKey((key) => key + 1);
  };

  return (
    <div className="inbox">
      <header className="inbox-bar">
        <span>
          Signed in as <strong>{session.name}</strong>
        </span>
        <button type="button" className="inbox-button" onClick={signOut}>
          Sign out
        </button>
      </header>
      {open ? (
        <LeadDetail session={session} id={open} onClose={closeLead} />
      ) : (
        <>
          <h1 ref={heading} tabIndex={-1}>
            {filters.view === 'spam' ? 'Spam' : 'Leads'}
          </h1>
          {notice && (
            <p className="inbox-notice" role="status">
              {notice}
            </p>
          )}
          <nav className="inbox-views" aria-label="Views">
            {(['inbox', 'spam'] as const).map((view) => (
              <button
                key={view}
                type="button"
                className="inbox-button"
                aria-pressed={filters.view === view}
                onClick={() => setFilters({ ...filters, view })}
              >
                {view === 'inbox' ? 'Leads' : 'Spam'}
              </button>
            ))}
          </nav>
          <Filters key={filters.view} filters={filters} onApply={setFilters} />
          <button type="button" className="inbox-button" onClick={() => void download()} disabled={downloading}>
            {downloading ? 'Preparing…' : 'Download this view (CSV)'}
          </button>
          <LeadList key={`${JSON.stringify(filters)}|${refreshKey}`} session={session} filters={filters} onOpen={setOpen} />
        </>
      )}
    </div>
  );
}
