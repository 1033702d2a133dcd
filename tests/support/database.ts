/**
 * A real Postgres for each function test file: a local database (PGlite on a Postgres socket,
 * harness/database.ts) started from the migrated template of the global setup, reached by the
 * pipeline through NETLIFY_DB_URL as in production. Helpers read what the pipeline stored.
 */
import { inject } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { EMPTY_EVERY_TABLE, readTemplate, startLocalDatabase, type LocalDatabase } from '../../harness/database.ts';
import { recordFromRow, type DeliveryJson, type LeadRow } from '../../src/server/db/leads.ts';
import type { LeadRecord } from '../../src/lib/enquiry/lead-record.ts';

/** A stored record as the tests read it: any field by name, whatever its kind. */
export type StoredLead = LeadRecord & Record<string, any>;

export interface TestDatabase {
  local: LocalDatabase;
  /** Points the pipeline at this database again (after a test pointed it elsewhere). */
  use(): void;
  /** Rows of a query, straight from the database (not through the pipeline). */
  rows: <R = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<R[]>;
  /** Every stored record (leads and spam) as the pipeline reads it, oldest first. */
  records(where?: 'leads' | 'spam'): Promise<StoredLead[]>;
  /** One record by id (null at run time when there is none). */
  record(id: string): Promise<StoredLead>;
  /** The leads (not spam) of one kind, oldest first. */
  leadsOf(kind: string): Promise<StoredLead[]>;
  /** Every stored id; or of spam only; or of the leads (not spam) of one kind. */
  ids(of?: string): Promise<string[]>;
  /** A lead's delivery rows, by channel. */
  deliveries(id: string): Promise<Record<string, DeliveryJson & { next_attempt_at: string | null; claimed_until: string | null }>>;
  /** Empties every table. */
  clear(): Promise<void>;
  stop(): Promise<void>;
}

const SELECT_RECORDS = `SELECT l.*,
  (SELECT coalesce(json_agg(d), '[]') FROM deliveries d WHERE d.lead_id = l.id) AS deliveries,
  (SELECT coalesce(json_agg(json_build_object('status', h.status, 'note', h.note, 'by', h.changed_by, 'at', h.changed_at,
     'event', h.event, 'detail', h.detail) ORDER BY h.id), '[]')
     FROM lead_history h WHERE h.lead_id = l.id) AS history
  FROM leads l`;

/**
 * The PGlite a file's database left behind, emptied, for the next file of the same worker (the
 * function test files share their workers): starting one from the template costs about 2 s of CPU,
 * serving an open one on a new port nothing. Each file still gets its own URL, port and counters.
 */
let parked: PGlite | undefined;

export const startTestDatabase = async (): Promise<TestDatabase> => {
  const reused = parked;
  parked = undefined;
  const local = reused
    ? await startLocalDatabase({ pglite: reused })
    : await startLocalDatabase({ template: await readTemplate(inject('databaseTemplate')), migrate: false });
  const use = () => {
    process.env.NETLIFY_DB_URL = local.url;
  };
  use();
  const rows = async <R>(sql: string, params: unknown[] = []) => (await local.exclusive((db) => db.query<R>(sql, params))).rows;
  const records = async (where?: 'leads' | 'spam') => {
    const filter = where === 'leads' ? 'WHERE l.spam IS NULL' : where === 'spam' ? 'WHERE l.spam IS NOT NULL' : '';
    return (await rows<LeadRow>(`${SELECT_RECORDS} ${filter} ORDER BY l.received_at, l.id`)).map((row) => recordFromRow(row) as StoredLead);
  };
  return {
    local,
    use,
    rows,
    records,
    async leadsOf(kind) {
      return (await records('leads')).filter((lead) => lead.kind === kind);
    },
    async ids(of) {
      const found =
        of === undefined
          ? await records()
          : of === 'spam'
            ? await records('spam')
            : (await records('leads')).filter((lead) => lead.kind === of);
      return found.map((lead) => lead.id);
    },
    async record(id) {
      const [row] = await rows<LeadRow>(`${SELECT_RECORDS} WHERE l.id = $1`, [id]);
      return (row ? recordFromRow(row) : null) as StoredLead;
    },
    async deliveries(id) {
      const found = await rows<DeliveryJson & { next_attempt_at: string | null; claimed_until: string | null }>(
        'SELECT * FROM deliveries WHERE lead_id = $1',
        [id],
      );
      return Object.fromEntries(found.map((row) => [row.channel, row]));
    },
    async clear() {
      await local.exclusive((db) => db.exec(EMPTY_EVERY_TABLE));
    },
    async stop() {
      const pglite = await local.release();
      try {
        await pglite.exec(EMPTY_EVERY_TABLE);
      } catch {
        await pglite.close();
        return;
      }
      if (parked) await pglite.close();
      else parked = pglite;
    },
  };
};
