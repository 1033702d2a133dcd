/**
 * The withdrawal page, /api/consent/<token>: the link every acknowledgement carries
 * (outbound/consent-link.ts). In the visitor's language, without signing in, it lists what the
 * person agreed to (their enquiries, the group's other divisions, WhatsApp), each with its date,
 * and one button per purpose granted to withdraw it. A withdrawal is a new row of the consent
 * ledger, written at once: a referral or a WhatsApp message asks the ledger first, so it takes
 * effect at once. A plain HTML page with one small form per purpose (no script needed); the
 * answer to the form is a 303 back to the page, which then says it is done.
 * JSON too (Accept: application/json): GET gives the states, POST { "purpose": … } withdraws one.
 */
import { CONSENT_PURPOSES, type ConsentPurpose } from '../../lib/enquiry/consent-purposes.ts';
import { hrefOf } from '../../lib/routing/index.ts';
import { dictionary, format, type Locale } from '../../i18n/index.ts';
import { dayMonthYear } from '../../i18n/format.ts';
import { HttpError, apiHeaders, asHttpError, jsonResponse } from '../errors.ts';
import { transaction, withDatabase } from '../db/connection.ts';
import { appendConsent, consentHistory, consentStates, type ConsentRecord, type ConsentState } from '../db/consent-ledger.ts';
import { PERSON_ACTORS, logPersonEvent, membersOf, seenPerson } from '../db/persons.ts';
import { CONSENT_LINK_PATH, readConsentLinkToken } from '../outbound/consent-link.ts';
import { logLead } from '../log.ts';
import { challengeSecret } from '../secret.ts';
import { prefersHtml } from './negotiate.ts';
import { refuseCrossSite } from './origin.ts';
import { escapeHtml, htmlPageResponse, renderPageShell } from './problem-page.ts';

/** The form of a withdrawal made on this page, as the ledger records it. */
export const WITHDRAWAL_FORM = 'withdrawal-link';

interface Standing {
  state: ConsentState;
  /** When it came to stand so: the grant or the withdrawal. */
  at: string | null;
}

/** Where each purpose stands for the person, and since when. */
const standingOf = (rows: readonly ConsentRecord[]): Record<ConsentPurpose, Standing> => {
  const states = consentStates(rows);
  return Object.fromEntries(
    CONSENT_PURPOSES.map((purpose) => {
      const state = states[purpose];
      const deciding = rows.filter((row) => row.purpose === purpose && row.action === state).at(-1);
      return [purpose, { state, at: deciding?.at ?? null }];
    }),
  ) as Record<ConsentPurpose, Standing>;
};

/** The person the link names, as the team sees them now, with everyone merged into them; null once erased. */
const personOfLink = async (personId: string) => {
  const seen = await seenPerson(personId);
  return seen ? { seen, members: await membersOf(seen) } : null;
};

const renderPage = (locale: Locale, action: string, standing: Record<ConsentPurpose, Standing>, done: ConsentPurpose | null) => {
  const words = dictionary(locale).withdrawal;
  const date = (at: string | null) => (at ? dayMonthYear(new Date(at), locale, 'Asia/Kolkata') : '');
  const sections = CONSENT_PURPOSES.map((purpose) => {
    const { state, at } = standing[purpose];
    const id = `purpose-${purpose}`;
    const line =
      state === 'granted'
        ? format(escapeHtml(words.granted), { date: escapeHtml(date(at)) })
        : state === 'withdrawn'
          ? format(escapeHtml(words.withdrawn), { date: escapeHtml(date(at)) })
          : escapeHtml(words.notGranted);
    const button =
      state === 'granted'
        ? `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="purpose" value="${purpose}"><p><button class="button" type="submit" aria-describedby="${id}">${escapeHtml(words.button)}</button></p></form>`
        : '';
    const confirmed = done === purpose ? `<p role="status"><strong>${escapeHtml(words.done)}</strong></p>` : '';
    return `<section aria-labelledby="${id}">
<h2 id="${id}">${escapeHtml(words.purposes[purpose])}</h2>
<p>${line}</p>
${confirmed}${button}
</section>`;
  }).join('\n');
  const form = hrefOf({ collection: 'pages', id: 'privacy-request' }, locale);
  return renderPageShell(
    words.title,
    `<p>${escapeHtml(words.intro)}</p>
${sections}
<p>${escapeHtml(words.more)} <a href="${escapeHtml(form)}">${escapeHtml(words.formLink)}</a></p>`,
    locale,
  );
};

const notHeldPage = (locale: Locale, status: number) => {
  const words = dictionary(locale).withdrawal;
  const form = hrefOf({ collection: 'pages', id: 'privacy-request' }, locale);
  const [title, text] = status === 404 ? [words.goneTitle, words.gone] : [words.invalidTitle, words.invalid];
  return htmlPageResponse(
    status,
    renderPageShell(
      title,
      `<p>${escapeHtml(text)}</p>\n<p><a class="button" href="${escapeHtml(form)}">${escapeHtml(words.formLink)}</a></p>`,
      locale,
    ),
  );
};

/** The purpose a POST names (form field or JSON), checked; a 400 names the field. */
const purposeOf = async (request: Request): Promise<ConsentPurpose> => {
  const type = request.headers.get('content-type') ?? '';
  let purpose: unknown;
  try {
    purpose = type.includes('application/json')
      ? ((await request.json()) as Record<string, unknown> | null)?.purpose
      : new URLSearchParams(await request.text()).get('purpose');
  } catch {
    purpose = undefined;
  }
  if (!(CONSENT_PURPOSES as readonly unknown[]).includes(purpose))
    throw new HttpError(400, 'Say which purpose to withdraw.', {
      fields: { purpose: `purpose must be one of ${CONSENT_PURPOSES.join(', ')}` },
    });
  return purpose as ConsentPurpose;
};

/** Records that the person withdrew `purpose` (a new row), unless it stands withdrawn or was never granted. */
export const withdrawPurpose = async (
  personId: string,
  purpose: ConsentPurpose,
  locale: Locale,
  form: string,
  by: string,
): Promise<boolean> =>
  transaction(async () => {
    const person = await personOfLink(personId);
    if (!person) throw new HttpError(404, 'We hold no details under this link any more.');
    const rows = await consentHistory(person.members);
    if (consentStates(rows)[purpose] !== 'granted') return false;
    const at = new Date().toISOString();
    await appendConsent([{ personId, leadId: null, purpose, action: 'withdrawn', at, notice: null, noticeHash: null, locale, form }]);
    await logPersonEvent(person.seen, by, 'withdrawal', { at, detail: { purpose, form } });
    return true;
  });

const handleConsentLink = async (request: Request): Promise<Response> => {
  const url = new URL(request.url);
  const html =
    prefersHtml(request) || (request.method === 'POST' && !(request.headers.get('content-type') ?? '').includes('application/json'));
  const token = decodeURIComponent(url.pathname.slice(CONSENT_LINK_PATH.length)).replace(/\/$/, '');
  const secret = await challengeSecret();
  const link = readConsentLinkToken(secret, token);
  if (request.method !== 'GET' && request.method !== 'POST')
    throw new HttpError(405, 'Use GET to see the page, or POST to withdraw.', { headers: { allow: 'GET, POST' } });
  if (!link) {
    if (html) return notHeldPage('en', 400);
    throw new HttpError(400, 'This link is not one we made.', { fields: { token: 'the whole link from the e-mail' } });
  }
  const { personId, locale } = link;
  if (request.method === 'POST') {
    refuseCrossSite(request);
    const purpose = await purposeOf(request);
    let withdrawn: boolean;
    try {
      withdrawn = await withDatabase(() => withdrawPurpose(personId, purpose, locale, WITHDRAWAL_FORM, PERSON_ACTORS.link));
    } catch (error) {
      if (html && error instanceof HttpError && error.status === 404) return notHeldPage(locale, 404);
      throw error;
    }
    logLead({ kind: 'consent', status: withdrawn ? 'withdrawn' : 'withdraw-unchanged', note: purpose });
    if (!html) return jsonResponse(200, { purpose, withdrawn });
    return new Response(null, { status: 303, headers: apiHeaders({ location: `${url.pathname}?done=${purpose}` }) });
  }
  const found = await withDatabase(async () => {
    const person = await personOfLink(personId);
    return person ? standingOf(await consentHistory(person.members)) : null;
  });
  if (!found) return html ? notHeldPage(locale, 404) : jsonResponse(404, { error: 'We hold no details under this link any more.' });
  if (!html) return jsonResponse(200, { locale, purposes: found });
  const done = url.searchParams.get('done');
  const shownDone = (CONSENT_PURPOSES as readonly string[]).includes(done ?? '') ? (done as ConsentPurpose) : null;
  return htmlPageResponse(200, renderPage(locale, url.pathname, found, shownDone), {}, { formPost: true });
};

/** The default export of netlify/functions/consent.mts. */
export const consentLinkHandler =
  () =>
  async (request: Request): Promise<Response> => {
    try {
      return await handleConsentLink(request);
    } catch (error) {
      const failure = asHttpError(error);
      logLead({ kind: 'consent', status: failure.status });
      return failure.toResponse();
    }
  };
