/**
 * The lead pipeline as `npm start` serves it: the functions answer on their paths, store in the
 * local Blobs store, notify through the local EmailJS stand-in (outbox/) and export with a token.
 * Both ways in (JSON and native form posts), the cross-site refusal and the local store's fault
 * switch (POST /__local/faults).
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { BASE_URL, E2E_MIN_FILL_MS, EMAILJS_STANDIN_ORIGIN, EXPORT_TOKEN } from '../../playwright.config';
import { BROWSER_NAVIGATION_ACCEPT, nativeForm, newSubmissionId, validBankLoan, validFinance } from '../../harness/sample-enquiries.ts';
import { confirmed, withChallenge } from '../support/form-filling.ts';

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
  const first = await request.post('/api/bankloan', { data: withChallenge('bankloan', body) });
  expect(first.status()).toBe(201);
  const receipt = await first.json();
  expect(receipt).toMatchObject({ ok: true, id: body.submissionId });

  const again = await request.post('/api/bankloan', { data: withChallenge('bankloan', body) });
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

  // The export pages (500 leads a page by default): follow the cursors to the end.
  let text = '';
  for (let cursor: string | undefined = ''; cursor !== undefined;) {
    const csv: APIResponse = await request.get(`/api/leads?kind=bankloan&format=csv${cursor ? `&cursor=${cursor}` : ''}`, {
      headers: { authorization: `Bearer ${EXPORT_TOKEN}` },
    });
    expect(csv.status()).toBe(200);
    text += await csv.text();
    cursor = csv.headers()['x-next-cursor'];
  }
  const rows = text.split('\r\n').filter((row) => row.includes(body.submissionId));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain('6301234567');
  expect(rows[0]).toContain('srinivas@example.com');
  expect(rows[0]).toContain('Vijayawada');
});

test('the served minimum fill time: faster is kept apart as spam and never exported as a lead, slower is a lead', async ({ request }) => {
  const exported = async (spam: boolean) => {
    const answer = await request.get(`/api/leads?kind=finance&format=json&limit=2000${spam ? '&spam=1' : ''}`, {
      headers: { authorization: `Bearer ${EXPORT_TOKEN}` },
    });
    expect(answer.status()).toBe(200);
    return JSON.stringify(await answer.json());
  };
  // The challenge's age is what counts: issued just now is too fast, whatever elapsedMs claims.
  const tooFast = withChallenge('finance', validFinance({ page: '/Mutualfunds', elapsedMs: 999_999 }), 0);
  const inTime = withChallenge('finance', validFinance({ page: '/Mutualfunds' }), E2E_MIN_FILL_MS + 100);
  // Spam is answered like success, so a bot learns nothing.
  expect((await request.post('/api/finance', { data: tooFast })).status()).toBe(201);
  expect((await request.post('/api/finance', { data: inTime })).status()).toBe(201);
  const leads = await exported(false);
  expect(leads).toContain(inTime.submissionId);
  expect(leads).not.toContain(tooFast.submissionId);
  expect(await exported(true)).toContain(tooFast.submissionId);
});

test('bad input gets a 4xx naming the fields, and nothing is exported without the token', async ({ request }) => {
  const bad = await request.post('/api/bankloan', {
    data: withChallenge('bankloan', { ...enquiry(), phone: '12345', selectedCity: 'Hyderabad', Loantype: 'Loan Type', consent: false }),
  });
  expect(bad.status()).toBe(422);
  const { fields } = await bad.json();
  expect(Object.keys(fields).sort()).toEqual(['Loantype', 'consent', 'phone', 'selectedCity']);

  expect((await request.put('/api/finance')).status()).toBe(405);
  expect((await request.post('/api/finance', { data: 'x', headers: { 'content-type': 'text/plain' } })).status()).toBe(415);
  // A client of its own (Netlify's client address header, read by the local server): wrong keys add up per client.
  const client = { 'x-nf-client-connection-ip': randomUUID() };
  expect((await request.get('/api/leads', { headers: client })).status()).toBe(401);
  expect((await request.get('/api/leads', { headers: { ...client, authorization: 'Bearer wrong' } })).status()).toBe(401);
});

/** The stored leads of a kind, through the export (JSON). */
const exported = async (request: APIRequestContext, kind: string) => {
  const answer = await request.get(`/api/leads?kind=${kind}&format=json`, { headers: { authorization: `Bearer ${EXPORT_TOKEN}` } });
  expect(answer.status()).toBe(200);
  return (await answer.json()).leads as Array<Record<string, unknown>>;
};

test('a native form post (form-encoded) is stored with via "html" and e-mailed; a navigation is sent to /Thankyou', async ({ request }) => {
  const submissionId = newSubmissionId();
  const form = nativeForm('finance', { submissionId, Username: 'முருகன் செல்வம்' });
  const answer = await request.post('/api/finance', { form: confirmed(form) });
  expect(answer.status()).toBe(201);
  expect(await answer.json()).toMatchObject({ ok: true, id: submissionId });

  const lead = (await exported(request, 'finance')).find((l) => l.id === submissionId);
  expect(lead).toMatchObject({ via: 'html', page: form.page, Planning: form.Planning, Username: 'முருகன் செல்வம்', phone: '9876543210' });

  // The team's e-mail, as the stand-in recorded it.
  await expect
    .poll(async () => {
      const received = await (await request.get(`${EMAILJS_STANDIN_ORIGIN}/__standin/received`)).json();
      return received.filter((mail: { template_params: { id?: string } }) => mail.template_params.id === submissionId).length;
    })
    .toBe(1);

  const navigation = await request.post('/api/finance', {
    form: confirmed(nativeForm('finance')),
    headers: { accept: BROWSER_NAVIGATION_ACCEPT, 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'same-origin' },
    maxRedirects: 0,
  });
  expect(navigation.status()).toBe(303);
  expect(navigation.headers().location).toBe('/Thankyou');
});

test('a cross-site post gets 403 (JSON for scripts, the HTML page for a browser) and is not stored', async ({ request }) => {
  const enquiry = validFinance();
  const json = await request.post('/api/finance', {
    data: withChallenge('finance', enquiry),
    headers: { origin: 'https://attacker.example' },
  });
  expect(json.status()).toBe(403);
  expect(await json.json()).toEqual({ error: expect.stringMatching(/another website/) });

  const html = await request.post('/api/finance', {
    form: nativeForm('finance', { submissionId: enquiry.submissionId }),
    headers: {
      accept: BROWSER_NAVIGATION_ACCEPT,
      'sec-fetch-mode': 'navigate',
      'sec-fetch-site': 'cross-site',
      origin: 'https://attacker.example',
    },
  });
  expect(html.status()).toBe(403);
  expect(html.headers()['content-type']).toBe('text/html; charset=utf-8');
  expect(await html.text()).toContain('Your enquiry was not accepted');

  expect((await exported(request, 'finance')).some((l) => l.id === enquiry.submissionId)).toBe(false);
});

test('the local store fault switch: with the store down the API answers 503 with Retry-After; switched up, 201', async ({ request }) => {
  const enquiry = validFinance();
  // Scoped to this enquiry's id, so tests running at the same time keep a working store.
  const faults = (body: object) => request.post('/__local/faults', { data: body });
  expect((await faults({ store: 'down', match: enquiry.submissionId })).status()).toBe(200);
  try {
    const down = await request.post('/api/finance', { data: withChallenge('finance', enquiry), timeout: 20_000 });
    expect(down.status()).toBe(503);
    expect(down.headers()['retry-after']).toBe('30');

    const other = await request.post('/api/finance', { data: withChallenge('finance', validFinance()) });
    expect(other.status()).toBe(201);
  } finally {
    expect((await faults({ store: 'up', match: enquiry.submissionId })).status()).toBe(200);
  }
  const up = await request.post('/api/finance', { data: withChallenge('finance', enquiry) });
  expect(up.status()).toBe(201);
  expect((await exported(request, 'finance')).filter((l) => l.id === enquiry.submissionId)).toHaveLength(1);
  expect((await faults({ store: 'sideways' })).status()).toBe(400);
});

test("the local tools (fault switch, scheduled functions) refuse another site's page; the server listens on this machine only", async ({
  request,
}) => {
  const evil = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
  expect((await request.post('/__local/faults', { data: { store: 'down' }, headers: evil })).status()).toBe(403);
  expect((await request.get('/__local/faults')).status()).toBe(200);
  expect((await request.post('/.netlify/functions/leads-sweep', { headers: evil })).status()).toBe(403);
  // Through an address of this machine that is not loopback, nothing answers.
  const lan = Object.values(os.networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;
  test.skip(!lan, 'this machine has no network address besides loopback');
  await expect(fetch(`http://${lan}:${new URL(BASE_URL).port}/`)).rejects.toThrow();
});
