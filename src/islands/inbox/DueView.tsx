/**
 * Follow-ups due: the member's own first, then the rest of the team's, each split into *Overdue*
 * and *Due today* (by this browser's clock), oldest due first (GET /api/leads?view=due). The
 * inbox opens here when the member has follow-ups due; with none, or when they cannot be read
 * (offline), it says so (`onNone`), and the inbox shows the list instead.
 */
import { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import type { LeadRecord } from '../../lib/enquiry/lead-record.ts';
import { KIND_NAMES } from '../../lib/team-api/vocabulary.ts';
import type { Session } from './api.ts';
import { dueLeads } from './follow-up-api.ts';
import { when } from './words.ts';

interface Props {
  session: Session;
  onOpen: (id: string) => void;
  /** The member has no follow-up due, or they could not be read (called once, after the first answer). */
  onNone: () => void;
}

function DueList({ title, leads, now, onOpen }: { title: string; leads: LeadRecord[]; now: number; onOpen: (id: string) => void }) {
  if (leads.length === 0) return null;
  return (
    <section aria-label={title}>
      <h2>
        {title} ({leads.length})
      </h2>
      <ul className="inbox-list">
        {leads.map((lead) => {
          const at = lead.followUpAt ?? lead.receivedAt;
          return (
            <li key={lead.id}>
              <button type="button" className="inbox-card" onClick={() => onOpen(lead.id)}>
                <span className="inbox-card__name">{String(lead.Username ?? '')}</span>
                <span className={`inbox-status inbox-status--${Date.parse(at) < now ? 'lost' : 'contacted'}`}>
                  {Date.parse(at) < now ? 'overdue' : 'due'}
                </span>
                <span className="inbox-card__meta">
                  {KIND_NAMES[lead.kind].lead} · {lead.status ?? 'new'}
                </span>
                <span className="inbox-card__meta">
                  {Date.parse(at) < now ? 'Was due' : 'Due'} {when(at)}
                  {lead.assignee ? ` · ${lead.assignee.name}` : ''}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function DueView({ session, onOpen, onNone }: Props) {
  const [mine, setMine] = useState<LeadRecord[] | null>(null);
  const [others, setOthers] = useState<LeadRecord[]>([]);
  const [now, setNow] = useState(0);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    let live = true;
    const end = dayjs().endOf('day').toDate();
    Promise.all([dueLeads(session, true, end), dueLeads(session, false, end)]).then(
      ([own, all]) => {
        if (!live) return;
        if (own.leads.length === 0) onNone();
        setNow(Date.now());
        setMine(own.leads);
        setOthers(all.leads.filter((lead) => !own.leads.some((one) => one.id === lead.id)));
      },
      () => {
        if (!live) return;
        // Opening, the list instead: offline, it shows its last copy and says so.
        onNone();
        setProblem('The follow-ups could not be loaded. Try again.');
      },
    );
    return () => {
      live = false;
    };
  }, [session, onNone]);
  if (problem)
    return (
      <p className="inbox-problem" role="alert">
        {problem}
      </p>
    );
  if (!mine) return <p className="inbox-empty">Loading…</p>;
  const overdue = (leads: LeadRecord[]) => leads.filter((lead) => Date.parse(lead.followUpAt ?? '') < now);
  const today = (leads: LeadRecord[]) => leads.filter((lead) => Date.parse(lead.followUpAt ?? '') >= now);
  return (
    <div className="inbox-due">
      {mine.length === 0 && <p className="inbox-empty">You have no follow-ups due today.</p>}
      <DueList title="Your overdue follow-ups" leads={overdue(mine)} now={now} onOpen={onOpen} />
      <DueList title="Your follow-ups due today" leads={today(mine)} now={now} onOpen={onOpen} />
      <DueList title="The team’s overdue follow-ups" leads={overdue(others)} now={now} onOpen={onOpen} />
      <DueList title="The team’s follow-ups due today" leads={today(others)} now={now} onOpen={onOpen} />
    </div>
  );
}
