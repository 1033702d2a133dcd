/**
 * Merging two persons and undoing it (src/server/team/merges.ts), and referrals between divisions
 * (src/server/team/referrals.ts): a merge joins the leads under the person kept and goes in the
 * team's log; undo within 30 days puts both persons back exactly as they were, with their leads
 * (a lead that arrived meanwhile included); a referral makes a lead of another division for the
 * same person, e-mailed to the team, only while the person has granted the group's other
 * divisions, and is refused with 409 naming that consent otherwise or after a withdrawal.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import leads from '../../netlify/functions/leads.mts';
import consent from '../../netlify/functions/consent.mts';
import { answerOf, teamKeys } from '../support/team.ts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { TEST_CHALLENGE_SECRET, send, validBankLoan, validFinance, validRealEstate } from '../support/enquiry-requests.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';
import { consentLinkToken } from '../../src/server/outbound/consent-link.ts';

const TOKEN = 'merges-test-token-k7Qm2xR9vT4pW8nZ3bY6';
let db: TestDatabase;
let standIn: EmailJsStandIn;
useFreshLocalServers((servers) => ({ db, standIn } = servers));
const team = teamKeys();
beforeEach(() => {
  process.env.LEADS_EXPORT_TOKEN = TOKEN;
  team.forget();
});

const call = async (path: string, init: RequestInit & { member?: string } = {}) => {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${init.member ? await team.keyOf(init.member) : TOKEN}`);
  if (init.body) headers.set('content-type', 'application/json');
  return answerOf(await leads(new Request(`http://localhost${path}`, { ...init, headers })));
};
const personOf = async (id: string) =>
  (await db.rows<{ person_id: string }>('SELECT person_id FROM leads WHERE id = $1', [id]))[0]?.person_id;
/** Everything a merge may touch, as it is. */
const state = async () => ({
  persons: await db.rows('SELECT * FROM persons ORDER BY id'),
  contacts: await db.rows('SELECT * FROM person_contacts ORDER BY channel, value'),
  leads: await db.rows('SELECT id, person_id, origin_person_id FROM leads ORDER BY id'),
  ledger: await db.rows('SELECT * FROM consent_ledger ORDER BY id'),
  pairs: await db.rows('SELECT a, b, reason, lead_id, dismissed_at FROM person_pairs ORDER BY a, b'),
});

describe('merge and undo', () => {
  test('a merge joins two persons into one and goes in the team’s log; undo puts both back exactly, with their leads', async () => {
    const kavya = validFinance({ Username: 'Kavya Rao', phone: '9111100001', email: 'kavya@example.com' });
    const kavya2 = validRealEstate({ Username: 'Kavya Rao', phone: '9111100001', email: 'kavya@example.com' });
    const other = validBankLoan({ Username: 'Kavya R', phone: '9111100009', email: 'kavya.r@example.com' });
    for (const [kind, body] of [
      ['finance', kavya],
      ['realestate', kavya2],
      ['bankloan', other],
    ] as const)
      await send(kind, body);
    const [kept, merged] = [await personOf(kavya.submissionId), await personOf(other.submissionId)];
    const before = await state();

    const merge = await call('/api/people/merges', { method: 'POST', body: JSON.stringify({ kept, merged }) });
    expect(merge.status).toBe(201);
    expect(merge.body.merge).toMatchObject({ kept, merged, mergedBy: 'Owner' });
    expect(await personOf(other.submissionId)).toBe(kept);
    const page = await call(`/api/people/${merged}`);
    expect(page.body.person.id).toBe(kept);
    expect(page.body.leads).toHaveLength(3);
    expect(page.body.person.phones).toEqual(['9111100001', '9111100009']);
    expect(page.body.merges[0]).toMatchObject({ id: merge.body.merge.id, undoable: true });
    const log = await call('/api/leads/log');
    expect(log.body.entries[0]).toMatchObject({ actor: 'Owner', action: 'merge', detail: { kept, merged } });

    // A lead that comes while they are one, from the merged person's phone, is the kept person's…
    const during = validFinance({ Username: 'Kavya R', phone: '9111100009', email: 'kavya.r@example.com' });
    await send('finance', during);
    expect(await personOf(during.submissionId)).toBe(kept);
    // …and goes back with the merged person.
    const undo = await call(`/api/people/merges/${merge.body.merge.id}/undo`, { method: 'POST' });
    expect(undo.status).toBe(200);
    const after = await state();
    expect(after.persons).toEqual(before.persons);
    expect(after.contacts).toEqual(before.contacts);
    expect(after.pairs).toEqual(before.pairs);
    expect(after.leads.filter((lead) => lead.id !== during.submissionId)).toEqual(before.leads);
    expect(await personOf(during.submissionId)).toBe(merged);
    expect((await call(`/api/people/merges/${merge.body.merge.id}/undo`, { method: 'POST' })).status).toBe(409);
    expect((await call('/api/leads/log')).body.entries[0]).toMatchObject({ action: 'unmerge' });
  });

  test('only the owner merges, a person merged already cannot be merged again, and a merge older than 30 days stays', async () => {
    const a = validFinance({ phone: '9111100011', email: 'a@example.com' });
    const b = validFinance({ phone: '9111100012', email: 'b@example.com' });
    const c = validFinance({ phone: '9111100013', email: 'c@example.com' });
    for (const body of [a, b, c]) await send('finance', body);
    const [pa, pb, pc] = await Promise.all([a, b, c].map((lead) => personOf(lead.submissionId)));
    const sales = await call('/api/people/merges', { method: 'POST', member: 'Arun', body: JSON.stringify({ kept: pa, merged: pb }) });
    expect(sales.status).toBe(403);
    const first = await call('/api/people/merges', { method: 'POST', body: JSON.stringify({ kept: pa, merged: pb }) });
    expect(first.status).toBe(201);
    expect((await call('/api/people/merges', { method: 'POST', body: JSON.stringify({ kept: pc, merged: pb }) })).status).toBe(409);
    const bad = await call('/api/people/merges', { method: 'POST', body: JSON.stringify({ kept: pa, merged: 'nobody' }) });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['merged']);
    // A later merge built on this one: undo that first.
    const second = await call('/api/people/merges', { method: 'POST', body: JSON.stringify({ kept: pc, merged: pa }) });
    expect(second.status).toBe(201);
    expect((await call(`/api/people/merges/${first.body.merge.id}/undo`, { method: 'POST' })).status).toBe(409);
    expect((await call(`/api/people/merges/${second.body.merge.id}/undo`, { method: 'POST' })).status).toBe(200);
    await db.rows(`UPDATE person_merges SET merged_at = now() - interval '31 days' WHERE id = $1`, [first.body.merge.id]);
    expect((await call(`/api/people/merges/${first.body.merge.id}/undo`, { method: 'POST' })).status).toBe(409);
  });
});

describe('referrals', () => {
  const refer = (id: string, body: unknown, member = 'Priya') =>
    call(`/api/leads/${id}/referrals`, { method: 'POST', member, body: JSON.stringify(body) });

  test('refused with 409 naming the consent when the person did not tick the group’s other divisions', async () => {
    const flat = validRealEstate({ consentGroup: false });
    await send('realestate', flat);
    const refused = await refer(flat.submissionId, { kind: 'bankloan', note: 'Needs a home loan' });
    expect(refused.status).toBe(409);
    expect(refused.body.fields).toEqual({ consentGroup: expect.any(String) });
    expect(await db.ids('bankloan')).toEqual([]);
  });

  test('accepted with it: a lead of that kind for the same person, source referral, e-mailed to the team; refused after a withdrawal', async () => {
    const flat = validRealEstate({ consentGroup: true, phone: '9444400001', email: 'flat@example.com' });
    await send('realestate', flat);
    standIn.received.length = 0;
    const referred = await refer(flat.submissionId, { kind: 'bankloan', note: 'Wants a home loan for the flat' });
    expect(referred.status).toBe(201);
    const lead = referred.body.lead;
    expect(lead).toMatchObject({
      kind: 'bankloan',
      personId: await personOf(flat.submissionId),
      source: 'referral',
      referredBy: 'Priya',
      referredFrom: flat.submissionId,
      referralNote: 'Wants a home loan for the flat',
      phone: '9444400001',
      email: 'flat@example.com',
    });
    expect(await db.ids('bankloan')).toEqual([lead.id]);
    expect(standIn.received).toHaveLength(1);
    expect(JSON.stringify(standIn.received[0])).toContain('Referred by Priya');
    expect((await call('/api/leads/log')).body.entries[0]).toMatchObject({ actor: 'Priya', action: 'refer', leadId: lead.id });
    const page = await call(`/api/people/${lead.personId}`);
    expect(page.body.timeline).toContainEqual(expect.objectContaining({ what: 'referral', by: 'Priya', leadId: lead.id }));
    // The same division as the lead's own is no referral; nor is an unknown one.
    expect((await refer(flat.submissionId, { kind: 'realestate' })).status).toBe(400);
    expect((await refer(flat.submissionId, { kind: 'immigration' })).status).toBe(400);

    // Insights counts it, by pair of divisions and by referrer: made, contacted, won.
    const read = await call(`/api/leads/${lead.id}`);
    await call(`/api/leads/${lead.id}`, {
      method: 'PATCH',
      headers: { 'if-match': `"${read.body.etag}"` },
      body: JSON.stringify({ status: 'won' }),
    });
    const insights = await call('/api/leads/insights');
    expect(insights.body.referrals).toEqual({
      byPair: [{ from: 'realestate', to: 'bankloan', created: 1, contacted: 1, won: 1 }],
      byReferrer: [{ referrer: 'Priya', created: 1, contacted: 1, won: 1 }],
    });

    const link = consentLinkToken(TEST_CHALLENGE_SECRET, lead.personId, 'en');
    const withdrawn = await consent(
      new Request(`http://localhost/api/consent/${link}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ purpose: 'group' }),
      }),
    );
    expect(await withdrawn.json()).toEqual({ purpose: 'group', withdrawn: true });
    const after = await refer(flat.submissionId, { kind: 'finance' });
    expect(after.status).toBe(409);
    expect(after.body.fields).toHaveProperty('consentGroup');
  });
});
