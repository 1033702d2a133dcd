/**
 * A form's side of kept enquiries (src/lib/kept-enquiry.ts, kept-enquiry.ts): `keep` puts the enquiry that could not be sent
 * there; `forget` drops it once the form itself has sent it (Try again); and when the
 * sender (src/client-scripts/send-kept.ts) sends it after the connection returns, `onSent` shows
 * the thanks in this form, instead of the sender's note on the page.
 */
import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';
import { KEPT_SENT_EVENT, type KeptSent } from '../../lib/kept-enquiry.ts';
import { forgetEnquiry, keepEnquiry } from './kept-enquiry.ts';
import type { FormWords } from './language.ts';

type KeptWords = FormWords['kept'];

export function useKeptEnquiry(submissionId: RefObject<string>, endpoint: string, words: KeptWords, onSent: (id: string) => void) {
  /** Whether the current submission is kept in the browser. */
  const kept = useRef(false);
  const sent = useEffectEvent(onSent);
  useEffect(() => {
    const claim = (event: Event) => {
      const { submissionId: id, id: lead } = (event as CustomEvent<KeptSent>).detail;
      if (id !== submissionId.current) return;
      event.preventDefault();
      kept.current = false;
      sent(lead);
    };
    window.addEventListener(KEPT_SENT_EVENT, claim);
    return () => window.removeEventListener(KEPT_SENT_EVENT, claim);
  }, [submissionId]);

  /** Keeps the enquiry (its used challenge left out); false when this browser keeps nothing. */
  const keep = async ({ challenge: _used, ...payload }: Record<string, unknown>, files: File[]): Promise<boolean> => {
    kept.current = await keepEnquiry({ submissionId: submissionId.current, endpoint, payload, files, keptAt: Date.now(), notice: words });
    return kept.current;
  };
  const forget = () => {
    if (kept.current) void forgetEnquiry(submissionId.current);
    kept.current = false;
  };
  return { keep, forget };
}
