/**
 * The first-contact clock (src/server/jobs/first-contact.ts) on a fake clock, ticking as its
 * scheduled function does (every 5 minutes): across a weekend and outside office hours
 * (Monday to Saturday, 09:30 to 18:30 India time), a lead nobody contacts is reminded at 15
 * working minutes, escalated at 30 and reassigned at 45, each once, each in its history; the
 * database is woken only when a step is due; a lead contacted in time is left alone.
 */
import { afterEach, expect, test, vi } from 'vitest';
import leadsClock from '../../netlify/functions/leads-clock.mts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { send, validFinance } from '../support/enquiry-requests.ts';
import { device, member, usePushService } from '../support/routing.ts';
import { withDatabase } from '../../src/server/db/connection.ts';
import { changeWork } from '../../src/server/team/work.ts';
import { readLead } from '../../src/server/db/leads.ts';
import type { PushServiceStandIn } from '../../harness/push-service.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';

let db: TestDatabase;
let standIn: EmailJsStandIn;
let pushService: PushServiceStandIn;
useFreshLocalServers((servers) => ({ db, standIn } = servers));
usePushService((service) => (pushService = service));
afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;
/** An instant on India's clock. */
const india = (local: string) => Date.parse(`${local}+05:30`);

/** Ticks the clock's function every 5 minutes from `from` to `to`; returns the database sessions opened and what each tick did. */
const tickClock = async (from: number, to: number) => {
  const before = db.local.sessions();
  const reports: { at: string; report: Record<string, unknown> }[] = [];
  for (let now = from; now <= to; now += 5 * MINUTE) {
    vi.setSystemTime(now);
    const response = await leadsClock(new Request('http://localhost/.netlify/functions/leads-clock', { method: 'POST', body: '{}' }));
    expect(response.status).toBe(200);
    const report = await response.json();
    if (!report.asleep) reports.push({ at: new Date(now).toISOString(), report });
  }
  return { sessions: db.local.sessions() - before, reports };
};

test('a lead on Saturday at 18:20 nobody contacts: reminded Monday 09:35, escalated 09:50, reassigned 10:05, each once; asleep all weekend', async () => {
  const asha = await member('Asha', { kinds: ['finance'] });
  const bala = await member('Bala', { kinds: ['finance'] });
  const ashaPhone = await device(pushService, asha.id);
  const balaPhone = await device(pushService, bala.id);
  const ownerPhone = await device(pushService, null);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(india('2026-12-05T18:20:00'));
  const answer = await send('finance', validFinance());
  const id = answer.body.id;
  const lead = await db.record(id);
  expect(lead.assignee?.name).toBe('Asha');
  // 10 working minutes on Saturday, 5 on Monday.
  expect(lead.firstContactDueAt).toBe(new Date(india('2026-12-07T09:35:00')).toISOString());
  const pushesBefore = pushService.received.length;

  const { sessions, reports } = await tickClock(india('2026-12-05T18:25:00'), india('2026-12-07T11:00:00'));
  // Three wake-ups in two days: one for each step.
  expect(sessions).toBe(3);
  expect(reports.map(({ at, report }) => [at, report.reminded, report.escalated, report.reassigned])).toEqual([
    [new Date(india('2026-12-07T09:35:00')).toISOString(), 1, 0, 0],
    [new Date(india('2026-12-07T09:50:00')).toISOString(), 0, 1, 0],
    [new Date(india('2026-12-07T10:05:00')).toISOString(), 0, 0, 1],
  ]);
  const after = await db.record(id);
  expect(after.assignee).toEqual({ id: bala.id, name: 'Bala' });
  expect(after.history?.map((entry: { event?: string; by: string }) => [entry.event, entry.by])).toEqual([
    ['reminded', 'the first-contact clock'],
    ['escalated', 'the first-contact clock'],
    ['reassigned', 'the first-contact clock'],
  ]);
  expect(after.history?.[2]?.detail).toMatch(/^Not contacted after 45 working minutes: from Asha to Bala/);
  // The pushes: the reminder to Asha's phone, the escalation to the owner's, the reassignment to Bala's.
  const pushes = pushService.received.slice(pushesBefore).map((push) => [push.device, (push.payload as { title: string }).title]);
  expect(pushes).toEqual([
    [pushService.deviceOf(ashaPhone.endpoint), 'First contact due: Financial planning enquiry'],
    [pushService.deviceOf(ownerPhone.endpoint), 'Not contacted yet: Financial planning enquiry (Asha)'],
    [pushService.deviceOf(balaPhone.endpoint), 'New financial planning enquiry for you'],
  ]);
  // And the e-mail to the owner, once.
  const escalations = standIn.received.filter((email) => email.template_params.kind === 'escalation');
  expect(escalations.map((email) => email.template_params.id)).toEqual([id]);
  expect(escalations[0].template_params.summary).toContain(`/leads#lead=${id}`);
}, 120_000);

test('a lead on Sunday is due Monday at 09:45; one with a call-back time is due 15 minutes into it; contacted in time, it is left alone; with nobody else, the owner gets it', async () => {
  await member('Asha', { kinds: ['finance'] });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(india('2026-12-06T11:00:00'));
  const sunday = await send('finance', validFinance());
  expect((await db.record(sunday.body.id)).firstContactDueAt).toBe(new Date(india('2026-12-07T09:45:00')).toISOString());
  const evening = await send('finance', validFinance({ callTime: 'Evening (16:00-19:00)' }));
  expect((await db.record(evening.body.id)).firstContactDueAt).toBe(new Date(india('2026-12-07T16:15:00')).toISOString());

  // Asha calls the Sunday lead on Monday at 09:40, before it is due.
  vi.setSystemTime(india('2026-12-07T09:40:00'));
  const stored = await withDatabase(() => readLead(sunday.body.id));
  await withDatabase(() =>
    changeWork(
      sunday.body.id,
      { status: 'contacted', followUpAt: new Date(india('2026-12-21T10:00:00')).toISOString() },
      'Asha',
      stored!.version,
    ),
  );
  const contacted = await db.record(sunday.body.id);
  expect(contacted.firstContactAt).toBe(new Date(india('2026-12-07T09:40:00')).toISOString());

  const { reports } = await tickClock(india('2026-12-07T09:40:00'), india('2026-12-07T17:00:00'));
  expect(reports.map(({ at, report }) => [at, report.reminded, report.escalated, report.reassigned])).toEqual([
    // The note said 09:45 (the Sunday lead's), until its contact wrote it again: no wake-up before 16:15.
    [new Date(india('2026-12-07T16:15:00')).toISOString(), 1, 0, 0],
    [new Date(india('2026-12-07T16:30:00')).toISOString(), 0, 1, 0],
    // Nobody else takes the kind: the lead goes to the owner.
    [new Date(india('2026-12-07T16:45:00')).toISOString(), 0, 0, 1],
  ]);
  expect((await db.record(sunday.body.id)).history?.map((entry: { event?: string }) => entry.event ?? 'work')).toEqual(['work']);
  const evening_ = await db.record(evening.body.id);
  expect(evening_.history?.map((entry: { event?: string }) => entry.event)).toEqual(['reminded', 'escalated', 'reassigned']);
  expect(evening_.assignee).toEqual({ id: null, name: 'Owner' });
  expect(evening_.history?.[2]?.detail).toBe(
    'Not contacted after 45 working minutes: from Asha to Owner (nobody available takes the kind: the owner)',
  );
}, 120_000);
