/**
 * The team's inbox at /leads: sign in with your own key, find leads (newest first, filtered), open
 * one, work it, release spam; the owner also downloads the view as CSV, erases, and manages the
 * people and reads the team's log (TeamPage). Made for a phone first. Everything goes through
 * /api/leads (src/server/team/leads-api.ts), which enforces the roles; the page only hides what a
 * role cannot do.
 */
import { useEffect, useRef, useState } from 'react';
import dayjs from 'dayjs';
import { EMPTY_FILTERS, clearSession, downloadCsv, loadSession, type ListFilters, type Session } from './api';
import { LeadDetail } from './LeadDetail';
import { LeadFilters } from './LeadFilters';
import { LeadList } from './LeadList';
import { SignIn } from './SignIn';
import { TeamPage } from './TeamPage';
import './inbox.css';

export default function LeadsInbox() {
  // The island renders in the browser only (client:only), where sessionStorage is.
  const [session, setSession] = useState<Session | null>(() => loadSession());
  const [filters, setFilters] = useState<ListFilters>(EMPTY_FILTERS);
  const [open, setOpen] = useState<string | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const [downloading, setDownloading] = useState(false);
  const [notice, setNotice] = useState('');
  const [teamOpen, setTeamOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (session && !open && !teamOpen) heading.current?.focus();
  }, [session, open, teamOpen]);

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
        <TeamPage session={session} onClose={() => setTeamOpen(false)} />
      ) : open ? (
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
          <LeadFilters key={filters.view} filters={filters} onApply={setFilters} />
          {owner && (
            <button type="button" className="inbox-button" onClick={() => void download()} disabled={downloading}>
              {downloading ? 'Preparing…' : 'Download this view (CSV)'}
            </button>
          )}
          <LeadList key={`${JSON.stringify(filters)}|${refreshKey}`} session={session} filters={filters} onOpen={setOpen} />
        </>
      )}
    </div>
  );
}
