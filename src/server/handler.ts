/**
 * The enquiry pipeline behind /api/realestate, /api/bankloan, /api/finance and /api/contact.
 * One pipeline, two ways in (JSON from the form's script, or a native HTML form post), in order:
 * method, cross-site check, limits and parse, the kind's schema, photos, spam check, store
 * (once), notify. JSON callers get JSON; a browser's native post gets a 303 to the thank-you
 * page or an HTML page of problems.
 */
import { enquirySchemas, fieldMessages, realEstateFieldsFor, type Enquiry, type EnquiryKind } from '../lib/enquiry/index.ts';
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

/** Only a real-estate enquiry whose intent and category take photos (Sell Flats) may carry them. */
const photosAllowed = (enquiry: Enquiry) => 'intent' in enquiry && realEstateFieldsFor(enquiry.intent, enquiry.category).photos;

const processEnquiry = async (kind: EnquiryKind, { raw, files, via }: ParsedRequest): Promise<Receipt> => {
  const parsed = enquirySchemas[kind].safeParse(raw);
  if (!parsed.success) {
    throw new HttpError(422, 'Some fields need attention.', { fields: fieldMessages(parsed.error) });
  }
  const enquiry: Enquiry = parsed.data;
  const photos = await checkPhotos(files, photosAllowed(enquiry));
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
    let response: Response;
    try {
      if (request.method !== 'POST') throw new HttpError(405, 'Use POST to send an enquiry.', { headers: { allow: 'POST' } });
      refuseCrossSite(request);
      const parsed = await parseEnquiryRequest(request, { acceptsPhotos: kind === 'realestate' });
      page = parsed.raw.page;
      const receipt = await processEnquiry(kind, parsed);
      response = html ? seeOther(THANK_YOU_PATH) : jsonResponse(201, { ok: true, id: receipt.id, receivedAt: receipt.receivedAt });
      logLead({ kind, status: response.status });
    } catch (error) {
      const failure = asHttpError(error);
      logLead({ kind, status: failure.status, ...(failure.status === 500 ? { note: (error as Error)?.name } : {}) });
      response = html ? problemPageResponse(failure, page) : failure.toResponse();
    }
    return response;
  };
