/**
 * What one member of the team takes, on the owner's Team page: the kinds, the languages they call
 * in, available or away, and a daily cap (PATCH /api/leads/team/<id>). Read by the assignment of
 * every new lead (src/server/intake/assign.ts).
 */
import { useState, type FormEvent } from 'react';
import { changeRouting, type Session } from './api.ts';
import { ENQUIRY_KINDS } from '../../lib/enquiry/kinds.ts';
import { DAILY_CAP_MAX, KIND_NAMES, MEMBER_LANGUAGES, MEMBER_LANGUAGE_NAMES } from '../../lib/team-api/vocabulary.ts';
import type { TeamMember } from '../../lib/team-api/wire.ts';
import { formText } from '../../lib/text.ts';

/** One line: what they take, in words. */
export const routingSummary = (member: TeamMember) =>
  [
    member.available ? 'available' : 'away',
    member.kinds.map((kind) => KIND_NAMES[kind].division).join(', ') || 'no kinds',
    member.languages.map((language) => MEMBER_LANGUAGE_NAMES[language]).join(', '),
    member.dailyCap === null ? 'no daily cap' : `at most ${member.dailyCap} a day`,
  ].join(' · ');

export function MemberRouting({ session, member, onSaved }: { session: Session; member: TeamMember; onSaved: () => void }) {
  const [problem, setProblem] = useState('');
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  // The form is made when opened: a long team stays a short page.
  const [open, setOpen] = useState(false);
  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const cap = formText(data, 'dailyCap');
    setBusy(true);
    setProblem('');
    setSaved(false);
    try {
      await changeRouting(session, member.id, {
        kinds: ENQUIRY_KINDS.filter((kind) => data.getAll('kinds').includes(kind)),
        languages: MEMBER_LANGUAGES.filter((language) => data.getAll('languages').includes(language)),
        available: data.get('available') === 'on',
        dailyCap: cap === '' ? null : Number(cap),
      });
      setSaved(true);
      onSaved();
    } catch (error) {
      const fields = (error as { body?: { fields?: Record<string, string> } }).body?.fields;
      setProblem(fields ? Object.values(fields).join('. ') : (error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const id = (what: string) => `routing-${member.id}-${what}`;
  return (
    <details className="inbox-routing" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>What {member.name} takes</summary>
      {open && (
        <form onSubmit={(event) => void save(event)}>
          <label className="inbox-check">
            <input type="checkbox" name="available" defaultChecked={member.available} /> Available (off: away, given no leads)
          </label>
          <fieldset>
            <legend>Kinds</legend>
            {ENQUIRY_KINDS.map((kind) => (
              <label key={kind} className="inbox-check">
                <input type="checkbox" name="kinds" value={kind} defaultChecked={member.kinds.includes(kind)} /> {KIND_NAMES[kind].division}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>Calls in</legend>
            {MEMBER_LANGUAGES.map((language) => (
              <label key={language} className="inbox-check">
                <input type="checkbox" name="languages" value={language} defaultChecked={member.languages.includes(language)} />{' '}
                {MEMBER_LANGUAGE_NAMES[language]}
              </label>
            ))}
          </fieldset>
          <label htmlFor={id('cap')}>Most leads a day (empty: no cap)</label>
          <input
            id={id('cap')}
            name="dailyCap"
            type="number"
            min={0}
            max={DAILY_CAP_MAX}
            inputMode="numeric"
            defaultValue={member.dailyCap ?? ''}
          />
          <button type="submit" className="inbox-button inbox-button--primary" disabled={busy}>
            Save what {member.name} takes
          </button>
          {saved && <p role="status">Saved.</p>}
          {problem && (
            <p className="inbox-problem" role="alert">
              {problem}
            </p>
          )}
        </form>
      )}
    </details>
  );
}
