/**
 * Each division's own stages (src/lib/team-api/stages.ts): the stages' migration keeps every old
 * status and its history (a contact message or privacy request won or lost is closed, with a
 * line saying what it was); a lead's status is one of its division's (400 naming status
 * otherwise, and the database refuses it too); a working stage needs its next follow-up; the
 * compare-and-set save still answers 412 on a stale version; a later stage set by hand on a new
 * lead is its first contact; lost needs a reason of its division's.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { applyMigrations } from '@netlify/database-dev';
import { readdir } from 'node:fs/promises';
import leads from '../../netlify/functions/leads.mts';
import { MIGRATIONS_DIR } from '../../harness/database.ts';
import { answerOf } from '../support/team.ts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { send, validBankLoan, validContact, validFinance, validRealEstate } from '../support/enquiry-requests.ts';
import { someone } from '../support/routing.ts';
import { csvRecords } from '../support/csv.ts';
import { DIVISION_LOST_REASONS, DIVISION_STAGES, stageName } from '../../src/lib/team-api/stages.ts';

const TOKEN = 'stages-test-token-q8Wm3xT5vR2pL9nZ6bY4';
let db: TestDatabase;
useFreshLocalServers((servers) => ({ db } = servers));
beforeEach(() => {
  process.env.LEADS_EXPORT_TOKEN = TOKEN;
});

const call = async (path: string, init: RequestInit = {}) => {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${TOKEN}`);
  if (init.body) headers.set('content-type', 'application/json');
  return answerOf(await leads(new Request(`http://localhost${path}`, { ...init, headers })));
};
const patchOn = (id: string, etag: string, change: unknown) =>
  call(`/api/leads/${id}`, { method: 'PATCH', headers: { 'if-match': `"${etag}"` }, body: JSON.stringify(change) });
const patch = async (id: string, change: unknown) => patchOn(id, (await call(`/api/leads/${id}`)).body.etag, change);
const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('the stages migration', () => {
  test('keeps every old status and its history: a sale keeps won or lost, a message won or lost is closed with a line saying so', async () => {
    const names = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
    const stages = names.findIndex((name) => name.endsWith('_stages.sql'));
    expect(stages).toBeGreaterThan(0);
    const pglite = await PGlite.create({ extensions: { pg_trgm } });
    try {
      await applyMigrations(pglite, MIGRATIONS_DIR, names[stages - 1].replace(/\.sql$/, ''));
      const old = [
        ['realestate', 'won'],
        ['realestate', 'lost'],
        ['bankloan', 'won'],
        ['finance', 'contacted'],
        ['contact', 'won'],
        ['contact', 'lost'],
        ['privacy', 'won'],
        ['contact', 'new'],
        ['contact', 'contacted'],
      ] as const;
      for (const [index, [kind, status]] of old.entries()) {
        const id = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
        await pglite.query(`INSERT INTO persons (id, created_at) VALUES ($1, now())`, [id]);
        await pglite.query(
          `INSERT INTO leads (id, kind, received_at, page, via, locale, name, status, note, status_by, status_at, person_id)
           VALUES ($1, $2, now() - interval '3 days', '/Contactus', 'js', 'en', 'Old lead', $3, 'Old note', 'Kavya', now() - interval '2 days', $1)`,
          [id, kind, status],
        );
        if (status !== 'new')
          await pglite.query(
            `INSERT INTO lead_history (lead_id, changed_at, changed_by, status, note) VALUES ($1, now() - interval '2 days', 'Kavya', $2, 'Old note')`,
            [id, status],
          );
      }
      const before = (await pglite.query<Record<string, unknown>>('SELECT * FROM lead_history ORDER BY id')).rows;
      await applyMigrations(pglite, MIGRATIONS_DIR, names[stages].replace(/\.sql$/, ''));

      const after = (
        await pglite.query<{ kind: string; status: string; version: number }>('SELECT kind, status, version FROM leads ORDER BY id')
      ).rows;
      expect(after.map((row) => [row.kind, row.status])).toEqual([
        ['realestate', 'won'],
        ['realestate', 'lost'],
        ['bankloan', 'won'],
        ['finance', 'contacted'],
        ['contact', 'closed'],
        ['contact', 'closed'],
        ['privacy', 'closed'],
        ['contact', 'new'],
        ['contact', 'contacted'],
      ]);
      // A lead it changed has a new version (an inbox holding the old one gets 412, not a silent overwrite).
      expect(after.map((row) => row.version)).toEqual([1, 1, 1, 1, 2, 2, 2, 1, 1]);
      const history = (await pglite.query<Record<string, unknown>>('SELECT * FROM lead_history ORDER BY id')).rows;
      // Every earlier line as it was, and one more for each message closed, saying what it was.
      expect(history.slice(0, before.length)).toEqual(before);
      expect(history.slice(before.length).map((row) => [row.lead_id, row.status, row.detail, row.note])).toEqual([
        ['00000000-0000-4000-8000-000000000004', 'closed', 'was won', 'Old note'],
        ['00000000-0000-4000-8000-000000000005', 'closed', 'was lost', 'Old note'],
        ['00000000-0000-4000-8000-000000000006', 'closed', 'was won', 'Old note'],
      ]);
      // The database refuses a stage of another division.
      await expect(pglite.query(`UPDATE leads SET status = 'site-visit' WHERE kind = 'bankloan'`)).rejects.toThrow(/leads_status_check/);
      await expect(pglite.query(`UPDATE leads SET status = 'won' WHERE kind = 'contact'`)).rejects.toThrow(/leads_status_check/);
    } finally {
      await pglite.close();
    }
  });
});

describe("a lead's status is one of its division's stages", () => {
  test('a loan goes through documents, sent to lender and sanctioned to won (shown as Disbursed), each with its follow-up', async () => {
    const id = (await send('bankloan', validBankLoan(someone()))).body.id as string;
    const refused = await patch(id, { status: 'contacted' });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fields)).toEqual(['followUpAt']);
    for (const [index, stage] of ['contacted', 'documents', 'sent-to-lender', 'sanctioned'].entries()) {
      const saved = await patch(id, { status: stage, followUpAt: later(index + 1) });
      expect(saved.status).toBe(200);
      expect(saved.body.lead.status).toBe(stage);
    }
    // Taking the follow-up away from a lead in a working stage is refused.
    expect(Object.keys((await patch(id, { followUpAt: null })).body.fields)).toEqual(['followUpAt']);
    expect((await patch(id, { status: 'won' })).status).toBe(200);
    const lead = await db.record(id);
    expect(lead.status).toBe('won');
    expect(lead.followUpAt).toBeUndefined();
    expect(lead.history?.filter((entry) => !entry.event).map((entry) => entry.status)).toEqual([
      'contacted',
      'documents',
      'sent-to-lender',
      'sanctioned',
      'won',
    ]);
    expect(stageName('bankloan', 'won')).toBe('Disbursed');
    expect(stageName('realestate', 'won')).toBe('Deal signed');
  });

  test("a stage of another division: 400 naming status, with the division's own; nothing stored", async () => {
    const loan = (await send('bankloan', validBankLoan(someone()))).body.id as string;
    const refused = await patch(loan, { status: 'site-visit', followUpAt: later(1) });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fields)).toEqual(['status']);
    expect(refused.body.fields.status).toContain(DIVISION_STAGES.bankloan.join(', '));
    expect((await db.record(loan)).status).toBeUndefined();

    const message = (await send('contact', validContact(someone()))).body.id as string;
    expect(Object.keys((await patch(message, { status: 'won' })).body.fields)).toEqual(['status']);
    const closed = await patch(message, { status: 'closed' });
    expect(closed.status).toBe(200);
    expect((await db.record(message)).status).toBe('closed');
    expect((await patch(message, { status: 'no-such-stage' })).status).toBe(400);
  });

  test('the compare-and-set save stays: a stage saved on a stale version is 412, with the lead as it is now', async () => {
    const id = (await send('finance', validFinance(someone()))).body.id as string;
    const { etag } = (await call(`/api/leads/${id}`)).body;
    expect((await patchOn(id, etag, { status: 'meeting', followUpAt: later(2) })).status).toBe(200);
    const stale = await patchOn(id, etag, { status: 'proposal', followUpAt: later(3) });
    expect(stale.status).toBe(412);
    expect(stale.body.lead.status).toBe('meeting');
    expect((await db.record(id)).status).toBe('meeting');
  });

  test('a later stage set by hand on a new lead is its first contact, which stops the clock', async () => {
    const id = (await send('realestate', validRealEstate(someone()))).body.id as string;
    expect((await db.record(id)).firstContactAt).toBeUndefined();
    expect((await patch(id, { status: 'site-visit', followUpAt: later(1) })).status).toBe(200);
    const lead = await db.record(id);
    expect(lead.firstContactAt).toEqual(expect.any(String));
    expect((await db.rows<{ clock_next_at: unknown }>('SELECT clock_next_at FROM leads WHERE id = $1', [id]))[0].clock_next_at).toBeNull();
  });

  test("lost needs a reason from its division's list: without one, 400 naming lostReason; with one, stored, in the history and the export; another stage clears it", async () => {
    const id = (await send('realestate', validRealEstate(someone()))).body.id as string;
    const refused = await patch(id, { status: 'lost', note: 'Gone quiet' });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fields)).toEqual(['lostReason']);
    expect(refused.body.fields.lostReason).toContain(DIVISION_LOST_REASONS.realestate.join(', '));
    // A reason of another division (interest rates are a loan's), or no reason at all, is refused too.
    expect(Object.keys((await patch(id, { status: 'lost', lostReason: 'interest-rate' })).body.fields)).toEqual(['lostReason']);
    expect(Object.keys((await patch(id, { status: 'lost', lostReason: 'bored' })).body.fields)).toEqual(['lostReason']);
    expect(Object.keys((await patch(id, { note: 'x', lostReason: 'price' })).body.fields)).toEqual(['lostReason']);
    expect((await db.record(id)).status).toBeUndefined();

    const lost = await patch(id, { status: 'lost', lostReason: 'price', note: 'Over budget' });
    expect(lost.status).toBe(200);
    expect(lost.body.lead).toMatchObject({ status: 'lost', lostReason: 'price' });
    expect((await db.record(id)).history?.at(-1)).toMatchObject({ status: 'lost', note: 'Over budget', detail: 'Reason: Price' });
    const csv = await leads(new Request(`http://localhost/api/leads?format=csv`, { headers: { authorization: `Bearer ${TOKEN}` } }));
    const row = csvRecords((await csv.text()).replace(/^\uFEFF/, '')).find((record) => record.id === id);
    expect(row?.lostReason).toBe('price');

    // Back to being worked: the reason goes.
    expect((await patch(id, { status: 'negotiation', followUpAt: later(1) })).status).toBe(200);
    expect((await db.record(id)).lostReason).toBeUndefined();
    // A contact message is never lost: it is closed.
    const message = (await send('contact', validContact(someone()))).body.id as string;
    expect(Object.keys((await patch(message, { status: 'lost', lostReason: 'price' })).body.fields)).toEqual(['status']);
  });
});
