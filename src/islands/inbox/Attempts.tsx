/**
 * The lead's attempts, made visible: "Attempt 3 of 6", *Record a call* (for a desktop, where the
 * call is made elsewhere), the sheet that asks how it went, and, after six unanswered attempts
 * over at least five working days, the question whether to close the lead as unreachable, with a
 * reason (never closed by itself).
 */
import { stagesOf } from '../../lib/team-api/stages.ts';
import { useState } from 'react';
import { ATTEMPTS_TARGET, isClosedStatus } from '../../lib/team-api/vocabulary.ts';
import type { LeadRecord } from '../../lib/enquiry/lead-record.ts';
import type { WorkChange } from '../../lib/team-api/wire.ts';
import { AttemptSheet } from './AttemptSheet.tsx';
import type { useAttempts } from './useAttempts.ts';

const UNREACHABLE_REASONS = ['Never answered', 'Phone switched off', 'Wrong number', 'Number not in service'] as const;

interface Props {
  lead: LeadRecord;
  tries: ReturnType<typeof useAttempts>;
  busy: boolean;
  onSave: (change: WorkChange) => void;
}

export function Attempts({ lead, tries, busy, onSave }: Props) {
  const [reason, setReason] = useState<string>(UNREACHABLE_REASONS[0]);
  const count = tries.attempts.length;
  return (
    <section className="inbox-box inbox-attempts" aria-labelledby="attempts-heading">
      <h2 id="attempts-heading">
        {count === 0 ? 'No attempts yet' : count <= ATTEMPTS_TARGET ? `Attempt ${count} of ${ATTEMPTS_TARGET}` : `${count} attempts`}
      </h2>
      <button type="button" className="inbox-button" onClick={() => tries.ask('call')}>
        Record a call
      </button>
      {tries.persistence.askToClose && !isClosedStatus(lead.status ?? 'new') && (
        <form
          className="inbox-box"
          onSubmit={(event) => {
            event.preventDefault();
            // A sale is lost as not reachable; a message without a sale is closed.
            onSave(
              stagesOf(lead.kind).includes('lost')
                ? { status: 'lost', lostReason: 'not-reachable', note: `Unreachable: ${reason}` }
                : { status: 'closed', note: `Unreachable: ${reason}` },
            );
          }}
        >
          <p>
            {tries.persistence.unanswered} tries over {tries.persistence.openDays} working days without an answer. Close it as unreachable?
          </p>
          <label htmlFor="unreachable-reason">Reason</label>
          <select id="unreachable-reason" value={reason} onChange={(event) => setReason(event.target.value)}>
            {UNREACHABLE_REASONS.map((one) => (
              <option key={one}>{one}</option>
            ))}
          </select>
          <button type="submit" className="inbox-button" disabled={busy}>
            Close as unreachable
          </button>
        </form>
      )}
      {tries.asking && (
        <AttemptSheet
          channel={tries.asking}
          busy={tries.busy}
          problem={tries.problem}
          onRecord={(attempt) => void tries.record(attempt)}
          onClose={tries.close}
        />
      )}
    </section>
  );
}
