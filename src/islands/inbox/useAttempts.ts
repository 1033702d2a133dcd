/**
 * The attempts on the lead the inbox shows: *Call*, *WhatsApp* and *E-mail* open the phone's app
 * and note which was tapped; when the member comes back to the page (`visibilitychange`), the
 * sheet asks what came of it, and the answer is recorded (POST /api/leads/<id>/attempts), the lead
 * shown as it is after it. Without leaving the page (a desktop), *Record a call* opens the sheet.
 */
import { useEffect, useRef, useState } from 'react';
import { ApiError, type Session } from './api.ts';
import { recordAttempt } from './follow-up-api.ts';
import type { AttemptChannel } from '../../lib/team-api/vocabulary.ts';
import type { LeadEnvelope, LeadView, NewAttempt } from '../../lib/team-api/wire.ts';

export function useAttempts(
  session: Session,
  leadId: string,
  initial: Pick<LeadView, 'attempts' | 'persistence'>,
  onLead: (lead: LeadEnvelope) => void,
) {
  const [done, setDone] = useState(initial);
  const [asking, setAsking] = useState<AttemptChannel | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const tapped = useRef<AttemptChannel | null>(null);
  useEffect(() => {
    const back = () => {
      if (document.visibilityState !== 'visible' || !tapped.current) return;
      setAsking(tapped.current);
      tapped.current = null;
    };
    document.addEventListener('visibilitychange', back);
    return () => document.removeEventListener('visibilitychange', back);
  }, []);
  const record = async (attempt: NewAttempt) => {
    setBusy(true);
    setProblem('');
    try {
      const answer = await recordAttempt(session, leadId, attempt);
      setDone({ attempts: [...done.attempts, answer.attempt], persistence: answer.persistence });
      onLead(answer);
      setAsking(null);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'It could not be recorded. Try again.');
    } finally {
      setBusy(false);
    }
  };
  return {
    ...done,
    asking,
    busy,
    problem,
    /** A contact link was tapped: ask about it when the member comes back. */
    tapped: (channel: AttemptChannel) => {
      tapped.current = channel;
    },
    ask: (channel: AttemptChannel) => setAsking(channel),
    close: () => {
      setAsking(null);
      setProblem('');
    },
    record,
  };
}
