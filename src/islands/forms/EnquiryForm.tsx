/**
 * The frame of every enquiry form: the plain HTML form it also is (method="post" to /api/<kind>),
 * its title, the family's fields (children), photos, consent and the send button, and what the
 * visitor sees while sending, after success and after a failure. What sending does is in
 * useEnquirySubmit.
 */
import { Suspense, lazy, useRef, type ComponentType, type ReactNode } from 'react';
import type * as z from 'zod/mini';
import type { EnquiryKind } from '../../lib/enquiry/kinds.ts';
import type { ContactLinks } from '../../lib/contact-links.ts';
import { format } from '../../i18n/format.ts';
import type { FormLanguage, FormWords } from './language.ts';
import { FormMetaContext } from './context.ts';
import { FieldStateContext } from './field-state.ts';
import { useHydrated } from './useHydrated.ts';
import { useEnquirySubmit, type Phase } from './useEnquirySubmit.ts';
import { ConsentField } from './ConsentField.tsx';
import { CallFields } from './FieldGroups.tsx';
import { Honeypot } from './Honeypot.tsx';
import type { PhotoFieldProps } from './PhotoField.tsx';
import { SendFailure, SendProblems } from './SendFailure.tsx';
import '../../styles/fields.css';
import './forms.css';

export interface EnquiryFormProps extends FormLanguage {
  kind: EnquiryKind;
  schema: z.ZodMiniType;
  /** Wire fields the page decides, sent as hidden inputs: page, and intent/category/property. */
  hidden: Record<string, string>;
  contact: ContactLinks;
  title: string;
  intro: string;
  submitLabel: string;
  /**
   * Sell Flats: its photo field (PhotoField, handed in by SellFlatsForm, so that no other form's
   * island bundles it); the photos go with the enquiry in one multipart POST.
   */
  photoField?: ComponentType<PhotoFieldProps>;
  /**
   * A privacy request: no call-back choices and no consent box (answering it is our duty, not a
   * favour asked), and a thank-you that says by which day we answer (`replyWithinDays` from today).
   */
  privacyRequest?: { replyWithinDays: number };
  children: ReactNode;
}

const ID_PREFIX = 'enquiry';

/**
 * The thanks after a send, fetched when the visitor sends (in parallel with the post), not when the
 * form wakes: a visitor who never sends never loads it.
 */
const loadSentMessage = () => import('./SentMessage.tsx');
const SentMessage = lazy(loadSentMessage);

/** The send button's words: sending, uploading with progress, try again after a failure, or the form's own. */
const buttonLabel = (words: FormWords, phase: Phase, submitLabel: string) => {
  if (phase.name === 'sending') return phase.percent === null ? words.sending : format(words.uploading, { percent: phase.percent });
  return phase.name === 'failed' ? words.failure.retry : submitLabel;
};

export default function EnquiryForm({
  kind,
  schema,
  hidden,
  contact,
  title,
  intro,
  submitLabel,
  photoField: PhotoField,
  privacyRequest,
  children,
  ...language
}: EnquiryFormProps) {
  const { locale, words, messages, consent, languageEn, places = {} } = language;
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const { fields, endpoint, fixed, phase, editAgain, announcement, photos, setPhotos, photoError, onSubmit } = useEnquirySubmit({
    kind,
    schema,
    hidden,
    withPhotos: PhotoField !== undefined,
    formRef,
    language,
  });
  const ids = { form: `${ID_PREFIX}-form`, title: `${ID_PREFIX}-title`, intro: `${ID_PREFIX}-intro` };

  return (
    <FormMetaContext.Provider value={{ idPrefix: ID_PREFIX, hydrated, words, messages, locale, places }}>
      <FieldStateContext.Provider value={fields}>
        <form
          ref={formRef}
          id={ids.form}
          className="enquiry-form"
          method="post"
          action={endpoint}
          encType={PhotoField ? 'multipart/form-data' : undefined}
          noValidate={hydrated}
          aria-labelledby={ids.title}
          aria-describedby={ids.intro}
          onSubmit={(event) => {
            // Not while offline: the browser would remember the failed import for the page.
            if (navigator.onLine) void loadSentMessage().catch(() => {});
            onSubmit(event);
          }}
        >
          <p className="enquiry-form__eyebrow">{words.eyebrow}</p>
          <h2 className="enquiry-form__title" id={ids.title}>
            {title}
          </h2>
          <p className="enquiry-form__intro" id={ids.intro}>
            {intro}
          </p>
          {Object.entries(fixed).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {phase.name === 'success' ? (
            <Suspense fallback={null}>
              <SentMessage
                reference={phase.reference}
                byEmail={phase.byEmail}
                contact={contact}
                onAnother={editAgain}
                replyWithinDays={privacyRequest?.replyWithinDays}
              />
            </Suspense>
          ) : (
            <>
              <p className="enquiry-form__required">{words.required}</p>
              {children}
              {!privacyRequest && <CallFields language={languageEn} />}
              {PhotoField && <PhotoField photos={photos} onChange={setPhotos} serverError={photoError} />}
              {!privacyRequest && <ConsentField brand={contact.brand} notice={consent} pageLocale={locale} />}
              <Honeypot />
              {phase.name === 'problem' && <SendProblems message={phase.message} problems={phase.problems} />}
              {phase.name === 'failed' && <SendFailure detail={phase.message} contact={contact} kept={phase.kept} />}
              <button
                type="submit"
                className="button enquiry-form__submit"
                disabled={phase.name === 'sending'}
                aria-describedby={undefined}
                // A press on Send keeps the focus in the field the visitor is in. Leaving a field
                // checks it, and a message that then appears or goes moves the button from under
                // the pointer before the release, so the click would be lost; sending checks every
                // field anyway.
                onMouseDown={(event) => event.preventDefault()}
              >
                {buttonLabel(words, phase, submitLabel)}
              </button>
              {phase.name === 'sending' && phase.percent !== null && (
                <progress
                  className="enquiry-form__progress"
                  max={100}
                  value={phase.percent}
                  aria-label={format(words.uploading, { percent: phase.percent })}
                />
              )}
            </>
          )}
          <p className="visually-hidden" role="status">
            {announcement}
          </p>
        </form>
      </FieldStateContext.Provider>
    </FormMetaContext.Provider>
  );
}
