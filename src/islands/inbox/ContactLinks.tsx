/** Ways to reach the visitor: call and WhatsApp their mobile (as +91), e-mail them. */
import type { LeadRecord } from '../../lib/enquiry/lead-record.ts';

export function ContactLinks({ lead }: { lead: LeadRecord }) {
  const phone = String(lead.phone ?? '').replace(/\D/g, '');
  return (
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
  );
}
