/**
 * One person across the group (src/server/intake/person.ts, src/server/db/persons.ts and the
 * database's attach_person): the phone normalised and the e-mail's case ignored find one person;
 * eight posts at once from one new phone make one person (the contacts' primary key, never a read
 * then a write); a phone and an e-mail of two people merge nothing and go to Possible duplicates;
 * spam makes no person and a release attaches it; a repeat within LEADS_REPEAT_DAYS is its own
 * lead, named on the earlier one and in the team's e-mail; the import attaches to the people
 * already there, and twice changes nothing. Real database, Blobs store and EmailJS stand-in.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import leads from '../../netlify/functions/leads.mts';
import { answerOf, teamKeys } from '../support/team.ts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { send, validBankLoan, validContact, validFinance, validRealEstate } from '../support/enquiry-requests.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';
import { importedRecord } from '../../src/server/team/import.ts';
import { importRecords } from '../../src/server/db/lead-import.ts';
import { transaction, withDatabase } from '../../src/server/db/connection.ts';

/** Imports rows of an export as `npm run leads:import` does: each checked, then stored in one transaction. */
const importLeads = async (rows: Record<string, unknown>[]) => {
  const records = rows.map((row) => {
    const result = importedRecord(row);
    if (!('record' in result)) throw new Error(JSON.stringify(result.problems));
    return result.record;
  });
  return { imported: await withDatabase(() => transaction(() => importRecords(records))) };
};

const TOKEN = 'persons-test-token-k7Qm2xR9vT4pW8nZ3bY6';
let db: TestDatabase;
let standIn: EmailJsStandIn;
useFreshLocalServers((servers) => ({ db, standIn } = servers));
const team = teamKeys();
beforeEach(() => {
  process.env.LEADS_EXPORT_TOKEN = TOKEN;
  team.forget();
});

const call = async (path: string, init: RequestInit = {}) => {
  const headers = new Headers(init.headers);
  if (!headers.has('authorization')) headers.set('authorization', `Bearer ${TOKEN}`);
  if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return answerOf(await leads(new Request(`http://localhost${path}`, { ...init, headers })));
};
const personOf = async (id: string) =>
  (await db.rows<{ person_id: string }>('SELECT person_id FROM leads WHERE id = $1', [id]))[0]?.person_id;
const persons = () => db.rows<Record<string, unknown>>('SELECT * FROM persons ORDER BY id');

describe('finding the person', () => {
  test('+91 98400 12345, 098400-12345 and 9840012345 are one person, and the e-mail’s case does not matter', async () => {
    const flat = validRealEstate({ phone: '+91 98400 12345', email: 'Priya.Raman@Example.com' });
    const loan = validBankLoan({
      phone: '098400-12345',
      email: 'priya.raman@example.com',
      Loantype: 'Renovation Loan',
      page: '/Renovationloan',
    });
    const plan = validFinance({ phone: '9840012345', email: 'PRIYA.RAMAN@EXAMPLE.COM' });
    for (const [kind, body] of [
      ['realestate', flat],
      ['bankloan', loan],
      ['finance', plan],
    ] as const)
      expect((await send(kind, body)).status).toBe(201);
    const ids = [flat, loan, plan].map((lead) => lead.submissionId as string);
    const people = await Promise.all(ids.map(personOf));
    expect(new Set(people).size).toBe(1);
    expect(await persons()).toHaveLength(1);
    const contacts = await db.rows('SELECT channel, value FROM person_contacts ORDER BY channel');
    expect(contacts).toEqual([
      { channel: 'email', value: 'priya.raman@example.com' },
      { channel: 'phone', value: '9840012345' },
    ]);
    // The inbox's lead and the person's page say so.
    const lead = await call(`/api/leads/${ids[0]}`);
    expect(lead.body.lead.personId).toBe(people[0]);
    const page = await call(`/api/people/${people[0]}`);
    expect(page.status).toBe(200);
    expect(page.body.leads.map((l: { id: string }) => l.id)).toEqual([...ids].reverse());
    expect(page.body.leads[0]).toMatchObject({ id: ids[2], kind: 'finance', page: '/Mutualfunds', status: 'new' });
  });

  test('the same e-mail with a new phone joins the person, and the phone is theirs from then on', async () => {
    const first = validFinance({ phone: '9000000001', email: 'anu@example.com' });
    const second = validContact({ phone: '9000000002', email: 'ANU@example.com' });
    const third = validBankLoan({ phone: '9000000002', email: 'another@example.com' });
    for (const [kind, body] of [
      ['finance', first],
      ['contact', second],
      ['bankloan', third],
    ] as const)
      await send(kind, body);
    const people = await Promise.all([first, second, third].map((lead) => personOf(lead.submissionId)));
    expect(new Set(people).size).toBe(1);
  });

  test('8 posts at the same moment from one new phone make one person', async () => {
    const posts = Array.from({ length: 8 }, (_, i) =>
      validFinance({ phone: '9123400000', email: `same.phone.${i}@example.com`, Username: `Visitor ${'abcdefgh'[i]}` }),
    );
    const answers = await Promise.all(posts.map((body) => send('finance', body)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    const people = await Promise.all(posts.map((post) => personOf(post.submissionId)));
    expect(people.every(Boolean)).toBe(true);
    expect(new Set(people).size).toBe(1);
    expect(await persons()).toHaveLength(1);
    expect(await db.rows(`SELECT value FROM person_contacts WHERE channel = 'phone'`)).toEqual([{ value: '9123400000' }]);
  });

  test('a phone of one person and an e-mail of another merge nothing: the lead joins the phone’s person, and the pair is a possible duplicate', async () => {
    const kavya = validFinance({ Username: 'Kavya Rao', phone: '9111100001', email: 'kavya@example.com' });
    const arun = validFinance({ Username: 'Arun Rao', phone: '9111100002', email: 'arun@example.com' });
    await send('finance', kavya);
    await send('finance', arun);
    const mixed = validBankLoan({ Username: 'Kavya Rao', phone: '9111100001', email: 'arun@example.com' });
    await send('bankloan', mixed);
    const [kavyaPerson, arunPerson, mixedPerson] = await Promise.all([kavya, arun, mixed].map((lead) => personOf(lead.submissionId)));
    expect(kavyaPerson).not.toBe(arunPerson);
    expect(mixedPerson).toBe(kavyaPerson);
    expect(await persons()).toHaveLength(2);
    const duplicates = await call('/api/people/duplicates');
    expect(duplicates.status).toBe(200);
    expect(duplicates.body.pairs).toHaveLength(1);
    const [pair] = duplicates.body.pairs;
    expect(pair.reason).toBe('email');
    expect(pair.leadId).toBe(mixed.submissionId);
    expect([pair.a.id, pair.b.id].sort()).toEqual([kavyaPerson, arunPerson].sort());
    const kavyaSide = pair.a.id === kavyaPerson ? pair.a : pair.b;
    expect(kavyaSide).toMatchObject({ name: 'Kavya Rao', phones: ['9111100001'], emails: ['kavya@example.com'], leadCount: 2 });
    // A sales key does not see the view.
    const sales = await call('/api/people/duplicates', { headers: { authorization: `Bearer ${await team.keyOf('Kavya')}` } });
    expect(sales.status).toBe(403);
  });

  test('the same name in the same city with phones one digit apart is a possible duplicate', async () => {
    await send('realestate', validRealEstate({ Username: 'Lakshmi  Narayanan', phone: '9444412345', email: 'l1@example.com' }));
    await send('realestate', validRealEstate({ Username: 'lakshmi narayanan', phone: '9444412346', email: 'l2@example.com' }));
    await send('realestate', validRealEstate({ Username: 'Lakshmi Narayanan', phone: '9444499999', email: 'l3@example.com' }));
    const { body } = await call('/api/people/duplicates');
    expect(body.pairs.map((pair: { reason: string }) => pair.reason)).toEqual(['phone-digit']);
    expect(body.pairs[0].a.cities).toEqual(['Hosur']);
  });

  test('spam makes no person; releasing it attaches it then', async () => {
    const spam = validFinance({ phone: '9222200001', email: 'spam@example.com', company_website: 'http://bot.example' });
    await send('finance', spam);
    expect(await personOf(spam.submissionId)).toBeNull();
    expect(await persons()).toHaveLength(0);
    const released = await call(`/api/leads/${spam.submissionId}/release`, { method: 'POST' });
    expect(released.status).toBe(200);
    expect(released.body.lead.personId).toBeTruthy();
    expect(await personOf(spam.submissionId)).toBe(released.body.lead.personId);
  });
});

describe('the person’s page', () => {
  test('counts its leads in a sales key’s hourly read budget, as reading them one by one would', async () => {
    process.env.LEADS_SALES_READS_PER_HOUR = '2';
    try {
      const leadsOfOne = [
        validFinance({ phone: '9666600001' }),
        validBankLoan({ phone: '9666600001' }),
        validContact({ phone: '9666600001' }),
      ];
      for (const [i, body] of leadsOfOne.entries()) await send((['finance', 'bankloan', 'contact'] as const)[i], body);
      const person = await personOf(leadsOfOne[0].submissionId);
      const sales = { authorization: `Bearer ${await team.keyOf('Arun')}` };
      expect((await call(`/api/people/${person}`, { headers: sales })).status).toBe(429);
      expect((await call(`/api/people/${person}`)).status).toBe(200); // the owner's key has no budget
    } finally {
      delete process.env.LEADS_SALES_READS_PER_HOUR;
    }
  });
});

describe('a repeat enquiry', () => {
  test('to the same division within LEADS_REPEAT_DAYS stays its own lead, is named on the earlier one, and the team’s e-mail says so', async () => {
    const first = validBankLoan({ phone: '9333300001', email: 'repeat@example.com' });
    await send('bankloan', first);
    // Someone works the first one.
    const read = await call(`/api/leads/${first.submissionId}`);
    const kavya = await team.keyOf('Kavya');
    await call(`/api/leads/${first.submissionId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${kavya}`, 'if-match': `"${read.body.etag}"` },
      body: JSON.stringify({ status: 'contacted', followUpAt: new Date(Date.now() + 86_400_000).toISOString() }),
    });
    standIn.received.length = 0;
    const again = validBankLoan({ phone: '9333300001', email: 'repeat@example.com', Loantype: 'Gold Loan' });
    await send('bankloan', again);
    const other = validFinance({ phone: '9333300001', email: 'repeat@example.com' });
    await send('finance', other);
    expect((await db.ids('bankloan')).sort()).toEqual([first.submissionId, again.submissionId].sort());
    const earlier = await call(`/api/leads/${first.submissionId}`);
    expect(earlier.body.enquiredAgain).toEqual([{ id: again.submissionId, receivedAt: expect.any(String) }]);
    const later = await call(`/api/leads/${again.submissionId}`);
    expect(later.body.lead.repeatOf).toBe(first.submissionId);
    // A lead of another division is no repeat.
    expect((await call(`/api/leads/${other.submissionId}`)).body.lead.repeatOf).toBeUndefined();
    const email = standIn.received.find((sent) => JSON.stringify(sent).includes(again.submissionId.slice(0, 8)));
    expect(JSON.stringify(email)).toContain('Repeat enquiry');
    expect(JSON.stringify(email)).toContain('Kavya');
  });

  test('after LEADS_REPEAT_DAYS it is a new enquiry', async () => {
    process.env.LEADS_REPEAT_DAYS = '0';
    try {
      const first = validFinance({ phone: '9333300002' });
      const second = validFinance({ phone: '9333300002' });
      await send('finance', first);
      await send('finance', second);
      expect((await call(`/api/leads/${second.submissionId}`)).body.lead.repeatOf).toBeUndefined();
    } finally {
      delete process.env.LEADS_REPEAT_DAYS;
    }
  });
});

describe('the import', () => {
  test('attaches to the people already there, makes no duplicate person, and a second import changes nothing', async () => {
    const stored = validFinance({ phone: '9555500001', email: 'import@example.com' });
    await send('finance', stored);
    const personId = await personOf(stored.submissionId);
    const exported = (await call('/api/leads?format=json&limit=100')).body.leads;
    await db.clear();
    await send('finance', stored); // the person is there before the import
    const before = await persons();
    const incoming = [
      ...exported,
      { ...exported[0], id: crypto.randomUUID(), kind: 'contact', page: '/Contactus', message: 'Imported', Planning: undefined },
    ];
    const first = await importLeads(incoming);
    expect(first.imported).toBe(1);
    expect(await persons()).toEqual(before);
    const people = await db.rows<{ person_id: string }>('SELECT DISTINCT person_id FROM leads');
    expect(people).toHaveLength(1);
    expect(personId).toBeTruthy();
    const snapshot = await db.rows('SELECT * FROM leads ORDER BY id');
    const second = await importLeads(incoming);
    expect(second.imported).toBe(0);
    expect(await db.rows('SELECT * FROM leads ORDER BY id')).toEqual(snapshot);
    expect(await persons()).toEqual(before);
  });
});
