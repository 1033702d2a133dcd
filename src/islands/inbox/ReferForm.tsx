/**
 * *Refer to…* on a lead: a new lead of another division for the same person (property, bank
 * loans, financial planning), with a note, e-mailed to the team like any lead. Only when the
 * person agreed that the group's other divisions may contact them: the server refuses it
 * otherwise (409), and the page says so in plain words.
 */
import { useId, useState } from 'react';
import type { EnquiryKind } from '../../lib/enquiry/kinds.ts';
import { KIND_NAMES, REFERRAL_KINDS, type ReferralKind } from '../../lib/team-api/vocabulary.ts';
import { ApiError, type Session } from './api.ts';
import { referLead } from './people-api.ts';

interface Props {
  session: Session;
  leadId: string;
  kind: EnquiryKind;
  onReferred: (id: string) => void;
}

export function ReferForm({ session, leadId, kind, onReferred }: Props) {
  const choices = REFERRAL_KINDS.filter((to) => to !== kind);
  const [to, setTo] = useState<ReferralKind>(choices[0]);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const ids = { to: useId(), note: useId() };
  const refer = async () => {
    setBusy(true);
    setProblem('');
    try {
      const { lead } = await referLead(session, leadId, { kind: to, note });
      onReferred(lead.id);
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.status === 409
          ? 'They have not agreed that our other divisions may contact them, or they withdrew it, so they cannot be referred.'
          : error instanceof ApiError
            ? error.details
            : 'The referral could not be made. Try again.',
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="refer-heading" className="inbox-box">
      <h2 id="refer-heading">Refer to another division</h2>
      <p>
        A new enquiry of that division for the same person, e-mailed to the team. Only when they agreed that our other divisions may contact
        them.
      </p>
      <label htmlFor={ids.to}>Division</label>
      <select id={ids.to} value={to} onChange={(event) => setTo(event.target.value as ReferralKind)}>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {KIND_NAMES[choice].division}
          </option>
        ))}
      </select>
      <label htmlFor={ids.note}>Note for them</label>
      <textarea id={ids.note} value={note} maxLength={1000} rows={2} onChange={(event) => setNote(event.target.value)} />
      {problem && (
        <p className="inbox-problem" role="alert">
          {problem}
        </p>
      )}
      <button type="button" className="inbox-button inbox-button--primary" onClick={() => void refer()} disabled={busy}>
        Refer
      </button>
    </section>
  );
}
