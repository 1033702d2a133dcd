/**
 * One lead in the inbox: every field as the visitor typed it, where the visit came from, the
 * consent, whether the team was e-mailed; call, WhatsApp and e-mail links; photos; status and
 * note (a change made on an old version is refused and shown); "not spam"; erasure, confirmed.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FIELD_LABELS } from '../../lib/enquiry/labels';
import { callBackText } from '../../lib/enquiry/call-back';
import { LANGUAGE_NAMES_EN, isLocale } from '../../i18n/locales';
import { ApiError, changeLead, eraseLead, photoUrl, readLead, releaseLead, type Lead, type Session } from './api';
import { KIND_NAMES, STATUSES, when } from './words';

/** What the pipeline keeps about a lead besides the visitor's fields, in reading order. */
const RECORD_LABELS: Record<string, string> = {
  id: 'Reference',
  kind: 'Kind',
  receivedAt: 'Received',
  page: 'Page',
  via: 'Sent',
  consentAt: 'Consent given',
  consentLocale: 'Consent notice language',
  notified: 'Team e-mailed',
  notifiedAt: 'Team e-mailed at',
  notifyError: 'E-mail problem',
  notifyAttempts: 'E-mail re-sends',
  notifyGaveUp: 'E-mail gave up',
  notifyHeld: 'E-mail held',
  webhookSent: 'Sent to the sheet or CRM',
  webhookError: 'Webhook problem',
  spam: 'Kept as spam because',
  spamReason: 'Was kept as spam because',
  releasedBy: 'Moved out of spam by',
  statusBy: 'Status set by',
  statusAt: 'Status set',
};
const HIDDEN = new Set(['status', 'note', 'history', 'photos', 'Username']);

const shown = (field: string, value: unknown): string => {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if ((field === 'locale' || field === 'consentLocale') && isLocale(value)) return LANGUAGE_NAMES_EN[value];
  if (field === 'kind') return KIND_NAMES[String(value)] ?? String(value);
  if (field === 'via') return value === 'html' ? 'as a plain form (no JavaScript)' : 'from the form';
  if ((field.endsWith('At') || field === 'receivedAt') && typeof value === 'string' && /^\d{4}-/.test(value)) return when(value);
  return String(value);
};

const digits = (phone: unknown) => String(phone ?? '').replace(/\D/g, '');

export function LeadDetail({ session, id, onClose }: { session: Session; id: string; onClose: (message?: string) => void }) {
  const [lead, setLead] = useState<Lead | null>(null);
  const [etag, setEtag] = useState('');
  const [problem, setProblem] = useState('');
  const [saved, setSaved] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    readLead(session, id)
      .then(async (version) => {
        if (!live) return;
        setLead(version.lead);
        setEtag(version.etag);
        const urls = await Promise.all((version.lead.photos ?? []).map((key) => photoUrl(session, key).catch(() => '')));
        if (live) setPhotos(urls.filter(Boolean));
      })
      .catch(() => live && setProblem('This lead could not be loaded. It may have been erased.'));
    return () => {
      live = false;
    };
  }, [session, id]);
  useEffect(() => {
    if (lead) heading.current?.focus();
  }, [lead]);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    setProblem('');
    setSaved('');
    try {
      const version = await changeLead(session, id, etag, { status: String(data.get('status')), note: String(data.get('note') ?? '') });
      setLead(version.lead);
      setEtag(version.etag);
      setSaved('Saved.');
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Someone else's change stands: show it, and let this person decide again.
        setLead(error.body.lead as Lead);
        setEtag(String(error.body.etag));
      }
      setProblem(error instanceof ApiError ? error.message : 'The change could not be saved. Try again.');
    } finally {
      setBusy(false);
    }
  };
  const release = async () => {
    setBusy(true);
    try {
      await releaseLead(session, id);
      onClose('Moved to the leads, and the team was e-mailed about it.');
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'It could not be moved. Try again.');
      setBusy(false);
    }
  };
  const erase = async () => {
    setBusy(true);
    try {
      await eraseLead(session, id);
      onClose('The lead was erased.');
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'It could not be erased. Try again.');
      setBusy(false);
    }
  };

  const back = (
    <button type="button" className="inbox-button" onClick={() => onClose()}>
      ← Back to the list
    </button>
  );
  if (!lead) {
    return (
      <div className="inbox-detail">
        {back}
        <p className={problem ? 'inbox-problem' : 'inbox-empty'} role={problem ? 'alert' : 'status'}>
          {problem || 'Loading…'}
        </p>
      </div>
    );
  }

  const visitorFields = Object.keys(FIELD_LABELS).filter((field) => !HIDDEN.has(field) && lead[field] !== undefined && lead[field] !== '');
  const recordFields = Object.keys(RECORD_LABELS).filter((field) => lead[field] !== undefined && lead[field] !== '');
  const phone = digits(lead.phone);
  const history = Array.isArray(lead.history) ? (lead.history as { status: string; note: string; by: string; at: string }[]) : [];

  return (
    <article className="inbox-detail" aria-labelledby="lead-name">
      {back}
      <h1 id="lead-name" ref={heading} tabIndex={-1}>
        {String(lead.Username ?? '')}
      </h1>
      <p className="inbox-card__meta">
        {KIND_NAMES[lead.kind] ?? lead.kind} · {when(lead.receivedAt)}
      </p>
      <p className="inbox-call">
        <strong>Call:</strong> {callBackText(lead)}
      </p>
      <ul className="inbox-actions">
        {phone && (
          <li>
            <a className="inbox-button inbox-button--primary" href={`tel:+91${phone.slice(-10)}`}>
              Call {String(lead.phone)}
            </a>
          </li>
        )}
        {phone && (
          <li>
            <a className="inbox-button" href={`https://wa.me/91${phone.slice(-10)}`} target="_blank" rel="noopener noreferrer">
              WhatsApp <span className="visually-hidden">(opens in a new tab)</span>
            </a>
          </li>
        )}
        {typeof lead.email === 'string' && lead.email && (
          <li>
            <a className="inbox-button" href={`mailto:${lead.email}`}>
              E-mail {lead.email}
            </a>
          </li>
        )}
      </ul>

      {problem && (
        <p className="inbox-problem" role="alert">
          {problem}
        </p>
      )}

      {lead.spam ? (
        <section aria-labelledby="spam-heading" className="inbox-box">
          <h2 id="spam-heading">Kept as spam</h2>
          <p>If this is a real enquiry, move it to the leads. The team is e-mailed about it once.</p>
          <button type="button" className="inbox-button inbox-button--primary" onClick={() => void release()} disabled={busy}>
            Not spam
          </button>
        </section>
      ) : (
        <form className="inbox-box" onSubmit={save} aria-labelledby="work-heading">
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
      )}

      <section aria-labelledby="fields-heading">
        <h2 id="fields-heading">What they sent</h2>
        <dl className="inbox-fields">
          {visitorFields.map((field) => (
            <div key={field}>
              <dt>{FIELD_LABELS[field as keyof typeof FIELD_LABELS]}</dt>
              <dd>{shown(field, lead[field])}</dd>
            </div>
          ))}
        </dl>
        {photos.length > 0 && (
          <ul className="inbox-photos" aria-label="Photos">
            {photos.map((url, index) => (
              <li key={url.slice(-40) + index}>
                <img src={url} alt={`Sent with the enquiry, ${index + 1} of ${photos.length}`} width="120" height="120" />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="record-heading">
        <h2 id="record-heading">About this lead</h2>
        <dl className="inbox-fields">
          {recordFields.map((field) => (
            <div key={field}>
              <dt>{RECORD_LABELS[field]}</dt>
              <dd>{shown(field, lead[field])}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="erase-heading" className="inbox-box inbox-box--danger">
        <h2 id="erase-heading">Erase</h2>
        <p>When the person asks, erase the lead and its photos for good.</p>
        {confirming ? (
          <>
            <p role="alert">Erase {String(lead.Username ?? 'this lead')}? This cannot be undone.</p>
            <button type="button" className="inbox-button inbox-button--danger" onClick={() => void erase()} disabled={busy}>
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
    </article>
  );
}
