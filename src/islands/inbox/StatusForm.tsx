/**
 * The team's work on a lead: its status, a note and its next follow-up (which a lead being worked
 * must have), saved together, and the changes so far.
 */
import { useState, type FormEvent } from 'react';
import type { LeadRecord } from '../../lib/enquiry/lead-record.ts';
import { isClosedStatus, isWorkingStatus } from '../../lib/team-api/vocabulary.ts';
import { lostReasonName, lostReasonsOf, stageName, stagesOf } from '../../lib/team-api/stages.ts';
import { FollowUpPicker, type FollowUpPicks } from './FollowUpPicker.tsx';
import type { WorkChange } from '../../lib/team-api/wire.ts';
import { when } from './words.ts';
import { formText } from '../../lib/text.ts';

interface Props {
  lead: LeadRecord;
  /** The version shown; the fields start again from the lead when it changes (a colleague's change). */
  etag: string;
  busy: boolean;
  /** "Saved." after a save, else empty. */
  saved: string;
  /** The follow-up's quick picks, from the server. */
  picks: FollowUpPicks;
  onSave: (change: WorkChange) => void;
}

export function StatusForm({ lead, etag, busy, saved, picks, onSave }: Props) {
  const history = lead.history ?? [];
  const [status, setStatus] = useState(lead.status ?? 'new');
  const stages = stagesOf(lead.kind);
  const reasons = lostReasonsOf(lead.kind);
  const [followUp, setFollowUp] = useState<string | undefined>(lead.followUpAt ? undefined : picks.tomorrowMorning);
  const working = isWorkingStatus(status);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onSave({
      status: stages.find((one) => one === data.get('status')),
      note: formText(data, 'note'),
      ...(working && followUp ? { followUpAt: followUp } : {}),
      ...(status === 'lost' ? { lostReason: reasons.find((one) => one === data.get('lostReason')) } : {}),
    });
  };
  return (
    <form className="inbox-box" onSubmit={submit} aria-labelledby="work-heading">
      <h2 id="work-heading">Stage, next step and note</h2>
      <label htmlFor="lead-status">Status</label>
      <select
        id="lead-status"
        name="status"
        defaultValue={lead.status ?? 'new'}
        key={`${etag}-status`}
        onChange={(event) => setStatus(event.target.value as typeof status)}
      >
        {stages.map((stage) => (
          <option key={stage} value={stage}>
            {stageName(lead.kind, stage)}
          </option>
        ))}
      </select>
      {status === 'lost' && (
        <>
          <label htmlFor="lead-lost-reason">Why was it lost?</label>
          <select id="lead-lost-reason" name="lostReason" required defaultValue={lead.lostReason ?? ''} key={`${etag}-lost-reason`}>
            <option value="" disabled>
              Choose a reason
            </option>
            {reasons.map((reason) => (
              <option key={reason} value={reason}>
                {lostReasonName(reason)}
              </option>
            ))}
          </select>
        </>
      )}
      {!isClosedStatus(status) && (working || lead.followUpAt) && (
        <FollowUpPicker key={`${etag}-follow-up`} id="lead-follow-up" picks={picks} current={lead.followUpAt} onChange={setFollowUp} />
      )}
      <label htmlFor="lead-note">Note</label>
      <textarea id="lead-note" name="note" rows={3} maxLength={1000} defaultValue={lead.note ?? ''} key={`${etag}-note`} />
      <button type="submit" className="inbox-button inbox-button--primary" disabled={busy}>
        Save
      </button>
      {saved && <p role="status">{saved}</p>}
      {history.length > 0 && (
        <ol className="inbox-history" aria-label="Changes">
          {history.map((entry) => (
            <li key={`${entry.at}-${entry.event ?? 'work'}`}>
              {when(entry.at)}:{' '}
              {entry.event
                ? `${entry.by}: ${entry.detail ?? entry.event}`
                : `${entry.by} set ${stageName(lead.kind, entry.status).toLowerCase()}`}
              {!entry.event && entry.note ? `: ${entry.note}` : ''}
              {!entry.event && entry.detail ? ` (${entry.detail})` : ''}
            </li>
          ))}
        </ol>
      )}
    </form>
  );
}
