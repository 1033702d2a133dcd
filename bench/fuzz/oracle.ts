/**
 * What must hold for every request the fuzzer sends, whatever it was:
 * - never a 5xx, and only the statuses docs/api.md lists ("Answers");
 * - every 4xx names the problem: JSON `{ error, fields? }`, or, for a browser's native post,
 *   the HTML problem page (heading, and one line per field on a 422);
 * - nothing invalid is stored: every stored record passes its kind's schema again, unchanged,
 *   carries no key the schema does not know, and holds only well-formed text;
 * - every 201 is stored exactly once: one row for its id, and every copy of the same submission
 *   is answered with the same id and receivedAt, the one stored;
 * - a refused request stores nothing.
 * Where the case itself says what the answer must be (a wrong method, a cross-site post, an
 * unsupported content type, an untouched valid enquiry), that status is checked too.
 * Pure functions over what was sent, answered and stored: tests/unit/fuzz-oracle.test.ts.
 */
import { enquirySchemas, ENQUIRY_KINDS, type EnquiryKind } from '../../src/lib/enquiry/index.ts';
import type { EnquiryCase, FuzzCase, Materialized } from './cases.ts';
import { LEAD_STATUSES, LOST_REASONS } from '../../src/lib/team-api/vocabulary.ts';

export interface Answer {
  /** 0: no answer (the connection closed or timed out). */
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface StoredRecord {
  /** `<kind>/<id>`, or `spam/<kind>/<id>`: where the record sits, for the messages. */
  key: string;
  record: Record<string, unknown>;
}

/** The key of a stored record as the oracle names it. */
export const keyOf = (record: { id: unknown; kind: unknown; spam?: unknown }) =>
  `${typeof record.spam === 'string' ? 'spam/' : ''}${String(record.kind)}/${String(record.id)}`;

/** What the database holds for one case: its records, their deliveries and the photo keys. */
export interface StoreView {
  /** True when the view is the whole database (in process, emptied before each case). */
  complete: boolean;
  records: StoredRecord[];
  /** `<lead id>:<channel>` of each delivery row. */
  deliveries: string[];
  photos: string[];
}

/** The confirm page's form: one button that re-posts the fields with a confirmation token. */
const CONFIRM_FORM = /<form method="post"[^>]*>[\s\S]*name="confirmToken"/;
/** The thank-you page in the language the post names (`locale`): /Thankyou, /ta/Thankyou ... (a privacy request: /Privacyrequestsent) */
const THANK_YOU = /^\/(?:(?:ta|te|kn)\/)?(?:Thankyou|Privacyrequestsent)$/;
const ENQUIRY_STATUSES = new Set([200, 201, 303, 400, 403, 405, 413, 415, 422]);
const LEADS_STATUSES = new Set([200, 204, 400, 401, 404, 405, 409, 412, 428, 429]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const LEAK = /\bat .+\.(?:m?ts|m?js):\d+|ECONNREFUSED|BlobsInternalError|TypeError|RangeError|SyntaxError/;

/** Metadata keys the pipeline writes beside the schema's fields, with their rules. */
const META: Record<string, (value: unknown) => boolean> = {
  id: (v) => typeof v === 'string',
  kind: (v) => typeof v === 'string',
  receivedAt: (v) => typeof v === 'string' && ISO.test(v),
  consentAt: (v) => typeof v === 'string' && ISO.test(v),
  page: (v) => typeof v === 'string',
  via: (v) => v === 'js' || v === 'html',
  spam: (v) => typeof v === 'string',
  photos: (v) => Array.isArray(v) && v.every((p) => typeof p === 'string'),
  notified: (v) => typeof v === 'boolean',
  notifyError: (v) => typeof v === 'string',
  notifyAttempts: (v) => Number.isInteger(v) && (v as number) > 0,
  notifyGaveUp: (v) => v === true,
  notifyHeld: (v) => v === 'repeat-contact',
  notifiedAt: (v) => typeof v === 'string' && ISO.test(v),
  notifiedWith: (v) => typeof v === 'string',
  // The webhook's delivery (src/server/outbound/webhook.ts) and the team's work in the inbox (team/work.ts).
  webhookSent: (v) => typeof v === 'boolean',
  webhookError: (v) => typeof v === 'string',
  webhookAttempts: (v) => Number.isInteger(v) && (v as number) > 0,
  webhookGaveUp: (v) => v === true,
  // The visitor's acknowledgement (src/server/outbound/ack.ts).
  ackedAt: (v) => typeof v === 'string' && ISO.test(v),
  ackError: (v) => typeof v === 'string',
  ackAttempts: (v) => Number.isInteger(v) && (v as number) > 0,
  ackGaveUp: (v) => v === true,
  ackSkipped: (v) => v === 'daily-limit',
  status: (v) => (LEAD_STATUSES as readonly unknown[]).includes(v),
  lostReason: (v) => (LOST_REASONS as readonly unknown[]).includes(v),
  note: (v) => typeof v === 'string',
  statusBy: (v) => typeof v === 'string',
  statusAt: (v) => typeof v === 'string' && ISO.test(v),
  history: (v) => Array.isArray(v),
  releasedBy: (v) => typeof v === 'string',
  releasedAt: (v) => typeof v === 'string' && ISO.test(v),
  spamReason: (v) => typeof v === 'string',
  // A privacy request's answer day (src/lib/enquiry/privacy.ts), set by the server.
  replyBy: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v),
  // The lead's person across the group and a referral's origin (PERSON_FIELDS, src/server/db/persons.ts).
  personId: (v) => typeof v === 'string',
  repeatOf: (v) => typeof v === 'string',
  source: (v) => v === 'referral',
  referredBy: (v) => typeof v === 'string',
  referredFrom: (v) => typeof v === 'string',
  referralNote: (v) => typeof v === 'string',
  // Routing (src/server/intake/assign.ts): the assignee chosen in the lead's transaction and the first-contact clock.
  assignee: (v) => typeof v === 'object' && v !== null && typeof (v as { name?: unknown }).name === 'string' && 'id' in v,
  assignedAt: (v) => typeof v === 'string' && ISO.test(v),
  firstContactDueAt: (v) => typeof v === 'string' && ISO.test(v),
  firstContactAt: (v) => typeof v === 'string' && ISO.test(v),
  // Follow-ups (src/server/team/follow-ups.ts): the next follow-up a member or an attempt set.
  followUpAt: (v) => typeof v === 'string' && ISO.test(v),
};
/** Schema fields the record does not keep as such (the id is `id`; consent is `consentAt`). */
const NOT_STORED = new Set(['submissionId', 'consent', 'company_website']);

const mediaType = (headers: Record<string, string>) => (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();

const supportedType = (c: EnquiryCase, headers: Record<string, string>) => {
  const type = mediaType(headers);
  return (
    type === 'application/json' ||
    type === 'application/x-www-form-urlencoded' ||
    (type === 'multipart/form-data' && c.endpoint === 'realestate')
  );
};

const CROSS_SITE = new Set(['foreign-origin', 'null-origin', 'cross-site', 'same-site']);

/**
 * The status the case must get when the case alone decides it (in the pipeline's order:
 * method, cross-site, content type, declared size), else null.
 */
export const expectedStatus = (c: FuzzCase, m: Materialized): number | null => {
  if (c.endpoint === 'leads') {
    const path = m.path.split('?')[0];
    // `/api/leads/<id>` only when the id is one path segment; anything else is another path.
    if (path !== '/api/leads' && !/^\/api\/leads\/[^/]+\/?$/.test(path)) return null;
    // The list takes GET; one lead GET (the inbox's read), PATCH (its status and note) and DELETE.
    if (!(path === '/api/leads' ? ['GET'] : ['GET', 'PATCH', 'DELETE']).includes(c.method)) return 405;
    if (c.auth !== 'right' && c.auth !== 'lowercase') return 401;
    return null;
  }
  if (c.method === 'GET') return CROSS_SITE.has(c.site) ? 403 : 200;
  if (c.method !== 'POST') return 405;
  if (CROSS_SITE.has(c.site)) return 403;
  if (!supportedType(c, m.headers)) return 415;
  if (c.framing === 'declared-huge') return 413;
  const untouched =
    c.mutations.length === 0 && c.breakage === null && c.contentType === 'right' && (c.framing === 'plain' || c.framing === 'chunked');
  const photosFine =
    c.files.length === 0 ||
    (c.base?.intent === 'sell' &&
      c.base.category === 'flats' &&
      c.files.length <= 5 &&
      c.files.every((f) => ['jpeg', 'png', 'webp'].includes(f.content) && f.size <= 1_500_000) &&
      c.files.reduce((n, f) => n + f.size, 0) <= 4 * 1024 * 1024);
  if (untouched && photosFine) return m.wantsHtml ? 303 : 201;
  return null;
};

/** The HTTP server's own answer to a request it cannot parse: 400, no content type, no body. */
export const isHttpLayer400 = (a: Answer) => a.status === 400 && !a.headers['content-type'] && a.body === '';

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const nonEmptyText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** Problems with one answer. */
export const answerProblems = (c: FuzzCase, m: Materialized, a: Answer): string[] => {
  const problems: string[] = [];
  const expected = expectedStatus(c, m);
  if (m.framing === 'long') {
    // Fewer bytes than declared, then the client stopped: there is no request to answer. The
    // HTTP server may close, or answer a bare 400 itself; anything but a 2xx or 5xx will do.
    if (a.status >= 500 || (a.status >= 200 && a.status < 300)) problems.push(`a body that never arrived answered ${a.status}`);
    return problems;
  }
  if (a.status === 0) return ['no answer'];
  // More bytes than declared: the HTTP server reads the declared bytes as the request and the
  // rest as a broken next request, which it may answer itself (a bare 400) before our answer.
  if (m.framing === 'short' && isHttpLayer400(a)) return [];
  if (a.status >= 500) problems.push(`answered ${a.status}`);
  else if (!(c.endpoint === 'leads' ? LEADS_STATUSES : ENQUIRY_STATUSES).has(a.status))
    problems.push(`answered ${a.status}, which the API does not use`);
  if (expected !== null && a.status !== expected && m.framing !== 'short') problems.push(`answered ${a.status}, expected ${expected}`);
  if (LEAK.test(a.body)) problems.push('the answer shows internal details');
  if (m.method === 'HEAD') return problems;

  if (c.endpoint === 'leads') {
    if (a.status === 200) {
      const type = mediaType(a.headers);
      if (type !== 'text/csv' && type !== 'application/json') problems.push(`export answered 200 as ${type}`);
    } else if (a.status >= 400) problems.push(...jsonErrorProblems(a));
    if (a.status === 405 && !a.headers.allow) problems.push('405 without Allow');
    return problems;
  }

  if (a.status === 200) {
    // GET: a fresh challenge for the form. A POST answers 200 only with the confirm page: a
    // browser's native post whose confirmation token a mutation broke or cut off, or whose fields
    // no longer match it, is asked to confirm again (nothing stored, nothing e-mailed).
    if (m.method === 'POST') {
      if (!m.wantsHtml) problems.push("a script's POST answered 200");
      else if (mediaType(a.headers) !== 'text/html' || !CONFIRM_FORM.test(a.body))
        problems.push('a POST answered 200 without the confirm page');
      return problems;
    }
    const body = parseJson(a.body) as { challenge?: unknown } | undefined;
    if (m.method !== 'GET') problems.push(`a ${m.method} answered 200`);
    else if (mediaType(a.headers) !== 'application/json' || !nonEmptyText(body?.challenge))
      problems.push('GET answered 200 without a challenge');
    return problems;
  }
  if (a.status === 201 || a.status === 303) {
    if (m.wantsHtml && a.status !== 303) problems.push(`a browser's post answered ${a.status}, not 303`);
    if (!m.wantsHtml && a.status !== 201) problems.push(`a script's post answered ${a.status}, not 201`);
    if (a.status === 303 && !THANK_YOU.test(a.headers.location ?? '')) problems.push(`303 to ${a.headers.location}`);
    if (a.status === 201) {
      const body = parseJson(a.body) as { ok?: unknown; id?: unknown; receivedAt?: unknown } | undefined;
      if (
        !body ||
        body.ok !== true ||
        typeof body.id !== 'string' ||
        !UUID.test(body.id) ||
        typeof body.receivedAt !== 'string' ||
        !ISO.test(body.receivedAt)
      ) {
        problems.push(`201 body is not { ok, id, receivedAt }: ${a.body.slice(0, 120)}`);
      }
    }
    return problems;
  }
  if (a.status >= 400) {
    if (m.wantsHtml) problems.push(...htmlErrorProblems(a));
    else problems.push(...jsonErrorProblems(a));
  }
  if (a.status === 405 && a.headers.allow !== 'GET, POST') problems.push('405 without Allow: GET, POST');
  return problems;
};

const jsonErrorProblems = (a: Answer): string[] => {
  if (mediaType(a.headers) !== 'application/json') return [`${a.status} answered as ${mediaType(a.headers) || 'no content type'}`];
  const body = parseJson(a.body) as { error?: unknown; fields?: unknown } | undefined;
  if (!body || !nonEmptyText(body.error)) return [`${a.status} without an error message: ${a.body.slice(0, 120)}`];
  if (a.status === 422) {
    const fields = body.fields as Record<string, unknown> | undefined;
    if (!fields || typeof fields !== 'object' || Object.keys(fields).length === 0) return ['422 names no field'];
    if (!Object.values(fields).every(nonEmptyText)) return ['422 has a field without a message'];
  }
  return [];
};

const htmlErrorProblems = (a: Answer): string[] => {
  if (mediaType(a.headers) !== 'text/html')
    return [`a browser's post got ${a.status} as ${mediaType(a.headers) || 'no content type'}, not the HTML page`];
  const heading = /<h1>([^<]+)<\/h1>/.exec(a.body)?.[1];
  if (!nonEmptyText(heading)) return [`${a.status} page without a heading`];
  if (a.status === 422 && !/<li><strong>[^<]+:<\/strong> [^<]+<\/li>/.test(a.body)) return ['422 page lists no field'];
  return [];
};

const idOfKey = (key: string) => key.slice(key.lastIndexOf('/') + 1);
const kindOfKey = (key: string) => (key.startsWith('spam/') ? key.split('/')[1] : key.split('/')[0]) as EnquiryKind;

const wellFormed = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.isWellFormed()
    : Array.isArray(value)
      ? value.every(wellFormed)
      : value !== null && typeof value === 'object'
        ? Object.entries(value).every(([k, v]) => k.isWellFormed() && wellFormed(v))
        : true;

/** Problems with one stored record: it must be a valid enquiry of its kind, as the schema would store it. */
export const recordProblems = ({ key, record }: StoredRecord): string[] => {
  const kind = kindOfKey(key);
  if (!(ENQUIRY_KINDS as readonly string[]).includes(kind)) return [`${key}: not a lead key`];
  const problems: string[] = [];
  if (record.id !== idOfKey(key)) problems.push(`${key}: id ${String(record.id)}`);
  if (record.kind !== kind) problems.push(`${key}: kind ${String(record.kind)}`);
  if (key.startsWith('spam/') !== (typeof record.spam === 'string')) problems.push(`${key}: spam flag does not match its place`);
  if (!wellFormed(record)) problems.push(`${key}: holds text that is not well-formed Unicode`);
  const schema = enquirySchemas[kind];
  const known = new Set(Object.keys(schema.def.shape));
  const wire: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(record)) {
    if (Object.hasOwn(META, field)) {
      if (!META[field](value)) problems.push(`${key}: ${field} is ${JSON.stringify(value)?.slice(0, 60)}`);
    } else if (known.has(field) && !NOT_STORED.has(field)) wire[field] = value;
    else problems.push(`${key}: stores the unknown key ${JSON.stringify(field)}`);
  }
  const again = schema.safeParse({ ...wire, submissionId: record.id, consent: true, page: record.page });
  if (!again.success) problems.push(`${key}: fails its schema (${again.error.issues.map((i) => i.path.join('.')).join(', ')})`);
  else {
    for (const [field, value] of Object.entries(wire)) {
      if ((again.data as Record<string, unknown>)[field] !== value) problems.push(`${key}: ${field} is not as the schema stores it`);
    }
  }
  if (record.photos !== undefined && kind !== 'realestate') problems.push(`${key}: photos on a ${kind} lead`);
  // A privacy request has an answer day and no consent; every other lead the other way round.
  if ((kind === 'privacy') !== (record.replyBy !== undefined))
    problems.push(`${key}: replyBy on a ${kind} record is ${String(record.replyBy)}`);
  if ((kind === 'privacy') === (record.consentAt !== undefined))
    problems.push(`${key}: consentAt on a ${kind} record is ${String(record.consentAt)}`);
  return problems;
};

/** The id and receivedAt of a 201 answer, or null. */
const receiptOf = (a: Answer): { id: string; receivedAt: string } | null => {
  if (a.status !== 201) return null;
  const body = parseJson(a.body) as { id?: string; receivedAt?: string } | undefined;
  return body?.id && body.receivedAt ? { id: body.id, receivedAt: body.receivedAt } : null;
};

/** Problems with what the store holds after a case's answers. */
export const storeProblems = (c: FuzzCase, m: Materialized, answers: Answer[], view: StoreView): string[] => {
  const problems = view.records.flatMap(recordProblems);
  const accepted = answers.filter((a) => a.status === 201 || a.status === 303);
  const receipts = answers.map(receiptOf).filter((r) => r !== null);
  // A bare 400 from the HTTP server (see answerProblems) may hide our answer to the declared bytes.
  const answerLost = m.framing === 'short' && answers.some(isHttpLayer400);
  if (c.endpoint === 'leads' || (accepted.length === 0 && !answerLost)) {
    if (view.records.length || view.deliveries.length || view.photos.length) {
      problems.push(
        `a refused request stored something: ${[...view.records.map((r) => r.key), ...view.deliveries, ...view.photos].join(', ')}`,
      );
    }
    return problems;
  }

  const perId = new Map<string, StoredRecord[]>();
  for (const stored of view.records) perId.set(idOfKey(stored.key), [...(perId.get(idOfKey(stored.key)) ?? []), stored]);
  for (const [id, records] of perId)
    if (records.length > 1) problems.push(`${id} is stored ${records.length} times: ${records.map((r) => r.key).join(', ')}`);

  const sentId = m.ids.length > 0;
  for (const { id, receivedAt } of receipts) {
    const records = perId.get(id) ?? [];
    if (records.length === 0) problems.push(`201 for ${id}, but it is not stored`);
    const lead = records.find((r) => !r.key.startsWith('spam/'));
    if (lead) {
      if (!view.deliveries.includes(`${id}:team`)) problems.push(`${id}: stored without its team e-mail's delivery`);
      if (lead.record.receivedAt !== receivedAt)
        problems.push(`${id}: answered receivedAt ${receivedAt}, stored ${String(lead.record.receivedAt)}`);
    }
  }
  const leadReceipts = receipts.filter((r) => perId.get(r.id)?.some((s) => !s.key.startsWith('spam/')));
  if (sentId && new Set(leadReceipts.map((r) => `${r.id} ${r.receivedAt}`)).size > 1)
    problems.push(`copies of one submission got different answers: ${leadReceipts.map((r) => r.receivedAt).join(', ')}`);

  if (view.complete && !answerLost) {
    // Copies with one id are one lead; native posts without an id are one lead each.
    const expected = sentId ? 1 : accepted.length;
    if (perId.size !== expected) problems.push(`${accepted.length} accepted answers, ${perId.size} ids stored (expected ${expected})`);
    const photoCount = view.records.reduce((n, r) => n + ((r.record.photos as string[] | undefined)?.length ?? 0), 0);
    if (view.photos.length !== photoCount) problems.push(`${view.photos.length} photos stored, the leads list ${photoCount}`);
  }
  for (const stored of view.records) {
    for (const photo of (stored.record.photos as string[] | undefined) ?? []) {
      if (!photo.startsWith(`${String(stored.record.id)}/`)) problems.push(`${stored.key} lists a photo of another lead: ${photo}`);
      if (!view.photos.includes(photo)) problems.push(`${stored.key} lists ${photo}, which is not stored`);
    }
  }
  return problems;
};
