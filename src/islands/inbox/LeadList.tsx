/**
 * The leads (or the spam) matching the filters, newest first, a page at a time; a lead whose person
 * has other enquiries says how many ("+2"), and each says who has it. The first page of the last
 * list is kept for the tab's life (sessionStorage, as the key is): with no network, the inbox
 * (served by its service worker) shows it and says it is offline.
 */
import { useEffect, useState } from 'react';
import { ApiError, listLeads, type ListFilters, type Session } from './api.ts';
import type { LeadRecord } from '../../lib/enquiry/lead-record.ts';
import type { LeadPage } from '../../lib/team-api/wire.ts';
import { KIND_NAMES } from '../../lib/team-api/vocabulary.ts';
import { when } from './words.ts';

const LAST_LIST_KEY = 'aranya:last-list';
const keepLastList = (page: LeadPage) => {
  try {
    sessionStorage.setItem(LAST_LIST_KEY, JSON.stringify({ page, at: new Date().toISOString() }));
  } catch {
    // A full storage only costs the offline copy.
  }
};
const lastList = (): { page: LeadPage; at: string } | null => {
  try {
    return JSON.parse(sessionStorage.getItem(LAST_LIST_KEY) ?? 'null') as { page: LeadPage; at: string } | null;
  } catch {
    return null;
  }
};

/** One list of leads for one set of filters (the inbox gives it a new key when they change). */
export function LeadList({ session, filters, onOpen }: { session: Session; filters: ListFilters; onOpen: (id: string) => void }) {
  const [leads, setLeads] = useState<LeadRecord[]>([]);
  const [personLeads, setPersonLeads] = useState<LeadPage['personLeads']>({});
  const [cursor, setCursor] = useState<string | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [offlineSince, setOfflineSince] = useState<string | null>(null);
  const show = (page: LeadPage, more: boolean) => {
    setLeads((previous) => (more ? [...previous, ...page.leads] : page.leads));
    setPersonLeads((previous) => ({ ...previous, ...page.personLeads }));
    setCursor(page.nextCursor);
    setState('ready');
  };
  useEffect(() => {
    let live = true;
    listLeads(session, filters).then(
      (page) => {
        if (!live) return;
        show(page, false);
        keepLastList(page);
      },
      (error: unknown) => {
        if (!live) return;
        // No answer at all (not an answer that refused): the network is gone.
        const last = error instanceof ApiError ? null : lastList();
        if (!last) return setState('failed');
        show({ ...last.page, nextCursor: null }, false);
        setOfflineSince(last.at);
      },
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
      {offlineSince && (
        <p className="inbox-offline" role="status">
          You are offline. This is the list as it was {when(offlineSince)}.
        </p>
      )}
      {state === 'failed' && (
        <p className="inbox-problem" role="alert">
          The leads could not be loaded. Try again.
        </p>
      )}
      {state !== 'loading' && leads.length === 0 && state !== 'failed' && <p className="inbox-empty">No leads match.</p>}
      <ul className="inbox-list">
        {leads.map((lead) => {
          const others = lead.personId ? (personLeads[lead.personId] ?? 1) - 1 : 0;
          return (
            <li key={lead.id}>
              <button type="button" className="inbox-card" onClick={() => onOpen(lead.id)}>
                <span className="inbox-card__name">{String(lead.Username ?? '')}</span>
                <span className={`inbox-status inbox-status--${lead.status ?? 'new'}`}>{lead.spam ? 'spam' : (lead.status ?? 'new')}</span>
                {others > 0 && (
                  <span className="inbox-more">
                    +{others}
                    <span className="visually-hidden"> other {others === 1 ? 'enquiry' : 'enquiries'}</span>
                  </span>
                )}
                <span className="inbox-card__meta">
                  {String(lead.phone ?? '')} · {KIND_NAMES[lead.kind].lead} · {lead.page}
                </span>
                <span className="inbox-card__meta">
                  {when(lead.receivedAt)}
                  {lead.assignee ? ` · ${lead.assignee.name}` : ''}
                </span>
              </button>
            </li>
          );
        })}
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
