/**
 * The tests' own database (tests/support/database.ts): between tests, and for the next file of a
 * worker, every table is emptied, found in the database's catalogue (EMPTY_EVERY_TABLE), so a table
 * a new migration adds is emptied too without anybody listing it.
 */
import { expect, test } from 'vitest';
import { startTestDatabase, type TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { send, validBankLoan } from '../support/enquiry-requests.ts';

let db: TestDatabase;
useFreshLocalServers((servers) => ({ db } = servers));

const rowCountsOf = async (db: TestDatabase) => {
  const tables = await db.rows<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`);
  const counts: Record<string, number> = {};
  for (const { name } of tables) counts[name] = Number((await db.rows<{ n: string }>(`SELECT count(*) AS n FROM "${name}"`))[0].n);
  return counts;
};
const rowCounts = () => rowCountsOf(db);

test('clear() empties every table, one a later migration adds included, and restarts their identities', async () => {
  expect((await send('bankloan', validBankLoan())).status).toBe(201);
  await db.rows('CREATE TABLE added_later (id bigint GENERATED ALWAYS AS IDENTITY, note text)');
  try {
    await db.rows(`INSERT INTO added_later (note) VALUES ('a'), ('b')`);
    const before = await rowCounts();
    expect(before).toMatchObject({ leads: 1, deliveries: expect.any(Number), added_later: 2 });
    expect(before.deliveries).toBeGreaterThan(0);

    await db.clear();
    const after = await rowCounts();
    expect(Object.keys(after)).toEqual(Object.keys(before));
    expect(Object.values(after).every((count) => count === 0)).toBe(true);
    expect(await db.rows(`INSERT INTO added_later (note) VALUES ('c') RETURNING id`)).toEqual([{ id: 1 }]);
  } finally {
    await db.rows('DROP TABLE added_later');
  }
});

test("a stopped database is the next one's, served empty on a new address with its own counters", async () => {
  const first = await startTestDatabase();
  await first.rows(`INSERT INTO used_tokens (token_hash, submission_id) VALUES ('reused', gen_random_uuid())`);
  const { pglite } = first.local;
  await first.stop();
  const next = await startTestDatabase();
  try {
    expect(next.local.pglite).toBe(pglite);
    expect(next.local.url).not.toBe(first.local.url);
    expect(next.local.sessions()).toBe(0);
    expect(Object.values(await rowCountsOf(next)).every((count) => count === 0)).toBe(true);
  } finally {
    await next.stop();
    db.use();
  }
});
