/**
 * What a lead holds, as two lists: the fields the visitor sent (with their photos), and what the
 * pipeline recorded about it (where it came from, the consent, the team's e-mail and webhook, spam,
 * who set the status).
 */
import { FIELD_LABELS, type LabelledField } from '../../lib/enquiry/labels.ts';
import { fieldOf, type RecordField } from '../../lib/enquiry/lead-record.ts';
import { LANGUAGE_NAMES_EN, isLocale } from '../../i18n/locales.ts';
import type { LeadRecord } from '../../lib/enquiry/lead-record.ts';
import { kindNames } from '../../lib/team-api/vocabulary.ts';
import { when } from './words.ts';

/** What the pipeline keeps about a lead besides the visitor's fields, in reading order. */
const RECORD_LABELS: Partial<Record<RecordField | LabelledField, string>> = {
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
/** Visitor's fields shown elsewhere on the lead's page (the name is its heading). */
const SHOWN_ELSEWHERE = new Set(['status', 'note', 'history', 'photos', 'Username']);

/** A stored value in words: yes/no, a language's or kind's name, how it was sent, a time in the team's clock. */
const shown = (field: string, value: unknown): string => {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if ((field === 'locale' || field === 'consentLocale') && isLocale(value)) return LANGUAGE_NAMES_EN[value];
  if (field === 'kind') return kindNames(String(value)).lead;
  if (field === 'via') return value === 'html' ? 'as a plain form (no JavaScript)' : 'from the form';
  if ((field.endsWith('At') || field === 'receivedAt') && typeof value === 'string' && /^\d{4}-/.test(value)) return when(value);
  return String(value);
};

const present = (lead: LeadRecord) => (field: string) => fieldOf(lead, field) !== undefined && fieldOf(lead, field) !== '';

function FieldList({ lead, fields, labels }: { lead: LeadRecord; fields: string[]; labels: Record<string, string> }) {
  return (
    <dl className="inbox-fields">
      {fields.map((field) => (
        <div key={field}>
          <dt>{labels[field]}</dt>
          <dd>{shown(field, fieldOf(lead, field))}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "What they sent": every field the visitor filled in, then their photos. */
export function VisitorFields({ lead, photos }: { lead: LeadRecord; photos: string[] }) {
  const fields = Object.keys(FIELD_LABELS).filter((field) => !SHOWN_ELSEWHERE.has(field) && present(lead)(field));
  return (
    <section aria-labelledby="fields-heading">
      <h2 id="fields-heading">What they sent</h2>
      <FieldList lead={lead} fields={fields} labels={FIELD_LABELS} />
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
  );
}

/** "About this lead": what the pipeline recorded. */
export function RecordFields({ lead }: { lead: LeadRecord }) {
  return (
    <section aria-labelledby="record-heading">
      <h2 id="record-heading">About this lead</h2>
      <FieldList lead={lead} fields={Object.keys(RECORD_LABELS).filter(present(lead))} labels={RECORD_LABELS} />
    </section>
  );
}
