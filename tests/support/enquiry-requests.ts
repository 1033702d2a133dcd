/**
 * The enquiry functions' handlers and request builders for function tests (fixtures:
 * harness/sample-enquiries.ts). Posts carry what a person's browser would: a JSON post a challenge the
 * server signed 20 s earlier, a native post the token of its confirmation (the confirm page's
 * one click), unless a test says otherwise (`challenge: undefined` in the body; `confirmed: false`).
 * Function tests run with the daily e-mail limit per contact raised: tests/functions/spam-defences.test.ts
 * ("one contact, a few e-mails a day") proves the real one.
 */
import { handlers, type Kind } from '../../harness/enquiry-functions.ts';
import { issueChallenge, issueConfirmation } from '../../src/server/intake/challenge.ts';
import { firstTextValues } from '../../src/server/intake/native-post.ts';

export * from '../../harness/sample-enquiries.ts';
export { handlers, type Kind };

/** The signing secret the function tests' server side uses. */
export const TEST_CHALLENGE_SECRET = 'function-tests-challenge-secret-0123456789';
process.env.LEADS_CHALLENGE_SECRET = TEST_CHALLENGE_SECRET;
process.env.LEADS_CONTACT_DAILY_LIMIT ??= '100000';
// Tests send many leads within an hour; tests/functions/notify.test.ts proves the real budget.
process.env.LEADS_TEAM_EMAIL_HOURLY_CAP ??= '100000';

/** A challenge as the form of `kind` got it when it opened, `agoMs` earlier. */
export const challengeIssuedAgo = (kind: Kind, agoMs = 20_000) => issueChallenge(TEST_CHALLENGE_SECRET, kind, Date.now() - agoMs);

/** The body with a challenge of its kind, unless it names `challenge` itself. */
const withChallenge = (kind: string, body: unknown) =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && !('challenge' in body)
    ? { ...body, challenge: challengeIssuedAgo(kind as Kind) }
    : body;

/** The fields with the token of their confirmation, as the confirm page posts them after a person read it (20 s). */
export const confirmedFields = (fields: Record<string, string> | Array<[string, string]>, agoMs = 20_000): Array<[string, string]> => {
  const pairs = Array.isArray(fields) ? fields : Object.entries(fields);
  return [...pairs, ['confirmToken', issueConfirmation(TEST_CHALLENGE_SECRET, firstTextValues(pairs), Date.now() - agoMs)]];
};

type Init = { method?: string; headers?: Record<string, string>; confirmed?: boolean };

export const jsonRequest = (kind: string, body: unknown, init: Init = {}) =>
  new Request(`http://localhost/api/${kind}`, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: typeof body === 'string' ? body : JSON.stringify(withChallenge(kind, body)),
  });

/** A native HTML form post (application/x-www-form-urlencoded); pairs allow repeated names. */
export const formRequest = (kind: string, fields: Record<string, string> | Array<[string, string]>, init: Init = {}) =>
  new Request(`http://localhost/api/${kind}`, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...init.headers },
    body: new URLSearchParams(fields).toString(),
  });

/** A native multipart form post: plain fields by wire name and file parts named `files`. */
export const multipartFormRequest = (kind: string, fields: Record<string, string>, files: File[] = [], init: Init = {}) => {
  const form = new FormData();
  for (const [name, value] of init.confirmed === false ? Object.entries(fields) : confirmedFields(fields)) form.append(name, value);
  for (const file of files) form.append('files', file);
  return new Request(`http://localhost/api/${kind}`, { method: init.method ?? 'POST', headers: init.headers, body: form });
};

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body of a JSON answer, else null. */
  body: any;
}

const read = async (response: Response): Promise<Answer> => {
  const text = await response.text();
  const isJson = (response.headers.get('content-type') ?? '').startsWith('application/json');
  return { status: response.status, headers: response.headers, text, body: isJson && text ? JSON.parse(text) : null };
};

/** Posts an enquiry as JSON to the real handler. */
export const send = async (kind: Kind, body: unknown, init: Init = {}) => read(await handlers[kind](jsonRequest(kind, body, init)));

/** Posts fields form-encoded, as a browser without JavaScript does: confirmed, unless `confirmed: false`. */
export const sendForm = async (kind: Kind, fields: Record<string, string> | Array<[string, string]>, init: Init = {}) =>
  read(await handlers[kind](formRequest(kind, init.confirmed === false ? fields : confirmedFields(fields), init)));

/** Sends a raw Request to a handler, from the client `ip` (Netlify's context.ip). */
export const sendRequest = async (kind: Kind, request: Request, ip = '203.0.113.1') => read(await handlers[kind](request, { ip }));
