/**
 * The visitor's acknowledgement: after a lead is stored, one short e-mail to the visitor in their
 * language, through EmailJS with EMAILJS_ACK_TEMPLATE_ID; retried by the sweep, never twice; never
 * for spam; at most once a day to one address. Real database and Blobs store, EmailJS stand-in.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import leadsSweep from '../../netlify/functions/leads-sweep.mts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { useAcknowledgements } from '../support/acknowledgements.ts';
import { EMAILJS_ENV } from '../../harness/emailjs-standin.ts';
import {
  asNativeForm,
  challengeIssuedAgo,
  handlers,
  jsonRequest,
  send,
  sendForm,
  validBankLoan,
  validContact,
  validFinance,
  validRealEstate,
} from '../support/enquiry-requests.ts';
import type { EmailJsStandIn, ReceivedEmail } from '../../harness/emailjs-standin.ts';
import type { SweepReport } from '../../src/server/jobs/sweep.ts';
import { acknowledgement, greetingName } from '../../src/server/outbound/ack.ts';
import type { LeadRecord } from '../../src/lib/enquiry/lead-record.ts';
import { CSV_COLUMNS, csvRows } from '../../src/server/team/csv.ts';

const ACK_TEMPLATE = 'template_ack_test';
const MINUTE = 60_000;

let db: TestDatabase;
let standIn: EmailJsStandIn;
useFreshLocalServers((servers) => ({ db, standIn } = servers));
const { acks, teamEmails } = useAcknowledgements(ACK_TEMPLATE, () => standIn);
afterEach(() => {
  vi.useRealTimers();
});
const leadOf = (id: string) => db.record(id);
/** Acknowledgements still owed. */
const pendingAcks = () => db.rows(`SELECT lead_id FROM deliveries WHERE channel = 'ack' AND state = 'pending'`);
const sweep = async (): Promise<SweepReport> => {
  const response = await leadsSweep(
    new Request('http://localhost/.netlify/functions/leads-sweep', {
      method: 'POST',
      body: JSON.stringify({ next_run: new Date().toISOString() }),
    }),
  );
  expect(response.status).toBe(200);
  return response.json();
};

describe('the acknowledgement', () => {
  test('a Tamil lead: one e-mail to the visitor in Tamil with its reference, beside the team e-mail', async () => {
    const enquiry = validBankLoan({ locale: 'ta', email: 'Selvi.Murugan@Example.com', callTime: 'Evening (16:00-19:00)' });
    const answer = await send('bankloan', enquiry);
    expect(answer.status).toBe(201);
    expect(teamEmails()).toHaveLength(1);
    expect(acks()).toHaveLength(1);
    const [ack] = acks();
    const params = ack.template_params as Record<string, string>;
    const reference = enquiry.submissionId.slice(0, 8);
    expect(ack).toMatchObject({ service_id: EMAILJS_ENV.EMAILJS_SERVICE_ID, user_id: EMAILJS_ENV.EMAILJS_PUBLIC_KEY });
    expect(params).toMatchObject({
      to_email: 'selvi.murugan@example.com',
      reference,
      locale: 'ta',
      about: 'வங்கிக் கடன் (வாகனக் கடன்)',
      callWhen: 'ஒரு வேலை நாளுக்குள், நீங்கள் தேர்ந்தெடுத்த நேரத்தில் (மாலை 4 – 7)',
    });
    expect(params.subject_line).toContain(reference);
    expect(params.message).toContain(reference);
    expect(params.message).toContain('உங்கள் விசாரணைக்கு நன்றி');
    expect(params.message).toContain('https://wa.me/');
    expect(params.privacy).toMatch(/\/ta\/Privacy$/);
    expect(params.withdraw).toContain(params.privacy);
    // The team's e-mail keeps the English wire value; it is not the visitor's.
    expect(teamEmails()[0].template_params).toMatchObject({ Loantype: 'Vehicle Loan' });
    expect(teamEmails()[0].template_params).not.toHaveProperty('to_email');
    const lead = await leadOf(enquiry.submissionId);
    expect(lead).toMatchObject({ notified: true });
    expect(typeof lead?.ackedAt).toBe('string');
    expect(await pendingAcks()).toEqual([]);
    // The export's column after the planning band says when it went (the privacy request's three come after it).
    const at = CSV_COLUMNS.indexOf('ackedAt');
    expect(CSV_COLUMNS.slice(at, at + 4)).toEqual(['ackedAt', 'request', 'reference', 'replyBy']);
    expect(
      csvRows([lead])
        .trimEnd()
        .split(',')
        .at(at - CSV_COLUMNS.length),
    ).toBe(lead?.ackedAt); // counted from the end: earlier cells may hold commas
  });

  test('an English lead without a call time: English words, the default call window', async () => {
    await send('realestate', validRealEstate({ email: 'ravi@example.com' }));
    const params = acks()[0].template_params as Record<string, string>;
    expect(params).toMatchObject({
      locale: 'en',
      about: 'Buying property (flats)',
      callWhen: 'within one working day, between 9:30 am and 7 pm',
      to_email: 'ravi@example.com',
    });
    expect(params.message).toMatch(/^Dear Priya,/);
  });

  test('spam gets none: kept apart, nothing sent to the visitor', async () => {
    const answer = await send('bankloan', validBankLoan({ company_website: 'https://spam.example' }));
    expect(answer.status).toBe(201);
    expect(standIn.received).toHaveLength(0);
    expect(await pendingAcks()).toEqual([]);
  });

  test('a second lead from the same address the same day: stored and notified, no acknowledgement', async () => {
    await send('bankloan', validBankLoan({ email: 'same@example.com' }));
    const second = validFinance({ email: 'SAME@example.com' });
    expect((await send('finance', second)).status).toBe(201);
    expect(acks()).toHaveLength(1);
    expect(teamEmails()).toHaveLength(2);
    const lead = await leadOf(second.submissionId);
    expect(lead).toMatchObject({ notified: true, ackSkipped: 'daily-limit' });
    expect(lead).not.toHaveProperty('ackedAt');
    expect(await pendingAcks()).toEqual([]);
  });

  test('EMAILJS_ACK_TEMPLATE_ID unset: none, and no acknowledgement owed', async () => {
    delete process.env.EMAILJS_ACK_TEMPLATE_ID;
    await send('bankloan', validBankLoan());
    expect(acks()).toHaveLength(0);
    expect(teamEmails()).toHaveLength(1);
    expect(await pendingAcks()).toEqual([]);
  });

  test('a preview deploy never writes to a visitor', async () => {
    process.env.CONTEXT = 'deploy-preview';
    process.env.LEADS_PREVIEW_NOTIFY_TO = 'previews@example.com';
    try {
      expect((await send('bankloan', validBankLoan())).status).toBe(201);
      expect(teamEmails()).toHaveLength(1);
      expect(acks()).toHaveLength(0);
    } finally {
      process.env.CONTEXT = 'dev';
      delete process.env.LEADS_PREVIEW_NOTIFY_TO;
    }
  });

  test('a lead without an e-mail address: none', async () => {
    const { email: _none, ...rest } = validBankLoan();
    const record = { ...rest, id: rest.submissionId, kind: 'bankloan', receivedAt: new Date().toISOString(), notified: true } as LeadRecord;
    const delivery = { id: crypto.randomUUID(), leadId: record.id, channel: 'ack' as const, attempts: 0 };
    expect(await acknowledgement.send(record, delivery)).toMatchObject({ sent: false, skipped: true });
    expect(standIn.requests).toHaveLength(0);
  });

  test('failing at receipt: owed; the sweep sends it once, a second sweep sends nothing', async () => {
    standIn.setBehaviour({ status: 500 });
    const enquiry = validBankLoan({ locale: 'kn' });
    const answer = await send('bankloan', enquiry);
    expect(answer.status).toBe(201);
    standIn.setBehaviour({ status: 200 });
    const id = enquiry.submissionId as string;
    expect(await leadOf(id)).toMatchObject({ notified: false, ackError: 'EmailJS answered 500' });
    expect((await db.deliveries(id)).ack).toMatchObject({ state: 'pending', attempts: 1 });

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(answer.body.receivedAt) + 10 * MINUTE);
    const first = await sweep();
    expect(first.ack).toMatchObject({ due: 1, sent: 1 });
    expect(first).toMatchObject({ sent: 1 });
    expect(acks()).toHaveLength(1);
    expect(acks()[0].template_params).toMatchObject({ locale: 'kn', reference: id.slice(0, 8) });
    expect(teamEmails()).toHaveLength(1);
    const lead = await leadOf(id);
    expect(lead).toMatchObject({ notified: true, ackAttempts: 1 });
    expect(lead).not.toHaveProperty('ackError');
    expect(typeof lead?.ackedAt).toBe('string');

    vi.setSystemTime(Date.parse(answer.body.receivedAt) + 24 * 60 * MINUTE);
    const second = await sweep();
    expect(second.ack).toMatchObject({ pending: 0, sent: 0 });
    expect(acks()).toHaveLength(1);
  });

  test('two sweeps at once send an owed acknowledgement once', async () => {
    standIn.setBehaviour({ status: 500 });
    const enquiry = validBankLoan();
    const answer = await send('bankloan', enquiry);
    standIn.setBehaviour({ status: 200 });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(answer.body.receivedAt) + 10 * MINUTE);
    await Promise.all([sweep(), sweep()]);
    expect(acks()).toHaveLength(1);
    expect(teamEmails()).toHaveLength(1);
  });
});

describe('the acknowledgement carries nothing a stranger typed', () => {
  test('the greeting takes a first name only from letters of any script and spaces, at most 40 characters', () => {
    expect(greetingName('Priya Raman')).toBe('Priya');
    expect(greetingName('  ರವಿ   ಕುಮಾರ್ ')).toBe('ರವಿ');
    for (const refused of ['Priya2', 'Visit http://evil', 'a/b', 'me@example', 'Dr. Ravi', 'x:y', 'A'.repeat(41), '', 42])
      expect(greetingName(refused)).toBe('');
  });

  test('in Telugu, where the family name often comes first, only a one-word name is greeted', () => {
    // "Kota Srinivas": the first word is the family name, so "Kota గారికి" would be wrong.
    expect(greetingName('Kota Srinivas', 'te')).toBe('');
    expect(greetingName('Srinivas', 'te')).toBe('Srinivas');
    expect(greetingName(' శ్రీనివాస్ ', 'te')).toBe('శ్రీనివాస్');
    expect(greetingName('Kota Srinivas', 'kn')).toBe('Kota');
  });

  const messageOf = (email: ReceivedEmail) => (email.template_params as Record<string, string>).message;

  test.each([
    ['Claim your refund at secure-example.com', 'Hello,'],
    ['Dr. Ravi Kumar', 'Hello,'],
    ['Refund at secure-example', 'Hello,'],
    ['A'.repeat(41), 'Hello,'],
    ['Selvi Murugan', 'Dear Selvi,'],
    ['செல்வி முருகன்', 'Dear செல்வி,'],
  ])('the name %j: the greeting is %j, and nothing else typed appears', async (name, greeting) => {
    const enquiry = validBankLoan({ Username: name, message: 'Claim your refund at secure-example.com' });
    expect((await send('bankloan', enquiry)).status).toBe(201);
    const [ack] = acks();
    expect(messageOf(ack).split('\n')[0]).toBe(greeting);
    const params = ack.template_params as Record<string, string>;
    for (const value of Object.values(params)) {
      expect(value).not.toContain('refund');
      expect(value).not.toContain('secure-example');
    }
    expect(params.to_name).toBe(greeting === 'Hello,' ? '' : greeting.slice(5, -1));
  });

  test('a Telugu visitor is greeted "… గారికి నమస్కారం," by a one-word name, and plainly when the family name may come first', async () => {
    await send('bankloan', validBankLoan({ locale: 'te', Username: 'Srinivas', email: 'srinivas@example.com' }));
    await send('bankloan', validBankLoan({ locale: 'te', Username: 'Kota Srinivas', email: 'kota@example.com' }));
    const [single, twoWords] = acks().map(messageOf);
    expect(single.split('\n')[0]).toBe('Srinivas గారికి నమస్కారం,');
    expect(twoWords.split('\n')[0]).toBe('నమస్కారం,');
    expect(twoWords).not.toContain('Kota');
    expect(single).toContain('మీరు అడిగినది: బ్యాంక్ లోన్ (వెహికల్ లోన్)');
  });
});

describe('at most one a day per mailbox, and daily caps', () => {
  test('+tags, capitals and (for Gmail) dots are one mailbox: one acknowledgement, every lead e-mailed to the team', async () => {
    const addresses = ['victim+1@example.com', 'victim+2@example.com', 'VICTIM+3@Example.com', 'j.doe@gmail.com', 'jdoe+x@googlemail.com'];
    for (const email of addresses) expect((await send('contact', validContact({ email }))).status).toBe(201);
    expect(acks().map((ack) => (ack.template_params as Record<string, string>).to_email)).toEqual([
      'victim+1@example.com',
      'j.doe@gmail.com',
    ]);
    expect(teamEmails()).toHaveLength(5);
    // Counted by an HMAC of the mailbox, never the address itself.
    const rows = await db.rows<{ mailbox: string; domain: string }>('SELECT mailbox, domain FROM ack_mailboxes ORDER BY domain');
    expect(rows.map((row) => row.domain)).toEqual(['example.com', 'gmail.com']);
    for (const row of rows) expect(row.mailbox).toMatch(/^[\w-]{43}$/);
  });

  test('parallel posts to one mailbox with different +tags: one acknowledgement', async () => {
    const posts = Array.from({ length: 8 }, (_, i) => send('contact', validContact({ email: `parallel+${i}@example.com` })));
    expect((await Promise.all(posts)).map((answer) => answer.status)).toEqual(Array(8).fill(201));
    expect(acks()).toHaveLength(1);
    expect(teamEmails()).toHaveLength(8);
  });

  test('a domain cap pauses acknowledgements to that domain for the day; the log and the next team e-mail say so once', async () => {
    process.env.LEADS_ACK_DOMAIN_DAILY_CAP = '2';
    const log = vi.spyOn(console, 'log');
    try {
      for (const local of ['a', 'b', 'c', 'd']) await send('contact', validContact({ email: `${local}@capped.example` }));
      await send('contact', validContact({ email: 'e@other.example' }));
      expect(acks().map((ack) => (ack.template_params as Record<string, string>).to_email)).toEqual([
        'a@capped.example',
        'b@capped.example',
        'e@other.example',
      ]);
      const skipped = await db.rows<{ skipped: string }>(`SELECT skipped FROM deliveries WHERE channel = 'ack' AND skipped IS NOT NULL`);
      expect(skipped.map((row) => row.skipped)).toEqual(['domain-cap', 'domain-cap']);
      // Team e-mails never pause; the first one after the cap tells it, once.
      const summaries = teamEmails().map((email) => (email.template_params as Record<string, string>).summary);
      expect(summaries).toHaveLength(5);
      const told = summaries.filter((summary) => summary.includes('capped.example are paused'));
      expect(told).toHaveLength(1);
      expect(summaries[2]).toContain('its cap of 2 a day is reached');
      const paused = log.mock.calls.map(([line]) => String(line)).filter((line) => line.includes('"ack-paused"'));
      expect(paused).toHaveLength(1);
      expect(paused[0]).toContain('capped.example');
    } finally {
      delete process.env.LEADS_ACK_DOMAIN_DAILY_CAP;
      log.mockRestore();
    }
  });

  test('twenty posts with random Gmail addresses do not stop acknowledgements to Gmail; one client gets at most LEADS_ACK_CLIENT_DAILY_CAP a day', async () => {
    const fromScript = (n: number) =>
      handlers.contact(jsonRequest('contact', validContact({ email: `random${n}.${crypto.randomUUID().slice(0, 6)}@gmail.com` })), {
        ip: '2001:db8:6:6::' + (n + 1).toString(16),
      });
    for (let n = 0; n < 20; n++) expect((await fromScript(n)).status).toBe(201);
    // The script's one /64 had three; the domain is not capped for a big provider.
    expect(acks()).toHaveLength(3);
    const skipped = await db.rows<{ skipped: string }>(`SELECT skipped FROM deliveries WHERE channel = 'ack' AND skipped IS NOT NULL`);
    expect(new Set(skipped.map((row) => row.skipped))).toEqual(new Set(['client-cap']));
    // A real visitor at gmail.com, from their own network, still gets theirs.
    const visitor = validContact({ email: 'real.visitor.test@gmail.com' });
    expect((await handlers.contact(jsonRequest('contact', visitor), { ip: '198.51.100.23' })).status).toBe(201);
    expect(acks().map((ack) => (ack.template_params as Record<string, string>).to_email)).toContain('real.visitor.test@gmail.com');
    // Kept as an HMAC of the client, never the address.
    expect(JSON.stringify(await db.rows('SELECT client FROM ack_mailboxes'))).not.toMatch(/2001|198\.51/);
  });

  test('the site cap pauses every acknowledgement for the day', async () => {
    process.env.LEADS_ACK_SITE_DAILY_CAP = '2';
    try {
      for (const domain of ['one', 'two', 'three', 'four']) await send('contact', validContact({ email: `x@${domain}.example` }));
      expect(acks()).toHaveLength(2);
      expect(teamEmails()).toHaveLength(4);
      const summaries = teamEmails().map((email) => (email.template_params as Record<string, string>).summary);
      expect(summaries.filter((summary) => summary.includes("the site's cap of 2 a day is reached"))).toHaveLength(1);
      expect(await db.rows(`SELECT scope FROM ack_pauses`)).toEqual([{ scope: 'site' }]);
    } finally {
      delete process.env.LEADS_ACK_SITE_DAILY_CAP;
    }
  });
});

describe('only for a lead that passed its single-use proof', () => {
  test('a reused challenge: no acknowledgement and no team e-mail for the second post', async () => {
    const challenge = challengeIssuedAgo('contact');
    await send('contact', validContact({ email: 'first@example.com', challenge }));
    await send('contact', validContact({ email: 'second@example.com', challenge }));
    expect(acks().map((ack) => (ack.template_params as Record<string, string>).to_email)).toEqual(['first@example.com']);
    expect(teamEmails()).toHaveLength(1);
  });

  test('a confirmed plain form gets one; spam, a release from spam and a lead with no proof get none', async () => {
    expect((await sendForm('contact', asNativeForm(validContact({ email: 'plain@example.com' })))).status).toBe(201);
    expect(acks()).toHaveLength(1);
    const released = { ...validContact(), id: crypto.randomUUID(), kind: 'contact', receivedAt: new Date().toISOString() } as LeadRecord;
    const delivery = { id: crypto.randomUUID(), leadId: released.id, channel: 'ack' as const, attempts: 0 };
    expect(await acknowledgement.send({ ...released, releasedAt: new Date().toISOString() }, delivery)).toMatchObject({ skipped: true });
    expect(await acknowledgement.send({ ...released, spam: 'honeypot' }, delivery)).toMatchObject({ skipped: true });
    expect(acks()).toHaveLength(1);
  });
});

describe('its own EmailJS service', () => {
  test('EMAILJS_ACK_SERVICE_ID and its keys: acknowledgements go through their own service and account, team e-mails through the team’s', async () => {
    Object.assign(process.env, {
      EMAILJS_ACK_SERVICE_ID: 'service_ack',
      EMAILJS_ACK_PUBLIC_KEY: 'ack-public-key',
      EMAILJS_ACK_PRIVATE_KEY: 'ack-private-key',
    });
    try {
      await send('contact', validContact());
      expect(acks()[0]).toMatchObject({ service_id: 'service_ack', user_id: 'ack-public-key', accessToken: 'ack-private-key' });
      expect(teamEmails()[0]).toMatchObject({ service_id: EMAILJS_ENV.EMAILJS_SERVICE_ID, user_id: EMAILJS_ENV.EMAILJS_PUBLIC_KEY });
    } finally {
      delete process.env.EMAILJS_ACK_SERVICE_ID;
      delete process.env.EMAILJS_ACK_PUBLIC_KEY;
      delete process.env.EMAILJS_ACK_PRIVATE_KEY;
    }
  });
});
