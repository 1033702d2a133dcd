/**
 * The next follow-up (src/server/team/follow-ups.ts): a lead being worked always has one (400
 * naming followUpAt otherwise), won and lost clear it, attempts set it (a call-back's time, the
 * one named, else the next working morning); the due list (GET /api/leads?view=due) across a
 * weekend on a fake clock, oldest due first, a member's own with assignee=me; and the push to the
 * assignee when it comes, once, the database woken only then.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import leads from '../../netlify/functions/leads.mts';
import leadsClock from '../../netlify/functions/leads-clock.mts';
import { answerOf } from '../support/team.ts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { send, validFinance } from '../support/enquiry-requests.ts';
import { device, member, someone, usePushService } from '../support/routing.ts';
import { nextWorkingMorning, officeWorkingTime } from '../../src/server/working-time.ts';
import type { PushServiceStandIn } from '../../harness/push-service.ts';

const TOKEN = 'follow-ups-test-token-k7Qm2xR9vT4pW8nZ3bY6';
let db: TestDatabase;
let pushService: PushServiceStandIn;
useFreshLocalServers((servers) => ({ db } = servers));
usePushService((service) => (pushService = service));
beforeEach(() => {
  process.env.LEADS_EXPORT_TOKEN = TOKEN;
});
afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;
/** An instant on India's clock, as the server writes it. */
const india = (local: string) => new Date(`${local}+05:30`).toISOString();

const call = async (path: string, init: RequestInit & { key?: string } = {}) => {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${init.key ?? TOKEN}`);
  if (init.body) headers.set('content-type', 'application/json');
  return answerOf(await leads(new Request(`http://localhost${path}`, { ...init, headers })));
};
const patch = async (id: string, change: unknown, key?: string) => {
  const { etag } = (await call(`/api/leads/${id}`)).body;
  return call(`/api/leads/${id}`, {
    method: 'PATCH',
    headers: { 'if-match': `"${etag}"` },
    body: JSON.stringify(change),
    ...(key ? { key } : {}),
  });
};
const attempt = (id: string, body: unknown, key?: string) =>
  call(`/api/leads/${id}/attempts`, { method: 'POST', body: JSON.stringify(body), ...(key ? { key } : {}) });
const due = async (query = '', key?: string) =>
  (await call(`/api/leads?format=json&limit=50&view=due${query}`, key ? { key } : {})).body.leads.map((lead: { id: string }) => lead.id);

const newLead = async () => (await send('finance', validFinance(someone()))).body.id as string;

describe('a lead being worked always has its next follow-up', () => {
  test('contacted without one: 400 naming followUpAt; with one: stored, in the history; a note alone passes; won clears it', async () => {
    const id = await newLead();
    const refused = await patch(id, { status: 'contacted' });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fields)).toEqual(['followUpAt']);
    expect((await db.record(id)).status).toBeUndefined();

    const followUpAt = new Date(Date.now() + 2 * 86_400_000).toISOString();
    expect((await patch(id, { status: 'contacted', followUpAt })).status).toBe(200);
    const lead = await db.record(id);
    expect(lead).toMatchObject({ status: 'contacted', followUpAt });
    expect(lead.history?.at(-1)?.detail).toMatch(/^Next follow-up: \d{1,2} \w{3}, \d{1,2}:\d{2} [ap]m$/);
    // Taking it away from a lead being worked is refused too; moving it is not.
    expect(Object.keys((await patch(id, { followUpAt: null })).body.fields)).toEqual(['followUpAt']);
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
    expect((await patch(id, { followUpAt: later })).body.lead.followUpAt).toBe(later);

    // A lead contacted before follow-ups existed: its note can still be saved.
    await db.rows('UPDATE leads SET follow_up_at = NULL WHERE id = $1', [id]);
    expect((await patch(id, { note: 'Called again' })).status).toBe(200);

    const won = await patch(id, { status: 'won', followUpAt: later });
    expect(won.status).toBe(200);
    expect(won.body.lead.followUpAt).toBeUndefined();
  });

  test('a follow-up that is no time, in the past or more than a year away: 400 naming followUpAt', async () => {
    const id = await newLead();
    for (const followUpAt of [
      'tomorrow',
      '2026-13-01T10:00:00Z',
      '2020-01-01T10:00:00Z',
      new Date(Date.now() + 400 * 86_400_000).toISOString(),
      5,
    ]) {
      const answer = await patch(id, { status: 'contacted', followUpAt });
      expect(answer.status, String(followUpAt)).toBe(400);
      expect(Object.keys(answer.body.fields)).toEqual(['followUpAt']);
    }
    expect((await attempt(id, { channel: 'call', outcome: 'busy', followUpAt: 'soon' })).body.fields).toHaveProperty('followUpAt');
  });

  test('attempts set it: Connected without one, the next working morning; a call-back, its time; one named, that one; a later one stays', async () => {
    const id = await newLead();
    const connected = await attempt(id, { channel: 'call', outcome: 'connected' });
    expect(connected.status).toBe(201);
    const morning = nextWorkingMorning(connected.body.attempt.at, officeWorkingTime());
    expect(connected.body.lead).toMatchObject({ status: 'contacted', followUpAt: morning });

    const callBackAt = new Date(Date.now() + 5 * 86_400_000).toISOString();
    await attempt(id, { channel: 'call', outcome: 'call-back', callBackAt });
    expect((await db.record(id)).followUpAt).toBe(callBackAt);
    // An unanswered call while the follow-up is still to come leaves it.
    await attempt(id, { channel: 'whatsapp', outcome: 'no-answer' });
    expect((await db.record(id)).followUpAt).toBe(callBackAt);
    const named = new Date(Date.now() + 86_400_000).toISOString();
    await attempt(id, { channel: 'call', outcome: 'busy', followUpAt: named });
    expect((await db.record(id)).followUpAt).toBe(named);
    // Once it is due, an unanswered call moves it to the next working morning.
    await db.rows('UPDATE leads SET follow_up_at = $2 WHERE id = $1', [id, new Date(Date.now() - MINUTE).toISOString()]);
    const busy = await attempt(id, { channel: 'call', outcome: 'busy' });
    expect(busy.body.lead.followUpAt).toBe(nextWorkingMorning(busy.body.attempt.at, officeWorkingTime()));
  });
});

describe('the due list across a weekend, on a fake clock (open Monday to Saturday, 09:30 to 18:30)', () => {
  test('due today and overdue, oldest due first; a member’s own with assignee=me; closed leads leave it', async () => {
    const asha = await member('Asha', { kinds: ['finance'] });
    const bala = await member('Bala', { kinds: ['finance'] });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(india('2026-12-05T15:00:00')));
    const a = await newLead();
    const b = await newLead();
    const c = await newLead();
    const owners = new Map(await Promise.all([a, b, c].map(async (id) => [id, (await db.record(id)).assignee?.id] as const)));
    // Saturday 15:00: a "later today" (17:00), b "tomorrow morning" (Monday 09:30: Sunday is closed), c in a week.
    const { followUpPicks: picks } = (await call(`/api/leads/${a}`)).body;
    expect(picks).toEqual({
      laterToday: india('2026-12-05T17:00:00'),
      tomorrowMorning: india('2026-12-07T09:30:00'),
      inThreeDays: india('2026-12-09T09:30:00'),
      inAWeek: india('2026-12-12T09:30:00'),
    });
    expect((await patch(a, { status: 'contacted', followUpAt: picks.laterToday })).status).toBe(200);
    expect((await patch(b, { status: 'contacted', followUpAt: picks.tomorrowMorning })).status).toBe(200);
    expect((await patch(c, { status: 'contacted', followUpAt: picks.inAWeek })).status).toBe(200);

    expect(await due()).toEqual([a]);
    vi.setSystemTime(Date.parse(india('2026-12-06T12:00:00')));
    expect(await due()).toEqual([a]); // Sunday: a overdue; b is Monday's
    vi.setSystemTime(Date.parse(india('2026-12-07T08:00:00')));
    expect(await due()).toEqual([a, b]); // Monday: a overdue, b due today, oldest due first
    // Each member's own.
    const ashaKey = asha.key;
    const ashas = [a, b].filter((id) => owners.get(id) === asha.id);
    expect(await due('&assignee=me', ashaKey)).toEqual(ashas);
    expect(await due('&assignee=me', bala.key)).toEqual([a, b].filter((id) => owners.get(id) === bala.id));
    // Paged: one at a time, each once.
    const first = await call('/api/leads?format=json&view=due&limit=1');
    expect(first.body.leads.map((lead: { id: string }) => lead.id)).toEqual([a]);
    const second = await call(`/api/leads?format=json&view=due&limit=1&cursor=${first.body.nextCursor}`);
    expect(second.body.leads.map((lead: { id: string }) => lead.id)).toEqual([b]);
    expect(second.body.nextCursor).toBeNull();
    // Won: off the list.
    await patch(a, { status: 'won' });
    expect(await due()).toEqual([b]);
    vi.setSystemTime(Date.parse(india('2026-12-12T09:00:00')));
    expect(await due()).toEqual([b, c]);
    expect((await call('/api/leads?format=json&view=later')).body.fields).toHaveProperty('view');
  });
});

describe('the push when a follow-up comes due', () => {
  test('the assignee’s phone gets it once, at its time; the clock wakes the database for it and not before', async () => {
    const asha = await member('Asha', { kinds: ['finance'] });
    const phone = await device(pushService, asha.id);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(india('2026-12-07T10:00:00')));
    const id = await newLead();
    // Contacted at once, the next follow-up at 16:00: the first-contact clock stops.
    expect((await patch(id, { status: 'contacted', followUpAt: india('2026-12-07T16:00:00') })).status).toBe(200);
    const before = pushService.received.length;
    const sessions = db.local.sessions();
    const woken: string[] = [];
    for (let now = Date.parse(india('2026-12-07T10:05:00')); now <= Date.parse(india('2026-12-07T18:00:00')); now += 5 * MINUTE) {
      vi.setSystemTime(now);
      const response = await leadsClock(new Request('http://localhost/.netlify/functions/leads-clock', { method: 'POST', body: '{}' }));
      const report = await response.json();
      if (!report.asleep) woken.push(`${new Date(now).toISOString()} ${report.followUps}`);
    }
    expect(woken).toEqual([`${india('2026-12-07T16:00:00')} 1`]);
    expect(db.local.sessions() - sessions).toBe(1);
    const pushes = pushService.received.slice(before).map((push) => [push.device, (push.payload as { title: string }).title]);
    expect(pushes).toEqual([[pushService.deviceOf(phone.endpoint), 'Follow-up due: Financial planning enquiry']]);
    expect((await db.record(id)).history?.at(-1)).toMatchObject({ event: 'reminded', detail: 'Follow-up due: Asha reminded' });
  }, 120_000);
});
