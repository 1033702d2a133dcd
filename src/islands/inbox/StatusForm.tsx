/** The team's work on a lead: its status and a note, saved together, and the changes so far. */
import type { FormEvent } from 'react';
import type { Lead } from './api.ts';
import type { LeadChange } from './useLead.ts';
import { STATUSES, when } from './words.ts';

interface Props {
  lead: Lead;
  /** The version shown; the fields start again from the lead when it changes (a colleague's change). */
  etag: string;
  busy: boolean;
  /** "Saved." after a save, else empty. */
  saved: string;
  onSave: (change: LeadChange) => void;
}

type HistoryEntry = { status: string; note: string; by: string; at: string };

export function StatusForm({ lead, etag, busy, saved, onSave }: Props) {
  const history = Array.isArray(lead.history) ? (lead.history as HistoryEntry[]) : [];
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onSave({ status: String(data.get('status')), note: String(data.get('note') ?? '') });
  };
  return (
    <form className="inbox-box" onSubmit={submit} aria-labelledby="work-heading">
      <h2 id="work-heading">Status and note</h2>
      <label htmlFor="lead-status">Status</label>
      <select id="lead-status" name="status" defaultValue={lead.status ?? 'new'} key={`${etag}-status`}>
        {STATUSES.map((status) => (
          <option key={status} value={status}>
            {status}
          </option>
        ))}
      </select>
      <label htmlFor="lead-note">Note</label>
      <textarea id="lead-note" name="note" rows={3} maxLength={1000} defaultValue={lead.note ?? ''} key={`${etag}-note`} />
      <button type="submit" className="inbox-button inbox-button--primary" disabled={busy}>
        Save
      </button>
      {saved && <p role="status">{saved}</p>}
      {history.length > 0 && (
        <ol className="inbox-history" aria-label="Changes">
          {history.map((entry) => (
            <li key={entry.at}>
              {when(entry.at)}: {entry.by} set {entry.status}
              {entry.note ? `: ${entry.note}` : ''}
            </li>
          ))}
        </ol>
      )}
    </form>
  );
}
