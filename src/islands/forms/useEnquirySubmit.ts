/**
 * What happens when a visitor sends an enquiry form: the fields checked by the kind's zod schema,
 * the submission's id, the post (with photos as one multipart upload), one retry, the e-mail
 * fallback, and server answers mapped onto the fields. EnquiryForm renders what this returns.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type * as z from 'zod/mini';
import { enquiryEndpoint, type EnquiryKind } from '../../lib/enquiry/kinds.ts';
import { fieldMessages } from '../../lib/enquiry/messages.ts';
import { format } from '../../i18n/format.ts';
import type { FormLanguage, FormWords } from './language.ts';
import type { ChosenPhoto } from './PhotoField.tsx';
import { enquiryBody, newSubmissionId, postEnquiry, readStoredAttribution, visitorDate } from './submit.ts';
import { sendByEmailFallback } from './email-fallback.ts';
import { fieldNamesInOrder, useFormFields, type FieldErrors, type FieldValues, type FormCheck } from './field-state.ts';
import { useChallenge } from './challenge.ts';
import { useKeptEnquiry } from './useKeptEnquiry.ts';

export type Phase =
  | { name: 'editing' }
  | { name: 'sending'; percent: number | null }
  | { name: 'success'; reference: string; byEmail: boolean }
  | { name: 'problem'; message: string; problems: string[] }
  /** Not sent; `kept`: kept in the browser, to be sent when the connection returns (kept-enquiry.ts). */
  | { name: 'failed'; message: string; kept: boolean };

/** Stand-in id for validating before the real one exists (it never leaves the browser). */
const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';
/** Stand-in visitor date for the same checks: the real one is written when the enquiry is sent. */
const PLACEHOLDER_DATE = 'Thu, Jan 01 2026';

/** "1 field needs your attention." or "3 fields need your attention.", in the form's language. */
const countText = (one: string, many: string, count: number) => (count === 1 ? one : format(many, { count }));
const errorsSummary = (words: FormWords, count: number) => countText(words.errorsSummaryOne, words.errorsSummaryMany, count);
const serverErrorsSummary = (words: FormWords, count: number) =>
  countText(words.serverErrorsSummaryOne, words.serverErrorsSummaryMany, count);

interface SubmitOptions {
  kind: EnquiryKind;
  schema: z.ZodMiniType;
  /** Wire fields the page decides: page, and intent/category/property. */
  hidden: Record<string, string>;
  withPhotos: boolean;
  formRef: RefObject<HTMLFormElement | null>;
  /** The page's language: the words shown, the messages, the consent notice shown. */
  language: FormLanguage;
}

export function useEnquirySubmit({ kind, schema, hidden, withPhotos, formRef, language }: SubmitOptions) {
  const { locale, words, messages, consent, languageEn, places } = language;
  const [phase, setPhase] = useState<Phase>({ name: 'editing' });
  const [announcement, setAnnouncement] = useState('');
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const submissionId = useRef('');
  const sending = useRef(false);
  const endpoint = enquiryEndpoint(kind);
  // The page's language and the version and language of the consent notice shown are sent with
  // the enquiry, in the plain form too (the server answers in that language).
  const fixed = { ...hidden, locale, consentNotice: consent.version, consentLocale: consent.locale };

  // The submission's id is made in the browser, after hydration; so is the server's challenge (challenge.ts).
  const challenge = useChallenge(endpoint);
  useEffect(() => {
    submissionId.current = newSubmissionId();
  }, []);

  // A radio group with nothing chosen reads as null: treat it as not given, like an empty select.
  const given = (values: FieldValues) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null));
  /** The shared schema checks the form; its problems are shown in the page's language (the first one per field). */
  const check: FormCheck = (values) => {
    const data = { ...given(values), ...fixed, submissionId: submissionId.current || PLACEHOLDER_ID, currentdate: PLACEHOLDER_DATE };
    const result = schema.safeParse(data);
    return result.success ? { ok: true, values: data } : { ok: false, errors: fieldMessages(result.error, messages, places) };
  };
  const fields = useFormFields(formRef, check);

  /** The live region says it again even when the words are the same as last time. */
  const announce = (text: string) => setAnnouncement((previous) => (previous === text ? `${text}\u00a0` : text));

  /** Field problems go next to their fields; problems with no field of the form are listed in the panel. */
  const showProblems = (errors: Record<string, string>, summary: (count: number) => string) => {
    const order = fieldNamesInOrder(formRef.current);
    const atFields = order.filter((name, index) => errors[name] && order.indexOf(name) === index);
    const elsewhere = Object.entries(errors)
      .filter(([name]) => !order.includes(name))
      .map(([, message]) => message);
    fields.showErrors(Object.fromEntries(atFields.map((name) => [name, errors[name]])), atFields[0]);
    if (elsewhere.length > 0) setPhase({ name: 'problem', message: words.rejected.other, problems: elsewhere });
    else setPhase({ name: 'editing' });
    announce(summary(atFields.length + elsewhere.length));
  };

  const onInvalid = (found: FieldErrors) => {
    const order = fieldNamesInOrder(formRef.current);
    const elsewhere = Object.keys(found).filter((name) => !order.includes(name));
    if (elsewhere.length > 0) setPhase({ name: 'problem', message: words.rejected.other, problems: elsewhere.map((n) => found[n]) });
    announce(errorsSummary(words, Object.keys(found).length));
  };

  const succeed = (id: string, byEmail: boolean) => {
    setPhase({ name: 'success', reference: id.slice(0, 8), byEmail });
    fields.reset();
    photos.forEach((photo) => URL.revokeObjectURL(photo.preview));
    setPhotos([]);
    setPhotoError(undefined);
    submissionId.current = newSubmissionId();
    // A challenge serves one enquiry: the next one from this form gets its own.
    challenge.renew();
    announce('');
  };

  // A kept enquiry sent by the sender once the connection returned: its thanks show in this form.
  const keeping = useKeptEnquiry(submissionId, endpoint, words.kept, (id) => succeed(id, false));

  /**
   * Neither path took the enquiry: it is kept in the browser (photos too) and the visitor is
   * told it will be sent by itself; where the browser keeps nothing, a plain failure.
   */
  const notSent = async (payload: Record<string, unknown>, files: File[], message: string) => {
    const kept = await keeping.keep(payload, files);
    setPhase({ name: 'failed', message, kept });
    announce(kept ? words.kept.title : words.failure.title);
  };

  const onValid = async (values: FieldValues) => {
    if (sending.current) return;
    sending.current = true;
    setPhase({ name: 'sending', percent: null });
    setPhotoError(undefined);
    const proof = await challenge.proof();
    // Offline, the date's script is not even asked for: a failed import would be remembered for the page.
    const currentdate = navigator.onLine ? await visitorDate() : null;
    const payload: Record<string, unknown> = {
      ...readStoredAttribution(),
      ...values,
      ...fixed,
      consent: true,
      submissionId: submissionId.current,
      ...(currentdate === null ? {} : { currentdate }),
      ...(proof ? { challenge: proof.challenge } : {}),
    };
    const files = photos.map((photo) => photo.file);
    if (currentdate === null) {
      // Our own site cannot be reached, so neither can our server or the e-mail back-up.
      await notSent(payload, files, words.emailStatus[0]);
      sending.current = false;
      return;
    }
    const body = () => enquiryBody(payload, files);
    try {
      const onProgress =
        files.length > 0 ? (fraction: number) => setPhase({ name: 'sending', percent: Math.round(fraction * 100) }) : undefined;
      const { outcome, step } = await postEnquiry(endpoint, body, { onProgress });
      // Sent by the form itself (Try again): nothing is kept any more.
      if (outcome.type === 'stored') keeping.forget();
      if (outcome.type === 'stored') return succeed(outcome.id || submissionId.current, false);
      if (step === 'fallback') {
        const emailed = await sendByEmailFallback(kind, schema, payload, { photos: files.length, preferredLanguage: languageEn }, words);
        if (emailed.sent) keeping.forget();
        if (emailed.sent) return succeed(submissionId.current, true);
        return await notSent(payload, files, emailed.message);
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

  return {
    /** The fields' problems and handlers, for the form's FieldStateContext. */
    fields: fields.state,
    endpoint,
    /** The hidden fields of the form: the page's own, its language, and the consent notice's version and language. */
    fixed,
    phase,
    /** Back to the form after the thank-you ("Send another enquiry"). */
    editAgain: () => setPhase({ name: 'editing' }),
    announcement,
    photos,
    setPhotos,
    photoError,
    onSubmit: (event: { preventDefault: () => void }) => fields.submit(event, onValid, onInvalid),
  };
}
