/**
 * Insights, the owner's view in /leads (loaded only when opened: its own chunk): where leads come
 * from, how fast the team reaches them and how many within the first-contact target, what they win,
 * and who is still waiting, over a date range (the last 30 days unless chosen). Every chart has
 * its table and a CSV download of its numbers.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, readInsights, type Session } from '../api.ts';
import { when } from '../words.ts';
import { KIND_NAMES, durationText } from '../../../lib/team-api/vocabulary.ts';
import type { Insights } from '../../../lib/team-api/wire.ts';
import { shortDate } from './figures.ts';
import { OriginFigures } from './OriginFigures.tsx';
import { ReferralFigures } from './ReferralFigures.tsx';
import { RoutingFigures } from './RoutingFigures.tsx';
import { TimeFigures, officeText } from './TimeFigures.tsx';
import { WhatsAppFigures } from './WhatsAppFigures.tsx';
import './insights.css';
import { formText } from '../../../lib/text.ts';

export default function InsightsView({ session }: { session: Session }) {
  const [range, setRange] = useState({ from: '', to: '' });
  // What the last answer was for: the view is loading while it is not the range asked.
  const [shown, setShown] = useState<{ range: typeof range; data: Insights | null; problem: string } | null>(null);
  const loading = shown?.range !== range;
  const data = shown?.data ?? null;
  const problem = loading ? '' : (shown?.problem ?? '');

  useEffect(() => {
    let live = true;
    readInsights(session, range).then(
      (answer) => live && setShown({ range, data: answer, problem: '' }),
      (error: Error) =>
        live &&
        setShown((previous) => ({
          range,
          data: previous?.data ?? null,
          problem: error instanceof ApiError ? error.details : error.message,
        })),
    );
    return () => {
      live = false;
    };
  }, [session, range]);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setRange({ from: formText(form, 'from'), to: formText(form, 'to') });
  };
  const file = (name: string) => `insights-${name}-${data?.from}-${data?.to}`;

  return (
    <div className="insights" aria-busy={loading}>
      <form className="insights-range" onSubmit={apply} aria-label="Date range">
        <label>
          From
          <input type="date" name="from" defaultValue={data?.from ?? ''} key={`from-${data?.from}`} />
        </label>
        <label>
          To
          <input type="date" name="to" defaultValue={data?.to ?? ''} key={`to-${data?.to}`} />
        </label>
        <button type="submit" className="inbox-button inbox-button--primary">
          Show
        </button>
      </form>
      {problem && (
        <p className="inbox-problem" role="alert">
          {problem}
        </p>
      )}
      {loading && !data && <p className="inbox-empty">Loading…</p>}
      {data && <Figures data={data} file={file} />}
    </div>
  );
}

function Figures({ data, file }: { data: Insights; file: (name: string) => string }) {
  const office = officeText(data);
  const speed = data.firstContact;
  return (
    <>
      <p className="insights-summary" role="status">
        {shortDate(data.from)} to {shortDate(data.to)}: <strong>{data.total}</strong> leads, spam kept apart: {data.spam}. Speed of first
        contact: median <strong>{durationText(speed.medianMinutes)}</strong>, 90th percentile {durationText(speed.p90Minutes)} of working
        time. Waiting now: <strong>{data.waitingCount}</strong>.
      </p>

      <section className="insights-figure" aria-labelledby="insights-waiting-title">
        <h2 id="insights-waiting-title">Waiting now ({data.waitingCount})</h2>
        <p className="insights-note">
          Still new after {data.waitingAfterMinutes / 60} working hour ({office}), oldest first. A chosen call-back time counts from its
          start.
        </p>
        {data.waitingLeads.length === 0 ? (
          <p className="inbox-empty">Nobody is waiting.</p>
        ) : (
          <ol className="insights-waiting">
            {data.waitingLeads.map((lead) => (
              <li key={lead.id}>
                <a href={`#lead=${lead.id}`}>{lead.name || 'No name'}</a>
                <span>
                  {KIND_NAMES[lead.kind].division} · arrived {when(lead.receivedAt)} · waiting {durationText(lead.workingMinutes)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <TimeFigures data={data} file={file} />
      <RoutingFigures data={data} file={file} />
      <OriginFigures data={data} file={file} />
      <ReferralFigures data={data} file={file} />
      <WhatsAppFigures data={data} file={file} />
    </>
  );
}
