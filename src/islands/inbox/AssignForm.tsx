/**
 * Who has the lead and when its first contact is due; for the owner, *Give to*: one choice and a
 * tap hands it to another member (POST /api/leads/<id>/assign), who gets a push; it goes in the
 * lead's history and the team's log.
 */
import { useEffect, useState } from 'react';
import { listPeople, reassignLead, type Session } from './api.ts';
import type { LeadEnvelope, TeamMember } from '../../lib/team-api/wire.ts';
import type { LeadRecord } from '../../lib/enquiry/lead-record.ts';
import { when } from './words.ts';

const OWNER_KEY = 'owner-key';

interface Props {
  session: Session;
  lead: LeadRecord;
  onChanged: (answer: LeadEnvelope) => void;
}

export function AssignForm({ session, lead, onChanged }: Props) {
  const owner = session.role === 'owner';
  const [people, setPeople] = useState<TeamMember[]>([]);
  const [chosen, setChosen] = useState(lead.assignee?.id ?? OWNER_KEY);
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [problem, setProblem] = useState('');
  useEffect(() => {
    if (owner) listPeople(session).then(setPeople, () => setPeople([]));
  }, [owner, session]);

  const give = async () => {
    setState('busy');
    setProblem('');
    try {
      onChanged(await reassignLead(session, lead.id, chosen === OWNER_KEY ? null : chosen));
      setState('done');
    } catch (error) {
      setProblem((error as Error).message);
      setState('idle');
    }
  };
  const current = lead.assignee?.id ?? OWNER_KEY;
  return (
    <section aria-labelledby="assignee-heading" className="inbox-box inbox-assign">
      <h2 id="assignee-heading">Assigned to {lead.assignee?.name ?? 'nobody yet'}</h2>
      {lead.firstContactAt ? (
        <p>First contact {when(lead.firstContactAt)}.</p>
      ) : lead.firstContactDueAt ? (
        <p>First contact due {when(lead.firstContactDueAt)}.</p>
      ) : null}
      {owner && (
        <div className="inbox-actions">
          <label>
            Give to
            <select value={chosen} onChange={(event) => setChosen(event.target.value)}>
              <option value={OWNER_KEY}>Owner (your key)</option>
              {people.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                  {member.available ? '' : ' (away)'}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="inbox-button" onClick={() => void give()} disabled={state === 'busy' || chosen === current}>
            Give
          </button>
        </div>
      )}
      {state === 'done' && <p role="status">Given to {lead.assignee?.name}.</p>}
      {problem && (
        <p className="inbox-problem" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
