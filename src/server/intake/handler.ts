/**
 * The enquiry pipeline behind /api/realestate, /api/bankloan, /api/finance, /api/contact and
 * /api/privacy.
 * One pipeline, two ways in (JSON from the form's script, or a native HTML form post), in order:
 * method, cross-site check, limits and parse, the kind's schema, photos, spam check, store
 * (once), notify. JSON callers get JSON; a browser's native post gets a 303 to the thank-you
 * page or an HTML page of problems.
 */
import { enquirySchemas, fieldMessages, realEstateFieldsFor, type Enquiry, type EnquiryKind } from '../../lib/enquiry/index.ts';
import { DEFAULT_LOCALE, dictionary, localeOrDefault, type Locale } from '../../i18n/index.ts';
import { placeNamesIn } from '../../i18n/places.ts';
import { hrefOf } from '../../lib/routing/index.ts';
import { HttpError, StoreUnavailableError, apiHeaders, asHttpError, jsonResponse } from '../errors.ts';
import { parseEnquiryRequest, type ParsedRequest } from './parse.ts';
import { refuseCrossSite } from './origin.ts';
import { prefersHtml } from './negotiate.ts';
import { problemPageResponse } from './problem-page.ts';
import { checkPhotos } from './photos.ts';
import { stagePhotos } from '../db/photos.ts';
import { stagePhotoBytes } from './daily-limits.ts';
import { challengeProblem, honeypotFilled } from './spam.ts';
import { CHALLENGE_FIELD, CHALLENGE_MAX_AGE_MS, CONFIRM_FIELD, checkConfirmation, issueChallenge, issueConfirmation } from './challenge.ts';
import { confirmPageResponse } from './confirm-page.ts';
import { challengeSecret } from '../secret.ts';
import { acceptLead, keepSpam, once, type Receipt, type UsedToken } from './accept.ts';
import { minFillMs } from '../settings.ts';
import { logLead } from '../log.ts';
import { clientOf } from '../client.ts';

/**
 * The thank-you page in the visitor's language: /Thankyou, /ta/Thankyou ... A privacy request
 * has its own (/Privacyrequestsent), which says what happens next and by when.
 */
export const thankYouPath = (locale: Locale, kind: EnquiryKind = 'contact') =>
  hrefOf({ collection: 'pages', id: kind === 'privacy' ? 'privacy-request-sent' : 'thank-you' }, locale);

/** The language of the page a post came from (its `locale` field); missing or unknown is English. */
export const postedLocale = (raw: Record<string, unknown> | undefined): Locale => localeOrDefault(raw?.locale);

/** Only a real-estate enquiry whose intent and category take photos (Sell Flats) may carry them. */
const photosAllowed = (enquiry: Enquiry) => 'intent' in enquiry && realEstateFieldsFor(enquiry.intent, enquiry.category).photos;

/** The hidden field that carries, through the confirm page, the keys of the photos staged (the confirm token binds it). */
const STAGED_PHOTOS_FIELD = 'stagedPhotos';

/**
 * The fields whose text holds U+0000 (NUL). Postgres text cannot store it, so such a field is
 * refused by name (422), never passed on to fail in the database as a 503. Every text field
 * counts, the free ones (message, attribution, the honeypot) and the checked ones alike.
 */
const fieldsWithNul = (raw: Record<string, unknown>): string[] =>
  Object.entries(raw)
    .filter(([, value]) => typeof value === 'string' && value.includes('\u0000'))
    .map(([name]) => name);

type Outcome = { receipt: Receipt } | { confirm: Response };

/**
 * The kind's schema, the photos, then who sent it: spam (honeypot, or a JSON post whose challenge
 * fails) is kept apart; a native post without a challenge is confirmed first (one click on the
 * confirm page), unless it is that confirmation.
 */
const processEnquiry = async (
  kind: EnquiryKind,
  { raw, files, via, fields }: ParsedRequest,
  html: boolean,
  client: string | undefined,
  waitUntil?: (work: Promise<unknown>) => void,
): Promise<Outcome> => {
  const parsed = enquirySchemas[kind].safeParse(raw);
  // Field messages in the language of the page the enquiry came from.
  const locale = postedLocale(raw);
  const words = dictionary(locale).messages;
  const unstorable = fieldsWithNul(raw);
  if (!parsed.success || unstorable.length > 0) {
    // Places in the page's script: "Choose a city in தமிழ்நாடு".
    // Spread, not assigned: a field named "__proto__" stays a field of the answer.
    const fields = {
      ...(parsed.success ? {} : fieldMessages(parsed.error, words, placeNamesIn(locale))),
      ...Object.fromEntries(unstorable.map((name) => [name, words.nulCharacter])),
    };
    throw new HttpError(422, 'Some fields need attention.', { fields });
  }
  const enquiry: Enquiry = parsed.data;
  const photos = await checkPhotos(files, photosAllowed(enquiry), words);
  if (honeypotFilled(raw)) return { receipt: await keepSpam(kind, enquiry, 'honeypot', via) };
  const secret = await signingSecret();
  const accept = (token: UsedToken, stagedPhotos?: string[]) =>
    once(enquiry.submissionId, () => acceptLead(kind, enquiry, { photos, via, stagedPhotos, token, waitUntil, client }));

  if (via === 'js' || raw[CHALLENGE_FIELD] !== undefined) {
    const problem = challengeProblem(secret, kind, raw);
    return {
      receipt: await (problem ? keepSpam(kind, enquiry, problem, via) : accept({ kind: 'challenge', value: String(raw[CHALLENGE_FIELD]) })),
    };
  }
  // A native post: the confirmation of an earlier one, or a first post to be confirmed.
  const sent = fields ?? {};
  const confirmation = checkConfirmation(secret, sent);
  // Clicked sooner after the confirm page was served than a person reads it. A person can do
  // that, so a browser gets the page again with a fresh token and a line saying nothing was sent
  // (the photos it staged stay bound, as the signature proved them ours); a script asking for
  // JSON gets what a bot gets.
  if (confirmation === 'too-fast') {
    if (!html) return { receipt: await keepSpam(kind, enquiry, 'confirm-too-fast', via) };
    const { [CONFIRM_FIELD]: _token, ...again } = sent;
    logLead({ kind, id: enquiry.submissionId, status: 'to-confirm', note: 'confirm-too-fast' });
    return { confirm: confirmPageResponse(kind, again, issueConfirmation(secret, again), locale, true) };
  }
  if (confirmation === 'ok') {
    const staged = (sent[STAGED_PHOTOS_FIELD] ?? '').split(',').filter(Boolean);
    return { receipt: await accept({ kind: 'confirm', value: String(sent[CONFIRM_FIELD]) }, staged) };
  }
  // A script that asks for JSON gets what a bot gets: success, kept apart, never e-mailed.
  if (!html) return { receipt: await keepSpam(kind, enquiry, 'unconfirmed', via) };
  if (photos.length > 0)
    await stagePhotoBytes(
      client ?? 'unknown',
      photos.reduce((sum, photo) => sum + photo.bytes.byteLength, 0),
      secret,
      { client: words.photosDailyLimit, site: words.photosSiteDailyLimit },
    );
  const stagedPhotos = await stagePhotos(photos);
  const { [STAGED_PHOTOS_FIELD]: _claimed, confirmToken: _old, ...asSent } = sent;
  const toConfirm: Record<string, string> = {
    ...asSent,
    submissionId: enquiry.submissionId,
    currentdate: String(raw.currentdate),
    ...(stagedPhotos.length ? { [STAGED_PHOTOS_FIELD]: stagedPhotos.join(',') } : {}),
  };
  logLead({ kind, id: enquiry.submissionId, status: 'to-confirm' });
  return { confirm: confirmPageResponse(kind, toConfirm, issueConfirmation(secret, toConfirm), postedLocale(raw)) };
};

/** The challenge secret; when the store that keeps it cannot be reached, a 503. */
const signingSecret = () =>
  challengeSecret().catch(() => {
    throw new StoreUnavailableError();
  });

/** GET /api/<kind>: a fresh challenge for the form, and how long a person takes at least. */
const challengeResponse = async (kind: EnquiryKind): Promise<Response> => {
  const secret = await signingSecret();
  return jsonResponse(200, { challenge: issueChallenge(secret, kind), minFillMs: minFillMs(), maxAgeMs: CHALLENGE_MAX_AGE_MS });
};

const seeOther = (location: string) => new Response(null, { status: 303, headers: apiHeaders({ location }) });

/** The default export of an enquiry function: `export default enquiryHandler('bankloan')`. */
export const enquiryHandler =
  (kind: EnquiryKind) =>
  async (request: Request, context?: { ip?: string; waitUntil?: (work: Promise<unknown>) => void }): Promise<Response> => {
    const html = prefersHtml(request);
    let page: unknown;
    let category: unknown;
    let locale: Locale = DEFAULT_LOCALE;
    let response: Response;
    try {
      if (request.method === 'GET') {
        refuseCrossSite(request);
        return await challengeResponse(kind);
      }
      if (request.method !== 'POST') throw new HttpError(405, 'Use POST to send an enquiry.', { headers: { allow: 'GET, POST' } });
      refuseCrossSite(request);
      const parsed = await parseEnquiryRequest(request, { acceptsPhotos: kind === 'realestate' });
      page = parsed.raw.page;
      category = parsed.raw.category;
      locale = postedLocale(parsed.raw);
      // The client as the platform reports it (Netlify's context.ip), never a header a client can
      // send; an IPv6 client is its /64 (client.ts).
      const outcome = await processEnquiry(
        kind,
        parsed,
        html,
        context?.ip ? clientOf(context.ip) : undefined,
        context?.waitUntil?.bind(context),
      );
      if ('confirm' in outcome) return outcome.confirm;
      const { receipt } = outcome;
      response = html
        ? seeOther(thankYouPath(locale, kind))
        : jsonResponse(201, { ok: true, id: receipt.id, receivedAt: receipt.receivedAt });
      logLead({ kind, status: response.status });
    } catch (error) {
      const failure = asHttpError(error);
      logLead({ kind, status: failure.status, ...(failure.status === 500 ? { note: (error as Error)?.name } : {}) });
      response = html ? problemPageResponse(failure, page, locale, category) : failure.toResponse();
    }
    return response;
  };
