/**
 * The team's inbox at /leads: sign in with your own key, find leads (newest first, filtered), open
 * one, work it, release spam, and open Insights (the figures: their own chunk, loaded only when
 * opened); the owner also downloads the view as CSV, erases, and manages the people and reads the
 * team's log (TeamPage). Made for a phone first. Everything goes through /api/leads
 * (src/server/team/leads-api.ts), which enforces the roles; the page only hides what a role cannot
 * do. `#lead=<id>` opens a lead.
 */
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import dayjs from 'dayjs';
import { EMPTY_FILTERS, clearSession, downloadCsv, loadSession, type ListFilters, type Session } from './api.ts';
import { LeadFilters } from './LeadFilters.tsx';
import { LeadList } from './LeadList.tsx';
import { SignIn } from './SignIn.tsx';
import './inbox.css';

// Loaded when first needed, so the first screen (sign-in and the list) carries none of them.
const LeadDetail = lazy(() => import('./LeadDetail.tsx').then((module) => ({ default: module.LeadDetail })));
const InsightsView = lazy(() => import('./insights/InsightsView.tsx'));
const TeamPage = lazy(() => import('./TeamPage.tsx').then((module) => ({ default: module.TeamPage })));
const loadingView = <p className="inbox-empty">Loading…</p>;
/** The lead a link names: /leads#lead=<id>. */
const leadInHash = () => /^#lead=([0-9a-f-]{36})$/i.exec(location.hash)?.[1] ?? null;

export default function LeadsInbox() {
  // The island renders in the browser only (client:only), where sessionStorage is.
  const [session, setSession] = useState<Session | null>(() => loadSession());
  const [filters, setFilters] = useState<ListFilters>(EMPTY_FILTERS);
  const [open, setOpen] = useState<string | null>(leadInHash);
  const [insights, setInsights] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);
  const [downloading, setDownloading] = useState(false);
  const [notice, setNotice] = useState('');
  const [teamOpen, setTeamOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (session && !open && !teamOpen) heading.current?.focus();
  }, [session, open, teamOpen]);
  useEffect(() => {
    const follow = () => setOpen((current) => leadInHash() ?? current);
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);

  if (!session) return <SignIn onSignedIn={setSession} />;
  const owner = session.role === 'owner';

  const signOut = () => {
    clearSession();
    setSession(null);
    setOpen(null);
    setTeamOpen(false);
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
    if (leadInHash()) history.replaceState(null, '', location.pathname + location.search);
    setOpen(null);
    setNotice(message);
    setRefreshKey((key) => key + 1);
  };

  return (
    <div className="inbox">
      <header className="inbox-bar">
        <span>
          Signed in as <strong>{session.name}</strong> ({session.role})
        </span>
        <span className="inbox-actions">
          {owner && !teamOpen && (
            <button type="button" className="inbox-button" onClick={() => setTeamOpen(true)}>
              Team
            </button>
          )}
          <button type="button" className="inbox-button" onClick={signOut}>
            Sign out
          </button>
        </span>
      </header>
      {owner && teamOpen ? (
        <Suspense fallback={loadingView}>
          <TeamPage session={session} onClose={() => setTeamOpen(false)} />
        </Suspense>
      ) : open ? (
        <Suspense fallback={loadingView}>
          <LeadDetail session={session} id={open} onClose={closeLead} />
        </Suspense>
      ) : (
        <>
          <h1 ref={heading} tabIndex={-1}>
            {insights ? 'Insights' : filters.view === 'spam' ? 'Spam' : 'Leads'}
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
                aria-pressed={!insights && filters.view === view}
                onClick={() => {
                  setInsights(false);
                  setFilters({ ...filters, view });
                }}
              >
                {view === 'inbox' ? 'Leads' : 'Spam'}
              </button>
            ))}
            <button type="button" className="inbox-button" aria-pressed={insights} onClick={() => setInsights(true)}>
              Insights
            </button>
          </nav>
          {insights ? (
            <Suspense fallback={loadingView}>
              <InsightsView session={session} />
            </Suspense>
          ) : (
            <>
              <LeadFilters key={filters.view} filters={filters} onApply={setFilters} />
              {owner && (
                <button type="button" className="inbox-button" onClick={() => void download()} disabled={downloading}>
                  {downloading ? 'Preparing…' : 'Download this view (CSV)'}
                </button>
              )}
              <LeadList key={`${JSON.stringify(filters)}|${refreshKey}`} session={session} filters={filters} onOpen={setOpen} />
            </>
          )}
        </>
      )}
    </div>
  );
}
