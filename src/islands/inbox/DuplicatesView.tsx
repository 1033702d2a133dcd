/**
 * Possible duplicates (the owner's, from the Team page): pairs of people who may be one, side by
 * side (the inbox's heading names the view), with why (the same e-mail but another phone, or the other way round; the same name in the
 * same city with phones one digit apart). *Merge* keeps the side chosen and joins the other into
 * it, with *Undo merge* right after (and on the person's page for 30 days); *Not the same
 * person* takes the pair off the list. Nothing is merged by itself.
 */
import { useEffect, useState } from 'react';
import { KIND_NAMES } from '../../lib/team-api/vocabulary.ts';
import type { DuplicatePair, DuplicateSide, Merge } from '../../lib/team-api/wire.ts';
import { ApiError, type Session } from './api.ts';
import { dismissPair, mergePersons, readDuplicates, undoMerge } from './people-api.ts';
import { when } from './words.ts';

const REASONS: Record<DuplicatePair['reason'], string> = {
  email: 'Their enquiries share an e-mail address, but not a phone',
  phone: 'Their enquiries share a phone, but not an e-mail address',
  'phone-digit': 'The same name in the same city; their phones differ in one digit',
};

function Side({ side, label }: { side: DuplicateSide; label: string }) {
  return (
    <div className="inbox-side" role="group" aria-label={label}>
      <p className="inbox-card__name">{side.name || '(no name)'}</p>
      <p className="inbox-card__meta">{[...side.phones, ...side.emails, ...side.cities].join(' · ')}</p>
      <ul className="inbox-side__leads">
        {side.leads.map((lead) => (
          <li key={lead.id}>
            {KIND_NAMES[lead.kind].lead} · {lead.status} · {when(lead.receivedAt)}
          </li>
        ))}
      </ul>
      {side.leadCount > side.leads.length && <p className="inbox-card__meta">and {side.leadCount - side.leads.length} more</p>}
    </div>
  );
}

export function DuplicatesView({ session, onOpenPerson }: { session: Session; onOpenPerson: (id: string) => void }) {
  const [pairs, setPairs] = useState<DuplicatePair[] | null>(null);
  const [problem, setProblem] = useState('');
  const [merged, setMerged] = useState<Merge | null>(null);
  const [busy, setBusy] = useState(false);
  const load = () =>
    readDuplicates(session).then(
      (page) => setPairs(page.pairs),
      () => setProblem('The possible duplicates could not be loaded.'),
    );
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded once
  }, [session]);

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem('');
    try {
      await work();
      await load();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.details : 'That did not work. Try again.');
    } finally {
      setBusy(false);
    }
  };
  const merge = (kept: string, other: string) => act(async () => setMerged((await mergePersons(session, { kept, merged: other })).merge));

  return (
    <section aria-label="Possible duplicates">
      <p>People who may be one. Nothing is merged by itself: check their enquiries, then merge or set the pair aside.</p>
      {merged && (
        <p className="inbox-notice" role="status">
          Merged.{' '}
          <button
            type="button"
            className="inbox-button"
            disabled={busy}
            onClick={() =>
              void act(async () => {
                await undoMerge(session, merged.id);
                setMerged(null);
              })
            }
          >
            Undo merge
          </button>{' '}
          <button type="button" className="inbox-link" onClick={() => onOpenPerson(merged.kept)}>
            Open the person kept
          </button>
        </p>
      )}
      {problem && (
        <p className="inbox-problem" role="alert">
          {problem}
        </p>
      )}
      {pairs === null ? (
        <p className="inbox-empty">Loading…</p>
      ) : pairs.length === 0 ? (
        <p className="inbox-empty">No possible duplicates.</p>
      ) : (
        <ul className="inbox-list">
          {pairs.map((pair) => (
            <li key={`${pair.a.id}-${pair.b.id}`} className="inbox-pair">
              <p>
                <strong>{REASONS[pair.reason]}</strong> (found {when(pair.foundAt)})
              </p>
              <div className="inbox-pair__sides">
                <Side side={pair.a} label="First person" />
                <Side side={pair.b} label="Second person" />
              </div>
              <div className="inbox-actions">
                <button type="button" className="inbox-button" disabled={busy} onClick={() => void merge(pair.a.id, pair.b.id)}>
                  Merge, keep {pair.a.name || 'the first'}
                </button>
                <button type="button" className="inbox-button" disabled={busy} onClick={() => void merge(pair.b.id, pair.a.id)}>
                  Merge, keep {pair.b.name || 'the second'}
                </button>
                <button
                  type="button"
                  className="inbox-button"
                  disabled={busy}
                  onClick={() => void act(() => dismissPair(session, pair.a.id, pair.b.id))}
                >
                  Not the same person
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
