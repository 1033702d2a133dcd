/**
 * On a lead's page: the person's other open enquiries as chips ("Bank loan enquiry · contacted ·
 * Priya"), each opening that lead; the earlier lead this one repeats and the leads that repeat it;
 * and the way to the person's page with every enquiry of theirs.
 */
import { KIND_NAMES } from '../../lib/team-api/vocabulary.ts';
import type { LeadRecord } from '../../lib/enquiry/lead-record.ts';
import type { LeadView } from '../../lib/team-api/wire.ts';
import { when } from './words.ts';

interface Props extends Pick<LeadView, 'alsoWith' | 'enquiredAgain'> {
  lead: LeadRecord;
  onOpenLead: (id: string) => void;
  onOpenPerson: (id: string) => void;
}

export function AlsoWith({ lead, alsoWith, enquiredAgain, onOpenLead, onOpenPerson }: Props) {
  if (!lead.personId) return null;
  return (
    <section aria-labelledby="also-with" className="inbox-also">
      <h2 id="also-with" className={alsoWith.length ? undefined : 'visually-hidden'}>
        Also with
      </h2>
      {alsoWith.length > 0 && (
        <ul className="inbox-chips">
          {alsoWith.map((other) => (
            <li key={other.id}>
              <button type="button" className="inbox-chip" onClick={() => onOpenLead(other.id)}>
                {KIND_NAMES[other.kind].lead} · {other.status} · {other.worker ?? 'nobody yet'}
              </button>
            </li>
          ))}
        </ul>
      )}
      {lead.repeatOf && (
        <p>
          <strong>Repeat:</strong> they asked this division before.{' '}
          <button type="button" className="inbox-link" onClick={() => onOpenLead(lead.repeatOf as string)}>
            Open the earlier enquiry
          </button>
        </p>
      )}
      {enquiredAgain.map((again) => (
        <p key={again.id}>
          <strong>Enquired again</strong> on {when(again.receivedAt)}.{' '}
          <button type="button" className="inbox-link" onClick={() => onOpenLead(again.id)}>
            Open it
          </button>
        </p>
      ))}
      <button type="button" className="inbox-button" onClick={() => onOpenPerson(lead.personId as string)}>
        All enquiries of this person
      </button>
    </section>
  );
}
