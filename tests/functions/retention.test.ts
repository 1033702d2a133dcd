/**
 * Retention: the daily job deletes leads (and spam) received more than LEADS_RETENTION_MONTHS
 * (default 24) ago, with their deliveries, history and photos, takes them out of the team's log,
 * and keeps everything younger. Real database and Blobs store.
 */
import { afterEach, expect, test, vi } from 'vitest';
import leadsRetention from '../../netlify/functions/leads-retention.mts';
import type { LocalBlobs } from '../../harness/local-blobs.ts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { retentionCutoff, type RetentionReport } from '../../src/server/jobs/retention.ts';
import { withDatabase } from '../../src/server/db/connection.ts';
import { insertLead } from '../../src/server/db/leads.ts';
import { insertDeliveries } from '../../src/server/db/deliveries.ts';
import { logTeamAction } from '../../src/server/db/team-log.ts';
import type { LeadRecord } from '../../src/lib/enquiry/lead-record.ts';

let db: TestDatabase;
let blobs: LocalBlobs;
useFreshLocalServers((servers) => ({ db, blobs } = servers));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete process.env.LEADS_RETENTION_MONTHS;
});

const NOW = '2027-03-15T12:00:00.000Z'; // cut-off at 24 months: 2025-03-15T12:00:00.000Z

/** A stored lead with a pending delivery, an entry in the team's log and, for real estate, photos. */
const seed = async (name: string, kind: string, receivedAt: string, { spam = false, photos = 0 } = {}) => {
  const id = `${name}-4000-8000-000000000000`;
  const photoKeys = Array.from({ length: photos }, (_, i) => `${id}/${i + 1}.jpg`);
  const record = { id, kind, receivedAt, page: '/', via: 'js', Username: 'Priya Raman', locale: 'en', notified: false, photos: photoKeys };
  await withDatabase(async () => {
    await insertLead({ ...record, ...(spam ? { spam: 'honeypot' } : {}) } as unknown as LeadRecord);
    if (!spam) {
      await insertDeliveries(id, [{ channel: 'team', nextAttemptAt: receivedAt, claimedUntil: receivedAt }]);
      await logTeamAction('Kavya', 'work', id, { status: 'contacted' });
    }
  });
  for (const photo of photoKeys) await blobs.photos().set(photo, 'jpeg bytes');
  return { id, photoKeys };
};
const storedIds = async () => (await db.rows<{ id: string }>('SELECT id FROM leads ORDER BY id')).map((row) => row.id);
const ids = (leads: { id: string }[]) => leads.map((lead) => lead.id).sort();

const run = async (): Promise<RetentionReport> => {
  const response = await leadsRetention(new Request('http://localhost/.netlify/functions/leads-retention', { method: 'POST' }));
  expect(response.status).toBe(200);
  return response.json();
};

test('deletes what is older than 24 months, with photos and index entries, and keeps the rest', async () => {
  // Old: deleted.
  await Promise.all([
    seed('aaaaaaaa-0001', 'realestate', '2024-01-10T08:00:00.000Z', { photos: 2 }),
    seed('aaaaaaaa-0002', 'bankloan', '2025-03-15T11:59:59.999Z'), // the cut-off month, just before
    seed('aaaaaaaa-0003', 'bankloan', '2023-05-01T00:00:00.000Z', { spam: true }),
  ]);
  const kept = [
    await seed('bbbbbbbb-0001', 'finance', '2025-03-15T12:00:00.000Z'), // exactly 24 months
    await seed('bbbbbbbb-0002', 'contact', '2026-06-01T00:00:00.000Z'),
    await seed('bbbbbbbb-0003', 'realestate', '2027-03-01T00:00:00.000Z', { photos: 1 }),
    await seed('bbbbbbbb-0004', 'finance', '2025-04-01T00:00:00.000Z', { spam: true }),
  ];
  const log = vi.spyOn(console, 'log');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));

  const report = await run();
  expect(report).toEqual({
    cutoff: '2025-03-15T12:00:00.000Z',
    leads: 2,
    spam: 1,
    photos: 2,
    orphanPhotos: 0,
    left: 0,
    persons: 2,
    consentRows: 0,
  });
  expect(await storedIds()).toEqual(ids(kept));
  // The persons of the leads that went are forgotten; those of the leads kept stay.
  expect(
    (
      await db.rows<{ n: number }>('SELECT count(*)::int AS n FROM persons p WHERE EXISTS (SELECT 1 FROM leads l WHERE l.person_id = p.id)')
    )[0].n,
  ).toBe(3);
  expect((await db.rows<{ n: number }>('SELECT count(*)::int AS n FROM persons'))[0].n).toBe(3);
  expect(await blobs.keys(blobs.photos())).toEqual(kept.flatMap((lead) => lead.photoKeys).sort());
  // Their deliveries went with them, and the team's log no longer names them.
  expect((await db.rows<{ lead_id: string }>('SELECT lead_id FROM deliveries')).map((row) => row.lead_id).sort()).toEqual(
    ids(kept.filter((lead) => !lead.id.startsWith('bbbbbbbb-0004'))),
  );
  expect((await db.rows<{ lead_id: string | null }>('SELECT lead_id FROM team_log')).filter((row) => row.lead_id === null)).toHaveLength(2);
  // The counts are logged, without personal data.
  const line = log.mock.calls.map(([text]) => String(text)).find((text) => text.includes('"retention"'));
  expect(JSON.parse(line ?? '{}')).toMatchObject({ kind: 'retention', status: 'done' });
  expect(JSON.parse(JSON.parse(line ?? '{}').note)).toMatchObject({ leads: 2, spam: 1, photos: 2 });
});

test('photos whose lead was never stored are deleted a day after they were written; younger ones and those of a lead stay', async () => {
  const hoursBefore = (hours: number) => new Date(Date.parse(NOW) - hours * 3600_000).toISOString();
  const orphan = async (id: string, storedAt?: string) => {
    for (const n of [1, 2]) await blobs.photos().set(`${id}/${n}.jpg`, 'jpeg bytes', { metadata: storedAt ? { storedAt } : {} });
  };
  await orphan('eeeeeeee-0001-4000-8000-000000000000', hoursBefore(25)); // a failed attempt, yesterday
  await orphan('eeeeeeee-0002-4000-8000-000000000000'); // written before photos carried a date
  await orphan('eeeeeeee-0003-4000-8000-000000000000', hoursBefore(1)); // its retry may still be storing the lead
  const withLead = await seed('eeeeeeee-0004', 'realestate', '2027-03-14T00:00:00.000Z', { photos: 2 });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));

  expect(await run()).toMatchObject({ leads: 0, photos: 0, orphanPhotos: 4, left: 0 });
  expect(await blobs.keys(blobs.photos())).toEqual(
    ['eeeeeeee-0003-4000-8000-000000000000/1.jpg', 'eeeeeeee-0003-4000-8000-000000000000/2.jpg', ...withLead.photoKeys].sort(),
  );
});

test('LEADS_RETENTION_MONTHS changes the period', async () => {
  await seed('cccccccc-0001', 'finance', '2027-01-14T00:00:00.000Z');
  const kept = await seed('cccccccc-0002', 'finance', '2027-02-16T00:00:00.000Z');
  process.env.LEADS_RETENTION_MONTHS = '1';
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
  expect(await run()).toMatchObject({ cutoff: '2027-02-15T12:00:00.000Z', leads: 1 });
  expect(await storedIds()).toEqual([kept.id]);
});

test('nothing old: nothing deleted', async () => {
  const kept = await seed('dddddddd-0001', 'bankloan', '2027-03-15T11:00:00.000Z');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
  expect(await run()).toMatchObject({ leads: 0, spam: 0, photos: 0, left: 0 });
  expect(await storedIds()).toEqual([kept.id]);
});

test.each([
  ['2027-03-15T12:00:00.000Z', 24, '2025-03-15T12:00:00.000Z'],
  ['2026-03-31T00:00:00.000Z', 1, '2026-02-28T00:00:00.000Z'],
  ['2028-02-29T10:00:00.000Z', 12, '2027-02-28T10:00:00.000Z'],
  ['2027-01-10T00:00:00.000Z', 13, '2025-12-10T00:00:00.000Z'],
])('the cut-off %s minus %i months is %s', (now, months, cutoff) => {
  expect(retentionCutoff(new Date(now), months).toISOString()).toBe(cutoff);
});
