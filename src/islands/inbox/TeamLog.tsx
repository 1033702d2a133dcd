/**
 * The team's log on the owner's Team page: who exported, erased, released or worked a lead, who
 * added or removed whom, lock-outs after wrong keys and sales keys past the hourly read limit,
 * merges of people and their undoing, referrals and erased people, and WhatsApp texts from numbers
 * we do not know (kept a month), newest first, a page at a time.
 */
import { useEffect, useState } from 'react';
import { readTeamLog, type Session } from './api.ts';
import type { TeamAction } from '../../lib/team-api/vocabulary.ts';
import type { TeamLogEntry } from '../../lib/team-api/wire.ts';
import { when } from './words.ts';

const ACTION_NAMES: Record<TeamAction, string> = {
  work: 'changed a lead',
  release: 'moved a lead out of spam',
  erase: 'erased a lead',
  export: 'exported leads',
  'add-member': 'added',
  'remove-member': 'removed',
  lockout: 'locked out a client:',
  'read-limit': 'reached the hourly read limit:',
  merge: 'merged two people',
  unmerge: 'undid a merge',
  'dismiss-pair': 'set aside a possible duplicate',
  refer: 'referred a lead',
  'erase-person': 'erased a person',
  assign: 'gave a lead',
  'set-member': 'changed what a person takes:',
  attempt: 'tried to reach a lead:',
  'whatsapp-unknown': 'had a text from a number we do not know (a possible lead):',
};

const describe = (entry: TeamLogEntry) => {
  const { detail } = entry;
  const what = ACTION_NAMES[entry.action];
  if (entry.action === 'work') return `${what}${detail.status ? ` (${detail.status})` : ''}`;
  if (entry.action === 'export') return `${what}${detail.format ? ` (${detail.format.toUpperCase()})` : ''}`;
  if (entry.action === 'add-member' || entry.action === 'remove-member') return `${what} ${detail.name ?? ''} (${detail.role ?? ''})`;
  if (entry.action === 'lockout' || entry.action === 'read-limit') return `${what} ${detail.note ?? ''}`;
  if (entry.action === 'assign') return `${what} from ${detail.from ?? ''} to ${detail.to ?? ''}`;
  if (entry.action === 'set-member') return `${what} ${detail.name ?? ''}`;
  if (entry.action === 'whatsapp-unknown') return `${what} ${detail.from ?? ''}, “${detail.text ?? ''}”`;
  if (entry.action === 'attempt') return `${what} ${detail.channel ?? ''}, ${detail.outcome ?? ''}`;
  return what;
};

export function TeamLog({ session }: { session: Session }) {
  const [entries, setEntries] = useState<TeamLogEntry[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const more = (before = '') =>
    readTeamLog(session, before)
      .then((page) => {
        setEntries((shown) => (before ? [...shown, ...page.entries] : page.entries));
        setNext(page.nextBefore);
      })
      .catch((error: Error) => setProblem(error.message));
  useEffect(() => {
    readTeamLog(session)
      .then((page) => {
        setEntries(page.entries);
        setNext(page.nextBefore);
      })
      .catch((error: Error) => setProblem(error.message));
  }, [session]);
  return (
    <section aria-labelledby="log-heading" className="inbox-box">
      <h2 id="log-heading">Team log</h2>
      <p>Kept 24 months. Erasing a lead takes it out of these lines.</p>
      {problem && (
        <p className="inbox-problem" role="alert">
          {problem}
        </p>
      )}
      <ol className="inbox-log">
        {entries.map((entry) => (
          <li key={entry.id}>
            <small>{when(entry.at)}</small> <strong>{entry.actor}</strong> {describe(entry)}
          </li>
        ))}
      </ol>
      {next && (
        <button type="button" className="inbox-button" onClick={() => void more(next)}>
          Older entries
        </button>
      )}
    </section>
  );
}
