/** What the visitor sees once the enquiry reached the team: thanks, a reference, and WhatsApp as the next step. */
import { useEffect, useRef } from 'react';
import { format } from '../../i18n/format';
import { useFormMeta } from './context';
import type { ContactLinks } from '../../lib/contact-links';

interface SentMessageProps {
  /** The first 8 characters of the lead's id. */
  reference: string;
  /** The server could not be reached, so the browser e-mailed the enquiry to the team. */
  byEmail: boolean;
  contact: ContactLinks;
  onAnother: () => void;
}

/** The WhatsApp chat link with a first message that quotes the reference, in the page's language. */
export const whatsappWithReference = (whatsappHref: string, text: string): string =>
  `${whatsappHref}${whatsappHref.includes('?') ? '&' : '?'}text=${encodeURIComponent(text)}`;

export default function SentMessage({ reference, byEmail, contact, onAnother }: SentMessageProps) {
  const { words } = useFormMeta();
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus moves to the thanks, so a screen reader reads it and the keyboard starts from there.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="enquiry-form__success">
      <h3 ref={heading} tabIndex={-1}>
        {words.success.title}
      </h3>
      <p className="enquiry-form__reference">{format(words.success.reference, { reference })}</p>
      {byEmail && <p>{words.success.byEmail}</p>}
      <p>
        {words.success.next}{' '}
        <a
          href={whatsappWithReference(contact.whatsappHref, format(words.success.whatsappText, { brand: contact.brand, reference }))}
          target="_blank"
          rel="noopener noreferrer"
        >
          {words.success.whatsappLink}
          <span className="visually-hidden">{words.newTab}</span>
        </a>
      </p>
      <button type="button" className="button button--ghost" onClick={onAnother}>
        {words.success.another}
      </button>
    </div>
  );
}
