/**
 * The morning digest (src/server/jobs/digest.ts) through the scheduled function, over a seeded
 * database, against the EmailJS stand-in. "Now" is Saturday 28 November 2026, 09:00 India time;
 * yesterday is Friday the 27th. The office works Monday to Saturday, 09:30 to 18:30.
 *
 * Yesterday: a property lead (Google) at 09:00, contacted 09:40 by Kavya (10 working minutes,
 * from the opening); a loan lead (referred by facebook.com) at 10:00 that chose the evening,
 * contacted 16:30 by Ravi (30 working minutes from 16:00); spam at 11:00; the property lead's
 * webhook gave up at 12:00. Still waiting: a contact message of Thursday 10:00 (510 + 540 working
 * minutes by now: 17 h 30 min). Median 20 minutes, 90th percentile 28.
 */
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import leadsDigest from '../../netlify/functions/leads-digest.mts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { IST, seedLead } from '../support/seed-leads.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';
import { sendDigest } from '../../src/server/jobs/digest.ts';
import { site } from '../../src/config/site.ts';

const HOST = new URL(site.url).host;
/** The digest as it would be sent now, composed only. */
const sendDigestDryRun = async () => {
  const report = await sendDigest({ dryRun: true });
  if (!('params' in report)) throw new Error('not a dry run');
  return report.params;
};

let db: TestDatabase;
let standIn: EmailJsStandIn;
useFreshLocalServers((servers) => ({ db, standIn } = servers));

const SETTINGS = { DIGEST_TO: 'owner@example.com', EMAILJS_DIGEST_TEMPLATE_ID: 'template_digest', CONTEXT: 'production' };
const CONTEXT = process.env.CONTEXT;
beforeEach(() => {
  Object.assign(process.env, SETTINGS);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(IST('2026-11-28T09:00')));
});
afterEach(() => {
  vi.useRealTimers();
  for (const name of Object.keys(SETTINGS)) delete process.env[name];
  if (CONTEXT === undefined) delete process.env.CONTEXT;
  else process.env.CONTEXT = CONTEXT;
});

const PROPERTY = '00000000-0000-4000-8000-0000000000a1';
const LOAN = '00000000-0000-4000-8000-0000000000a2';
const WAITING = '00000000-0000-4000-8000-0000000000a3';

const seedYesterday = async () => {
  await seedLead(db.rows, {
    id: PROPERTY,
    kind: 'realestate',
    at: IST('2026-11-27T09:00'),
    utm_source: 'google',
    status: 'contacted',
    history: [['contacted', IST('2026-11-27T09:40'), 'Kavya']],
  });
  await seedLead(db.rows, {
    id: LOAN,
    kind: 'bankloan',
    at: IST('2026-11-27T10:00'),
    referrer: 'https://facebook.com/aranya',
    callTime: 'Evening (16:00-19:00)',
    status: 'contacted',
    history: [['contacted', IST('2026-11-27T16:30'), 'Ravi']],
  });
  await seedLead(db.rows, {
    id: '00000000-0000-4000-8000-0000000000a4',
    kind: 'realestate',
    at: IST('2026-11-27T11:00'),
    spam: 'honeypot',
  });
  await seedLead(db.rows, { id: WAITING, kind: 'contact', at: IST('2026-11-26T10:00') });
  await db.rows(
    `INSERT INTO deliveries (lead_id, channel, state, attempts, last_error, gave_up_at) VALUES ($1, 'webhook', 'gave-up', 6, 'the receiver answered 500', $2)`,
    [PROPERTY, IST('2026-11-27T12:00')],
  );
};

const run = async () => {
  const response = await leadsDigest(new Request('http://localhost/.netlify/functions/leads-digest', { method: 'POST', body: '{}' }));
  expect(response.status).toBe(200);
  return response.json();
};

test('two overlapping runs send one digest of yesterday, to DIGEST_TO with its own template, with the seeded figures', async () => {
  await seedYesterday();
  const reports = await Promise.all([run(), run()]);
  expect(reports.map((report) => report.sent).sort()).toEqual([false, true]);
  expect(reports.find((report) => !report.sent)).toMatchObject({ day: '2026-11-27', reason: 'already-sent' });
  expect(await run()).toMatchObject({ sent: false, reason: 'already-sent' }); // a third, later run too

  expect(standIn.received).toHaveLength(1);
  const [email] = standIn.received;
  expect(email.template_id).toBe('template_digest');
  const params = email.template_params;
  expect(params).toMatchObject({ to_email: 'owner@example.com', day: '2026-11-27', total: '2', waitingCount: '1' });
  expect(params.subject_line).toContain('2 leads on Friday 27 November 2026, 1 waiting');
  expect(params.message).toContain('Leads on Friday 27 November 2026 (India time): 2. Spam kept apart: 1.');
  expect(params.divisions).toBe(
    [
      '- Real estate (buy and sell): 1',
      '- Loans: 1',
      '- Financial planning: 0',
      '- Contact: 0',
      '- Privacy requests (counted apart): 0',
    ].join('\n'),
  );
  expect(params.sources).toBe('- facebook.com: 1\n- google: 1');
  expect(params.firstContact).toBe(
    [
      '- Contacted: 2 of 2',
      '- Median: 20 min; 90th percentile: 28 min',
      '- Within 1 working hour: 2 (100 %); the same working day: 2 (100 %)',
    ].join('\n'),
  );
  expect(params.waiting).toMatch(new RegExp(`^- Contact, received 26 Nov 10:00, waiting 17 h 30 min: https://\\S+/leads#lead=${WAITING}$`));
  expect(params.gaveUp).toMatch(
    new RegExp(`^- the webhook of a real estate \\(buy and sell\\) lead, 27 Nov 12:00: the receiver answered 500 \\S+#lead=${PROPERTY}$`),
  );
  expect(params.followUps).toBe('- none');
  expect(await db.rows<{ day: string; sent_at: Date | null }>("SELECT to_char(day, 'YYYY-MM-DD') AS day, sent_at FROM digests")).toEqual([
    { day: '2026-11-27', sent_at: expect.any(Date) },
  ]);
});

test('a source a visitor typed (a lure with a link) is "(other)" in the digest: no URL, no spaces from a visitor', async () => {
  await seedYesterday();
  for (const [n, source] of [
    'Netlify security: your site key expired, renew at https://netlify-renew.example/leads',
    'netlify-renew.example',
  ].entries())
    await seedLead(db.rows, {
      id: `00000000-0000-4000-8000-0000000000b${n}`,
      kind: 'contact',
      at: IST('2026-11-27T13:00'),
      utm_source: source,
    });
  await seedLead(db.rows, {
    id: '00000000-0000-4000-8000-0000000000b9',
    kind: 'contact',
    at: IST('2026-11-27T14:00'),
    referrer: 'https://evil.example/x',
  });
  expect(await run()).toMatchObject({ sent: true });
  const { sources, message } = standIn.received[0].template_params as Record<string, string>;
  expect(sources).toBe('- (other): 3\n- facebook.com: 1\n- google: 1');
  expect(message).not.toMatch(/netlify-renew|evil\.example/);
  // The only links are the site's own (the waiting leads and Insights).
  expect((message.match(/https?:\/\/\S+/g) ?? []).every((link) => link.startsWith('https://aranya.example.com/leads'))).toBe(true);
});

test('nothing is sent, and the database is not woken, while a setting is unset; nor on a preview or a deploy not named production', async () => {
  await seedYesterday();
  const sessions = db.local.sessions();
  for (const unset of ['DIGEST_TO', 'EMAILJS_DIGEST_TEMPLATE_ID']) {
    delete process.env[unset];
    expect(await run()).toMatchObject({ sent: false, reason: 'not-configured' });
    Object.assign(process.env, SETTINGS);
  }
  for (const context of ['deploy-preview', 'branch-deploy', '']) {
    process.env.CONTEXT = context;
    expect(await run()).toMatchObject({ sent: false, reason: 'not-production' });
  }
  expect(db.local.sessions()).toBe(sessions);
  expect(standIn.received).toHaveLength(0);
});

test('a send that fails gives the day back: the next run sends it', async () => {
  await seedYesterday();
  standIn.setBehaviour({ status: 500 });
  expect(await run()).toMatchObject({ sent: false, reason: 'send-failed', error: 'EmailJS answered 500' });
  standIn.setBehaviour({ status: 200 });
  expect(await run()).toMatchObject({ sent: true, day: '2026-11-27' });
  expect(standIn.received).toHaveLength(1);
});

test('each person’s follow-ups: overdue ones (yesterday’s, this morning’s) and today’s, with links; tomorrow’s and closed ones are left out', async () => {
  await seedYesterday();
  const follow = (id: string, person: string, at: string) =>
    db.rows('UPDATE leads SET assignee_name = $2, follow_up_at = $3 WHERE id = $1', [id, person, IST(at)]);
  await follow(PROPERTY, 'Kavya', '2026-11-27T17:00');
  await follow(LOAN, 'Ravi', '2026-11-28T11:30');
  await follow(WAITING, 'Kavya', '2026-11-30T09:30');
  const report = await sendDigestDryRun();
  expect(report.followUps).toBe(
    [
      '- Kavya: 1 overdue, 0 due today',
      `  - overdue since 27 Nov 17:00, Real estate (buy and sell): https://${HOST}/leads#lead=${PROPERTY}`,
      '- Ravi: 0 overdue, 1 due today',
      `  - today 11:30, Loans: https://${HOST}/leads#lead=${LOAN}`,
    ].join('\n'),
  );
  expect(report.message).toContain('Follow-ups overdue and due today, by person\n- Kavya: 1 overdue');
});
