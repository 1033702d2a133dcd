/**
 * The enquiry pipeline behind /api/realestate, /api/bankloan, /api/finance and /api/contact.
 * One pipeline, two ways in (JSON from the form's script, or a native HTML form post), in order:
 * method, cross-site check, limits and parse, the kind's schema, photos, spam check, store
 * (once), notify. JSON callers get JSON; a browser's native post gets a 303 to the thank-you
 * page or an HTML page of problems.
 */
import { enquirySchemas, fieldMessages, realEstateFieldsFor, type Enquiry, type EnquiryKind } from '../lib/enquiry/index.ts';
import { DEFAULT_LOCALE, dictionary, isLocale, type Locale } from '../i18n/index.ts';
import { HttpError, apiHeaders, asHttpError, jsonResponse } from './errors.ts';
import { parseEnquiryRequest, type ParsedRequest } from './parse.ts';
import { refuseCrossSite } from './origin.ts';
import { prefersHtml } from './negotiate.ts';
import { problemPageResponse } from './problem-page.ts';
import { checkPhotos } from './photo-store.ts';
import { spamReason } from './spam.ts';
import { acceptLead, keepSpam, once, type Receipt } from './accept.ts';
import { logLead } from './log.ts';

/** Where a native post goes after success (a pre-rendered page, not indexed). */
export const THANK_YOU_PATH = '/Thankyou';

/** The thank-you page in the visitor's language: /Thankyou, /ta/Thankyou ... */
export const thankYouPath = (locale: Locale) => (locale === DEFAULT_LOCALE ? THANK_YOU_PATH : `/${locale}${THANK_YOU_PATH}`);

/** The language of the page a post came from (its `locale` field); missing or unknown is English. */
export const postedLocale = (raw: Record<string, unknown> | undefined): Locale => (isLocale(raw?.locale) ? raw.locale : DEFAULT_LOCALE);

/** Only a real-estate enquiry whose intent and category take photos (Sell Flats) may carry them. */
const photosAllowed = (enquiry: Enquiry) => 'intent' in enquiry && realEstateFieldsFor(enquiry.intent, enquiry.category).photos;

const processEnquiry = async (kind: EnquiryKind, { raw, files, via }: ParsedRequest): Promise<Receipt> => {
  const parsed = enquirySchemas[kind].safeParse(raw);
  // Field messages in the language of the page the enquiry came from.
  const words = dictionary(postedLocale(raw)).messages;
  if (!parsed.success) {
    throw new HttpError(422, 'Some fields need attention.', { fields: fieldMessages(parsed.error, words) });
  }
  const enquiry: Enquiry = parsed.data;
  const photos = await checkPhotos(files, photosAllowed(enquiry), words);
  const reason = spamReason(raw, via);
  return reason ? keepSpam(kind, enquiry, reason, via) : once(enquiry.submissionId, () => acceptLead(kind, enquiry, { photos, via }));
};

const seeOther = (location: string) => new Response(null, { status: 303, headers: apiHeaders({ location }) });

/** The default export of an enquiry function: `export default enquiryHandler('bankloan')`. */
export const enquiryHandler =
  (kind: EnquiryKind) =>
  async (request: Request): Promise<Response> => {
    const html = prefersHtml(request);
    let page: unknown;
    let locale: Locale = DEFAULT_LOCALE;
    let response: Response;
    try {
      if (request.method !== 'POST') throw new HttpError(405, 'Use POST to send an enquiry.', { headers: { allow: 'POST' } });
      refuseCrossSite(request);
      const parsed = await parseEnquiryRequest(request, { acceptsPhotos: kind === 'realestate' });
      page = parsed.raw.page;
      locale = postedLocale(parsed.raw);
      const receipt = await processEnquiry(kind, parsed);
      response = html ? seeOther(thankYouPath(locale)) : jsonResponse(201, { ok: true, id: receipt.id, receivedAt: receipt.receivedAt });
      logLead({ kind, status: response.status });
    } catch (error) {
      const failure = asHttpError(error);
      logLead({ kind, status: failure.status, ...(failure.status === 500 ? { note: (error as Error)?.name } : {}) });
      response = html ? problemPageResponse(failure, page, locale) : failure.toResponse();
    }
    return response;
  };
