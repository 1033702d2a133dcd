/**
 * Each team member has a key of their own (src/server/team/auth.ts, people.ts,
 * db/team-members.ts): the owner adds and removes people (over the API and with `npm run team`),
 * a key is shown once and stored as a hash, removal ends access at once; roles are enforced by the
 * server (sales reads and works leads and releases spam; the owner also exports, erases and manages
 * people); the name on every change is the key's; wrong keys slow down and lock a client out
 * (atomically, in the database, keyed by an HMAC of its address); and every export, erasure,
 * release and status change is in the team's log with the person's name, which the owner reads.
 * Real database and Blobs store, EmailJS stand-in.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import leads from '../../netlify/functions/leads.mts';
import { signInDelayMs } from '../../src/server/team/auth.ts';
import { deleteExpiredLeads } from '../../src/server/jobs/retention.ts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { answerOf } from '../support/team.ts';
import { send, validBankLoan, validFinance } from '../support/enquiry-requests.ts';
import { seedLead } from '../support/seed-leads.ts';
import { teamCommand } from '../../scripts/team.ts';

const OWNER_TOKEN = 'team-access-test-token-k7Qm2xR9vT4pW8nZ3bY6';
let db: TestDatabase;
useFreshLocalServers((servers) => ({ db } = servers));
beforeEach(() => {
  process.env.LEADS_EXPORT_TOKEN = OWNER_TOKEN;
  process.env.LEADS_SIGN_IN_DELAY_MS = '1';
});
afterEach(() => {
  delete process.env.LEADS_SIGN_IN_DELAY_MS;
  vi.useRealTimers();
});

/** One call to /api/leads… with a key, from a client address (Netlify's context.ip). */
const call = async (path: string, key: string, init: RequestInit & { ip?: string } = {}) => {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${key}`);
  if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
  const response = await leads(new Request(`http://localhost${path}`, { ...init, headers }), { ip: init.ip ?? '203.0.113.7' });
  return answerOf(response);
};
const add = (name: string, role: string, key = OWNER_TOKEN) =>
  call('/api/leads/team', key, { method: 'POST', body: JSON.stringify({ name, role }) });
const addSales = async (name = 'Kavya Rao') => {
  const answer = await add(name, 'sales');
  expect(answer.status).toBe(201);
  return answer.body as { member: { id: string; name: string; role: string }; key: string };
};
const readLog = async () =>
  (await call('/api/leads/log', OWNER_TOKEN)).body.entries as {
    actor: string;
    action: string;
    leadId: string | null;
    detail: Record<string, string>;
  }[];

describe('people and their keys', () => {
  test('the owner adds a sales person: the key is shown once (256 random bits), kept only as its hash, and works', async () => {
    const { member, key } = await addSales();
    expect(member).toMatchObject({ name: 'Kavya Rao', role: 'sales' });
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(key).size).toBeGreaterThan(16);
    const [row] = await db.rows<{ key_hash: string }>('SELECT * FROM team_members');
    expect(row.key_hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(await db.rows('SELECT * FROM team_members'))).not.toContain(key);
    // The list never shows a key again.
    const list = await call('/api/leads/team', OWNER_TOKEN);
    expect(list.body.members).toEqual([expect.objectContaining({ id: member.id, name: 'Kavya Rao', role: 'sales', addedBy: 'Owner' })]);
    expect(JSON.stringify(list.body)).not.toContain(key);
    expect((await call('/api/leads/me', key)).body).toEqual({ name: 'Kavya Rao', role: 'sales' });
    expect((await call('/api/leads/me', OWNER_TOKEN)).body).toEqual({ name: 'Owner', role: 'owner' });
  });

  test('bad or repeated names and unknown roles are refused, naming the field', async () => {
    await addSales();
    expect((await add('kavya rao', 'sales')).status).toBe(409);
    expect(Object.keys((await add('', 'sales')).body.fields)).toEqual(['name']);
    expect(Object.keys((await add('x'.repeat(61), 'sales')).body.fields)).toEqual(['name']);
    expect(Object.keys((await add('Owner', 'sales')).body.fields)).toEqual(['name']);
    expect(Object.keys((await add('Ravi', 'admin')).body.fields)).toEqual(['role']);
  });

  test("names that pass for another are refused: look-alike letters of other scripts, invisible or right-to-left characters, the site's own actors", async () => {
    await addSales();
    const refused = [
      'Οwner', // a Greek Omicron
      'Оwnеr', // Cyrillic O and e
      '0wner',
      'Ｏｗｎｅｒ', // full-width
      'Owner\u200B', // a zero-width space
      'Ow\u200Dner', // a zero-width joiner
      '\u202Erenwo', // a right-to-left override: shows as "owner"
      'Kavya\u200ERao', // a left-to-right mark
      'the site',
      'The Sitе', // Cyrillic e
      'the erase command',
      'the team command',
      'the import',
      'Κavya Rao', // a Greek Kappa: like the person on the team
      'KavyaRao',
    ];
    for (const name of refused) {
      const answer = await add(name, 'sales');
      // 400 for a name nobody may take, 409 for one like a person's on the team; the field named either way.
      expect([name, Object.keys(answer.body.fields ?? {})]).toEqual([name, ['name']]);
      expect([400, 409]).toContain(answer.status);
    }
    expect((await call('/api/leads/team', OWNER_TOKEN)).body.members.map((m: { name: string }) => m.name)).toEqual(['Kavya Rao']);
    // Names in every script the team writes are welcome, and a name is stored in NFKC.
    for (const name of ['பிரியா', 'ప్రియ', 'ಕಾವ್ಯ', 'Zoë Fernandes', 'Ｒａｖｉ']) expect((await add(name, 'sales')).status).toBe(201);
    expect((await call('/api/leads/team', OWNER_TOKEN)).body.members.map((m: { name: string }) => m.name)).toContain('Ravi');
  });

  test('removing a person ends their access with the next request', async () => {
    const { member, key } = await addSales();
    expect((await call('/api/leads?format=json&limit=20', key)).status).toBe(200);
    expect((await call(`/api/leads/team/${member.id}`, OWNER_TOKEN, { method: 'DELETE' })).status).toBe(204);
    expect((await call('/api/leads?format=json&limit=20', key)).status).toBe(401);
    expect((await call('/api/leads/me', key)).status).toBe(401);
    expect((await call(`/api/leads/team/${member.id}`, OWNER_TOKEN, { method: 'DELETE' })).status).toBe(404);
  });

  test('a second owner added by the first can manage people too', async () => {
    const owner = (await add('Anand', 'owner')).body.key as string;
    const { member } = await addSales();
    expect((await call(`/api/leads/team/${member.id}`, owner, { method: 'DELETE' })).status).toBe(204);
    expect((await readLog()).map((entry) => [entry.actor, entry.action, entry.detail.name])).toEqual([
      ['Anand', 'remove-member', 'Kavya Rao'],
      ['Owner', 'add-member', 'Kavya Rao'],
      ['Owner', 'add-member', 'Anand'],
    ]);
  });
});

describe('roles, enforced by the server', () => {
  test('sales reads and works leads, releases spam and sees the figures (Insights); exporting, erasing, people and the log are 403', async () => {
    const { key } = await addSales();
    const lead = validBankLoan();
    const spam = validFinance({ company_website: 'http://spam.example' });
    await send('bankloan', lead);
    await send('finance', spam);
    const id = lead.submissionId;

    expect((await call('/api/leads?format=json&order=newest&limit=20', key)).body.leads).toHaveLength(1);
    const read = await call(`/api/leads/${id}`, key);
    expect(read.status).toBe(200);
    const worked = await call(`/api/leads/${id}`, key, {
      method: 'PATCH',
      headers: { 'if-match': `"${read.body.etag}"`, 'x-team-member': 'Somebody Else' },
      body: JSON.stringify({ status: 'contacted', note: 'Called', followUpAt: new Date(Date.now() + 86_400_000).toISOString() }),
    });
    expect(worked.status).toBe(200);
    expect(worked.body.lead).toMatchObject({ statusBy: 'Kavya Rao' });
    expect((await call(`/api/leads/${spam.submissionId}/release`, key, { method: 'POST' })).body.lead).toMatchObject({
      releasedBy: 'Kavya Rao',
    });

    for (const [path, init] of [
      ['/api/leads?format=csv', {}],
      ['/api/leads?format=json', {}], // 500 a page by default: an export
      ['/api/leads?format=json&limit=101', {}],
      [`/api/leads/${id}`, { method: 'DELETE' }],
      ['/api/leads/team', {}],
      ['/api/leads/team', { method: 'POST', body: JSON.stringify({ name: 'Ravi', role: 'owner' }) }],
      ['/api/leads/log', {}],
    ] as const) {
      const answer = await call(path, key, init);
      expect([path, init.method, answer.status, answer.body.error]).toEqual([path, init.method, 403, 'Only the owner can do that.']);
    }
    expect(await db.record(id)).not.toBeNull();
    expect(await db.rows('SELECT name FROM team_members')).toEqual([{ name: 'Kavya Rao' }]);
    // The figures are aggregates, not an export of leads: both roles see them.
    const figures = await call('/api/leads/insights', key);
    expect(figures.status).toBe(200);
    expect(figures.body).toMatchObject({ total: 2, byKind: { bankloan: 1, finance: 1 } });
  });

  test('the owner exports and erases', async () => {
    const lead = validBankLoan();
    await send('bankloan', lead);
    const csv = await call('/api/leads?format=csv', OWNER_TOKEN);
    expect(csv.status).toBe(200);
    expect(csv.body).toContain(lead.submissionId);
    expect((await call(`/api/leads/${lead.submissionId}`, OWNER_TOKEN, { method: 'DELETE' })).status).toBe(204);
  });
});

describe("the team's log", () => {
  test('every export, erasure, release and status change is there with the name of the key; the owner reads it newest first', async () => {
    const { key } = await addSales();
    const lead = validBankLoan();
    const spam = validFinance({ company_website: 'http://spam.example' });
    await send('bankloan', lead);
    await send('finance', spam);
    const { etag } = (await call(`/api/leads/${lead.submissionId}`, key)).body;
    await call(`/api/leads/${lead.submissionId}`, key, {
      method: 'PATCH',
      headers: { 'if-match': `"${etag}"` },
      body: JSON.stringify({ status: 'won' }),
    });
    await call(`/api/leads/${spam.submissionId}/release`, key, { method: 'POST' });
    await call('/api/leads?format=csv', OWNER_TOKEN);
    await call('/api/leads?format=json&limit=2000', OWNER_TOKEN);
    await call(`/api/leads/${spam.submissionId}`, OWNER_TOKEN, { method: 'DELETE' });

    expect((await readLog()).map(({ actor, action, leadId, detail }) => ({ actor, action, leadId, detail }))).toEqual([
      { actor: 'Owner', action: 'erase', leadId: null, detail: {} },
      { actor: 'Owner', action: 'export', leadId: null, detail: { format: 'json' } },
      { actor: 'Owner', action: 'export', leadId: null, detail: { format: 'csv' } },
      // Erasing the released lead took its id and details out of its lines.
      { actor: 'Kavya Rao', action: 'release', leadId: null, detail: {} },
      { actor: 'Kavya Rao', action: 'work', leadId: lead.submissionId, detail: { status: 'won' } },
      { actor: 'Owner', action: 'add-member', leadId: null, detail: { name: 'Kavya Rao', role: 'sales' } },
    ]);
  });

  test('the log pages backwards, and entries older than the retention period go with the retention job', async () => {
    // Written in time order, as the team works: the oldest first.
    await db.rows(`INSERT INTO team_log (at, actor, action) VALUES (now() - interval '25 months', 'Owner', 'export')`);
    await db.rows(
      `INSERT INTO team_log (at, actor, action) SELECT now() - make_interval(mins => 61 - n), 'Owner', 'export' FROM generate_series(1, 60) n`,
    );
    const first = (await call('/api/leads/log', OWNER_TOKEN)).body;
    expect(first.entries).toHaveLength(50);
    const second = (await call(`/api/leads/log?before=${first.nextBefore}`, OWNER_TOKEN)).body;
    expect(second.entries).toHaveLength(11);
    expect(second.nextBefore).toBeNull();
    // Newest first across both pages, by number (ids past 9 and 99 included), each once.
    const ids = [...first.entries, ...second.entries].map((entry: { id: string }) => Number(entry.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(61);
    const times = [...first.entries, ...second.entries].map((entry: { at: string }) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await call('/api/leads/log?before=x', OWNER_TOKEN)).status).toBe(400);
    await deleteExpiredLeads();
    const [{ n }] = await db.rows<{ n: number }>('SELECT count(*)::int AS n FROM team_log');
    expect(n).toBe(60);
  });
});

describe('wrong keys', () => {
  const wrong = (ip = '198.51.100.9') => call('/api/leads?format=json&limit=1', 'a-wrong-key-of-some-length-0123456789abcdef', { ip });

  test('the pause grows with the failures of the window, up to five times the base', () => {
    process.env.LEADS_SIGN_IN_DELAY_MS = '1000';
    expect([1, 2, 3, 5, 9].map(signInDelayMs)).toEqual([1000, 2000, 3000, 5000, 5000]);
  });

  test('10 in 10 minutes lock that client out for 15 minutes, even with a right key; others are not; the burst is logged once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-11-27T10:00:00Z');
    vi.setSystemTime(start);
    const log = vi.spyOn(console, 'log');
    for (let i = 1; i <= 9; i++) expect((await wrong()).status).toBe(401);
    const tenth = await wrong();
    expect(tenth.status).toBe(429);
    expect(tenth.headers.get('retry-after')).toBe('900');
    expect(tenth.body.error).toBe('Too many wrong keys from here. Try again in 15 minutes.');
    // Locked: the owner's own key from that client is refused too; from another client it works.
    expect((await call('/api/leads/me', OWNER_TOKEN, { ip: '198.51.100.9' })).status).toBe(429);
    expect((await call('/api/leads/me', OWNER_TOKEN, { ip: '192.0.2.44' })).status).toBe(200);
    // The client is kept as an HMAC of its address, never the address.
    expect(JSON.stringify(await db.rows('SELECT * FROM sign_in_failures'))).not.toContain('198.51.100.9');
    // The burst: one line in the log, one in the team's log.
    const lines = log.mock.calls.map(([line]) => String(line)).filter((line) => line.includes('sign-in-locked'));
    log.mockRestore();
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('198.51.100.9');
    expect((await readLog()).filter((entry) => entry.action === 'lockout')).toEqual([
      expect.objectContaining({
        actor: 'the site',
        detail: { note: expect.stringMatching(/^10 wrong keys in 10 minutes/), client: expect.any(String) },
      }),
    ]);
    vi.setSystemTime(start + 15 * 60_000 - 1000);
    expect((await call('/api/leads/me', OWNER_TOKEN, { ip: '198.51.100.9' })).status).toBe(429);
    vi.setSystemTime(start + 15 * 60_000 + 1000);
    expect((await call('/api/leads/me', OWNER_TOKEN, { ip: '198.51.100.9' })).status).toBe(200);
    expect((await wrong()).status).toBe(401); // a new window
  });

  test('failures spread over more than 10 minutes do not lock', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-11-27T10:00:00Z');
    vi.setSystemTime(start);
    for (let i = 1; i <= 9; i++) expect((await wrong()).status).toBe(401);
    vi.setSystemTime(start + 10 * 60_000 + 1000);
    for (let i = 1; i <= 9; i++) expect((await wrong()).status).toBe(401);
    expect((await call('/api/leads/me', OWNER_TOKEN, { ip: '198.51.100.9' })).status).toBe(200);
  });

  test('counted before the key is compared: of 60 keys at once, the right one 46th, no more than 10 are compared and it is refused too', async () => {
    const keys = Array.from({ length: 60 }, (_, n) => (n === 45 ? OWNER_TOKEN : `a-wrong-key-of-some-length-0123456789-${n}`));
    const answers = await Promise.all(keys.map((key) => call('/api/leads/me', key, { ip: '198.51.100.60' })));
    const count = (status: number) => answers.filter((answer) => answer.status === status).length;
    expect(count(401) + count(200)).toBeLessThanOrEqual(10);
    expect(count(429)).toBeGreaterThanOrEqual(50);
    expect((await readLog()).filter((entry) => entry.action === 'lockout')).toHaveLength(1);
  });

  test('an IPv6 /64 is one client; a right key is not a failure; at most one lock-out line an hour per client', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-11-27T10:00:00Z');
    vi.setSystemTime(start);
    // A right key now and then does not count: nine wrong, the right one, nine wrong again still pass.
    for (let i = 1; i <= 9; i++) expect((await wrong(`2001:db8:1:1::${i}`)).status).toBe(401);
    expect((await call('/api/leads/me', OWNER_TOKEN, { ip: '2001:db8:1:1::a' })).status).toBe(200);
    // The tenth wrong key from anywhere in the /64 locks it, whatever address the right key then comes from.
    expect((await wrong('2001:db8:1:1::b')).status).toBe(429);
    expect((await call('/api/leads/me', OWNER_TOKEN, { ip: '2001:db8:1:1::ffff' })).status).toBe(429);
    expect((await call('/api/leads/me', OWNER_TOKEN, { ip: '2001:db8:1:2::1' })).status).toBe(200);
    // After the lock ends, another burst from the same client within the hour: no second line.
    vi.setSystemTime(start + 16 * 60_000);
    for (let i = 1; i <= 12; i++) await wrong('2001:db8:1:1::c');
    expect((await call('/api/leads/me', OWNER_TOKEN, { ip: '2001:db8:1:1::d' })).status).toBe(429);
    expect((await readLog()).filter((entry) => entry.action === 'lockout')).toHaveLength(1);
    // Another client's lock-out is a line of its own.
    for (let i = 1; i <= 10; i++) await wrong('192.0.2.200');
    expect((await readLog()).filter((entry) => entry.action === 'lockout')).toHaveLength(2);
  });

  test('counted atomically: 30 wrong keys at once are all counted, and the client is locked once', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => wrong('198.51.100.77')));
    expect(answers.every((answer) => [401, 429].includes(answer.status))).toBe(true);
    const [row] = await db.rows<{ failures: number; locked_until: string | null }>('SELECT failures, locked_until FROM sign_in_failures');
    expect(row.failures).toBe(30);
    expect(row.locked_until).not.toBeNull();
    expect((await readLog()).filter((entry) => entry.action === 'lockout')).toHaveLength(1);
    expect((await call('/api/leads/me', OWNER_TOKEN, { ip: '198.51.100.77' })).status).toBe(429);
  });
});

describe('npm run team', () => {
  /**
   * The command in this process (`teamCommand`, what the script runs), its output collected as a
   * process's would be; failing like execFile on a non-zero status. One test runs the script as a
   * process of its own, as from the command line.
   */
  const run = async (args: string[]) => {
    const out = { stdout: '', stderr: '' };
    const code = await teamCommand(args, {
      log: (line) => (out.stdout += `${line}\n`),
      error: (line) => (out.stderr += `${line}\n`),
    });
    if (code !== 0) throw Object.assign(new Error(`npm run team -- ${args.join(' ')}: exit ${code}`), { code, ...out });
    return out;
  };
  const runProcess = (args: string[]) =>
    promisify(execFile)(process.execPath, ['scripts/team.ts', ...args], {
      env: { ...process.env, NETLIFY_DB_URL: db.local.url },
      timeout: 60_000,
    });

  test('add prints the key once and it works; list shows the person without it; remove ends access', async () => {
    // As from the command line: the script as a process of its own.
    const added = await runProcess(['add', 'Ravi', 'Kumar', '--role', 'sales']);
    const key = /^ {2}([A-Za-z0-9_-]{43})$/m.exec(added.stdout)?.[1] as string;
    expect(added.stdout).toContain('Added Ravi Kumar (sales)');
    expect((await call('/api/leads/me', key)).body).toEqual({ name: 'Ravi Kumar', role: 'sales' });
    const listed = await run(['list']);
    expect(listed.stdout).toMatch(
      /^Ravi Kumar\tsales\ttakes realestate,bankloan,finance,contact\tcalls in en\tavailable\tno cap\tadded \d{4}-\d\d-\d\d by the team command$/m,
    );
    expect(listed.stdout).not.toContain(key);
    expect((await run(['remove', 'ravi kumar'])).stdout).toContain('Removed Ravi Kumar (sales)');
    expect((await call('/api/leads/me', key)).status).toBe(401);
    expect((await readLog()).map((entry) => [entry.actor, entry.action])).toEqual([
      ['the team command', 'remove-member'],
      ['the team command', 'add-member'],
    ]);
  }, 90_000);

  test('add and set take what a person takes: kinds, languages, away, a daily cap; a wrong one is named', async () => {
    const added = await run(['add', 'Tamil', 'Selvi', '--role', 'sales', '--kinds', 'realestate,bankloan', '--languages', 'ta,en']);
    expect(added.stdout).toContain('Added Tamil Selvi (sales): takes realestate,bankloan\tcalls in ta,en\tavailable\tno cap.');
    const set = await run(['set', 'Tamil', 'Selvi', '--available', 'off', '--cap', '20']);
    expect(set.stdout).toContain('Tamil Selvi: takes realestate,bankloan\tcalls in ta,en\taway\tcap 20 a day.');
    const [member] = await db.rows<{ kinds: string[]; languages: string[]; available: boolean; daily_cap: number }>(
      "SELECT kinds, languages, available, daily_cap FROM team_members WHERE name = 'Tamil Selvi'",
    );
    expect(member).toEqual({ kinds: ['realestate', 'bankloan'], languages: ['ta', 'en'], available: false, daily_cap: 20 });
    const wrong = await run(['set', 'Tamil', 'Selvi', '--languages', 'fr']).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(wrong?.code).toBe(2);
    expect(wrong?.stderr).toContain('languages must be a list of en, ta, te, kn, hi');
    expect((await readLog()).map((entry) => entry.action)).toEqual(['set-member', 'add-member']);
  }, 90_000);

  test('a wrong role or a missing name exits with the usage', async () => {
    for (const args of [['add', 'Ravi', '--role', 'boss'], ['add', '--role', 'sales'], ['remove'], ['fire', 'Ravi']]) {
      // The first as a process: its exit status is the command's.
      const failure = await (args[0] === 'add' && args[1] === 'Ravi' ? runProcess : run)(args).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure?.code, args.join(' ')).toBe(2);
      expect(failure?.stderr).toContain('npm run team -- add <name> --role sales|owner');
    }
  }, 90_000);
});

describe('what a key hands out in bulk', () => {
  const seedLeads = async (count: number) => {
    const ids = Array.from({ length: count }, () => crypto.randomUUID());
    for (const [n, id] of ids.entries())
      await seedLead(db.rows, { id, kind: 'contact', at: new Date(Date.now() - (n + 1) * 60_000).toISOString() });
    return ids;
  };

  test('a sales key walking the list reads at most LEADS_SALES_READS_PER_HOUR different leads an hour; past it 429, and the owner sees one line in the log', async () => {
    process.env.LEADS_SALES_READS_PER_HOUR = '25';
    try {
      const ids = await seedLeads(40);
      const { key } = await addSales();
      const got: string[] = [];
      const statuses: number[] = [];
      let cursor = '';
      for (let page = 0; page < 6; page++) {
        const answer = await call(`/api/leads?format=json&order=newest&limit=10&spam=1${cursor ? `&cursor=${cursor}` : ''}`, key);
        statuses.push(answer.status);
        if (answer.status !== 200) continue;
        got.push(...answer.body.leads.map((lead: { id: string }) => lead.id));
        cursor = answer.body.nextCursor;
      }
      // Reading the same leads again costs nothing; ten more would pass 25.
      expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
      expect(got).toEqual(ids.slice(0, 20));
      expect((await call('/api/leads?format=json&order=newest&limit=10&spam=1', key)).status).toBe(200);
      expect((await call(`/api/leads/${ids[30]}`, key)).status).toBe(200); // 21 … 25
      for (const id of ids.slice(31, 35)) expect((await call(`/api/leads/${id}`, key)).status).toBe(200);
      const refused = await call(`/api/leads/${ids[36]}`, key);
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatch(/25 different leads this hour/);
      const lines = (await readLog()).filter((entry) => entry.action === 'read-limit');
      expect(lines).toEqual([expect.objectContaining({ actor: 'Kavya Rao', action: 'read-limit' })]);
      // The owner is not held: owners export, and every export is in the log.
      expect((await call('/api/leads?format=json&limit=100', OWNER_TOKEN)).body.count).toBe(40);
    } finally {
      delete process.env.LEADS_SALES_READS_PER_HOUR;
    }
  });

  test('every export is logged, however it starts; a cursor the server did not hand out is refused', async () => {
    await seedLeads(6);
    const owner = (await add('Olga Rao', 'owner')).body.key as string;
    const exportsLogged = async () => (await readLog()).filter((entry) => entry.action === 'export').length;
    // A made-up cursor (well-formed, pointing past the newest lead): 400, nothing handed out.
    const forged = Buffer.from(JSON.stringify({ at: '9999-12-30T00:00:00.000Z', id: 'ffffffff-ffff-4fff-bfff-ffffffffffff' })).toString(
      'base64url',
    );
    const refused = await call(`/api/leads?format=csv&order=newest&limit=2000&spam=1&cursor=${forged}`, owner);
    expect([refused.status, Object.keys(refused.body.fields)]).toEqual([400, ['cursor']]);
    // A real cursor with its signature changed: refused too.
    const list = await call('/api/leads?format=json&limit=2', owner);
    const tampered = `${list.body.nextCursor.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await call(`/api/leads?format=csv&cursor=${tampered}`, owner)).status).toBe(400);
    expect(await exportsLogged()).toBe(0);
    // An export that starts from the inbox's own cursor is an export all the same: logged.
    const fromList = await call(`/api/leads?format=csv&limit=2&cursor=${list.body.nextCursor}`, owner);
    expect(fromList.status).toBe(200);
    expect(await exportsLogged()).toBe(1);
    // Its own next pages continue that export: not logged again. A new export is.
    const cursor = (
      await leads(
        new Request(`http://localhost/api/leads?format=csv&limit=2&cursor=${list.body.nextCursor}`, {
          headers: { authorization: `Bearer ${owner}` },
        }),
        { ip: '203.0.113.7' },
      )
    ).headers.get('x-next-cursor');
    expect(await exportsLogged()).toBe(2);
    expect((await call(`/api/leads?format=csv&limit=2&cursor=${cursor}`, owner)).status).toBe(200);
    expect(await exportsLogged()).toBe(2);
    expect((await call('/api/leads?format=csv', owner)).status).toBe(200);
    expect(await exportsLogged()).toBe(3);
  });
});
