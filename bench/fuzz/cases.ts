/**
 * What the API fuzzer sends: fast-check arbitraries of requests to the enquiry endpoints (privacy requests too)
 * and /api/leads, as plain data (so a failing case prints and shrinks readably), and
 * `materialize()`, which turns one into bytes. Ids are made fresh at each materialization, so a
 * case replayed while shrinking never collides with what an earlier run stored.
 *
 * Bodies start from the shared fixtures (harness/sample-enquiries.ts) and the option lists, and
 * are then broken on purpose: wrong types, huge strings, hostile unicode, prototype keys, deep
 * nesting, numbers as strings, truncated JSON, wrong content types, repeated form keys, broken
 * multipart, photos whose bytes lie, wrong methods, lying Content-Length, chunked bodies,
 * cross-site headers.
 */
import fc from 'fast-check';
import { ENQUIRY_KINDS, INTENTS, CATEGORIES, realEstateFieldsFor, type EnquiryKind } from '../../src/lib/enquiry/index.ts';
import { CONSENT_VERSIONS } from '../../src/lib/consent.ts';
import { BROWSER_NAVIGATION_ACCEPT, asNativeForm, valid, type Fields } from '../../harness/sample-enquiries.ts';
import { issueChallenge, issueConfirmation } from '../../src/server/intake/challenge.ts';
import { firstTextValues } from '../../src/server/intake/native-post.ts';
import { randomClientAddress } from '../../harness/client-address.ts';

export type Endpoint = EnquiryKind | 'leads';
export type Accept = 'json' | 'html' | 'any' | 'none' | 'navigate';
/** Where the request claims to come from (Origin and Sec-Fetch-Site). */
export type Site =
  'none' | 'same-origin' | 'own-origin' | 'foreign-origin' | 'null-origin' | 'null-origin-same-origin' | 'cross-site' | 'same-site';
/** How the body is framed on the wire. */
export type Framing = 'plain' | 'chunked' | 'declared-huge' | 'short' | 'long';

/** A value put in a field; `{ $: … }` are values JSON.stringify cannot make directly. */
export type Hostile =
  | null
  | boolean
  | number
  | string
  | Hostile[]
  | { [key: string]: Hostile }
  | { $: 'big-number'; text: string }
  | { $: 'repeat'; unit: string; times: number }
  | { $: 'fresh-uuid'; upper: boolean };

export type Mutation =
  | { op: 'set'; field: string; value: Hostile }
  | { op: 'delete'; field: string }
  | { op: 'add'; key: string; value: Hostile }
  | { op: 'deep'; field: string; depth: number; shape: 'array' | 'object' }
  /** The key twice: JSON text with both (the last counts), or a repeated form field (the first counts). */
  | { op: 'twice'; field: string; value: Hostile; hostileFirst: boolean };

export type Breakage =
  | { type: 'truncate'; keep: number }
  | { type: 'not-object'; text: string }
  | { type: 'empty' }
  | { type: 'bom' }
  | { type: 'bad-utf8'; at: number }
  | { type: 'pad'; bytes: number }
  | { type: 'garbage'; bytes: number[] }
  | { type: 'bad-percent'; text: string }
  | { type: 'boundary'; how: 'missing' | 'wrong' | 'unterminated' };

export interface FileSpec {
  /** What the bytes really are. */
  content: 'jpeg' | 'png' | 'webp' | 'gif' | 'text' | 'empty' | 'jpeg-magic-only';
  size: number;
  name: string;
  declaredType: string;
}

export interface EnquiryCase {
  endpoint: EnquiryKind;
  /** Which valid enquiry to start from (real estate: intent and category; others: the fixture). */
  base: { intent: (typeof INTENTS)[number]; category: (typeof CATEGORIES)[number] } | null;
  /** Form the body is sent in; the multipart ones only make sense for Sell Flats. */
  encoding: 'json' | 'form' | 'multipart-data' | 'multipart-fields';
  mutations: Mutation[];
  files: FileSpec[];
  breakage: Breakage | null;
  method: string;
  /** 'right' is the encoding's own type. */
  contentType: string;
  accept: Accept;
  site: Site;
  framing: Framing;
  /** Identical requests sent at the same moment (retries racing). */
  copies: number;
  /** One more identical request after the first answers (a visitor's retry). */
  resend: boolean;
}

export interface LeadsCase {
  endpoint: 'leads';
  /** `/api/leads`, or `/api/leads/<id>` (read, change, erasure) with a fresh UUID or hostile text. */
  target: { $: 'list' } | { $: 'lead'; id: Hostile };
  method: string;
  auth: 'none' | 'right' | 'wrong' | 'basic' | 'lowercase' | 'empty-bearer';
  query: [string, string][];
  accept: Accept;
  site: Site;
}

export type FuzzCase = EnquiryCase | LeadsCase;

/** A request ready to send; `ids` are the submissionIds the body carries. */
export interface Materialized {
  method: string;
  path: string;
  /** Header names are lower case; `origin` may hold the placeholder OWN_ORIGIN. */
  headers: Record<string, string>;
  body: Uint8Array | null;
  framing: Framing;
  ids: string[];
  /** Whether a browser would get an HTML answer (a navigation, or an Accept that prefers HTML). */
  wantsHtml: boolean;
}

/** Replaced by the target with its own origin (e.g. http://localhost:8886). */
export const OWN_ORIGIN = '{own-origin}';

// ---- values -------------------------------------------------------------------------------

const UNICODE_BITS = [
  '\u202e', // right-to-left override
  '\u200f', // right-to-left mark
  '\u0301', // combining acute
  '\u0bcd', // Tamil virama (a combining mark)
  '\u0000', // NUL
  '\ud800', // lone high surrogate
  '\udfff', // lone low surrogate
  '\ufeff', // BOM / zero-width no-break space
  '\u200d', // zero-width joiner
  '😀',
  'ப்ரியா',
  'ప్రియ',
  'प्रिया',
  '\r\n',
  '\t',
  '<script>alert(1)</script>',
  '=cmd|/c calc',
  '"',
  "'",
  '\\',
  '%00',
  '../',
];

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];

const unicodeString = fc
  .array(fc.constantFrom(...UNICODE_BITS, 'a', 'Priya', ' ', '.', '-'), { minLength: 1, maxLength: 8 })
  .map((parts) => parts.join(''));

const numberAsString = fc.oneof(
  fc.integer().map(String),
  fc.constantFrom(
    '15000',
    '1e3',
    '0x10',
    '-0',
    'NaN',
    'Infinity',
    ' 9876543210 ',
    '9876543210',
    '+919876543210',
    'true',
    'false',
    'null',
    'on',
  ),
);

const scalar: fc.Arbitrary<Hostile> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom<Hostile>(9876543210, 0, -1, 15000, 2 ** 53 + 1),
  fc.constantFrom<Hostile>(
    { $: 'big-number', text: '1e309' },
    { $: 'big-number', text: '-1e309' },
    { $: 'big-number', text: '123456789012345678901234567890' },
  ),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  { arbitrary: unicodeString, weight: 3 },
  { arbitrary: numberAsString, weight: 2 },
  fc.constantFrom<Hostile>('', ' ', '   ', 'Select Any', 'state', 'city', 'Loan Type', ...PROTO_KEYS),
  fc
    .record({ unit: fc.constantFrom('a', 'ப', '9', ' ', '😀', '\u0000'), times: fc.constantFrom(61, 2001, 5000, 40_000) })
    .map(({ unit, times }): Hostile => ({ $: 'repeat', unit, times })),
  fc.boolean().map((upper): Hostile => ({ $: 'fresh-uuid', upper })),
);

export const hostileValue: fc.Arbitrary<Hostile> = fc.oneof(
  { arbitrary: scalar, weight: 6 },
  { arbitrary: fc.array(scalar, { maxLength: 3 }), weight: 1 },
  { arbitrary: fc.dictionary(fc.constantFrom(...PROTO_KEYS, 'a', 'polluted'), scalar, { maxKeys: 3 }), weight: 1 },
);

// ---- enquiries ----------------------------------------------------------------------------

/** Field names worth breaking: every wire field, the server's own, and a few strangers. */
const FIELDS = [
  'Username',
  'phone',
  'email',
  'currentdate',
  'submissionId',
  'consent',
  'page',
  'company_website',
  'elapsedMs',
  'challenge',
  'intent',
  'category',
  'property',
  'listing',
  'type',
  'cost',
  'time',
  'selectedState',
  'selectedCity',
  'message',
  'Loantype',
  'Banktype',
  'Amount',
  'Profession',
  'Planning',
  'id',
  'kind',
  'receivedAt',
  'notified',
  'spam',
  'via',
  'photos',
  'locale',
  'consentLocale',
  'consentNotice',
  'callTime',
  'callLanguage',
];

/** Free-text fields (where any text is allowed, hostile text can get through) come up more often. */
const field = fc.oneof(
  { arbitrary: fc.constantFrom(...FIELDS), weight: 3 },
  { arbitrary: fc.constantFrom('message', 'Username', 'page', 'email', 'phone'), weight: 1 },
);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant('set' as const), field, value: hostileValue }), weight: 6 },
  { arbitrary: fc.record({ op: fc.constant('delete' as const), field: fc.constantFrom(...FIELDS) }), weight: 2 },
  // The page's language: a real one (answers and the thank-you page change language), or not.
  {
    arbitrary: fc.record({
      op: fc.constant('set' as const),
      field: fc.constantFrom('locale', 'consentLocale'),
      value: fc.constantFrom<Hostile>('ta', 'te', 'kn', 'en', 'TA', 'fr', ''),
    }),
    weight: 1,
  },
  // When and in which language to call back: a listed value (stored), empty (not given), or one the schema refuses.
  {
    arbitrary: fc.oneof(
      fc.record({
        op: fc.constant('set' as const),
        field: fc.constant('callTime'),
        value: fc.constantFrom<Hostile>('Morning (9:30-12:00)', 'Evening (16:00-19:00)', '', 'evening', 'Night (19:00-23:00)'),
      }),
      fc.record({
        op: fc.constant('set' as const),
        field: fc.constant('callLanguage'),
        value: fc.constantFrom<Hostile>('Tamil', 'Hindi', '', 'ta', 'Malayalam'),
      }),
    ),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('add' as const),
      key: fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ minLength: 1, maxLength: 8 })),
      value: hostileValue,
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('deep' as const),
      field: fc.constantFrom(...FIELDS, 'extra'),
      depth: fc.constantFrom(2, 50, 1000, 10_000),
      shape: fc.constantFrom('array' as const, 'object' as const),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ op: fc.constant('twice' as const), field, value: hostileValue, hostileFirst: fc.boolean() }), weight: 2 },
);

const fileSpec: fc.Arbitrary<FileSpec> = fc.record({
  content: fc.constantFrom('jpeg', 'png', 'webp', 'gif', 'text', 'empty', 'jpeg-magic-only'),
  size: fc.oneof(
    { arbitrary: fc.integer({ min: 12, max: 4096 }), weight: 8 },
    { arbitrary: fc.constantFrom(1_572_864, 1_572_865, 1_400_000), weight: 1 },
  ),
  name: fc.constantFrom('front.jpg', 'hall.webp', 'plan.png', 'a.gif', 'notes.txt', '', '../../etc/passwd', 'ப.jpg', 'x'.repeat(300)),
  declaredType: fc.constantFrom('image/jpeg', 'image/png', 'image/webp', 'image/gif', 'text/plain', 'application/octet-stream', ''),
});

// Sell Flats, the one form with photos, gets a good share.
const realEstateBase = fc.oneof(
  { arbitrary: fc.constant({ intent: 'sell' as const, category: 'flats' as const }), weight: 3 },
  { arbitrary: fc.record({ intent: fc.constantFrom(...INTENTS), category: fc.constantFrom(...CATEGORIES) }), weight: 7 },
);

const breakage = (encoding: EnquiryCase['encoding']): fc.Arbitrary<Breakage> => {
  const common: fc.Arbitrary<Breakage>[] = [
    fc.integer({ min: 0, max: 400 }).map((keep): Breakage => ({ type: 'truncate', keep })),
    fc.constant<Breakage>({ type: 'empty' }),
    fc.constant<Breakage>({ type: 'bom' }),
    fc.integer({ min: 0, max: 300 }).map((at): Breakage => ({ type: 'bad-utf8', at })),
    fc.constantFrom(32 * 1024, 40_000, 200_000).map((bytes): Breakage => ({ type: 'pad', bytes })),
    fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 64 }).map((bytes): Breakage => ({ type: 'garbage', bytes })),
  ];
  if (encoding === 'json') {
    common.push(
      fc
        .constantFrom('[]', '[{"a":1}]', '"text"', '42', 'null', 'true', '{', '}', '{"a":}', "{'a':1}", '{"a":1}{"b":2}', 'NaN')
        .map((text): Breakage => ({ type: 'not-object', text })),
    );
  }
  if (encoding === 'form')
    common.push(
      fc
        .constantFrom('%', '%zz', '%E0%A4', '%ED%A0%80', 'a=%FF%FE', '&&&===', '=x')
        .map((text): Breakage => ({ type: 'bad-percent', text })),
    );
  if (encoding.startsWith('multipart'))
    common.push(fc.constantFrom('missing', 'wrong', 'unterminated').map((how): Breakage => ({ type: 'boundary', how })));
  return fc.oneof(...common);
};

/** Multipart is for Sell Flats; elsewhere it is only tried now and then (415). */
const encodingFor = (endpoint: EnquiryKind) =>
  fc.oneof(
    { arbitrary: fc.constant('json' as const), weight: 6 },
    { arbitrary: fc.constant('form' as const), weight: 3 },
    { arbitrary: fc.constantFrom('multipart-data' as const, 'multipart-fields' as const), weight: endpoint === 'realestate' ? 3 : 1 },
  );

const enquiryCase = (options: { hostileHeaders: boolean }): fc.Arbitrary<EnquiryCase> =>
  fc
    .constantFrom(...ENQUIRY_KINDS)
    .chain((endpoint) =>
      fc.record({
        endpoint: fc.constant(endpoint),
        encoding: encodingFor(endpoint),
        realEstate: realEstateBase,
        mutations: fc.oneof(
          { arbitrary: fc.constant([] as Mutation[]), weight: 2 },
          { arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }), weight: 3 },
        ),
        files: fc.oneof(
          { arbitrary: fc.constant([] as FileSpec[]), weight: 2 },
          { arbitrary: fc.array(fileSpec, { minLength: 1, maxLength: 7 }), weight: 2 },
        ),
        brokenBody: fc.oneof({ arbitrary: fc.constant(false), weight: 4 }, { arbitrary: fc.constant(true), weight: 1 }),
        method: options.hostileHeaders
          ? fc.oneof(
              { arbitrary: fc.constant('POST'), weight: 6 },
              { arbitrary: fc.constantFrom('GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'), weight: 1 },
            )
          : fc.constant('POST'),
        contentType: options.hostileHeaders
          ? fc.oneof(
              { arbitrary: fc.constant('right'), weight: 8 },
              {
                arbitrary: fc.constantFrom(
                  'missing',
                  'text/plain',
                  'application/xml',
                  'APPLICATION/JSON',
                  'application/json; charset=utf-8',
                  'application/json;charset=latin1',
                  'application/json-patch+json',
                  'application/x-www-form-urlencoded',
                  'multipart/form-data',
                  'multipart/form-data; boundary=',
                  'application/x-www-form-urlencoded; charset=iso-8859-1',
                  '*/*',
                  ';;;',
                  'application/json, text/html',
                ),
                weight: 2,
              },
            )
          : fc.constant('right'),
        accept: fc.constantFrom<Accept>('json', 'any', 'none', 'html', 'navigate'),
        site: options.hostileHeaders
          ? fc.oneof(
              { arbitrary: fc.constantFrom<Site>('none', 'same-origin', 'own-origin', 'null-origin-same-origin'), weight: 6 },
              { arbitrary: fc.constantFrom<Site>('foreign-origin', 'null-origin', 'cross-site', 'same-site'), weight: 1 },
            )
          : fc.constantFrom<Site>('none', 'same-origin', 'own-origin'),
        framing: options.hostileHeaders
          ? fc.oneof(
              { arbitrary: fc.constant<Framing>('plain'), weight: 8 },
              { arbitrary: fc.constantFrom<Framing>('chunked', 'declared-huge', 'short', 'long'), weight: 1 },
            )
          : fc.constant<Framing>('plain'),
        copies: fc.oneof({ arbitrary: fc.constant(1), weight: 6 }, { arbitrary: fc.integer({ min: 2, max: 4 }), weight: 1 }),
        resend: fc.boolean(),
      }),
    )
    .chain((draft) =>
      (draft.brokenBody ? breakage(draft.encoding) : fc.constant(null)).map((broken): EnquiryCase => ({
        endpoint: draft.endpoint,
        base: draft.endpoint === 'realestate' ? draft.realEstate : null,
        encoding: draft.encoding,
        mutations: draft.mutations,
        files: draft.encoding.startsWith('multipart') ? draft.files : [],
        breakage: broken,
        method: draft.method,
        contentType: draft.contentType,
        accept: draft.accept,
        site: draft.site,
        framing: draft.framing,
        copies: draft.copies,
        resend: draft.resend,
      })),
    );

// ---- the export ---------------------------------------------------------------------------

const queryValue = fc.oneof(
  fc.constantFrom(
    '',
    'realestate',
    'bankloan',
    'finance',
    'contact',
    'all',
    '__proto__',
    'csv',
    'json',
    'xml',
    '1',
    '0',
    'true',
    'yes',
    '500',
    '501',
    '-1',
    '1.5',
  ),
  fc.constantFrom(...CONSENT_VERSIONS, 'v0', '../consent'),
  fc.constantFrom(
    'eyJhZnRlciI6IngiLCJzZXNzaW9uIjoieSJ9',
    'not-base64!',
    Buffer.from('{"after":"finance/2026-11/x","session":"s"}').toString('base64url'),
  ),
  fc.constantFrom(
    '2001-01-01',
    '2020-12-31',
    '2024-02-29',
    '2023-02-29',
    '2024-13-01',
    '01-01-2024',
    '2024-1-1',
    '9999-12-31',
    '0000-00-00',
  ),
  fc.string({ maxLength: 10 }),
  unicodeString,
);

const leadsTarget = fc.oneof(
  { arbitrary: fc.constant<LeadsCase['target']>({ $: 'list' }), weight: 4 },
  {
    arbitrary: fc
      .oneof(
        fc.boolean().map((upper): Hostile => ({ $: 'fresh-uuid', upper })),
        scalar,
      )
      .map((id): LeadsCase['target'] => ({ $: 'lead', id })),
    weight: 1,
  },
);

const leadsCase: fc.Arbitrary<LeadsCase> = leadsTarget.chain((target) =>
  fc.record({
    endpoint: fc.constant('leads' as const),
    target: fc.constant(target),
    // Mostly the method the path takes (GET a page, DELETE a lead), sometimes another.
    method: fc.oneof(
      { arbitrary: fc.constant(target.$ === 'list' ? 'GET' : 'DELETE'), weight: 6 },
      { arbitrary: fc.constantFrom('GET', 'DELETE', 'PATCH', 'POST', 'PUT', 'HEAD', 'OPTIONS'), weight: 1 },
    ),
    auth: fc.constantFrom<LeadsCase['auth']>('none', 'right', 'right', 'right', 'wrong', 'basic', 'lowercase', 'empty-bearer'),
    query: fc.array(
      fc.tuple(fc.constantFrom('kind', 'from', 'to', 'format', 'spam', 'cursor', 'limit', 'consentNotice', '__proto__', 'x'), queryValue),
      { maxLength: 5 },
    ),
    accept: fc.constantFrom<Accept>('json', 'any', 'none', 'html'),
    site: fc.constantFrom<Site>('none', 'same-origin', 'foreign-origin', 'cross-site'),
  }),
);

/** Every kind of case, weighted so that about a third of the enquiries are accepted. */
export const fuzzCase: fc.Arbitrary<FuzzCase> = fc.oneof(
  { arbitrary: enquiryCase({ hostileHeaders: false }), weight: 5 },
  { arbitrary: enquiryCase({ hostileHeaders: true }), weight: 4 },
  { arbitrary: leadsCase, weight: 1 },
);

// ---- bytes --------------------------------------------------------------------------------

const encoder = new TextEncoder();

const freshUuid = () => globalThis.crypto.randomUUID();

/** The value as JSON text; `{ $: … }` values as their raw JSON. */
export const jsonText = (value: Hostile): string => {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if ('$' in value && typeof value.$ === 'string') {
    const special = value as Extract<Hostile, { $: string }>;
    if (special.$ === 'big-number') return special.text;
    if (special.$ === 'repeat') return JSON.stringify(special.unit.repeat(special.times));
    if (special.$ === 'fresh-uuid') return JSON.stringify(special.upper ? freshUuid().toUpperCase() : freshUuid());
  }
  return `{${Object.entries(value)
    .map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`)
    .join(',')}}`;
};

/** The value as a form field's text. */
export const formText = (value: Hostile): string => {
  if (typeof value === 'string') return value;
  if (value !== null && typeof value === 'object' && '$' in value && typeof value.$ === 'string') {
    const special = value as Extract<Hostile, { $: string }>;
    if (special.$ === 'big-number') return special.text;
    if (special.$ === 'repeat') return special.unit.repeat(special.times);
    if (special.$ === 'fresh-uuid') return special.upper ? freshUuid().toUpperCase() : freshUuid();
  }
  return jsonText(value);
};

/** A valid enquiry of `kind` (real estate: of the given intent and category), with a fresh submissionId. */
export const validEnquiry = (kind: EnquiryKind, base: EnquiryCase['base'] = null): Fields => {
  if (kind !== 'realestate' || !base) return valid[kind]();
  const { intent, category } = base;
  const spec = realEstateFieldsFor(intent, category);
  const page = `/${intent === 'sell' ? 'Sell' : ''}${category[0].toUpperCase()}${category.slice(1)}`;
  const fields: Fields = valid.realestate({ intent, category, property: spec.property, page, cost: spec.cost[1], time: spec.time[0] });
  if (spec.listing) fields.listing = spec.listing[0];
  else delete fields.listing;
  if (spec.type) fields.type = spec.type[1];
  else delete fields.type;
  return fields;
};

type Pair = [string, string];

/** The body's fields as ordered name/value text pairs (JSON text values for JSON bodies). */
const applyMutations = (c: EnquiryCase, json: boolean): Pair[] => {
  // A JSON post carries the challenge its form fetched 20 s before (mutations may break or drop it).
  const base = json
    ? { ...validEnquiry(c.endpoint, c.base), challenge: issueChallenge(FUZZ_CHALLENGE_SECRET, c.endpoint, Date.now() - 20_000) }
    : validEnquiry(c.endpoint, c.base);
  const start = json ? base : asNativeForm(base);
  let pairs: Pair[] = Object.entries(start).map(([k, v]) => [k, json ? JSON.stringify(v) : String(v)]);
  const text = json ? jsonText : formText;
  for (const m of c.mutations) {
    if (m.op === 'set') {
      const value = text(m.value);
      pairs = pairs.some(([k]) => k === m.field)
        ? pairs.map(([k, v]): Pair => [k, k === m.field ? value : v])
        : [...pairs, [m.field, value]];
    } else if (m.op === 'delete') {
      pairs = pairs.filter(([k]) => k !== m.field);
    } else if (m.op === 'add') {
      pairs = [...pairs, [m.key, text(m.value)]];
    } else if (m.op === 'deep') {
      const [open, close] = m.shape === 'array' ? ['[', ']'] : ['{"a":', '}'];
      const nested = `${open.repeat(m.depth)}1${close.repeat(m.depth)}`;
      pairs = [...pairs.filter(([k]) => k !== m.field), [m.field, nested]];
    } else {
      const current = pairs.find(([k]) => k === m.field)?.[1] ?? text('');
      const hostile = text(m.value);
      // JSON: the last of a repeated key counts; a form: the first. Either way both are sent.
      pairs = [
        ...pairs.filter(([k]) => k !== m.field),
        ...((m.hostileFirst
          ? [
              [m.field, hostile],
              [m.field, current],
            ]
          : [
              [m.field, current],
              [m.field, hostile],
            ]) as Pair[]),
      ];
    }
  }
  return pairs;
};

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const fileBytes = (spec: FileSpec): Uint8Array => {
  if (spec.content === 'empty') return new Uint8Array(0);
  const head = {
    jpeg: [0xff, 0xd8, 0xff, 0xe0],
    'jpeg-magic-only': [0xff, 0xd8, 0xff],
    png: PNG,
    webp: [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
    gif: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
    text: [...encoder.encode('just text, not a picture')],
  }[spec.content];
  const size = spec.content === 'jpeg-magic-only' ? head.length : Math.max(spec.size, head.length);
  const bytes = new Uint8Array(size);
  bytes.set(head.slice(0, size));
  for (let i = head.length; i < size; i += 1) bytes[i] = (i * 31) & 0xff;
  return bytes;
};

const concat = (chunks: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
};

const multipartBody = (
  parts: { name: string; value: string | Uint8Array; filename?: string; type?: string }[],
  boundary: string,
  terminated: boolean,
) => {
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name.replace(/"/g, '%22')}"${part.filename !== undefined ? `; filename="${part.filename.replace(/"/g, '%22')}"` : ''}`;
    chunks.push(
      encoder.encode(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`),
    );
    chunks.push(typeof part.value === 'string' ? encoder.encode(part.value) : part.value);
    chunks.push(encoder.encode('\r\n'));
  }
  if (terminated) chunks.push(encoder.encode(`--${boundary}--\r\n`));
  return concat(chunks);
};

/**
 * The submissionId that counts: in JSON the last of a repeated key, in a form the first. An empty
 * or missing one in a form is made by the server (then none is known here).
 */
const idsIn = (pairs: Pair[], json: boolean): string[] => {
  const values = pairs.filter(([k]) => k === 'submissionId').map(([, v]) => v);
  const counted = json ? values.at(-1) : values[0];
  if (counted === undefined) return [];
  if (!json) return counted === '' ? [] : [counted];
  try {
    const parsed: unknown = JSON.parse(counted);
    return typeof parsed === 'string' && parsed !== '' ? [parsed] : [];
  } catch {
    return [];
  }
};

const ACCEPT_HEADERS: Record<Accept, Record<string, string>> = {
  json: { accept: 'application/json' },
  any: { accept: '*/*' },
  none: {},
  html: { accept: BROWSER_NAVIGATION_ACCEPT },
  navigate: { accept: BROWSER_NAVIGATION_ACCEPT, 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
};

const SITE_HEADERS: Record<Site, Record<string, string>> = {
  none: {},
  'same-origin': { 'sec-fetch-site': 'same-origin' },
  'own-origin': { origin: OWN_ORIGIN, 'sec-fetch-site': 'same-origin' },
  'foreign-origin': { origin: 'https://evil.example' },
  'null-origin': { origin: 'null' },
  'null-origin-same-origin': { origin: 'null', 'sec-fetch-site': 'same-origin' },
  'cross-site': { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
  'same-site': { 'sec-fetch-site': 'same-site' },
};

export const wantsHtml = (accept: Accept) => accept === 'html' || accept === 'navigate';

const materializeEnquiry = (c: EnquiryCase): Materialized => {
  const json = c.encoding === 'json' || c.encoding === 'multipart-data';
  const mutated = applyMutations(c, json);
  // A native post is sent as its confirmation: what the confirm page's one click posts, bound to
  // exactly these fields (the confirm page itself is covered by tests/functions/spam-defences.test.ts).
  const pairs: Pair[] = json
    ? mutated
    : [
        ...mutated,
        [
          'confirmToken',
          issueConfirmation(
            FUZZ_CHALLENGE_SECRET,
            firstTextValues(mutated.map(([k, v]): Pair => [k, v.isWellFormed() ? v : v.toWellFormed()])),
            Date.now() - 20_000,
          ),
        ],
      ];
  const ids = idsIn(pairs, json);
  const boundary = `----fuzz${Math.random().toString(36).slice(2)}`;
  let body: Uint8Array;
  let rightType: string;
  if (c.encoding === 'json') {
    body = encoder.encode(`{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`);
    rightType = 'application/json';
  } else if (c.encoding === 'form') {
    body = encoder.encode(
      pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v.isWellFormed() ? v : v.toWellFormed())}`).join('&'),
    );
    rightType = 'application/x-www-form-urlencoded';
  } else {
    const fields =
      c.encoding === 'multipart-data'
        ? [{ name: 'data', value: `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}` }]
        : pairs.map(([name, value]) => ({ name, value }));
    const files = c.files.map((f) => ({ name: 'files', value: fileBytes(f), filename: f.name, type: f.declaredType }));
    body = multipartBody([...fields, ...files], boundary, c.breakage?.type !== 'boundary' || c.breakage.how !== 'unterminated');
    rightType = `multipart/form-data; boundary=${c.breakage?.type === 'boundary' && c.breakage.how === 'wrong' ? 'not-the-boundary' : boundary}`;
    if (c.breakage?.type === 'boundary' && c.breakage.how === 'missing') rightType = 'multipart/form-data';
  }
  body = breakBody(body, c.breakage);
  const headers: Record<string, string> = { ...ACCEPT_HEADERS[c.accept], ...SITE_HEADERS[c.site] };
  const type = c.contentType === 'right' ? rightType : c.contentType;
  if (type !== 'missing') headers['content-type'] = type;
  if (c.framing === 'declared-huge') headers['content-length'] = '999999999';
  const bodyless = c.method === 'GET' || c.method === 'HEAD';
  return {
    method: c.method,
    path: `/api/${c.endpoint}`,
    headers,
    body: bodyless ? null : body,
    framing: bodyless ? 'plain' : c.framing,
    ids,
    wantsHtml: wantsHtml(c.accept),
  };
};

const breakBody = (body: Uint8Array, breakage: Breakage | null): Uint8Array => {
  if (!breakage) return body;
  switch (breakage.type) {
    case 'truncate':
      return body.slice(0, Math.min(breakage.keep, Math.max(0, body.byteLength - 1)));
    case 'not-object':
      return encoder.encode(breakage.text);
    case 'empty':
      return new Uint8Array(0);
    case 'bom':
      return concat([new Uint8Array([0xef, 0xbb, 0xbf]), body]);
    case 'bad-utf8': {
      const at = Math.min(breakage.at, body.byteLength);
      return concat([body.slice(0, at), new Uint8Array([0xc3, 0x28, 0xff]), body.slice(at)]);
    }
    case 'pad':
      return concat([encoder.encode(' '.repeat(breakage.bytes)), body]);
    case 'garbage':
      return new Uint8Array(breakage.bytes);
    case 'bad-percent':
      return concat([body, encoder.encode(`&${breakage.text}`)]);
    case 'boundary':
      return body;
  }
};

/** The export token the fuzzer's target is configured with. */
/** The served site's challenge secret during a fuzz run (LEADS_CHALLENGE_SECRET). */
export const FUZZ_CHALLENGE_SECRET = 'fuzz-challenge-secret-0123456789abcdefgh';
export const FUZZ_EXPORT_TOKEN = 'fuzz-export-token-k7Qm2xR9vT4pW8nZ3bY6';

const AUTH: Record<LeadsCase['auth'], Record<string, string>> = {
  none: {},
  right: { authorization: `Bearer ${FUZZ_EXPORT_TOKEN}` },
  wrong: { authorization: 'Bearer not-the-token' },
  basic: { authorization: `Basic ${Buffer.from(`x:${FUZZ_EXPORT_TOKEN}`).toString('base64')}` },
  lowercase: { authorization: `bearer ${FUZZ_EXPORT_TOKEN}` },
  'empty-bearer': { authorization: 'Bearer ' },
};

const materializeLeads = (c: LeadsCase): Materialized => {
  const query = new URLSearchParams(c.query.map(([k, v]) => [k, v.isWellFormed() ? v : v.toWellFormed()]));
  // An empty, '.' or '..' segment would be another path altogether (a 404 page, not ours); a
  // URL of many KB is refused by any HTTP server (431) before a function sees it.
  const id =
    c.target.$ === 'lead'
      ? formText(c.target.id)
          .slice(0, 1000)
          .replace(/^\.{0,2}$/, (dots) => `x${dots}`)
      : '';
  const path = c.target.$ === 'lead' ? `/api/leads/${encodeURIComponent(id.isWellFormed() ? id : id.toWellFormed())}` : '/api/leads';
  return {
    method: c.method,
    path: `${path}${c.query.length ? `?${query}` : ''}`,
    // Each case is a client of its own (Netlify's client address header, which the local server
    // passes on as context.ip): wrong keys of earlier cases never lock later ones out.
    headers: { ...ACCEPT_HEADERS[c.accept], ...SITE_HEADERS[c.site], ...AUTH[c.auth], 'x-nf-client-connection-ip': randomClientAddress() },
    body: null,
    framing: 'plain',
    ids: [],
    wantsHtml: false,
  };
};

export const materialize = (c: FuzzCase): Materialized => (c.endpoint === 'leads' ? materializeLeads(c) : materializeEnquiry(c));

/** A short label of the case's shape, for the printed tallies. */
export const shapeOf = (c: FuzzCase): string => {
  if (c.endpoint === 'leads') return `leads${c.target.$ === 'lead' ? '/<id>' : ''} ${c.method} auth:${c.auth}`;
  const parts: string[] = [c.encoding];
  if (c.mutations.length) parts.push('mutated');
  if (c.breakage) parts.push(`broken:${c.breakage.type}`);
  if (c.method !== 'POST') parts.push('method');
  if (c.contentType !== 'right') parts.push('content-type');
  if (!['none', 'same-origin', 'own-origin', 'null-origin-same-origin'].includes(c.site)) parts.push('cross-site');
  if (c.framing !== 'plain') parts.push(c.framing);
  if (c.files.length) parts.push('photos');
  return parts.join(' ');
};
