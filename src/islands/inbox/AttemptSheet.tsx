/**
 * The sheet that asks how a call (or a WhatsApp message, or an e-mail) went, when the member comes
 * back to the page after tapping *Call*: one tap each (Connected, No answer, Busy, Switched off,
 * Wrong number), or *Call back at…* with its time, and an optional note. A modal <dialog>: the
 * rest of the page is inert while it is open (the browser keeps focus inside), Escape or *Not now*
 * closes it without recording anything, and focus goes back to the button that opened it.
 */
import { useEffect, useRef, useState } from 'react';
import { ATTEMPT_OUTCOME_NAMES, type AttemptChannel, type AttemptOutcome } from '../../lib/team-api/vocabulary.ts';
import type { NewAttempt } from '../../lib/team-api/wire.ts';

/** The outcomes the sheet offers for each channel (a message is sent, or answered). */
const OUTCOMES: Record<AttemptChannel, readonly AttemptOutcome[]> = {
  call: ['connected', 'no-answer', 'busy', 'switched-off', 'wrong-number'],
  whatsapp: ['connected', 'no-answer', 'wrong-number'],
  email: ['connected', 'no-answer'],
};
const MESSAGE_WORDS: Partial<Record<AttemptOutcome, string>> = { connected: 'They replied', 'no-answer': 'Sent, no reply yet' };
const QUESTION: Record<AttemptChannel, string> = {
  call: 'How did the call go?',
  whatsapp: 'How did the WhatsApp message go?',
  email: 'How did the e-mail go?',
};

interface Props {
  channel: AttemptChannel;
  busy: boolean;
  problem: string;
  onRecord: (attempt: NewAttempt) => void;
  onClose: () => void;
}

export function AttemptSheet({ channel, busy, problem, onRecord, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [note, setNote] = useState('');
  const [callBack, setCallBack] = useState(false);
  const [when, setWhen] = useState('');
  useEffect(() => {
    const opened = document.activeElement as HTMLElement | null;
    dialog.current?.showModal();
    return () => opened?.focus();
  }, []);
  const record = (outcome: AttemptOutcome, extra: Partial<NewAttempt> = {}) =>
    onRecord({ channel, outcome, ...(note.trim() ? { note: note.trim() } : {}), ...extra });
  const words = (outcome: AttemptOutcome) => (channel !== 'call' && MESSAGE_WORDS[outcome]) || ATTEMPT_OUTCOME_NAMES[outcome];
  return (
    <dialog
      ref={dialog}
      className="inbox-sheet"
      aria-labelledby="attempt-question"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="attempt-question">{QUESTION[channel]}</h2>
      <label htmlFor="attempt-note">Note (optional)</label>
      <textarea id="attempt-note" rows={2} maxLength={1000} value={note} onChange={(event) => setNote(event.target.value)} />
      <div className="inbox-sheet__outcomes" role="group" aria-label="Outcome">
        {OUTCOMES[channel].map((outcome) => (
          <button
            key={outcome}
            type="button"
            className={`inbox-button${outcome === 'connected' ? ' inbox-button--primary' : ''}`}
            disabled={busy}
            onClick={() => record(outcome)}
          >
            {words(outcome)}
          </button>
        ))}
        {channel === 'call' && (
          <button type="button" className="inbox-button" aria-expanded={callBack} disabled={busy} onClick={() => setCallBack(!callBack)}>
            {ATTEMPT_OUTCOME_NAMES['call-back']}
          </button>
        )}
      </div>
      {callBack && (
        <form
          className="inbox-box"
          onSubmit={(event) => {
            event.preventDefault();
            if (when) record('call-back', { callBackAt: new Date(when).toISOString() });
          }}
        >
          <label htmlFor="attempt-call-back">When to call back</label>
          <input id="attempt-call-back" type="datetime-local" required value={when} onChange={(event) => setWhen(event.target.value)} />
          <button type="submit" className="inbox-button inbox-button--primary" disabled={busy}>
            Save the call-back
          </button>
        </form>
      )}
      {problem && (
        <p className="inbox-problem" role="alert">
          {problem}
        </p>
      )}
      <button type="button" className="inbox-button" onClick={onClose}>
        Not now
      </button>
    </dialog>
  );
}
