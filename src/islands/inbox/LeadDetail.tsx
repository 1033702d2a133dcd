/**
 * One lead in the inbox: who sent it and how to reach them (call, WhatsApp, e-mail), how their
 * WhatsApp acknowledgement went, the team's status and note (or, for spam, "not spam"), every
 * field as the visitor typed it with the photos,
 * what the pipeline recorded, the person's other open enquiries ("Also with") and the way to their
 * page, who has it (the owner gives it to someone else), *Refer to…* another division, and (for
 * the owner) erasure, confirmed.
 */
import { useEffect, useRef } from 'react';
import { callBackText } from '../../lib/enquiry/call-back.ts';
import { PRIVACY_VERIFY_LINE } from '../../lib/enquiry/privacy.ts';
import type { Session } from './api.ts';
import { ContactLinks } from './ContactLinks.tsx';
import { EraseLead } from './EraseLead.tsx';
import { AlsoWith } from './AlsoWith.tsx';
import { AssignForm } from './AssignForm.tsx';
import { ReferForm } from './ReferForm.tsx';
import { RecordFields, VisitorFields } from './LeadFields.tsx';
import { StatusForm } from './StatusForm.tsx';
import { useLead } from './useLead.ts';
import { useAttempts } from './useAttempts.ts';
import { Attempts } from './Attempts.tsx';
import { WhatsAppAck } from './WhatsAppAck.tsx';
import type { LeadView } from '../../lib/team-api/wire.ts';
import { KIND_NAMES } from '../../lib/team-api/vocabulary.ts';
import { when } from './words.ts';

interface Props {
  session: Session;
  id: string;
  onClose: (message?: string) => void;
  onOpenLead: (id: string) => void;
  onOpenPerson: (id: string) => void;
}

export function LeadDetail({ session, id, onClose, onOpenLead, onOpenPerson }: Props) {
  const { lead, etag, photos, problem, saved, busy, save, release, erase, show, view } = useLead(session, id, onClose);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (lead) heading.current?.focus();
  }, [lead]);

  const back = (
    <button type="button" className="inbox-button" onClick={() => onClose()}>
      ← Back to the list
    </button>
  );
  if (!lead || !view) {
    return (
      <div className="inbox-detail">
        {back}
        {/* The view keeps its one heading while the lead loads, or when it cannot. */}
        <h1>Lead</h1>
        <p className={problem ? 'inbox-problem' : 'inbox-empty'} role={problem ? 'alert' : 'status'}>
          {problem || 'Loading…'}
        </p>
      </div>
    );
  }

  return (
    <article className="inbox-detail" aria-labelledby="lead-name">
      {back}
      <h1 id="lead-name" ref={heading} tabIndex={-1}>
        {String(lead.Username ?? '')}
      </h1>
      <p className="inbox-card__meta">
        {KIND_NAMES[lead.kind].lead} · {when(lead.receivedAt)}
      </p>
      <p className="inbox-call">
        <strong>Call:</strong> {callBackText(lead)}
      </p>
      {view.whatsapp && <WhatsAppAck ack={view.whatsapp} lead={lead} />}
      {lead.kind === 'privacy' && (
        <p className="inbox-box">
          <strong>Before you answer:</strong> {PRIVACY_VERIFY_LINE}
        </p>
      )}
      {lead.spam ? (
        <ContactLinks lead={lead} onTap={() => {}} />
      ) : (
        <Tries session={session} lead={lead} view={view} busy={busy} show={show} save={save} />
      )}
      {!lead.spam && lead.assignedAt && <AssignForm key={lead.assignee?.id ?? 'owner'} session={session} lead={lead} onChanged={show} />}
      <AlsoWith
        lead={lead}
        alsoWith={view.alsoWith}
        enquiredAgain={view.enquiredAgain}
        onOpenLead={onOpenLead}
        onOpenPerson={onOpenPerson}
      />

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
        <StatusForm
          key={etag}
          lead={lead}
          etag={etag}
          busy={busy}
          saved={saved}
          picks={view.followUpPicks}
          onSave={(change) => void save(change)}
        />
      )}
      {!lead.spam && lead.personId && lead.kind !== 'privacy' && (
        <ReferForm session={session} leadId={lead.id} kind={lead.kind} onReferred={onOpenLead} />
      )}

      <VisitorFields lead={lead} photos={photos} />
      <RecordFields lead={lead} />

      {session.role === 'owner' && <EraseLead name={String(lead.Username ?? 'this lead')} busy={busy} onErase={() => void erase()} />}
    </article>
  );
}

/** The contact links and the attempts, for a lead in the inbox. */
function Tries(props: {
  session: Session;
  lead: ReturnType<typeof useLead>['lead'] & object;
  view: Pick<LeadView, 'attempts' | 'persistence'>;
  busy: boolean;
  show: ReturnType<typeof useLead>['show'];
  save: ReturnType<typeof useLead>['save'];
}) {
  const tries = useAttempts(props.session, props.lead.id, props.view, props.show);
  return (
    <>
      <ContactLinks lead={props.lead} onTap={tries.tapped} />
      <Attempts lead={props.lead} tries={tries} busy={props.busy} onSave={(change) => void props.save(change)} />
    </>
  );
}
