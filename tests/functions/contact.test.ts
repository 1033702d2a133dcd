/**
 * The contact form's kind (`contact`, /api/contact): a lead like the others. It is stored,
 * e-mailed to the team and exported (GET /api/leads and `npm run leads:export` with kind=contact).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeEach, expect, test } from 'vitest';
import exportLeads from '../../netlify/functions/leads.mts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { send, validContact, validFinance } from '../support/enquiry-requests.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';

const TOKEN = 'contact-export-token-k7Qm2xR9vT4pW8nZ3bY6';

let db: TestDatabase;
let standIn: EmailJsStandIn;
useFreshLocalServers((servers) => ({ db, standIn } = servers));
beforeEach(() => {
  process.env.LEADS_EXPORT_TOKEN = TOKEN;
});

const exportCsv = async (query: string) => {
  const response = await exportLeads(new Request(`http://localhost/api/leads${query}`, { headers: { authorization: `Bearer ${TOKEN}` } }));
  return { status: response.status, text: await response.text() };
};

test('a contact message is stored as kind contact, e-mailed once with its message, and exported with kind=contact', async () => {
  const enquiry = validContact({ message: 'Call me after 6 pm, please.\nI am free on weekends.' });
  const other = validFinance();
  expect((await send('contact', enquiry)).status).toBe(201);
  expect((await send('finance', other)).status).toBe(201);

  const stored = await db.record(enquiry.submissionId);
  expect(stored).toMatchObject({
    id: enquiry.submissionId,
    kind: 'contact',
    page: '/Contactus',
    via: 'js',
    Username: 'Priya Raman',
    phone: '9876543210',
    email: 'priya.raman@example.com',
    message: enquiry.message,
    notified: true,
  });

  const mails = standIn.received.filter((mail) => mail.template_params.kind === 'contact');
  expect(mails).toHaveLength(1);
  expect(mails[0].template_params).toMatchObject({ id: enquiry.submissionId, message: enquiry.message });
  expect(String(mails[0].template_params.summary)).toMatch(/^Contact message .*\nName: Priya Raman\n.*Message: Call me after 6 pm/s);

  const csv = await exportCsv('?kind=contact');
  expect(csv.status).toBe(200);
  const rows = csv.text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(rows).toHaveLength(2); // the header and the contact lead, not the finance one
  expect(rows[1].startsWith(`${enquiry.submissionId},contact,`)).toBe(true);
  expect(rows[1]).toContain('"Call me after 6 pm, please.\nI am free on weekends."');

  const { stdout } = await promisify(execFile)(process.execPath, ['scripts/leads-export.ts', '--kind', 'contact', '--format', 'json'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, NETLIFY_DB_URL: db.local.url },
  });
  expect(JSON.parse(stdout).leads.map((lead: { id: string }) => lead.id)).toEqual([enquiry.submissionId]);
});

test('the contact form has the same field rules: a bad phone and an empty message → 422', async () => {
  const answer = await send('contact', validContact({ phone: '12345', message: '' }));
  expect(answer.status).toBe(422);
  expect(Object.keys(answer.body.fields).sort()).toEqual(['message', 'phone']);
  expect(await db.records()).toEqual([]);
});
