/**
 * On the Team page, for everyone with their own key: their WhatsApp number and the opt-in to get
 * a lead's alert there when push cannot reach them (no phone subscribed to alerts). The alert says
 * only the kind, the city and when to call back.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ApiError, type Session } from './api.ts';
import type { MemberWhatsAppStatus } from '../../lib/team-api/wire.ts';
import { readWhatsAppAlerts, saveWhatsAppAlerts } from './whatsapp-api.ts';

export function WhatsAppAlerts({ session }: { session: Session }) {
  const [status, setStatus] = useState<MemberWhatsAppStatus | null>(null);
  const [problem, setProblem] = useState('');
  const [fieldProblem, setFieldProblem] = useState('');
  const [saved, setSaved] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  useEffect(() => {
    readWhatsAppAlerts(session)
      .then(setStatus)
      .catch((error: Error) => setProblem(error.message));
  }, [session]);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const given = form.get('number');
    const number = typeof given === 'string' ? given.trim() : '';
    setBusy(true);
    setProblem('');
    setFieldProblem('');
    setSaved('');
    try {
      setStatus(await saveWhatsAppAlerts(session, { number: number || null, optIn: form.get('optIn') === 'on' }));
      setSaved('Saved.');
    } catch (error) {
      const fields = error instanceof ApiError ? (error.body.fields ?? {}) : {};
      if (fields.number) setFieldProblem('Write your Indian mobile number: 10 digits, starting with 6, 7, 8 or 9.');
      else setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="inbox-box inbox-whatsapp-alerts">
      <h2 id={`${id}-heading`}>Alerts on WhatsApp</h2>
      <p>
        When a lead is given to you, or its first call is due, and no phone of yours has alerts turned on, the alert can come on WhatsApp
        instead: the kind of enquiry, the city and when to call back. Never the person’s number or message.
      </p>
      {status && !status.on && <p>WhatsApp is not set up on this site yet.</p>}
      {problem && (
        <p className="inbox-problem" role="alert">
          {problem}
        </p>
      )}
      {status && (
        <form key={`${status.number}-${status.optedIn}`} onSubmit={(event) => void save(event)}>
          <label htmlFor={`${id}-number`}>Your WhatsApp number</label>
          <input
            className="inbox-whatsapp-alerts__number"
            id={`${id}-number`}
            name="number"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            defaultValue={status.number ?? ''}
            aria-invalid={fieldProblem ? true : undefined}
            aria-describedby={fieldProblem ? `${id}-number-problem` : undefined}
          />
          {fieldProblem && (
            <p id={`${id}-number-problem`} className="inbox-problem">
              {fieldProblem}
            </p>
          )}
          <label className="inbox-check">
            <input name="optIn" type="checkbox" defaultChecked={status.optedIn} /> Send me alerts on WhatsApp when push can’t reach me
          </label>
          <button type="submit" className="inbox-button inbox-button--primary" disabled={busy}>
            Save
          </button>
          <span role="status">{saved}</span>
        </form>
      )}
    </section>
  );
}
