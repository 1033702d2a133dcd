/**
 * The Team page of the inbox: for everyone, their own alerts on WhatsApp (WhatsAppAlerts.tsx);
 * for the owner, the people who sign in (add one and see their key once, remove one, which ends
 * their access at once), what each takes (MemberRouting.tsx) and the team's log (TeamLog.tsx).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { addPerson, listPeople, removePerson, type Session } from './api.ts';
import { TEAM_ROLES, type TeamRole } from '../../lib/team-api/vocabulary.ts';
import type { TeamMember } from '../../lib/team-api/wire.ts';
import { TeamLog } from './TeamLog.tsx';
import { WhatsAppAlerts } from './WhatsAppAlerts.tsx';
import { MemberRouting, routingSummary } from './MemberRouting.tsx';
import { when } from './words.ts';
import { formText } from '../../lib/text.ts';

const ROLE_NAMES: Record<TeamRole, string> = {
  sales: 'Sales: reads and works leads',
  owner: 'Owner: also exports, erases, manages people',
};
function People({ session, onChanged }: { session: Session; onChanged: () => void }) {
  const [people, setPeople] = useState<TeamMember[] | null>(null);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [newKey, setNewKey] = useState<{ name: string; key: string } | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const keyBox = useRef<HTMLDivElement>(null);

  const load = () =>
    listPeople(session)
      .then(setPeople)
      .catch((error: Error) => setProblem(error.message));
  useEffect(() => {
    listPeople(session)
      .then(setPeople)
      .catch((error: Error) => setProblem(error.message));
  }, [session]);
  useEffect(() => {
    if (newKey) keyBox.current?.focus();
  }, [newKey]);

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setBusy(true);
    setProblem('');
    try {
      const { member, key } = await addPerson(session, {
        name: formText(data, 'name'),
        role: TEAM_ROLES.find((role) => role === data.get('role')) ?? 'sales',
      });
      setNewKey({ name: member.name, key });
      form.reset();
      onChanged();
      await load();
    } catch (error) {
      const fields = (error as { body?: { fields?: Record<string, string> } }).body?.fields;
      setProblem(fields ? Object.values(fields).join('. ') : (error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (member: TeamMember) => {
    setBusy(true);
    setProblem('');
    try {
      await removePerson(session, member.id);
      setRemoving(null);
      onChanged();
      await load();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="people-heading" className="inbox-box">
      <h2 id="people-heading">People</h2>
      <p>Each person signs in with a key of their own. Removing someone ends their access at once.</p>
      {newKey && (
        <div className="inbox-key" role="status" tabIndex={-1} ref={keyBox}>
          <p>
            <strong>{newKey.name}</strong>’s key. It is shown this once: give it to them privately now.
          </p>
          <code className="inbox-key__value" data-testid="new-key">
            {newKey.key}
          </code>
          <button type="button" className="inbox-button" onClick={() => setNewKey(null)}>
            Done, hide the key
          </button>
        </div>
      )}
      {problem && (
        <p className="inbox-problem" role="alert">
          {problem}
        </p>
      )}
      {people === null ? (
        <p className="inbox-empty">Loading…</p>
      ) : people.length === 0 ? (
        <p className="inbox-empty">Nobody yet: only the owner’s first key works.</p>
      ) : (
        <ul className="inbox-people">
          {people.map((member) => (
            <li key={member.id} className="inbox-person">
              <span>
                <strong>{member.name}</strong> · {member.role}
                <br />
                <small>
                  added {when(member.addedAt)} by {member.addedBy}
                </small>
                <br />
                <small>{routingSummary(member)}</small>
              </span>
              {removing === member.id ? (
                <span className="inbox-actions">
                  <button type="button" className="inbox-button inbox-button--danger" onClick={() => void remove(member)} disabled={busy}>
                    Yes, remove {member.name}
                  </button>
                  <button type="button" className="inbox-button" onClick={() => setRemoving(null)}>
                    Keep
                  </button>
                </span>
              ) : (
                <button type="button" className="inbox-button" onClick={() => setRemoving(member.id)}>
                  Remove {member.name}…
                </button>
              )}
              <MemberRouting
                session={session}
                member={member}
                onSaved={() => {
                  onChanged();
                  void load();
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <form className="inbox-add-person" onSubmit={(event) => void add(event)}>
        <h3>Add a person</h3>
        <label>
          Name
          <input name="name" required maxLength={60} autoComplete="off" />
        </label>
        <label>
          Role
          <select name="role" defaultValue="sales">
            {TEAM_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_NAMES[role]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="inbox-button inbox-button--primary" disabled={busy}>
          Add and show their key
        </button>
      </form>
    </section>
  );
}

export function TeamPage({ session, onClose }: { session: Session; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Each addition or removal is a new line in the log: it is read again.
  const [changes, setChanges] = useState(0);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="inbox-team">
      <button type="button" className="inbox-button" onClick={onClose}>
        ← Back to the list
      </button>
      <h1 ref={heading} tabIndex={-1}>
        Team
      </h1>
      <WhatsAppAlerts session={session} />
      {session.role === 'owner' && (
        <>
          <People session={session} onChanged={() => setChanges((count) => count + 1)} />
          <TeamLog key={changes} session={session} />
        </>
      )}
    </div>
  );
}
