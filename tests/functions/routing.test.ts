/**
 * Every lead gets an owner in its own transaction (src/server/intake/assign.ts): the round robin
 * on one locked row, the language match, away, removed and capped members skipped, the owner at
 * the end; and the assignee's phone gets a push (src/server/outbound/push.ts) that the push
 * service stand-in decrypts with the device's keys, as a browser would.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { send, validBankLoan, validFinance, validPrivacy, validRealEstate } from '../support/enquiry-requests.ts';
import { device, member, someone, usePushService } from '../support/routing.ts';
import { teamCall } from '../support/team.ts';
import { withDatabase } from '../../src/server/db/connection.ts';
import { removeMember } from '../../src/server/db/team-members.ts';
import type { PushServiceStandIn } from '../../harness/push-service.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';

let db: TestDatabase;
let standIn: EmailJsStandIn;
let pushService: PushServiceStandIn;
useFreshLocalServers((servers) => ({ db, standIn } = servers));
usePushService((service) => (pushService = service));
// The team's API is open only with an owner's key set.
beforeEach(() => {
  process.env.LEADS_EXPORT_TOKEN = 'routing-test-owner-key-Hq8vN2kT5wR9xM3pZ7cB';
});
afterEach(() => {
  delete process.env.LEADS_EXPORT_TOKEN;
});

const assignees = async () =>
  (await db.records('leads')).reduce<Record<string, number>>((counts, lead) => {
    const name = lead.assignee?.name ?? '(none)';
    return { ...counts, [name]: (counts[name] ?? 0) + 1 };
  }, {});

test('20 leads at once for two members who take the kind: 10 each, each with its assignee, its time and its clock', async () => {
  await member('Asha', { kinds: ['finance'] });
  await member('Bala', { kinds: ['finance'] });
  // The local database runs one transaction at a time: on a busy machine, 20 of them queued may
  // take longer than one lead's deadline. What is tested here is the turns, not the speed (bench:api).
  const deadline = process.env.LEADS_STORE_TIMEOUT_MS;
  process.env.LEADS_STORE_TIMEOUT_MS = '30000';
  const answers = await Promise.all(Array.from({ length: 20 }, () => send('finance', validFinance(someone())))).finally(() => {
    if (deadline === undefined) delete process.env.LEADS_STORE_TIMEOUT_MS;
    else process.env.LEADS_STORE_TIMEOUT_MS = deadline;
  });
  expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
  expect(await assignees()).toEqual({ Asha: 10, Bala: 10 });
  const lead = await db.record(answers[0].body.id);
  expect(lead.assignedAt).toBe(lead.receivedAt);
  expect(Date.parse(lead.firstContactDueAt ?? '')).toBeGreaterThan(Date.parse(lead.receivedAt));
  // Given as it was stored: no history entry, no new version.
  expect(lead.history).toBeUndefined();
  expect((await db.rows<{ version: number }>('SELECT version FROM leads WHERE id = $1', [lead.id]))[0]?.version).toBe(1);
});

test('the language match, an away member, a removed member and a member over their cap are skipped', async () => {
  const tamil = await member('Tamil Selvi', { kinds: ['realestate', 'bankloan'], languages: ['ta', 'en'] });
  await member('Away Arun', { kinds: ['realestate', 'bankloan'], languages: ['ta'], available: false });
  const gone = await member('Gone Gopal', { kinds: ['realestate', 'bankloan'], languages: ['ta'] });
  await withDatabase(() => removeMember(gone.id));
  await member('Capped Kavya', { kinds: ['realestate', 'bankloan'], languages: ['ta'], dailyCap: 1 });
  const english = await member('English Eric', { kinds: ['realestate', 'bankloan'], languages: ['en'] });

  // Tamil by the call-back language: the two Tamil speakers who may take it take turns, until Kavya's cap of one.
  const tamilLeads = [];
  for (let n = 0; n < 4; n++) tamilLeads.push(await send('realestate', validRealEstate({ callLanguage: 'Tamil', ...someone() })));
  const tamilNames = await Promise.all(tamilLeads.map(async (answer) => (await db.record(answer.body.id)).assignee?.name));
  expect(tamilNames.sort()).toEqual(['Capped Kavya', 'Tamil Selvi', 'Tamil Selvi', 'Tamil Selvi']);
  // The page's language when no call-back language was chosen: a Tamil page.
  const page = await send('bankloan', validBankLoan({ locale: 'ta', ...someone() }));
  expect((await db.record(page.body.id)).assignee).toEqual({ id: tamil.id, name: 'Tamil Selvi' });
  // English: only Eric speaks it among those who may take it.
  const englishLead = await send('bankloan', validBankLoan({ callLanguage: 'English', ...someone() }));
  expect((await db.record(englishLead.body.id)).assignee).toEqual({ id: english.id, name: 'English Eric' });
  // Hindi: nobody speaks it; any available member who takes the kind, by turns.
  const hindi = await send('bankloan', validBankLoan({ callLanguage: 'Hindi', ...someone() }));
  expect(['Tamil Selvi', 'English Eric']).toContain((await db.record(hindi.body.id)).assignee?.name);
  const names = Object.keys(await assignees());
  expect(names).not.toContain('Away Arun');
  expect(names).not.toContain('Gone Gopal');
});

test('rule 1: the person’s open lead in the division keeps its assignee; another division, or once it is won, the round robin', async () => {
  const asha = await member('Asha', { kinds: ['finance', 'bankloan'] });
  const bala = await member('Bala', { kinds: ['finance', 'bankloan'] });
  const priya = someone();
  const first = await send('finance', validFinance(priya));
  const firstAssignee = (await db.record(first.body.id)).assignee;
  const other = firstAssignee?.id === asha.id ? bala : asha;
  // The same person (the same phone, a new e-mail) writes again: the same assignee, though the round robin would give the other.
  const again = await send('finance', validFinance({ phone: priya.phone }));
  expect((await db.record(again.body.id)).assignee).toEqual(firstAssignee);
  // Another division: the round robin's turn.
  const loan = await send('bankloan', validBankLoan(priya));
  expect((await db.record(loan.body.id)).assignee).toEqual({ id: other.id, name: other.name });
  // The person's finance leads are closed (won): rule 1 no longer holds. Another visitor's lead
  // goes to the first assignee, so the round robin's turn is the other's.
  await db.rows(`UPDATE leads SET status = 'won' WHERE kind = 'finance'`);
  const between = await send('finance', validFinance(someone()));
  expect((await db.record(between.body.id)).assignee).toEqual(firstAssignee);
  const later = await send('finance', validFinance(priya));
  expect((await db.record(later.body.id)).assignee).toEqual({ id: other.id, name: other.name });
  // Its assignee away: rule 1 skips them as the round robin does.
  await db.rows('UPDATE team_members SET available = false WHERE id = $1', [other.id]);
  const away = await send('finance', validFinance(priya));
  expect((await db.record(away.body.id)).assignee).toEqual(firstAssignee);
});

test('nobody takes the kind: an available owner, else the owner’s first key; spam gets nobody', async () => {
  await member('Sales Sita', { kinds: ['finance'] });
  const privacy = await send('privacy', validPrivacy());
  expect((await db.record(privacy.body.id)).assignee).toEqual({ id: null, name: 'Owner' });
  // A privacy request has its own day to be answered by: no first-contact clock.
  expect((await db.record(privacy.body.id)).firstContactDueAt).toBeUndefined();
  const owner = await member('Omana', {}, 'owner');
  const second = await send('privacy', validPrivacy());
  expect((await db.record(second.body.id)).assignee).toEqual({ id: owner.id, name: 'Omana' });
  const spam = await send('finance', validFinance({ challenge: 'not-a-challenge' }));
  expect((await db.record(spam.body.id)).assignee).toBeUndefined();
});

test('the assignee’s devices get a push the stand-in decrypts: the kind, the city and the call-back time, no name, phone or message', async () => {
  const asha = await member('Asha', { kinds: ['realestate'] });
  await device(pushService, asha.id);
  await device(pushService, asha.id);
  const before = pushService.received.length;
  const answer = await send(
    'realestate',
    validRealEstate({ callTime: 'Evening (16:00-19:00)', callLanguage: 'Tamil', Username: 'Meena Raman', phone: '9876543210' }),
  );
  expect(answer.status).toBe(201);
  const pushes = (await pushService.waitFor(before + 2)).slice(before);
  expect(pushes).toHaveLength(2);
  for (const push of pushes) {
    expect(push.vapid).toMatchObject({
      valid: true,
      aud: pushService.origin,
      sub: 'mailto:team@example.com',
      publicKey: process.env.WEB_PUSH_PUBLIC_KEY,
    });
    expect(push.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '86400', urgency: 'high' });
    expect(push.payload).toEqual({
      title: 'New property enquiry for you',
      body: expect.stringContaining('call back Evening (16:00-19:00), in Tamil'),
      url: `/leads#lead=${answer.body.id}`,
      tag: `${answer.body.id}:assigned`,
    });
    expect(JSON.stringify(push.payload)).not.toMatch(/Meena|9876543210/);
  }
  const rows = await db.rows<{ channel: string; state: string; recipient: string }>(
    `SELECT channel, state, recipient FROM deliveries WHERE lead_id = $1 AND channel = 'push'`,
    [answer.body.id],
  );
  expect(rows).toEqual([{ channel: 'push', state: 'sent', recipient: asha.id }]);
  // The team's e-mail goes as before, and names the assignee.
  expect(standIn.received.find((email) => email.template_params.id === answer.body.id)?.template_params).toMatchObject({
    assignee: 'Asha',
  });
});

test('a device the push service has forgotten (410, 404) is deleted; a member with no device left gets no push', async () => {
  const asha = await member('Asha', { kinds: ['finance'] });
  const gone = await device(pushService, asha.id);
  const forgotten = await device(pushService, asha.id);
  pushService.setBehaviour({ status: 410, device: pushService.deviceOf(gone.endpoint) });
  const first = await send('finance', validFinance());
  expect(await db.rows('SELECT endpoint FROM push_subscriptions')).toEqual([{ endpoint: forgotten.endpoint }]);
  expect((await db.deliveries(first.body.id)).push).toMatchObject({ state: 'sent' });
  pushService.setBehaviour({ status: 404 });
  const second = await send('finance', validFinance());
  expect(await db.rows('SELECT endpoint FROM push_subscriptions')).toEqual([]);
  expect((await db.deliveries(second.body.id)).push).toMatchObject({ state: 'skipped', skipped: 'no-device' });
  pushService.setBehaviour({});
  const third = await send('finance', validFinance());
  expect((await db.deliveries(third.body.id)).push).toBeUndefined();
  expect((await db.record(third.body.id)).notified).toBe(true);
});

test('a push the push service refuses (500) stays pending in the deliveries table, and the sweep sends it when it is due', async () => {
  const asha = await member('Asha', { kinds: ['finance'] });
  await device(pushService, asha.id);
  pushService.setBehaviour({ status: 500 });
  const answer = await send('finance', validFinance());
  const failed = (await db.deliveries(answer.body.id)).push;
  expect(failed).toMatchObject({ state: 'pending', attempts: 1, last_error: 'the push service answered 500' });
  pushService.setBehaviour({});
  const { sweepPending } = await import('../../src/server/jobs/sweep.ts');
  const { vi } = await import('vitest');
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    vi.setSystemTime(Date.parse(failed.next_attempt_at as string) + 1000);
    const report = await sweepPending();
    expect(report.push).toMatchObject({ sent: 1 });
  } finally {
    vi.useRealTimers();
  }
  expect((await db.deliveries(answer.body.id)).push).toMatchObject({ state: 'sent', attempts: 2 });
});

test('only the owner gives a lead to someone or changes what a member takes: a sales key gets 403 and nothing changes', async () => {
  const asha = await member('Asha', { kinds: ['finance'] });
  const bala = await member('Bala', { kinds: ['finance'] });
  const answer = await send('finance', validFinance(someone()));
  const before = (await db.record(answer.body.id)).assignee;
  const other = before?.id === asha.id ? bala : asha;
  const give = await teamCall(`/api/leads/${answer.body.id}/assign`, asha.key, {
    method: 'POST',
    body: JSON.stringify({ memberId: other.id }),
  });
  expect(give.status).toBe(403);
  const change = await teamCall(`/api/leads/team/${bala.id}`, asha.key, { method: 'PATCH', body: JSON.stringify({ available: false }) });
  expect(change.status).toBe(403);
  expect((await db.record(answer.body.id)).assignee).toEqual(before);
  expect(await db.rows('SELECT available FROM team_members WHERE id = $1', [bala.id])).toEqual([{ available: true }]);
  // A sales key cannot stop another member's alerts either: their device is not its own.
  const balas = await device(pushService, bala.id);
  const stop = await teamCall('/api/leads/push', asha.key, { method: 'DELETE', body: JSON.stringify({ endpoint: balas.endpoint }) });
  expect(stop.status).toBe(404);
  expect(await db.rows('SELECT endpoint FROM push_subscriptions')).toEqual([{ endpoint: balas.endpoint }]);
});

test('on a live site a device must be at a browser’s push service over https: the server never posts to an address a key chose', async () => {
  const asha = await member('Asha', { kinds: ['finance'] });
  const keys = pushService.subscribe().keys;
  const context = process.env.CONTEXT;
  process.env.CONTEXT = 'production';
  try {
    for (const endpoint of [
      'http://127.0.0.1:8080/push/1',
      'https://169.254.169.254/latest/meta-data/',
      'https://fcm.googleapis.com.attacker.example/send/1',
      'https://evilfcm.googleapis.com/send/1',
      'http://fcm.googleapis.com/fcm/send/1',
      'javascript:alert(1)',
    ]) {
      const answer = await teamCall('/api/leads/push', asha.key, { method: 'POST', body: JSON.stringify({ endpoint, keys }) });
      expect([endpoint, answer.status, answer.body.fields?.endpoint]).toEqual([endpoint, 400, expect.stringMatching(/^endpoint must/)]);
    }
    expect(await db.rows('SELECT endpoint FROM push_subscriptions')).toEqual([]);
    const chrome = await teamCall('/api/leads/push', asha.key, {
      method: 'POST',
      body: JSON.stringify({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc123', keys }),
    });
    expect([chrome.status, chrome.body.devices]).toEqual([201, 1]);
  } finally {
    if (context === undefined) delete process.env.CONTEXT;
    else process.env.CONTEXT = context;
  }
});

test('a key keeps its newest 10 devices: an eleventh and twelfth replace the two subscribed longest ago, and a push reaches 10', async () => {
  const asha = await member('Asha', { kinds: ['finance'] });
  const subscribed = [];
  for (let n = 0; n < 12; n++) {
    const subscription = pushService.subscribe();
    const answer = await teamCall('/api/leads/push', asha.key, { method: 'POST', body: JSON.stringify(subscription) });
    expect(answer.status).toBe(201);
    expect(answer.body.devices).toBe(Math.min(n + 1, 10));
    subscribed.push(pushService.deviceOf(subscription.endpoint));
    // Each its own millisecond, so "longest ago" is one device.
    await new Promise((resolve) => setTimeout(resolve, 3));
  }
  const before = pushService.received.length;
  await send('finance', validFinance(someone()));
  const reached = (await pushService.waitFor(before + 10)).slice(before).map((push) => push.device);
  expect(reached.sort()).toEqual(subscribed.slice(2).sort());
});

test('Insights: the first contact within its target by division and assignee, and the reassignments by hand', async () => {
  const { readInsights } = await import('../../src/server/team/insights.ts');
  const { readLead } = await import('../../src/server/db/leads.ts');
  const { changeWork } = await import('../../src/server/team/work.ts');
  const { reassign } = await import('../../src/server/team/routing-api.ts');
  const asha = await member('Asha', { kinds: ['finance'] });
  const bala = await member('Bala', { kinds: ['finance'] });
  const first = await send('finance', validFinance(someone()));
  const second = await send('finance', validFinance(someone()));
  // One contacted at once (within the target); the other given to the other member by the owner.
  const stored = await withDatabase(() => readLead(first.body.id));
  await withDatabase(() =>
    changeWork(
      first.body.id,
      { status: 'contacted', followUpAt: new Date(Date.now() + 7 * 86_400_000).toISOString() },
      'Asha',
      stored?.version ?? 0,
    ),
  );
  const to = (await db.record(second.body.id)).assignee?.id === asha.id ? bala : asha;
  await withDatabase(() => reassign({ id: null, name: 'Owner', role: 'owner' }, second.body.id, { memberId: to.id }));
  const day = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  const figures = (await withDatabase(() => readInsights({ from: day, to: day }))).routing;
  expect(figures.targetMinutes).toBe(15);
  expect(figures.all).toMatchObject({ leads: 2, contacted: 1, inTarget: 1, inTargetShare: 0.5 });
  expect(figures.byKind).toEqual([expect.objectContaining({ kind: 'finance', leads: 2, inTarget: 1 })]);
  // By whom has them now: the second went to the other member, who had the first.
  expect(figures.byPerson.map((row) => [row.person, row.leads, row.inTarget])).toEqual([[to.name, 2, 1]]);
  expect(figures.reassignments).toEqual([{ kind: 'finance', byClock: 0, byHand: 1 }]);
});
