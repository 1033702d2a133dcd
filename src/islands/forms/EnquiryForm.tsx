/**
 * The frame of every enquiry form: react-hook-form over the kind's zod schema, the plain HTML
 * form it also is (method="post" to /api/<kind>), and what the visitor sees while sending, after
 * success and after a failure. Each form family only declares its fields as children.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormProvider, useForm, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import type * as z from 'zod/mini';
import { formatCurrentDate } from '../../lib/enquiry/date';
import { enquiryEndpoint, type EnquiryKind } from '../../lib/enquiry/kinds';
import { fieldMessages } from '../../lib/enquiry/messages';
import { PHOTO_LIMITS } from '../../lib/enquiry/photo-rules';
import type { ContactLinks } from '../../lib/contact-links';
import { format } from '../../i18n/format';
import type { FormLanguage, FormWords } from './language';
import { readAttribution } from '../../lib/attribution';
import { FormMetaContext } from './context';
import { useHydrated } from './useHydrated';
import { ConsentField, Honeypot } from './CommonFields';
import PhotoField, { type ChosenPhoto } from './PhotoField';
import { postEnquiry } from './submit';
import { fallbackParams, sendByEmail } from './fallback';
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
  /** Sell Flats: photos sent with the enquiry in one multipart POST. */
  photos?: boolean;
  children: ReactNode;
}

type Phase =
  | { name: 'editing' }
  | { name: 'sending'; percent: number | null }
  | { name: 'success'; reference: string; byEmail: boolean }
  | { name: 'problem'; message: string; problems: string[] }
  | { name: 'failed'; message: string };

const ID_PREFIX = 'enquiry';
/** Stand-in id for validating before the real one exists (it never leaves the browser). */
const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

/** A random UUID v4, also where crypto.randomUUID is missing (plain http on a LAN address). */
export const newSubmissionId = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** Where the visit came from (recorded by the layout's inline script); nothing when storage is off. */
const readStoredAttribution = () => {
  try {
    return readAttribution(window.sessionStorage);
  } catch {
    return {};
  }
};

/** "1 field needs your attention." or "3 fields need your attention.", in the form's language. */
const countText = (one: string, many: string, count: number) => (count === 1 ? one : format(many, { count }));
const errorsSummary = (words: FormWords, count: number) => countText(words.errorsSummaryOne, words.errorsSummaryMany, count);
const serverErrorsSummary = (words: FormWords, count: number) =>
  countText(words.serverErrorsSummaryOne, words.serverErrorsSummaryMany, count);

const fieldNamesInOrder = (form: HTMLFormElement | null): string[] =>
  form ? Array.from(form.elements, (element) => (element as HTMLInputElement).name).filter(Boolean) : [];

export default function EnquiryForm({
  kind,
  schema,
  hidden,
  contact,
  title,
  intro,
  submitLabel,
  photos: withPhotos = false,
  children,
  locale,
  words,
  messages,
  consent,
  languageEn,
}: EnquiryFormProps) {
  const hydrated = useHydrated();
  const [phase, setPhase] = useState<Phase>({ name: 'editing' });
  const [announcement, setAnnouncement] = useState('');
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const submissionId = useRef('');
  const sending = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const successHeading = useRef<HTMLHeadingElement>(null);
  const endpoint = enquiryEndpoint(kind);
  // The page's language and the version and language of the consent notice shown are sent with
  // the enquiry, in the plain form too (the server answers in that language).
  const fixed = { ...hidden, locale, consentNotice: consent.version, consentLocale: consent.locale };

  // The submission's id is made in the browser, after hydration.
  useEffect(() => {
    submissionId.current = newSubmissionId();
  }, []);

  // A radio group with nothing chosen reads as null: treat it as not given, like an empty select.
  const given = (values: FieldValues) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null));
  /** The shared schema checks the form; its problems are shown in the page's language (the first one per field). */
  const resolver: Resolver<FieldValues> = (values) => {
    const data = { ...given(values), ...fixed, submissionId: submissionId.current || PLACEHOLDER_ID, currentdate: formatCurrentDate() };
    const result = schema.safeParse(data);
    if (result.success) return { values: data, errors: {} };
    const problems = fieldMessages(result.error, messages);
    return {
      values: {},
      errors: Object.fromEntries(Object.entries(problems).map(([name, message]) => [name, { type: 'validate', message }])),
    };
  };

  const methods = useForm<FieldValues>({ mode: 'onTouched', resolver, shouldFocusError: true });

  useEffect(() => {
    if (phase.name === 'success') successHeading.current?.focus();
  }, [phase.name]);

  /** The live region says it again even when the words are the same as last time. */
  const announce = (text: string) => setAnnouncement((previous) => (previous === text ? `${text}\u00a0` : text));

  /** Field problems go next to their fields; problems with no field of the form are listed in the panel. */
  const showProblems = (errors: Record<string, string>, summary: (count: number) => string) => {
    const order = fieldNamesInOrder(formRef.current);
    const atFields = order.filter((name, index) => errors[name] && order.indexOf(name) === index);
    const elsewhere = Object.entries(errors)
      .filter(([name]) => !order.includes(name))
      .map(([, message]) => message);
    for (const name of atFields) methods.setError(name, { type: 'server', message: errors[name] }, { shouldFocus: false });
    if (atFields.length > 0) methods.setFocus(atFields[0]);
    if (elsewhere.length > 0) setPhase({ name: 'problem', message: words.rejected.other, problems: elsewhere });
    else setPhase({ name: 'editing' });
    announce(summary(atFields.length + elsewhere.length));
  };

  const onInvalid = (errors: FieldErrors) => {
    const found: Record<string, string> = {};
    for (const [name, error] of Object.entries(errors)) if (typeof error?.message === 'string') found[name] = error.message;
    const order = fieldNamesInOrder(formRef.current);
    const elsewhere = Object.keys(found).filter((name) => !order.includes(name));
    if (elsewhere.length > 0) setPhase({ name: 'problem', message: words.rejected.other, problems: elsewhere.map((n) => found[n]) });
    announce(errorsSummary(words, Object.keys(found).length));
  };

  const succeed = (id: string, byEmail: boolean) => {
    setPhase({ name: 'success', reference: id.slice(0, 8), byEmail });
    methods.reset();
    photos.forEach((photo) => URL.revokeObjectURL(photo.preview));
    setPhotos([]);
    setPhotoError(undefined);
    submissionId.current = newSubmissionId();
    announce('');
  };

  const onValid = async (values: FieldValues) => {
    if (sending.current) return;
    sending.current = true;
    setPhase({ name: 'sending', percent: null });
    setPhotoError(undefined);
    const payload: Record<string, unknown> = {
      ...readStoredAttribution(),
      ...values,
      ...fixed,
      consent: true,
      submissionId: submissionId.current,
      currentdate: formatCurrentDate(),
      elapsedMs: Math.round(performance.now()),
    };
    const files = photos.map((photo) => photo.file);
    const body = () => {
      if (files.length === 0) return JSON.stringify(payload);
      const form = new FormData();
      form.append(PHOTO_LIMITS.dataField, JSON.stringify(payload));
      for (const file of files) form.append(PHOTO_LIMITS.filesField, file, file.name);
      return form;
    };
    try {
      const onProgress =
        files.length > 0 ? (fraction: number) => setPhase({ name: 'sending', percent: Math.round(fraction * 100) }) : undefined;
      const { outcome, step } = await postEnquiry(endpoint, body, { onProgress });
      if (outcome.type === 'stored') return succeed(outcome.id || submissionId.current, false);
      if (step === 'fallback') {
        const emailed = await sendByEmail(fallbackParams(kind, payload, { photos: files.length, preferredLanguage: languageEn }), words);
        if (emailed.sent) return succeed(submissionId.current, true);
        setPhase({ name: 'failed', message: emailed.message });
        announce(words.failure.title);
        return;
      }
      if (outcome.type === 'invalid') return showProblems(outcome.fields, (count) => serverErrorsSummary(words, count));
      if (outcome.type === 'rejected') {
        const status = outcome.status as keyof FormWords['rejected'];
        const message = words.rejected[status] ?? outcome.message ?? words.rejected.other;
        if (withPhotos && (outcome.status === 413 || outcome.status === 415)) setPhotoError(outcome.message ?? message);
        setPhase({ name: 'problem', message, problems: [] });
        announce(message);
      }
    } finally {
      sending.current = false;
    }
  };

  const sendingNow = phase.name === 'sending';
  const ids = { title: `${ID_PREFIX}-title`, intro: `${ID_PREFIX}-intro` };

  return (
    <FormMetaContext.Provider value={{ idPrefix: ID_PREFIX, hydrated, words, messages }}>
      <FormProvider {...methods}>
        <form
          ref={formRef}
          className="enquiry-form"
          method="post"
          action={endpoint}
          encType={withPhotos ? 'multipart/form-data' : undefined}
          noValidate={hydrated}
          aria-labelledby={ids.title}
          aria-describedby={ids.intro}
          onSubmit={(event) => methods.handleSubmit(onValid, onInvalid)(event)}
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
            <div className="enquiry-form__success">
              <h3 ref={successHeading} tabIndex={-1}>
                {words.success.title}
              </h3>
              <p className="enquiry-form__reference">{format(words.success.reference, { reference: phase.reference })}</p>
              {phase.byEmail && <p>{words.success.byEmail}</p>}
              <p>
                {words.success.next}{' '}
                <a href={contact.whatsappHref} target="_blank" rel="noopener noreferrer">
                  {words.whatsapp}
                  <span className="visually-hidden">{words.newTab}</span>
                </a>
              </p>
              <button type="button" className="button button--ghost" onClick={() => setPhase({ name: 'editing' })}>
                {words.success.another}
              </button>
            </div>
          ) : (
            <>
              <p className="enquiry-form__required">{words.required}</p>
              {children}
              {withPhotos && <PhotoField photos={photos} onChange={setPhotos} serverError={photoError} />}
              <ConsentField brand={contact.brand} notice={consent} pageLocale={locale} />
              <Honeypot />
              {phase.name === 'problem' && (
                <div className="enquiry-form__alert" role="alert">
                  <p>{phase.message}</p>
                  {phase.problems.length > 0 && (
                    <ul>
                      {phase.problems.map((problem) => (
                        <li key={problem}>{problem}</li>
                      ))}
                    </ul>
                  )}
                </div>
              )}
              {phase.name === 'failed' && (
                <div className="enquiry-form__alert" role="alert">
                  <h3>{words.failure.title}</h3>
                  <p>{words.failure.body}</p>
                  <p className="enquiry-form__detail">{phase.message}</p>
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
              )}
              <button type="submit" className="button enquiry-form__submit" disabled={sendingNow} aria-describedby={undefined}>
                {sendingNow
                  ? phase.percent === null
                    ? words.sending
                    : format(words.uploading, { percent: phase.percent })
                  : phase.name === 'failed'
                    ? words.failure.retry
                    : submitLabel}
              </button>
              {sendingNow && phase.percent !== null && (
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
      </FormProvider>
    </FormMetaContext.Provider>
  );
}
