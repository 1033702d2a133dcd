/**
 * GET /api/leads/insights over a seeded database, every figure counted by hand. The office works
 * Monday to Saturday, 09:30 to 18:30 India time (src/content/identity.json); "now" is Monday
 * 30 November 2026, 12:00 in India; the range is 23 to 30 November.
 *
 * The leads (India time):
 * - weekend: real estate, Sat 28th 18:00 (Google, campaign "diwali", landing /Buy, Tamil page),
 *   contacted Mon 30th 10:00 by Kavya: 30 working minutes on Saturday + 30 on Monday = 60; won.
 * - call-back: bank loan, Fri 27th 10:00, chose the evening (16:00-19:00), contacted 16:30 by
 *   Ravi: 30 working minutes (from 16:00, not from 10:00); referred by www.facebook.com.
 * - finance, Tue 24th 11:00 (Kannada page), contacted 14:00 by Kavya: 180; then lost.
 * - contact, Mon 30th 09:00 (before opening, Telugu page), still new: 150 working minutes by now, waiting.
 * - real estate, Mon 30th 11:30, still new: 30 working minutes, not waiting yet.
 * - bank loan, Wed 25th 10:00, chose the morning (9:30-12:00), still new: waiting since 10:00,
 *   510 + 540 × 3 + 150 = 2280 working minutes, the oldest.
 * - spam (real estate), Thu 26th; a privacy request, Thu 26th, still new;
 * - erased: real estate, Wed 25th 12:00 (utm_source "erased-source"), contacted 12:05 by Meena;
 * - before the range: real estate, Fri 20th 10:00, contacted 10:20 by Kavya (the weekly series only).
 */
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import leads from '../../netlify/functions/leads.mts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { IST, seedLead, type SeedLead } from '../support/seed-leads.ts';

const TOKEN = 'insights-test-token-k7Qm2xR9vT4pW8nZ3bY6';
let db: TestDatabase;
useFreshLocalServers((servers) => ({ db } = servers));
beforeEach(() => {
  process.env.LEADS_EXPORT_TOKEN = TOKEN;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-30T12:00:00+05:30'));
});
afterEach(() => {
  vi.useRealTimers();
});

const call = async (path: string, init: RequestInit = {}) => {
  const headers = new Headers(init.headers);
  if (!headers.has('authorization')) headers.set('authorization', `Bearer ${TOKEN}`);
  const response = await leads(new Request(`http://localhost${path}`, { ...init, headers }));
  return { status: response.status, body: JSON.parse((await response.text()) || 'null') };
};

const ID = {
  weekend: '00000000-0000-4000-8000-000000000001',
  callBack: '00000000-0000-4000-8000-000000000002',
  finance: '00000000-0000-4000-8000-000000000003',
  waitingContact: '00000000-0000-4000-8000-000000000004',
  fresh: '00000000-0000-4000-8000-000000000005',
  waitingMorning: '00000000-0000-4000-8000-000000000006',
  spam: '00000000-0000-4000-8000-000000000007',
  privacy: '00000000-0000-4000-8000-000000000008',
  erased: '00000000-0000-4000-8000-000000000009',
  before: '00000000-0000-4000-8000-000000000010',
};

const seed = (lead: SeedLead) => seedLead(db.rows, lead);

const seedAll = async () => {
  await seed({
    id: ID.weekend,
    kind: 'realestate',
    at: IST('2026-11-28T18:00'),
    locale: 'ta',
    utm_source: 'Google',
    utm_campaign: 'diwali',
    landing_path: '/Buy',
    status: 'won',
    history: [
      ['contacted', IST('2026-11-30T10:00'), 'Kavya'],
      ['won', IST('2026-11-30T11:00'), 'Kavya'],
    ],
  });
  await seed({
    id: ID.callBack,
    kind: 'bankloan',
    at: IST('2026-11-27T10:00'),
    callTime: 'Evening (16:00-19:00)',
    referrer: 'https://www.facebook.com/aranya/posts/1',
    status: 'contacted',
    history: [['contacted', IST('2026-11-27T16:30'), 'Ravi']],
  });
  await seed({
    id: ID.finance,
    kind: 'finance',
    at: IST('2026-11-24T11:00'),
    locale: 'kn',
    status: 'lost',
    history: [
      ['new', IST('2026-11-24T11:30'), 'Ravi'], // a note only: not a contact
      ['contacted', IST('2026-11-24T14:00'), 'Kavya'],
      ['lost', IST('2026-11-25T10:00'), 'Kavya'],
    ],
  });
  await seed({ id: ID.waitingContact, kind: 'contact', at: IST('2026-11-30T09:00'), locale: 'te' });
  await seed({ id: ID.fresh, kind: 'realestate', at: IST('2026-11-30T11:30') });
  await seed({ id: ID.waitingMorning, kind: 'bankloan', at: IST('2026-11-25T10:00'), callTime: 'Morning (9:30-12:00)' });
  await seed({ id: ID.spam, kind: 'realestate', at: IST('2026-11-26T10:00'), spam: 'honeypot', utm_source: 'spam-source' });
  await seed({ id: ID.privacy, kind: 'privacy', at: IST('2026-11-26T10:00') });
  await seed({
    id: ID.erased,
    kind: 'realestate',
    at: IST('2026-11-25T12:00'),
    utm_source: 'erased-source',
    status: 'contacted',
    history: [['contacted', IST('2026-11-25T12:05'), 'Meena']],
  });
  await seed({
    id: ID.before,
    kind: 'realestate',
    at: IST('2026-11-20T10:00'),
    status: 'contacted',
    history: [['contacted', IST('2026-11-20T10:20'), 'Kavya']],
  });
};

const RANGE = '/api/leads/insights?from=2026-11-23&to=2026-11-30';

test('the figures of the range, counted by hand: spam apart, working time over a weekend, a call-back time, an erased lead gone from every figure', async () => {
  await seedAll();
  // Before the erasure, the erased lead counts like any other.
  const before = (await call(RANGE)).body;
  expect(before.total).toBe(8);
  expect(before.firstContact.byPerson.map((row: { person: string }) => row.person)).toContain('Meena');

  expect((await call(`/api/leads/${ID.erased}`, { method: 'DELETE' })).status).toBe(204);
  const { status, body } = await call(RANGE);
  expect(status).toBe(200);
  expect(body).toMatchObject({ from: '2026-11-23', to: '2026-11-30', timeZone: 'Asia/Kolkata', total: 7, spam: 1 });
  expect(body.byKind).toEqual({ realestate: 2, bankloan: 2, finance: 1, contact: 1, privacy: 1 });

  // Six sales leads; three contacted, in 60, 30 and 180 working minutes.
  expect(body.firstContact).toMatchObject({
    leads: 6,
    contacted: 3,
    medianMinutes: 60,
    p90Minutes: 156, // 60 + 0.8 × (180 − 60)
    withinHour: 2,
    withinHourShare: 0.333,
    sameDay: 2, // the call-back (Friday) and the finance lead (Tuesday); the weekend lead waited until Monday
    sameDayShare: 0.333,
  });
  expect(body.firstContact.byKind).toEqual([
    expect.objectContaining({ kind: 'realestate', leads: 2, contacted: 1, medianMinutes: 60 }),
    expect.objectContaining({ kind: 'bankloan', leads: 2, contacted: 1, medianMinutes: 30 }),
    expect.objectContaining({ kind: 'finance', leads: 1, contacted: 1, medianMinutes: 180 }),
    expect.objectContaining({ kind: 'contact', leads: 1, contacted: 0, medianMinutes: null }),
  ]);
  expect(body.firstContact.byPerson).toEqual([
    expect.objectContaining({ person: 'Kavya', contacted: 2, medianMinutes: 120, p90Minutes: 168 }),
    expect.objectContaining({ person: 'Ravi', contacted: 1, medianMinutes: 30 }),
  ]);

  // Waiting: the morning call-back since Wednesday 10:00, then the contact message since Monday's opening.
  expect(body.waiting).toEqual([ID.waitingMorning, ID.waitingContact]);
  expect(body.waitingCount).toBe(2);
  expect(body.waitingLeads).toEqual([
    expect.objectContaining({ id: ID.waitingMorning, kind: 'bankloan', workingMinutes: 2280, clockStart: '2026-11-25T04:30:00.000Z' }),
    expect.objectContaining({ id: ID.waitingContact, kind: 'contact', workingMinutes: 150, receivedAt: '2026-11-30T03:30:00.000Z' }),
  ]);

  // Where they came from (sales leads; spam's and the erased lead's sources nowhere).
  expect(body.sources).toEqual([
    { value: 'direct', leads: 4, won: 0, lost: 1, wonShare: 0 },
    { value: 'facebook.com', leads: 1, won: 0, lost: 0, wonShare: 0 },
    { value: 'google', leads: 1, won: 1, lost: 0, wonShare: 1 },
  ]);
  expect(body.campaigns).toEqual([
    { value: '(none)', leads: 5, won: 0, lost: 1, wonShare: 0 },
    { value: 'diwali', leads: 1, won: 1, lost: 0, wonShare: 1 },
  ]);
  expect(body.landingPages).toEqual([
    { value: '(unknown)', leads: 5, won: 0, lost: 1, wonShare: 0 },
    { value: '/Buy', leads: 1, won: 1, lost: 0, wonShare: 1 },
  ]);
  expect(JSON.stringify(body)).not.toMatch(/erased-source|spam-source|Meena/);

  expect(body.outcomes).toEqual({
    realestate: { leads: 2, won: 1, lost: 0 },
    bankloan: { leads: 2, won: 0, lost: 0 },
    finance: { leads: 1, won: 0, lost: 1 },
    contact: { leads: 1, won: 0, lost: 0 },
    privacy: { leads: 1, won: 0, lost: 0 },
  });
  expect(body.languages).toEqual({
    realestate: { en: 1, ta: 1, te: 0, kn: 0 },
    bankloan: { en: 2, ta: 0, te: 0, kn: 0 },
    finance: { en: 0, ta: 0, te: 0, kn: 1 },
    contact: { en: 0, ta: 0, te: 1, kn: 0 },
    privacy: { en: 1, ta: 0, te: 0, kn: 0 },
  });

  // 26 weeks, Monday first, ending with the week of 30 November; the lead before the range is in its week.
  expect(body.weeks).toHaveLength(26);
  expect(body.weeks[0].week).toBe('2026-06-08');
  const week = (monday: string) => body.weeks.find((row: { week: string }) => row.week === monday);
  expect(week('2026-11-30')).toMatchObject({ realestate: 1, bankloan: 0, finance: 0, contact: 1, privacy: 0, spam: 0 });
  expect(week('2026-11-23')).toMatchObject({ realestate: 1, bankloan: 2, finance: 1, contact: 0, privacy: 1, spam: 1 });
  expect(week('2026-11-23').firstContact).toMatchObject({ leads: 4, contacted: 3, medianMinutes: 60 });
  expect(week('2026-11-16')).toMatchObject({ realestate: 1, firstContact: { contacted: 1, medianMinutes: 20 } });
  expect(week('2026-11-09')).toMatchObject({ realestate: 0, spam: 0, firstContact: { leads: 0, medianMinutes: null } });
});

test('a sales key sees the same figures as the owner (aggregates, not an export), but still exports no leads', async () => {
  await seedAll();
  const added = await call('/api/leads/team', { method: 'POST', body: JSON.stringify({ name: 'Ravi Kumar', role: 'sales' }) });
  expect(added.status).toBe(201);
  const sales = { authorization: `Bearer ${added.body.key}` };
  const owner = await call(RANGE);
  const seen = await call(RANGE, { headers: sales });
  expect(seen.status).toBe(200);
  expect(seen.body).toEqual(owner.body);
  expect((await call('/api/leads?format=csv', { headers: sales })).status).toBe(403);
});

test('the last 30 days by default; a wrong date, a reversed range and a wrong method are refused; the same key as the inbox', async () => {
  const { body } = await call('/api/leads/insights');
  expect(body).toMatchObject({ from: '2026-11-01', to: '2026-11-30', total: 0, waiting: [], firstContact: { medianMinutes: null } });
  expect((await call('/api/leads/insights?from=2026-11-31')).body.fields).toEqual({ from: 'from must be a date written YYYY-MM-DD' });
  // The year 0000 (India's midnight of it is before any date Postgres reads): 400, never a 503.
  const ancient = await call('/api/leads/insights?from=0000-01-01&to=0001-12-31');
  expect([ancient.status, ancient.body.fields]).toEqual([
    400,
    { from: 'from must be no earlier than 1900-01-01', to: 'to must be no earlier than 1900-01-01' },
  ]);
  expect((await call('/api/leads/insights?to=9999-12-31')).body.fields).toEqual({ to: 'to must be no later than 9999-12-30' });
  expect((await call('/api/leads/insights?from=2026-11-30&to=2026-11-01')).status).toBe(400);
  expect((await call('/api/leads/insights', { method: 'POST' })).status).toBe(405);
  vi.useRealTimers(); // the wrong token's answer waits on a real timer
  expect((await call('/api/leads/insights', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
});

test('visitor-typed sources, campaigns and landing pages show only when they look like a tag, a page of ours or a known host; the rest are "(other)"', async () => {
  const LURE = 'Netlify security: your site key expired, renew at https://netlify-renew.example/leads';
  const lead = (n: number, fields: Partial<SeedLead>) =>
    seedLead(db.rows, {
      id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
      kind: 'contact',
      at: IST('2026-11-27T10:00'),
      ...fields,
    });
  await lead(1, { utm_source: LURE, utm_campaign: 'renew your key at https://evil.example', landing_path: '/"><svg onload=alert(1)>' });
  await lead(2, { utm_source: 'urgent reset your netlify password at https://evil.example/login' });
  await lead(3, { referrer: 'https://netlify-renew.example/leads', utm_campaign: 'see netlify-renew.example' });
  await lead(4, { utm_source: 'netlify-renew.example', landing_path: '//evil.example/x' });
  await lead(5, { referrer: 'https://www.google.co.in/', utm_campaign: 'Diwali_2026', landing_path: '/ta/Sellflats' });
  await lead(6, { utm_source: 'newsletter', landing_path: '/Contactus' });
  const { body } = await call(RANGE);
  expect(body.sources).toEqual([
    { value: '(other)', leads: 4, won: 0, lost: 0, wonShare: 0 },
    { value: 'google.co.in', leads: 1, won: 0, lost: 0, wonShare: 0 },
    { value: 'newsletter', leads: 1, won: 0, lost: 0, wonShare: 0 },
  ]);
  expect(body.campaigns).toEqual([
    { value: '(none)', leads: 3, won: 0, lost: 0, wonShare: 0 },
    { value: '(other)', leads: 2, won: 0, lost: 0, wonShare: 0 },
    { value: 'Diwali_2026', leads: 1, won: 0, lost: 0, wonShare: 0 },
  ]);
  expect(body.landingPages).toEqual([
    { value: '(other)', leads: 2, won: 0, lost: 0, wonShare: 0 },
    { value: '(unknown)', leads: 2, won: 0, lost: 0, wonShare: 0 },
    { value: '/Contactus', leads: 1, won: 0, lost: 0, wonShare: 0 },
    { value: '/ta/Sellflats', leads: 1, won: 0, lost: 0, wonShare: 0 },
  ]);
  expect(JSON.stringify(body)).not.toMatch(/https?:|netlify-renew|evil|svg/);
  // The lead keeps what the visitor's link carried, for the team to read in context.
  expect((await call('/api/leads/00000000-0000-4000-8000-000000000101')).body.lead.utm_source).toBe(LURE);
});
