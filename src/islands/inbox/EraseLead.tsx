/** Erasing a lead and its photos for good, when the person asks: one tap to ask, a second to confirm. */
import { useState } from 'react';

export function EraseLead({ name, busy, onErase }: { name: string; busy: boolean; onErase: () => void }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <section aria-labelledby="erase-heading" className="inbox-box inbox-box--danger">
      <h2 id="erase-heading">Erase</h2>
      <p>When the person asks, erase the lead and its photos for good.</p>
      {confirming ? (
        <>
          <p role="alert">Erase {name}? This cannot be undone.</p>
          <button type="button" className="inbox-button inbox-button--danger" onClick={onErase} disabled={busy}>
            Yes, erase for good
          </button>
          <button type="button" className="inbox-button" onClick={() => setConfirming(false)}>
            Keep it
          </button>
        </>
      ) : (
        <button type="button" className="inbox-button" onClick={() => setConfirming(true)}>
          Erase this lead…
        </button>
      )}
    </section>
  );
}
