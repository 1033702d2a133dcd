/**
 * When an enquiry could not be sent. SendProblems: the server refused it (the words, and problems
 * with no field of their own). SendFailure: neither the server nor the e-mail fallback took it;
 * everything typed is kept, and the visitor gets other ways to reach the team.
 */
import { FORM_TEXT } from '../../lib/enquiry/form-text';
import type { ContactLinks } from '../../lib/contact-links';

export function SendProblems({ message, problems }: { message: string; problems: string[] }) {
  return (
    <div className="enquiry-form__alert" role="alert">
      <p>{message}</p>
      {problems.length > 0 && (
        <ul>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function SendFailure({ detail, contact }: { detail: string; contact: ContactLinks }) {
  return (
    <div className="enquiry-form__alert" role="alert">
      <h3>{FORM_TEXT.failure.title}</h3>
      <p>{FORM_TEXT.failure.body}</p>
      <p className="enquiry-form__detail">{detail}</p>
      <ul className="enquiry-form__ways">
        <li>
          <a href={contact.telHref}>{FORM_TEXT.callUs(contact.phone)}</a>
        </li>
        <li>
          <a href={contact.whatsappHref} target="_blank" rel="noopener noreferrer">
            {FORM_TEXT.whatsapp}
            <span className="visually-hidden">{FORM_TEXT.newTab}</span>
          </a>
        </li>
        <li>
          <a href={`mailto:${contact.email}`}>{FORM_TEXT.failure.emailUs(contact.email)}</a>
        </li>
      </ul>
    </div>
  );
}
