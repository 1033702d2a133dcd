/**
 * The team's inbox at /leads: sign in with your own key, find leads (newest first, filtered), open
 * one, work it, release spam, and open Insights (the figures: their own chunk, loaded only when
 * opened); the owner also downloads the view as CSV, erases, and manages the people and reads the
 * team's log (TeamPage). Made for a phone first. Everything goes through /api/leads
 * (src/server/team/leads-api.ts), which enforces the roles; the page only hides what a role cannot
 * do. `#lead=<id>` opens a lead, `#person=<id>` a person with every enquiry of theirs; the owner
 * also finds Possible duplicates here, to merge or set aside. The inbox opens on *Due* (the
 * follow-ups due, DueView) when the member has any, else on *Mine* (the leads given to this
 * key), *All* a tap away; *Turn on alerts* gets this device push alerts. The page registers its service worker (pwa/), which keeps it for offline use and shows the alerts.
 */
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import dayjs from 'dayjs';
import { EMPTY_FILTERS, clearSession, downloadCsv, loadSession, type ListFilters, type Session } from './api.ts';
import { LeadFilters } from './LeadFilters.tsx';
import { LeadList } from './LeadList.tsx';
import { SignIn } from './SignIn.tsx';
import { AlertsButton } from './AlertsButton.tsx';
import { InboxViews, type InboxView } from './InboxViews.tsx';
import { followTappedAlerts, registerInboxWorker } from './pwa/register.ts';
import './inbox.css';

// Loaded when first needed, so the first screen (sign-in and the list) carries none of them.
const LeadDetail = lazy(() => import('./LeadDetail.tsx').then((module) => ({ default: module.LeadDetail })));
const InsightsView = lazy(() => import('./insights/InsightsView.tsx'));
const PersonView = lazy(() => import('./PersonView.tsx').then((module) => ({ default: module.PersonView })));
const DuplicatesView = lazy(() => import('./DuplicatesView.tsx').then((module) => ({ default: module.DuplicatesView })));
const TeamPage = lazy(() => import('./TeamPage.tsx').then((module) => ({ default: module.TeamPage })));
const DueView = lazy(() => import('./DueView.tsx').then((module) => ({ default: module.DueView })));
const loadingView = <p className="inbox-empty">Loading…</p>;
const noop = () => {};
/** The lead a link names: /leads#lead=<id>. */
const leadInHash = () => /^#lead=([0-9a-f-]{36})$/i.exec(location.hash)?.[1] ?? null;
/** The person a link names: /leads#person=<id>. */
const personInHash = () => /^#person=([0-9a-f-]{36})$/i.exec(location.hash)?.[1] ?? null;

export default function LeadsInbox() {
  // The island renders in the browser only (client:only), where sessionStorage is.
  const [session, setSession] = useState<Session | null>(() => loadSession());
  const [filters, setFilters] = useState<ListFilters>(EMPTY_FILTERS);
  const [open, setOpen] = useState<string | null>(leadInHash);
  const [person, setPerson] = useState<string | null>(personInHash);
  const [view, setView] = useState<InboxView>('due');
  // Opened on the due list: with nothing due for this member, the list instead (once).
  const [first, setFirst] = useState(true);
  const leaveDue = useCallback(() => setView((shown) => (shown === 'due' ? 'list' : shown)), []);
  const insights = view === 'insights';
  const [refreshKey, setRefreshKey] = useState(0);
  const [downloading, setDownloading] = useState(false);
  const [notice, setNotice] = useState('');
  const [teamOpen, setTeamOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (session && !open && !person && !teamOpen) heading.current?.focus();
  }, [session, open, person, teamOpen]);
  useEffect(() => {
    void registerInboxWorker();
    return followTappedAlerts();
  }, []);
  useEffect(() => {
    const follow = () => {
      setOpen((current) => leadInHash() ?? current);
      setPerson((current) => personInHash() ?? current);
    };
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
  const openLead = (id: string) => {
    setPerson(null);
    setOpen(id);
  };
  const openPerson = (id: string) => {
    setOpen(null);
    setPerson(id);
  };
  const closeLead = (message = '') => {
    if (leadInHash() || personInHash()) history.replaceState(null, '', location.pathname + location.search);
    setOpen(null);
    setPerson(null);
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
          {!teamOpen && (
            <button type="button" className="inbox-button" onClick={() => setTeamOpen(true)}>
              Team
            </button>
          )}
          <button type="button" className="inbox-button" onClick={signOut}>
            Sign out
          </button>
        </span>
      </header>
      {teamOpen ? (
        <Suspense fallback={loadingView}>
          <TeamPage session={session} onClose={() => setTeamOpen(false)} />
        </Suspense>
      ) : open ? (
        <Suspense fallback={loadingView}>
          <LeadDetail key={open} session={session} id={open} onClose={closeLead} onOpenLead={openLead} onOpenPerson={openPerson} />
        </Suspense>
      ) : person ? (
        <Suspense fallback={loadingView}>
          <PersonView key={person} session={session} id={person} onClose={closeLead} onOpenLead={openLead} />
        </Suspense>
      ) : (
        <>
          <h1 ref={heading} tabIndex={-1}>
            {insights
              ? 'Insights'
              : view === 'duplicates'
                ? 'Possible duplicates'
                : view === 'due'
                  ? 'Follow-ups due'
                  : filters.view === 'spam'
                    ? 'Spam'
                    : 'Leads'}
          </h1>
          {notice && (
            <p className="inbox-notice" role="status">
              {notice}
            </p>
          )}
          <AlertsButton session={session} />
          <InboxViews
            view={view}
            filters={filters}
            owner={owner}
            onView={(shown, next) => {
              setFirst(false);
              setView(shown);
              if (next) setFilters(next);
            }}
          />
          {insights ? (
            <Suspense fallback={loadingView}>
              <InsightsView session={session} />
            </Suspense>
          ) : view === 'due' ? (
            <Suspense fallback={loadingView}>
              <DueView session={session} onOpen={openLead} onNone={first ? leaveDue : noop} />
            </Suspense>
          ) : view === 'duplicates' ? (
            <Suspense fallback={loadingView}>
              <DuplicatesView session={session} onOpenPerson={openPerson} />
            </Suspense>
          ) : (
            <>
              <LeadFilters key={filters.view} filters={filters} onApply={setFilters} />
              {owner && (
                <button type="button" className="inbox-button" onClick={() => void download()} disabled={downloading}>
                  {downloading ? 'Preparing…' : 'Download this view (CSV)'}
                </button>
              )}
              <LeadList key={`${JSON.stringify(filters)}|${refreshKey}`} session={session} filters={filters} onOpen={openLead} />
            </>
          )}
        </>
      )}
    </div>
  );
}
