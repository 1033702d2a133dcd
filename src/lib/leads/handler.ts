/**
 * The enquiry pipeline behind /api/realestate, /api/bankloan and /api/finance, in order:
 * limits and parse, the kind's schema, photos, spam check, store (once), notify, answer 201.
 */
import { enquirySchemas, fieldMessages, realEstateFieldsFor, type EnquiryKind, type RealEstateEnquiry } from '../enquiry/index.ts';
import { HttpError, answerSafely, jsonResponse } from './errors.ts';
import { parseEnquiryRequest } from './parse.ts';
import { checkPhotos } from './photos.ts';
import { spamReason } from './spam.ts';
import { acceptLead, keepSpam, once } from './accept.ts';
import { logLead } from './log.ts';

type Enquiry = Record<string, unknown> & { submissionId: string; page: string };

const photosAllowed = (kind: EnquiryKind, enquiry: Enquiry) =>
  kind === 'realestate' && realEstateFieldsFor((enquiry as unknown as RealEstateEnquiry).intent, (enquiry as unknown as RealEstateEnquiry).category).photos;

const handleEnquiry = async (kind: EnquiryKind, request: Request): Promise<Response> => {
  const { raw, files } = await parseEnquiryRequest(request, { acceptsPhotos: kind === 'realestate' });
  const parsed = enquirySchemas[kind].safeParse(raw);
  if (!parsed.success) {
    throw new HttpError(422, 'Some fields need attention.', { fields: fieldMessages(parsed.error) });
  }
  const enquiry = parsed.data as Enquiry;
  const photos = await checkPhotos(files, photosAllowed(kind, enquiry));
  const reason = spamReason(raw);
  const receipt = reason
    ? await keepSpam(kind, enquiry, reason)
    : await once(enquiry.submissionId, () => acceptLead(kind, enquiry, photos));
  return jsonResponse(201, { ok: true, id: receipt.id, receivedAt: receipt.receivedAt });
};

/** The default export of an enquiry function: `export default enquiryHandler('bankloan')`. */
export const enquiryHandler = (kind: EnquiryKind) => answerSafely(kind, (request) => handleEnquiry(kind, request), logLead);
