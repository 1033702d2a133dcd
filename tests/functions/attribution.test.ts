/**
 * Attribution on the server: optional, length-limited fields on every kind, stored with the lead,
 * exported as CSV columns and shown in the team's e-mail.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import exportLeads from '../../netlify/functions/leads.mts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { csvRecords } from '../support/csv.ts';
import { handlers, send, valid, type Kind } from '../support/enquiry-requests.ts';
import { ATTRIBUTION_FIELDS, ATTRIBUTION_LIMITS } from '../../src/lib/attribution.ts';
import { CSV_COLUMNS } from '../../src/server/team/csv.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';

let db: TestDatabase;
let standIn: EmailJsStandIn;
useFreshLocalServers((servers) => ({ db, standIn } = servers));
beforeEach(() => {
  process.env.LEADS_EXPORT_TOKEN = 'attribution-test-token-0123456789';
});

const ATTRIBUTION = {
  landingPath: '/Vehicleloan',
  referrer: 'https://www.google.com/',
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_campaign: 'diwali-loans',
  utm_term: 'vehicle loan hosur',
  utm_content: 'ad-2',
  gclid: 'Cj0KCQiA',
};

const storedLead = async (id: string) => {
  return db.record(id);
};

const csv = async () => {
  const response = await exportLeads(
    new Request('http://localhost/api/leads', { headers: { authorization: 'Bearer attribution-test-token-0123456789' } }),
  );
  return csvRecords(await response.text());
};

const ENQUIRIES = (Object.keys(handlers) as Kind[]).filter((kind) => kind !== 'privacy');
describe.each(ENQUIRIES)('%s', (kind) => {
  test('stores the attribution it was sent', async () => {
    const enquiry = valid[kind](ATTRIBUTION);
    expect((await send(kind, enquiry)).status).toBe(201);
    expect(await storedLead(enquiry.submissionId)).toMatchObject(ATTRIBUTION);
  });
});

test('a privacy request is not marketing: the attribution it was sent is not stored', async () => {
  const request = valid.privacy(ATTRIBUTION);
  expect((await send('privacy', request)).status).toBe(201);
  const stored = await storedLead(request.submissionId);
  for (const field of ATTRIBUTION_FIELDS) expect(stored).not.toHaveProperty(field);
});

test('too long is cut to the limit, not refused; a value that is not text is dropped', async () => {
  const enquiry = valid.finance({
    utm_campaign: `  ${'c'.repeat(1000)}`,
    referrer: `https://example.com/${'r'.repeat(2000)}`,
    gclid: 12345,
    utm_source: ['x'],
    utm_medium: '',
  });
  expect((await send('finance', enquiry)).status).toBe(201);
  const lead = await storedLead(enquiry.submissionId);
  expect(lead.utm_campaign).toBe('c'.repeat(ATTRIBUTION_LIMITS.utm_campaign));
  expect(lead.referrer).toHaveLength(ATTRIBUTION_LIMITS.referrer);
  for (const dropped of ['gclid', 'utm_source', 'utm_medium', 'landingPath']) expect(lead).not.toHaveProperty(dropped);
});

test('without attribution nothing is stored for it and the lead is accepted as before', async () => {
  const enquiry = valid.bankloan();
  expect((await send('bankloan', enquiry)).status).toBe(201);
  const lead = await storedLead(enquiry.submissionId);
  for (const field of ATTRIBUTION_FIELDS) expect(lead).not.toHaveProperty(field);
});

test('the export has a column for each field', async () => {
  const withIt = valid.bankloan(ATTRIBUTION);
  const without = valid.finance();
  await send('bankloan', withIt);
  await send('finance', without);
  expect(CSV_COLUMNS).toEqual(expect.arrayContaining(ATTRIBUTION_FIELDS));
  const rows = await csv();
  expect(rows.find((row) => row.id === withIt.submissionId)).toMatchObject(ATTRIBUTION);
  const empty = rows.find((row) => row.id === without.submissionId);
  for (const field of ATTRIBUTION_FIELDS) expect(empty?.[field]).toBe('');
});

test("the team's e-mail shows where the lead came from", async () => {
  await send('bankloan', valid.bankloan(ATTRIBUTION));
  const params = standIn.received[0].template_params;
  expect(params).toMatchObject(ATTRIBUTION);
  expect(String(params.summary).split('\n')).toEqual(
    expect.arrayContaining([
      'Landing page: /Vehicleloan',
      'Referrer: https://www.google.com/',
      'utm_source: google',
      'utm_campaign: diwali-loans',
      'Google click id (gclid): Cj0KCQiA',
    ]),
  );
});
