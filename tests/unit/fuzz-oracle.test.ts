/**
 * The fuzzer's oracle (bench/fuzz/oracle.ts) must be able to fail: each rule is shown
 * refusing a bad answer or a bad store, and accepting what the pipeline really produces.
 */
import { describe, expect, test } from 'vitest';
import { enquirySchemas } from '../../src/lib/enquiry/index.ts';
import { buildLeadRecord } from '../../src/server/db/lead-record.ts';
import { renderConfirmPage } from '../../src/server/intake/confirm-page.ts';
import { renderProblemPage } from '../../src/server/intake/problem-page.ts';
import { HttpError } from '../../src/server/errors.ts';
import { answerProblems, recordProblems, storeProblems, type Answer, type StoreView } from '../../bench/fuzz/oracle.ts';
import { materialize, type EnquiryCase, type LeadsCase } from '../../bench/fuzz/cases.ts';
import { valid } from '../../harness/sample-enquiries.ts';

const RECEIVED = '2026-11-22T10:00:00.000Z';

const enquiryCase = (over: Partial<EnquiryCase> = {}): EnquiryCase => ({
  endpoint: 'finance',
  base: null,
  encoding: 'json',
  mutations: [],
  files: [],
  breakage: null,
  method: 'POST',
  contentType: 'right',
  accept: 'json',
  site: 'none',
  framing: 'plain',
  copies: 1,
  resend: false,
  ...over,
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Answer => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify(body),
});

const html = (status: number, error: HttpError): Answer => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: renderProblemPage(error, '/'),
});

/** A record exactly as the pipeline builds it from a valid enquiry. */
const storedFinance = (over: Record<string, unknown> = {}) => {
  const enquiry = enquirySchemas.finance.parse(valid.finance());
  const record = { ...buildLeadRecord('finance', enquiry, RECEIVED, { via: 'js' }), ...over };
  return { key: `finance/${record.id}`, record };
};

const emptyView = (complete = true): StoreView => ({ complete, records: [], deliveries: [], photos: [] });

describe('answers', () => {
  const c = enquiryCase({ mutations: [{ op: 'set', field: 'phone', value: 12 }] });
  const m = materialize(c);

  test('a 5xx is a problem, whatever its body', () => {
    expect(answerProblems(c, m, json(500, { error: 'Something went wrong' }))).toContain('answered 500');
    expect(answerProblems(c, m, json(503, { error: 'try again' }))).toContain('answered 503');
  });

  test('a 4xx must name its problem: an error text, and fields on a 422', () => {
    expect(answerProblems(c, m, json(422, { error: 'Some fields need attention.', fields: { phone: 'Enter a mobile number' } }))).toEqual(
      [],
    );
    expect(answerProblems(c, m, json(422, { error: 'Some fields need attention.' }))).toEqual(['422 names no field']);
    expect(answerProblems(c, m, json(400, { error: ' ' }))[0]).toMatch(/without an error message/);
    expect(answerProblems(c, m, { status: 400, headers: { 'content-type': 'text/plain' }, body: 'Bad Request' })[0]).toMatch(
      /answered as text\/plain/,
    );
  });

  test("a browser's native post must get the HTML page, with the fields on a 422", () => {
    const browser = enquiryCase({ accept: 'navigate', encoding: 'form', mutations: [{ op: 'delete', field: 'phone' }] });
    const bm = materialize(browser);
    const fields = new HttpError(422, 'Some fields need attention.', { fields: { phone: 'Enter your phone number' } });
    expect(answerProblems(browser, bm, html(422, fields))).toEqual([]);
    expect(answerProblems(browser, bm, html(422, new HttpError(422, 'Some fields need attention.')))).toEqual(['422 page lists no field']);
    expect(answerProblems(browser, bm, json(422, { error: 'x', fields: { phone: 'y' } }))[0]).toMatch(/not the HTML page/);
    expect(answerProblems(browser, bm, json(201, { ok: true, id: crypto.randomUUID(), receivedAt: RECEIVED }))).toContain(
      "a browser's post answered 201, not 303",
    );
  });

  test('internal details in an answer are a problem', () => {
    expect(answerProblems(c, m, json(400, { error: 'TypeError: x is undefined\n    at parse (/src/lib/leads/parse.ts:12:3)' }))).toContain(
      'the answer shows internal details',
    );
  });

  test('the status a case decides on its own is checked: method, cross-site, content type, declared size, an untouched enquiry', () => {
    const get = enquiryCase({ method: 'GET' });
    expect(answerProblems(get, materialize(get), json(200, { challenge: '1.a.b', minFillMs: 3000 }))).toEqual([]);
    expect(answerProblems(get, materialize(get), json(200, { nothing: true }))).toContain('GET answered 200 without a challenge');
    expect(answerProblems(get, materialize(get), json(400, { error: 'x' }))).toContain('answered 400, expected 200');
    // A POST answers 200 only with the confirm page, and only to a browser's native post whose
    // confirmation a mutation broke (the real page, as the pipeline renders it).
    const broken = enquiryCase({ encoding: 'form', accept: 'navigate', breakage: { type: 'truncate', keep: 146 } });
    const confirmPage: Answer = {
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: renderConfirmPage('finance', { Username: 'Priya' }, 'token'),
    };
    expect(answerProblems(broken, materialize(broken), confirmPage)).toEqual([]);
    expect(answerProblems(broken, materialize(broken), { ...confirmPage, body: '<p>ok</p>' })).toContain(
      'a POST answered 200 without the confirm page',
    );
    const script = enquiryCase({ breakage: { type: 'truncate', keep: 146 } });
    expect(answerProblems(script, materialize(script), json(200, { ok: true }))).toContain("a script's POST answered 200");
    const put = enquiryCase({ method: 'PUT' });
    expect(answerProblems(put, materialize(put), json(405, { error: 'Use POST' }, { allow: 'GET, POST' }))).toEqual([]);
    expect(answerProblems(put, materialize(put), json(405, { error: 'Use POST' }, { allow: 'POST' }))).toContain(
      '405 without Allow: GET, POST',
    );
    const cross = enquiryCase({ site: 'cross-site' });
    expect(answerProblems(cross, materialize(cross), json(201, { ok: true, id: crypto.randomUUID(), receivedAt: RECEIVED }))).toContain(
      'answered 201, expected 403',
    );
    const plain = enquiryCase({ contentType: 'text/plain' });
    expect(answerProblems(plain, materialize(plain), json(400, { error: 'x' }))).toContain('answered 400, expected 415');
    const huge = enquiryCase({ framing: 'declared-huge' });
    expect(answerProblems(huge, materialize(huge), json(400, { error: 'x' }))).toContain('answered 400, expected 413');
    const untouched = enquiryCase();
    expect(answerProblems(untouched, materialize(untouched), json(422, { error: 'x', fields: { a: 'b' } }))).toContain(
      'answered 422, expected 201',
    );
  });

  test('a 201 must carry ok, id and receivedAt', () => {
    const untouched = enquiryCase();
    expect(
      answerProblems(untouched, materialize(untouched), json(201, { ok: true, id: crypto.randomUUID(), receivedAt: RECEIVED })),
    ).toEqual([]);
    expect(answerProblems(untouched, materialize(untouched), json(201, { ok: true }))[0]).toMatch(/201 body is not/);
  });

  test('the export: a wrong token must be 401, a 200 must be CSV or JSON', () => {
    const wrong: LeadsCase = {
      endpoint: 'leads',
      target: { $: 'list' },
      method: 'GET',
      auth: 'wrong',
      query: [],
      accept: 'json',
      site: 'none',
    };
    expect(answerProblems(wrong, materialize(wrong), json(200, {}))).toContain('answered 200, expected 401');
    const erase: LeadsCase = { ...wrong, target: { $: 'lead', id: { $: 'fresh-uuid', upper: false } }, auth: 'right' };
    // One lead takes GET, PATCH and DELETE; POST there is 405, before the token is looked at.
    const post = { ...erase, method: 'POST', auth: 'wrong' as const };
    expect(answerProblems(post, materialize(post), json(401, { error: 'A valid export token is required.' }))).toContain(
      'answered 401, expected 405',
    );
    expect(answerProblems(erase, materialize(erase), json(404, { error: 'No lead has that id.' }))).toEqual([]);
    expect(
      answerProblems(
        { ...erase, method: 'DELETE' },
        materialize({ ...erase, method: 'DELETE' }),
        json(404, { error: 'No lead has that id.' }),
      ),
    ).toEqual([]);
    const right: LeadsCase = { ...wrong, auth: 'right' };
    expect(answerProblems(right, materialize(right), { status: 200, headers: { 'content-type': 'text/html' }, body: '' })).toContain(
      'export answered 200 as text/html',
    );
  });
});

describe('stored records', () => {
  test('a record as the pipeline builds it passes', () => {
    expect(recordProblems(storedFinance())).toEqual([]);
  });

  test('an unknown key, a prototype key, an unnormalised value or broken text is a problem', () => {
    const withKey = storedFinance();
    Object.defineProperty(withKey.record, '__proto__', { value: { admin: true }, enumerable: true });
    expect(recordProblems(withKey).join()).toMatch(/unknown key "__proto__"/);
    expect(recordProblems(storedFinance({ polluted: true })).join()).toMatch(/unknown key "polluted"/);
    expect(recordProblems(storedFinance({ phone: '+91 98765 43210' })).join()).toMatch(/phone is not as the schema stores it/);
    expect(recordProblems(storedFinance({ Planning: 'Select Any' })).join()).toMatch(/fails its schema \(Planning\)/);
    expect(recordProblems(storedFinance({ Username: 'Pri\ud800ya' })).join()).toMatch(/not well-formed Unicode/);
    expect(recordProblems(storedFinance({ notified: 'yes' })).join()).toMatch(/notified is "yes"/);
    expect(recordProblems(storedFinance({ notified: false, notifyError: 'EmailJS answered 500', notifyAttempts: 2 }))).toEqual([]);
  });

  test('the call-back choices: listed values pass, an unknown one or an empty one stored is a problem', () => {
    expect(recordProblems(storedFinance({ callTime: 'Evening (16:00-19:00)', callLanguage: 'Hindi' }))).toEqual([]);
    expect(recordProblems(storedFinance({ callTime: 'Night (19:00-23:00)' })).join()).toMatch(/fails its schema \(callTime\)/);
    expect(recordProblems(storedFinance({ callLanguage: 'Malayalam' })).join()).toMatch(/fails its schema \(callLanguage\)/);
    expect(recordProblems(storedFinance({ callLanguage: '' })).join()).toMatch(/callLanguage is not as the schema stores it/);
  });

  test('a record must sit under its own kind and id, and spam only under spam/', () => {
    const { key, record } = storedFinance();
    expect(recordProblems({ key: key.replace('finance/', 'contact/'), record }).join()).toMatch(/kind finance/);
    expect(recordProblems({ key: key.replace(/[^/]+$/, crypto.randomUUID()), record }).join()).toMatch(/: id /);
    expect(recordProblems({ key: `spam/${key}`, record }).join()).toMatch(/spam flag/);
  });
});

describe('the store after a case', () => {
  const c = enquiryCase();
  const m = materialize(c);
  const stored = storedFinance({ id: m.ids[0] });
  const receipt = json(201, { ok: true, id: m.ids[0], receivedAt: RECEIVED });
  const indexed: StoreView = {
    complete: true,
    records: [stored],
    deliveries: [`${m.ids[0]}:team`],
    photos: [],
  };

  test('a 201 stored once, with its team e-mail owed, passes', () => {
    expect(storeProblems(c, m, [receipt], indexed)).toEqual([]);
  });

  test('a 201 that is not stored is a problem', () => {
    expect(storeProblems(c, m, [receipt], emptyView())).toContain(`201 for ${m.ids[0]}, but it is not stored`);
  });

  test('a lead stored twice is a problem', () => {
    const twice = { ...indexed, records: [stored, { key: `finance/${m.ids[0]}`, record: stored.record }] };
    expect(storeProblems(c, m, [receipt], twice).join()).toMatch(/is stored 2 times/);
  });

  test('copies answered with different receipts are a problem', () => {
    const other = json(201, { ok: true, id: m.ids[0], receivedAt: '2026-11-22T10:00:01.000Z' });
    expect(storeProblems({ ...c, copies: 2 }, m, [receipt, other], indexed).join()).toMatch(/different answers|answered receivedAt/);
  });

  test('a lead stored without its team e-mail is a problem', () => {
    expect(storeProblems(c, m, [receipt], { ...indexed, deliveries: [] }).join()).toMatch(/without its team e-mail/);
  });

  test('a refused request that stored something is a problem', () => {
    expect(storeProblems(c, m, [json(422, { error: 'x', fields: { a: 'b' } })], indexed).join()).toMatch(
      /a refused request stored something/,
    );
    expect(storeProblems(c, m, [json(422, { error: 'x', fields: { a: 'b' } })], emptyView())).toEqual([]);
    expect(
      storeProblems(c, m, [json(422, { error: 'x', fields: { a: 'b' } })], { ...emptyView(), deliveries: [`${m.ids[0]}:team`] }).join(),
    ).toMatch(/stored something: [0-9a-f-]+:team/);
  });

  test('a photo listed but not stored, or stored but not listed, is a problem', () => {
    const photo = `${m.ids[0]}/1.jpg`;
    const listed = { ...indexed, records: [{ ...stored, record: { ...stored.record, photos: [photo] } }] };
    expect(storeProblems(c, m, [receipt], listed).join()).toMatch(/which is not stored/);
    expect(storeProblems(c, m, [receipt], { ...indexed, photos: [photo] }).join()).toMatch(/1 photos stored, the leads list 0/);
  });
});
