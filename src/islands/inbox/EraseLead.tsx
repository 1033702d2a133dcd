/** Erasing for good, when the person asks: one tap to ask, a second to confirm. */
import { useState } from 'react';

interface ConfirmProps {
  /** What is erased, for the button: "this lead", "this person". */
  what: string;
  explain: string;
  confirm: string;
  busy: boolean;
  onErase: () => void;
}

/** The two taps of an erasure, for a lead or a whole person. */
export function ConfirmErase({ what, explain, confirm, busy, onErase }: ConfirmProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <section aria-labelledby="erase-heading" className="inbox-box inbox-box--danger">
      <h2 id="erase-heading">Erase</h2>
      <p>{explain}</p>
      {confirming ? (
        <>
          <p role="alert">{confirm}</p>
          <button type="button" className="inbox-button inbox-button--danger" onClick={onErase} disabled={busy}>
            Yes, erase for good
          </button>
          <button type="button" className="inbox-button" onClick={() => setConfirming(false)}>
            Keep it
          </button>
        </>
      ) : (
        <button type="button" className="inbox-button" onClick={() => setConfirming(true)}>
          Erase {what}…
        </button>
      )}
    </section>
  );
}

export function EraseLead({ name, busy, onErase }: { name: string; busy: boolean; onErase: () => void }) {
  return (
    <ConfirmErase
      what="this lead"
      explain="When the person asks, erase the lead and its photos for good."
      confirm={`Erase ${name}? This cannot be undone.`}
      busy={busy}
      onErase={onErase}
    />
  );
}
