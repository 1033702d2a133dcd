/**
 * The team's API keeps its contract (src/lib/team-api/wire.ts): every answer of /api/leads… the
 * inbox reads, and the problems it shows, parsed with the contract's strict schemas. The inbox
 * types its calls with the same contract, so a field the server adds, drops, renames or retypes
 * without the contract fails here; and a schema that lets such a change through fails the last
 * tests. Real database and Blobs store, EmailJS stand-in.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import type * as z from 'zod/mini';
import leads from '../../netlify/functions/leads.mts';
import {
  consentNoticeSchema,
  duplicatesPageSchema,
  insightsSchema,
  leadConflictSchema,
  leadEnvelopeSchema,
  leadPageSchema,
  leadViewSchema,
  attemptAnswerSchema,
  logPageSchema,
  mergeAnswerSchema,
  peopleSchema,
  personAddedSchema,
  personPageSchema,
  problemSchema,
  referralAnswerSchema,
  signedInSchema,
} from '../../src/lib/team-api/wire.ts';
import { CONSENT_VERSIONS } from '../../src/lib/consent.ts';
import { answerOf, teamKeys } from '../support/team.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { send, validBankLoan, validFinance } from '../support/enquiry-requests.ts';

const TOKEN = 'contract-test-token-k7Qm2xR9vT4pW8nZ3bY6';
useFreshLocalServers(() => {});
const team = teamKeys();
beforeEach(() => {
  process.env.LEADS_EXPORT_TOKEN = TOKEN;
  team.forget();
});

const call = async (path: string, init: RequestInit & { member?: string } = {}) => {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${init.member ? await team.keyOf(init.member) : TOKEN}`);
  return answerOf(await leads(new Request(`http://localhost${path}`, { ...init, headers })));
};
const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** The answer's body, checked against its schema (the issues named when it does not fit). */
const fits = <S extends z.ZodMiniType>(schema: S, answer: { status: number; body: unknown }, status: number): z.infer<S> => {
  expect(answer.status).toBe(status);
  const parsed = schema.safeParse(answer.body);
  expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  return parsed.data as z.infer<S>;
};

describe('every answer the inbox reads has the contract’s shape', () => {
  test('sign-in, the list, one lead, a change, a stale change, spam released, the people, the log, Insights', async () => {
    const loan = validBankLoan({ utm_source: 'newspaper', landingPath: '/Homeloan' });
    const plan = validFinance();
    expect((await send('bankloan', loan)).status).toBe(201);
    expect((await send('finance', plan)).status).toBe(201);

    expect(fits(signedInSchema, await call('/api/leads/me'), 200)).toEqual({ name: 'Owner', role: 'owner' });
    expect(fits(signedInSchema, await call('/api/leads/me', { member: 'Kavya' }), 200).role).toBe('sales');

    const page = fits(leadPageSchema, await call('/api/leads?format=json&order=newest&limit=1'), 200);
    expect(page.leads.map((lead) => lead.id)).toEqual([plan.submissionId]);
    expect(page.nextCursor).not.toBeNull();
    const rest = fits(leadPageSchema, await call(`/api/leads?format=json&order=newest&cursor=${page.nextCursor}`), 200);
    expect(rest).toMatchObject({ count: 1, nextCursor: null });

    const read = fits(leadViewSchema, await call(`/api/leads/${loan.submissionId}`, { member: 'Kavya' }), 200);
    const changed = fits(
      leadEnvelopeSchema,
      await call(`/api/leads/${loan.submissionId}`, {
        member: 'Kavya',
        ...json(
          'PATCH',
          { status: 'contacted', note: 'Called', followUpAt: read.followUpPicks.inThreeDays },
          { 'if-match': `"${read.etag}"` },
        ),
      }),
      200,
    );
    expect(changed.lead).toMatchObject({ status: 'contacted', note: 'Called', statusBy: 'Kavya' });
    expect(changed.lead.history).toEqual([expect.objectContaining({ status: 'contacted', by: 'Kavya' })]);
    const stale = fits(
      leadConflictSchema,
      await call(`/api/leads/${loan.submissionId}`, {
        member: 'Arjun',
        ...json('PATCH', { status: 'won' }, { 'if-match': `"${read.etag}"` }),
      }),
      412,
    );
    expect(stale.etag).toBe(changed.etag);
    const tried = fits(
      attemptAnswerSchema,
      await call(`/api/leads/${loan.submissionId}/attempts`, {
        member: 'Kavya',
        ...json('POST', { channel: 'call', outcome: 'no-answer' }),
      }),
      201,
    );
    expect(tried.attempt).toMatchObject({ by: 'Kavya', channel: 'call', outcome: 'no-answer' });
    const reread = fits(leadViewSchema, await call(`/api/leads/${loan.submissionId}`, { member: 'Kavya' }), 200);
    expect(reread.attempts).toEqual([tried.attempt]);

    const spam = validFinance({ company_website: 'https://spam.example' });
    await send('finance', spam);
    const released = fits(
      leadEnvelopeSchema,
      await call(`/api/leads/${spam.submissionId}/release`, { method: 'POST', member: 'Kavya' }),
      200,
    );
    expect(released.lead.releasedBy).toBe('Kavya');

    const added = fits(personAddedSchema, await call('/api/leads/team', json('POST', { name: 'Meena', role: 'sales' })), 201);
    const people = fits(peopleSchema, await call('/api/leads/team'), 200);
    expect(people.members.map((member) => member.name)).toContain(added.member.name);
    const log = fits(logPageSchema, await call('/api/leads/log'), 200);
    expect(log.entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['work', 'attempt', 'release', 'add-member']));

    const notice = fits(consentNoticeSchema, await call(`/api/leads?consentNotice=${CONSENT_VERSIONS[0]}`), 200);
    expect(notice.text).toEqual(expect.any(String));

    const insights = fits(insightsSchema, await call('/api/leads/insights', { member: 'Kavya' }), 200);
    expect(insights.byKind).toMatchObject({ bankloan: 1, finance: 2 });
    expect(insights.firstContact.byPerson).toEqual([expect.objectContaining({ person: 'Kavya', contacted: 1 })]);
    expect(insights.sources).toEqual(expect.arrayContaining([expect.objectContaining({ value: 'newspaper', leads: 1 })]));
  });

  test('one person across the group: the person’s page, Possible duplicates, a merge and its undo, a referral', async () => {
    const flat = validFinance({ phone: '9840011111', email: 'one@example.com', consentGroup: true });
    await send('finance', flat);
    await send('finance', validFinance({ phone: '9840022222', email: 'two@example.com' }));
    // Her phone, the other's e-mail: a possible duplicate, nothing merged.
    await send('bankloan', validBankLoan({ phone: '9840011111', email: 'two@example.com' }));
    const view = fits(leadViewSchema, await call(`/api/leads/${flat.submissionId}`), 200);
    const person = fits(personPageSchema, await call(`/api/people/${view.lead.personId}`), 200);
    expect(person.leads.map((lead) => lead.kind)).toEqual(['bankloan', 'finance']);
    const duplicates = fits(duplicatesPageSchema, await call('/api/people/duplicates'), 200);
    expect(duplicates.pairs).toEqual([expect.objectContaining({ reason: 'email' })]);
    const [pair] = duplicates.pairs;
    const merged = fits(mergeAnswerSchema, await call('/api/people/merges', json('POST', { kept: pair.a.id, merged: pair.b.id })), 201);
    fits(personPageSchema, await call(`/api/people/${pair.a.id}`), 200);
    fits(mergeAnswerSchema, await call(`/api/people/merges/${merged.merge.id}/undo`, { method: 'POST' }), 200);
    const referred = fits(
      referralAnswerSchema,
      await call(`/api/leads/${flat.submissionId}/referrals`, json('POST', { kind: 'realestate', note: 'Wants a flat' })),
      201,
    );
    expect(referred.lead).toMatchObject({ kind: 'realestate', source: 'referral', personId: view.lead.personId });
    const page = fits(leadPageSchema, await call('/api/leads?format=json&order=newest'), 200);
    expect(page.personLeads[String(view.lead.personId)]).toBe(3);
    const insights = fits(insightsSchema, await call('/api/leads/insights'), 200);
    expect(insights.referrals.byPair).toEqual([{ from: 'finance', to: 'realestate', created: 1, contacted: 0, won: 0 }]);
  });

  test('the problems it shows: a wrong parameter, a wrong key, a sales key at the owner’s door, no such lead', async () => {
    expect(fits(problemSchema, await call('/api/leads?format=json&status=maybe'), 400).fields).toHaveProperty('status');
    expect(fits(problemSchema, await call('/api/leads/insights?from=2026-02-30'), 400).fields).toHaveProperty('from');
    const wrongKey = await answerOf(
      await leads(new Request('http://localhost/api/leads/me', { headers: { authorization: 'Bearer nope' } })),
    );
    fits(problemSchema, wrongKey, 401);
    fits(problemSchema, await call('/api/leads/team', { member: 'Kavya' }), 403);
    fits(problemSchema, await call('/api/leads/00000000-0000-4000-8000-000000000000'), 404);
  });
});

describe('the schemas are strict, so the test above can fail', () => {
  test('a field added, dropped or retyped by the server does not fit', async () => {
    const loan = validBankLoan();
    await send('bankloan', loan);
    const { body: view } = await call(`/api/leads/${loan.submissionId}`);
    expect(leadViewSchema.safeParse(view).success).toBe(true);
    expect(leadViewSchema.safeParse({ ...view, alsoWith: undefined }).success).toBe(false);
    expect(leadViewSchema.safeParse({ ...view, whatsapp: { state: 'opened', language: 'en', at: null, why: null } }).success).toBe(false);
    const {
      alsoWith: _also,
      enquiredAgain: _again,
      attempts: _attempts,
      followUpPicks: _picks,
      persistence: _persistence,
      whatsapp: _whatsapp,
      ...body
    } = view;
    expect(leadEnvelopeSchema.safeParse(body).success).toBe(true);
    expect(leadEnvelopeSchema.safeParse({ ...body, version: 3 }).success).toBe(false);
    expect(leadEnvelopeSchema.safeParse({ lead: body.lead }).success).toBe(false);
    expect(leadEnvelopeSchema.safeParse({ ...body, etag: 3 }).success).toBe(false);
    expect(leadEnvelopeSchema.safeParse({ ...body, lead: { ...body.lead, receivedAt: 'yesterday' } }).success).toBe(false);
    const insights = (await call('/api/leads/insights')).body;
    expect(insightsSchema.safeParse(insights).success).toBe(true);
    expect(insightsSchema.safeParse({ ...insights, weeks: [{ ...insights.weeks[0], leads: 1 }] }).success).toBe(false);
    const { realestate: _dropped, ...fourKinds } = insights.byKind;
    expect(insightsSchema.safeParse({ ...insights, byKind: fourKinds }).success).toBe(false);
    expect(signedInSchema.safeParse({ name: 'Owner', role: 'admin' }).success).toBe(false);
  });
});
