/**
 * The lead pipeline as `npm start` serves it: the functions answer on their paths, store in the
 * local Blobs store, notify through the local EmailJS stand-in (outbox/) and export with a token.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { EXPORT_TOKEN } from '../../playwright.config';
import { validBankLoan } from '../fixtures/enquiries.ts';

const outbox = path.resolve(import.meta.dirname, '../../outbox');

// A Gold Loan enquiry from the shared fixtures, with a Telugu name and an Andhra Pradesh city.
const enquiry = () =>
  validBankLoan({
    Loantype: 'Gold Loan',
    selectedState: 'Andhra Pradesh',
    selectedCity: 'Vijayawada',
    Amount: '10 lakhs & below',
    Profession: 'Business',
    Username: 'శ్రీనివాస్ రావు',
    phone: '+91 63012 34567',
    email: 'Srinivas@Example.com',
    page: '/Goldloan',
    elapsedMs: 20_000,
  });

test('a valid enquiry is stored once, e-mailed to the team and exported', async ({ request }) => {
  const body = enquiry();
  const first = await request.post('/api/bankloan', { data: body });
  expect(first.status()).toBe(201);
  const receipt = await first.json();
  expect(receipt).toMatchObject({ ok: true, id: body.submissionId });

  const again = await request.post('/api/bankloan', { data: body });
  expect(again.status()).toBe(201);
  expect(await again.json()).toEqual(receipt);

  // The team's e-mail landed in the local outbox, exactly once.
  await expect
    .poll(async () => {
      const files = await readdir(outbox).catch(() => [] as string[]);
      const mails = await Promise.all(files.map((f) => readFile(path.join(outbox, f), 'utf8')));
      return mails.filter((m) => m.includes(body.submissionId)).length;
    })
    .toBe(1);

  const csv = await request.get('/api/leads?kind=bankloan&format=csv', {
    headers: { authorization: `Bearer ${EXPORT_TOKEN}` },
  });
  expect(csv.status()).toBe(200);
  const rows = (await csv.text()).split('\r\n').filter((row) => row.includes(body.submissionId));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain('6301234567');
  expect(rows[0]).toContain('srinivas@example.com');
  expect(rows[0]).toContain('Vijayawada');
});

test('bad input gets a 4xx naming the fields, and nothing is exported without the token', async ({ request }) => {
  const bad = await request.post('/api/bankloan', {
    data: { ...enquiry(), phone: '12345', selectedCity: 'Hyderabad', Loantype: 'Loan Type', consent: false },
  });
  expect(bad.status()).toBe(422);
  const { fields } = await bad.json();
  expect(Object.keys(fields).sort()).toEqual(['Loantype', 'consent', 'phone', 'selectedCity']);

  expect((await request.get('/api/finance')).status()).toBe(405);
  expect((await request.post('/api/finance', { data: 'x', headers: { 'content-type': 'text/plain' } })).status()).toBe(415);
  expect((await request.get('/api/leads')).status()).toBe(401);
  expect((await request.get('/api/leads', { headers: { authorization: 'Bearer wrong' } })).status()).toBe(401);
});
