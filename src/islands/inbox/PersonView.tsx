/**
 * One person across the group (`#person=<id>`): every enquiry they sent, newest first, with its
 * kind, page, date, status and who works it; what they agreed to; their timeline; the merges that
 * made them, with *Undo merge* for the owner within 30 days; and, for the owner, the consent
 * history as CSV and *Erase this person*.
 */
import { useEffect, useRef, useState } from 'react';
import { KIND_NAMES } from '../../lib/team-api/vocabulary.ts';
import { stageName } from '../../lib/team-api/stages.ts';
import type { PersonPage } from '../../lib/team-api/wire.ts';
import { ApiError, type Session } from './api.ts';
import { downloadConsentCsv, erasePerson, readPerson, undoMerge } from './people-api.ts';
import { ConfirmErase } from './EraseLead.tsx';
import { PersonTimeline } from './PersonTimeline.tsx';
import { CONSENT_STATES, PURPOSE_NAMES, saveFile, when } from './words.ts';

interface Props {
  session: Session;
  id: string;
  onOpenLead: (id: string) => void;
  onClose: (message?: string) => void;
}

export function PersonView({ session, id, onOpenLead, onClose }: Props) {
  const [page, setPage] = useState<PersonPage | null>(null);
  const [problem, setProblem] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const owner = session.role === 'owner';

  const load = () =>
    readPerson(session, id).then(
      (answer) => {
        setPage(answer);
        setProblem('');
      },
      (error) => setProblem(error instanceof ApiError ? error.message : 'This person could not be loaded.'),
    );
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded once per person
  }, [session, id]);
  const shown = page?.person.id;
  useEffect(() => {
    if (shown) heading.current?.focus();
  }, [shown]);

  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setProblem('');
    try {
      await work();
      setNotice(done);
      await load();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.details : 'That did not work. Try again.');
    } finally {
      setBusy(false);
    }
  };

  const back = (
    <button type="button" className="inbox-button" onClick={() => onClose()}>
      ← Back
    </button>
  );
  if (!page)
    return (
      <div className="inbox-detail">
        {back}
        <p className={problem ? 'inbox-problem' : 'inbox-empty'} role={problem ? 'alert' : 'status'}>
          {problem || 'Loading…'}
        </p>
      </div>
    );
  const { person, leads, merges } = page;

  return (
    <article className="inbox-detail" aria-labelledby="person-name">
      {back}
      <h1 id="person-name" ref={heading} tabIndex={-1}>
        {person.name || 'A person'}
      </h1>
      <p className="inbox-card__meta">{[...person.phones, ...person.emails].join(' · ')}</p>
      {notice && (
        <p className="inbox-notice" role="status">
          {notice}
        </p>
      )}
      {problem && (
        <p className="inbox-problem" role="alert">
          {problem}
        </p>
      )}

      <section aria-labelledby="person-consent" className="inbox-box">
        <h2 id="person-consent">What they agreed to</h2>
        <ul className="inbox-purposes">
          {(Object.keys(PURPOSE_NAMES) as (keyof typeof PURPOSE_NAMES)[]).map((purpose) => (
            <li key={purpose}>
              {PURPOSE_NAMES[purpose]}:{' '}
              <strong className={`inbox-consent inbox-consent--${person.consent[purpose]}`}>
                {CONSENT_STATES[person.consent[purpose]]}
              </strong>
            </li>
          ))}
        </ul>
        {owner && (
          <button
            type="button"
            className="inbox-button"
            onClick={() => void downloadConsentCsv(session, person.id).then((blob) => saveFile(blob, `consent-${person.id}.csv`))}
          >
            Download consent history (CSV)
          </button>
        )}
      </section>

      <section aria-labelledby="person-leads">
        <h2 id="person-leads">Enquiries ({leads.length})</h2>
        <ul className="inbox-list">
          {leads.map((lead) => (
            <li key={lead.id}>
              <button type="button" className="inbox-card" onClick={() => onOpenLead(lead.id)}>
                <span className="inbox-card__name">{KIND_NAMES[lead.kind].lead}</span>
                <span className={`inbox-status inbox-status--${lead.status}`}>{stageName(lead.kind, lead.status)}</span>
                <span className="inbox-card__meta">
                  {lead.page} · {when(lead.receivedAt)} · {lead.worker ? `worked by ${lead.worker}` : 'nobody yet'}
                  {lead.source === 'referral' ? ` · referred by ${lead.referredBy ?? 'the team'}` : ''}
                  {lead.repeatOf ? ' · repeat' : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>

      <PersonTimeline timeline={page.timeline} />

      {merges.length > 0 && (
        <section aria-labelledby="person-merges" className="inbox-box">
          <h2 id="person-merges">Merges</h2>
          <ul>
            {merges.map((merge) => (
              <li key={merge.id}>
                Merged by {merge.mergedBy}, {when(merge.mergedAt)}
                {merge.undoneAt ? `; undone by ${merge.undoneBy ?? 'someone'}, ${when(merge.undoneAt)}` : ''}
                {owner && merge.undoable && (
                  <button
                    type="button"
                    className="inbox-button"
                    disabled={busy}
                    onClick={() => void act(() => undoMerge(session, merge.id), 'The merge was undone: both people are back as they were.')}
                  >
                    Undo merge
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      {owner && (
        <ConfirmErase
          what="this person"
          explain="When the person asks, erase every enquiry of theirs, their photos and their timeline for good. What the law asks us to keep of their consent stays a year, without their name or number."
          confirm={`Erase ${person.name || 'this person'} and all ${leads.length} of their enquiries? This cannot be undone.`}
          busy={busy}
          onErase={() =>
            void erasePerson(session, person.id).then(
              () => onClose('The person and their enquiries were erased.'),
              (error) => setProblem(error instanceof ApiError ? error.message : 'It could not be erased. Try again.'),
            )
          }
        />
      )}
    </article>
  );
}
