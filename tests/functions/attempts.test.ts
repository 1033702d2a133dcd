/**
 * Attempts to reach a lead (POST /api/leads/<id>/attempts, src/server/team/attempts.ts): stored
 * with the member and the time, in the lead's history, on its page and on the person's timeline;
 * the first Connected attempt is the first contact (contacted when new, the clock stopped, what
 * Insights measures), and only the first; a change to contacted by hand before it counts instead;
 * a bad body is a 400 naming each field. Real database, real function.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import leads from '../../netlify/functions/leads.mts';
import { answerOf, teamKeys } from '../support/team.ts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { send, validFinance } from '../support/enquiry-requests.ts';
import { member, someone } from '../support/routing.ts';
import { attemptAnswerSchema, leadViewSchema, personPageSchema } from '../../src/lib/team-api/wire.ts';

const TOKEN = 'attempts-test-token-k7Qm2xR9vT4pW8nZ3bY6';
let db: TestDatabase;
useFreshLocalServers((servers) => ({ db } = servers));
const team = teamKeys();
beforeEach(() => {
  process.env.LEADS_EXPORT_TOKEN = TOKEN;
  team.forget();
});

const call = async (path: string, init: RequestInit & { key?: string } = {}) => {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${init.key ?? TOKEN}`);
  if (init.body) headers.set('content-type', 'application/json');
  return answerOf(await leads(new Request(`http://localhost${path}`, { ...init, headers })));
};
const attempt = (id: string, body: unknown, key?: string) =>
  call(`/api/leads/${id}/attempts`, { method: 'POST', body: JSON.stringify(body), ...(key ? { key } : {}) });

/** A finance lead assigned to Asha, whose key is returned. */
const assignedLead = async () => {
  const asha = await member('Asha', { kinds: ['finance'] });
  const answer = await send('finance', validFinance(someone()));
  expect(answer.status).toBe(201);
  return { id: answer.body.id as string, asha };
};

describe('recording an attempt', () => {
  test('an unanswered call: 201, stored with the member and the time, in the history, on the page and on the timeline; still new', async () => {
    const { id, asha } = await assignedLead();
    const before = Date.now();
    const answer = await attempt(id, { channel: 'call', outcome: 'no-answer', note: '  rang twice  ' }, asha.key);
    expect(answer.status).toBe(201);
    expect(attemptAnswerSchema.safeParse(answer.body).success).toBe(true);
    expect(answer.body.attempt).toMatchObject({ by: 'Asha', memberId: asha.id, channel: 'call', outcome: 'no-answer', note: 'rang twice' });
    expect(Date.parse(answer.body.attempt.at)).toBeGreaterThanOrEqual(before);
    expect(answer.headers.get('etag')).toBe(`"${answer.body.etag}"`);

    // Stored: the row, its history line, the team's log; the lead is still new, its clock still running.
    const rows = await db.rows<{ member_name: string; channel: string; outcome: string; note: string }>(
      'SELECT member_name, channel, outcome, note FROM lead_attempts WHERE lead_id = $1',
      [id],
    );
    expect(rows).toEqual([{ member_name: 'Asha', channel: 'call', outcome: 'no-answer', note: 'rang twice' }]);
    const lead = await db.record(id);
    expect(lead.status).toBeUndefined();
    expect(lead.firstContactAt).toBeUndefined();
    expect(lead.history).toEqual([
      {
        status: 'new',
        note: '',
        by: 'Asha',
        at: answer.body.attempt.at,
        event: 'attempt',
        detail: expect.stringMatching(/^Call: No answer – rang twice \(next follow-up .+\)$/),
      },
    ]);
    const clock = await db.rows<{ clock_next_at: Date | null }>('SELECT clock_next_at FROM leads WHERE id = $1', [id]);
    expect(clock[0].clock_next_at).not.toBeNull();
    expect(await db.rows('SELECT actor, action FROM team_log WHERE lead_id = $1', [id])).toEqual([{ actor: 'Asha', action: 'attempt' }]);

    // The lead's page lists it; the person's timeline has it once (not again as a change of status).
    const view = await call(`/api/leads/${id}`, { key: asha.key });
    expect(leadViewSchema.safeParse(view.body).success).toBe(true);
    expect(view.body.attempts).toEqual([answer.body.attempt]);
    const person = await call(`/api/people/${lead.personId}`, { key: asha.key });
    expect(personPageSchema.safeParse(person.body).success).toBe(true);
    const timeline = person.body.timeline.filter((entry: { what: string }) => entry.what !== 'enquiry');
    expect(timeline).toEqual([
      {
        at: answer.body.attempt.at,
        by: 'Asha',
        what: 'attempt',
        leadId: id,
        kind: 'finance',
        detail: { channel: 'call', outcome: 'no-answer', note: 'rang twice' },
      },
    ]);
  });

  test('a call back: its time is kept and said in the history; WhatsApp and e-mail are attempts of their channel', async () => {
    const { id, asha } = await assignedLead();
    const callBackAt = new Date(Date.now() + 86_400_000).toISOString();
    const back = await attempt(id, { channel: 'call', outcome: 'call-back', callBackAt }, asha.key);
    expect(back.status).toBe(201);
    expect(back.body.attempt.callBackAt).toBe(callBackAt);
    expect((await db.record(id)).history?.[0].detail).toMatch(/^Call: Call back at \d{1,2} \w{3}, \d{1,2}:\d{2}/);
    expect((await attempt(id, { channel: 'whatsapp', outcome: 'no-answer' }, asha.key)).status).toBe(201);
    expect((await attempt(id, { channel: 'email', outcome: 'no-answer' })).body.attempt).toMatchObject({ by: 'Owner', memberId: null });
    const view = await call(`/api/leads/${id}`);
    expect(view.body.attempts.map((a: { channel: string }) => a.channel)).toEqual(['call', 'whatsapp', 'email']);
    expect(view.body.persistence).toEqual({ attempts: 3, target: 6, unanswered: 3, openDays: expect.any(Number), askToClose: false });
  });
});

describe('the first contact', () => {
  test('the first Connected attempt makes the lead contacted, stops the clock and is what Insights measures; a second changes nothing', async () => {
    const { id, asha } = await assignedLead();
    await attempt(id, { channel: 'call', outcome: 'busy' }, asha.key);
    expect((await db.record(id)).firstContactAt).toBeUndefined();
    const first = await attempt(id, { channel: 'call', outcome: 'connected', note: 'wants a SIP' }, asha.key);
    expect(first.status).toBe(201);
    const lead = await db.record(id);
    expect(lead).toMatchObject({
      status: 'contacted',
      statusBy: 'Asha',
      statusAt: first.body.attempt.at,
      firstContactAt: first.body.attempt.at,
    });
    expect(first.body.lead.status).toBe('contacted');
    const clock = await db.rows<{ clock_next_at: Date | null; first_contact_assigned_at: Date | null }>(
      'SELECT clock_next_at, first_contact_assigned_at FROM leads WHERE id = $1',
      [id],
    );
    expect(clock[0].clock_next_at).toBeNull();
    expect(clock[0].first_contact_assigned_at).not.toBeNull();
    expect(lead.history?.at(-1)).toMatchObject({
      status: 'contacted',
      event: 'attempt',
      detail: expect.stringMatching(/^Call: Connected – wants a SIP/),
    });

    // Insights counts the lead as contacted, at that attempt.
    const insights = await call('/api/leads/insights');
    expect(insights.body.firstContact.contacted).toBe(1);
    expect(insights.body.routing.all.contacted).toBe(1);

    // A second Connected attempt: the first contact stays the first.
    const second = await attempt(id, { channel: 'call', outcome: 'connected' }, asha.key);
    expect(second.status).toBe(201);
    expect((await db.record(id)).firstContactAt).toBe(first.body.attempt.at);
  });

  test('contacted by hand first: that is the first contact, and a later Connected attempt leaves it', async () => {
    const { id, asha } = await assignedLead();
    const read = await call(`/api/leads/${id}`, { key: asha.key });
    const patched = await call(`/api/leads/${id}`, {
      method: 'PATCH',
      key: asha.key,
      headers: { 'if-match': `"${read.body.etag}"` },
      body: JSON.stringify({ status: 'contacted', followUpAt: read.body.followUpPicks.inAWeek }),
    });
    expect(patched.status).toBe(200);
    const byHand = (await db.record(id)).firstContactAt;
    expect(byHand).toBeDefined();
    await attempt(id, { channel: 'call', outcome: 'connected' }, asha.key);
    expect((await db.record(id)).firstContactAt).toBe(byHand);
  });

  test('a Connected attempt on a lead already won leaves its status', async () => {
    const { id } = await assignedLead();
    const read = await call(`/api/leads/${id}`);
    await call(`/api/leads/${id}`, {
      method: 'PATCH',
      headers: { 'if-match': `"${read.body.etag}"` },
      body: JSON.stringify({ status: 'won' }),
    });
    await attempt(id, { channel: 'whatsapp', outcome: 'connected' });
    expect((await db.record(id)).status).toBe('won');
  });
});

describe('refused', () => {
  test('a bad body: 400 naming each field, nothing stored', async () => {
    const { id } = await assignedLead();
    const fieldsOf = async (body: unknown) => {
      const answer = await attempt(id, body);
      expect(answer.status).toBe(400);
      return Object.keys(answer.body.fields ?? {}).sort();
    };
    expect(await fieldsOf({})).toEqual(['channel', 'outcome']);
    expect(await fieldsOf({ channel: 'fax', outcome: 'connected' })).toEqual(['channel']);
    expect(await fieldsOf({ channel: 'call', outcome: 'maybe' })).toEqual(['outcome']);
    expect(await fieldsOf({ channel: 'call', outcome: 'no-answer', note: 'x'.repeat(1001) })).toEqual(['note']);
    expect(await fieldsOf({ channel: 'call', outcome: 'no-answer', note: 'a\u0000b' })).toEqual(['note']);
    expect(await fieldsOf({ channel: 'call', outcome: 'call-back' })).toEqual(['callBackAt']);
    expect(await fieldsOf({ channel: 'call', outcome: 'call-back', callBackAt: 'tomorrow' })).toEqual(['callBackAt']);
    expect(await fieldsOf({ channel: 'call', outcome: 'call-back', callBackAt: '2020-01-01T10:00:00Z' })).toEqual(['callBackAt']);
    expect(await fieldsOf({ channel: 'call', outcome: 'busy', callBackAt: new Date(Date.now() + 3_600_000).toISOString() })).toEqual([
      'callBackAt',
    ]);
    expect(await fieldsOf([1, 2])).toEqual(['body']);
    const broken = await call(`/api/leads/${id}/attempts`, { method: 'POST', body: '{' });
    expect(broken.status).toBe(400);
    expect(await db.rows('SELECT 1 FROM lead_attempts')).toEqual([]);
  });

  test('no such lead: 404; not a lead id: 400; GET: 405; no key: 401', async () => {
    expect((await attempt('00000000-0000-4000-8000-000000000000', { channel: 'call', outcome: 'busy' })).status).toBe(404);
    expect((await attempt('nope', { channel: 'call', outcome: 'busy' })).status).toBe(400);
    const get = await call('/api/leads/00000000-0000-4000-8000-000000000000/attempts');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const anonymous = await leads(
      new Request('http://localhost/api/leads/00000000-0000-4000-8000-000000000000/attempts', { method: 'POST', body: '{}' }),
    );
    expect(anonymous.status).toBe(401);
  });
});

describe('persistence, made visible', () => {
  test('six unanswered attempts over five working days ask to close the lead as unreachable, and never close it; over four days they do not', async () => {
    const { id } = await assignedLead();
    // Monday 23 to Thursday 26 November 2026 (the office opens Monday to Saturday); today is later.
    const days = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26'];
    const seed = (day: string, n: number) =>
      db.rows(`INSERT INTO lead_attempts (lead_id, at, member_name, channel, outcome) VALUES ($1, $2, 'Asha', 'call', 'no-answer')`, [
        id,
        `${day}T${String(10 + n).padStart(2, '0')}:00:00+05:30`,
      ]);
    // Six on four days: not yet.
    for (const [n, day] of [days[0], days[0], days[1], days[2], days[3], days[3]].entries()) await seed(day, n);
    const four = (await call(`/api/leads/${id}`)).body.persistence;
    expect(four).toEqual({ attempts: 6, target: 6, unanswered: 6, openDays: 4, askToClose: false });
    // One more, on a fifth working day: it asks; the lead is still open.
    const fifth = await attempt(id, { channel: 'call', outcome: 'switched-off' });
    expect(fifth.body.persistence).toMatchObject({ attempts: 7, unanswered: 7, openDays: 5, askToClose: true });
    expect((await db.record(id)).status).toBeUndefined();
    // A Connected attempt starts the count again.
    const reached = await attempt(id, { channel: 'call', outcome: 'connected' });
    expect(reached.body.persistence).toMatchObject({ attempts: 8, unanswered: 0, askToClose: false });
  });
});
