/** Ways to reach the visitor: call and WhatsApp their mobile (as +91), e-mail them; each tap is noted as an attempt of its channel (`onTap`). */
import type { LeadRecord } from '../../lib/enquiry/lead-record.ts';
import type { AttemptChannel } from '../../lib/team-api/vocabulary.ts';

export function ContactLinks({ lead, onTap }: { lead: LeadRecord; onTap: (channel: AttemptChannel) => void }) {
  const phone = String(lead.phone ?? '').replace(/\D/g, '');
  return (
    <ul className="inbox-actions">
      {phone && (
        <li>
          <a className="inbox-button inbox-button--primary" href={`tel:+91${phone.slice(-10)}`} onClick={() => onTap('call')}>
            Call {String(lead.phone)}
          </a>
        </li>
      )}
      {phone && (
        <li>
          <a
            className="inbox-button"
            href={`https://wa.me/91${phone.slice(-10)}`}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => onTap('whatsapp')}
          >
            WhatsApp <span className="visually-hidden">(opens in a new tab)</span>
          </a>
        </li>
      )}
      {typeof lead.email === 'string' && lead.email && (
        <li>
          <a className="inbox-button" href={`mailto:${lead.email}`} onClick={() => onTap('email')}>
            E-mail {lead.email}
          </a>
        </li>
      )}
    </ul>
  );
}
