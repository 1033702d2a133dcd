/**
 * When an enquiry could not be sent. SendProblems: the server refused it (the words, and problems
 * with no field of their own). SendFailure: neither the server nor the e-mail fallback took it;
 * everything typed is kept, and the visitor gets other ways to reach the team. When the browser
 * keeps it (kept-enquiry.ts), the visitor is told that it will be sent by itself.
 */
import { format } from '../../i18n/format.ts';
import { useFormMeta } from './context.ts';
import type { ContactLinks } from '../../lib/contact-links.ts';

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

export function SendFailure({ detail, contact, kept }: { detail: string; contact: ContactLinks; kept: boolean }) {
  const { words } = useFormMeta();
  const said = kept ? words.kept : words.failure;
  return (
    <div className="enquiry-form__alert" role="alert">
      <h3>{said.title}</h3>
      <p>{said.body}</p>
      <p className="enquiry-form__detail">{detail}</p>
      <ul className="enquiry-form__ways">
        <li>
          <a href={contact.telHref}>{format(words.callUs, { phone: contact.phone })}</a>
        </li>
        <li>
          <a href={contact.whatsappHref} target="_blank" rel="noopener noreferrer">
            {words.whatsapp}
            <span className="visually-hidden">{words.newTab}</span>
          </a>
        </li>
        <li>
          <a href={`mailto:${contact.email}`}>{format(words.emailUs, { address: contact.email })}</a>
        </li>
      </ul>
    </div>
  );
}
