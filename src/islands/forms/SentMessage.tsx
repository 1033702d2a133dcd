/**
 * What the visitor sees once the enquiry reached the team: thanks, a reference, and WhatsApp as the
 * next step. After a privacy request: that we have it, its reference, and by which day we answer.
 */
import { useEffect, useRef } from 'react';
import { dayMonthYear, format } from '../../i18n/format.ts';
import { useFormMeta } from './context.ts';
import type { ContactLinks } from '../../lib/contact-links.ts';
import type { Locale } from '../../i18n/locales.ts';

interface SentMessageProps {
  /** The first 8 characters of the lead's id. */
  reference: string;
  /** The server could not be reached, so the browser e-mailed the enquiry to the team. */
  byEmail: boolean;
  contact: ContactLinks;
  onAnother: () => void;
  /** A privacy request: the days we take at most to answer, counted from today. */
  replyWithinDays?: number;
}

/** The day `days` from now, as the page's language writes a date, day first ("26 December 2026", "26 ಡಿಸೆಂಬರ್ 2026"). */
export const replyByText = (days: number, locale: Locale, now: Date = new Date()): string =>
  dayMonthYear(new Date(now.getTime() + days * 86_400_000), locale);

/** The WhatsApp chat link with a first message that quotes the reference, in the page's language. */
export const whatsappWithReference = (whatsappHref: string, text: string): string =>
  `${whatsappHref}${whatsappHref.includes('?') ? '&' : '?'}text=${encodeURIComponent(text)}`;

export default function SentMessage({ reference, byEmail, contact, onAnother, replyWithinDays }: SentMessageProps) {
  const { words, locale } = useFormMeta();
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus moves to the thanks, so a screen reader reads it and the keyboard starts from there.
  useEffect(() => heading.current?.focus(), []);
  const privacyRequest = replyWithinDays !== undefined;
  return (
    <div className="enquiry-form__success">
      <h3 ref={heading} tabIndex={-1}>
        {privacyRequest ? words.success.privacyTitle : words.success.title}
      </h3>
      <p className="enquiry-form__reference">{format(words.success.reference, { reference })}</p>
      {byEmail && <p>{words.success.byEmail}</p>}
      {privacyRequest ? (
        <p>{format(words.success.privacyNext, { date: replyByText(replyWithinDays, locale), days: replyWithinDays })}</p>
      ) : (
        <>
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
        </>
      )}
    </div>
  );
}
