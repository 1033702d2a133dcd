/**
 * The lead pipeline as `npm start` serves it: the functions answer on their paths, store in the
 * local database, e-mail the team through the local EmailJS stand-in (which writes outbox/) and
 * export with the owner's key. Both ways in (JSON and native form posts), the cross-site refusal,
 * and the local tools (POST /__local/faults, the scheduled functions' paths) that only this
 * machine may use.
 */
import { randomClientAddress } from '../../harness/client-address.ts';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { BROWSER_NAVIGATION_ACCEPT, nativeForm, newSubmissionId, validBankLoan, validFinance } from '../../harness/sample-enquiries.ts';
import {
  OWNER,
  SERVED_MIN_FILL_MS,
  confirmed,
  exported,
  postForm,
  postJson,
  request,
  servedSite,
  withChallenge,
} from '../support/served.ts';

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

/** What the site's EmailJS stand-in received for this lead id. */
const mailsFor = async (id: string) => {
  const received = (await (await fetch(`${servedSite().standInOrigin}/__standin/received`)).json()) as {
    template_params: { id?: string };
  }[];
  return received.filter((mail) => mail.template_params.id === id);
};

it('a valid enquiry is stored once, e-mailed to the team once (into outbox/) and exported', async () => {
  const body = withChallenge('bankloan', enquiry());
  const first = await postJson('/api/bankloan', body);
  expect(first.status).toBe(201);
  const receipt: unknown = await first.json();
  expect(receipt).toMatchObject({ ok: true, id: body.submissionId });

  const again = await postJson('/api/bankloan', body);
  expect(again.status).toBe(201);
  expect(await again.json()).toEqual(receipt);

  // The team's e-mail landed in the local outbox, exactly once.
  await expect
    .poll(
      async () => {
        const files = await readdir(outbox).catch(() => [] as string[]);
        const mails = await Promise.all(files.map((file) => readFile(path.join(outbox, file), 'utf8').catch(() => '')));
        return mails.filter((mail) => mail.includes(body.submissionId)).length;
      },
      { timeout: 15_000 },
    )
    .toBe(1);

  // The export pages (500 leads a page by default): follow the cursors to the end.
  let text = '';
  for (let cursor: string | null = ''; cursor !== null;) {
    const csv = await request(`/api/leads?kind=bankloan&format=csv${cursor ? `&cursor=${cursor}` : ''}`, { headers: OWNER });
    expect(csv.status).toBe(200);
    text += await csv.text();
    cursor = csv.headers.get('x-next-cursor');
  }
  const rows = text.split('\r\n').filter((row) => row.includes(body.submissionId));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain('6301234567');
  expect(rows[0]).toContain('srinivas@example.com');
  expect(rows[0]).toContain('Vijayawada');
});

it('the served minimum fill time: faster is kept apart as spam and never exported as a lead, slower is a lead', async () => {
  // The challenge's age is what counts: issued just now is too fast, whatever elapsedMs claims.
  const tooFast = withChallenge('finance', validFinance({ page: '/Mutualfunds', elapsedMs: 999_999 }), 0);
  const inTime = withChallenge('finance', validFinance({ page: '/Mutualfunds' }), SERVED_MIN_FILL_MS + 100);
  // Spam is answered like success, so a bot learns nothing.
  expect((await postJson('/api/finance', tooFast)).status).toBe(201);
  expect((await postJson('/api/finance', inTime)).status).toBe(201);
  const ids = (leads: Array<Record<string, unknown>>) => leads.map((lead) => lead.id);
  const leads = ids(await exported('finance'));
  expect(leads).toContain(inTime.submissionId);
  expect(leads).not.toContain(tooFast.submissionId);
  expect(ids(await exported('finance', '&spam=1'))).toContain(tooFast.submissionId);
});

it('bad input gets a 4xx naming the fields, and nothing is exported without the key', async () => {
  const bad = await postJson(
    '/api/bankloan',
    withChallenge('bankloan', { ...enquiry(), phone: '12345', selectedCity: 'Hyderabad', Loantype: 'Loan Type', consent: false }),
  );
  expect(bad.status).toBe(422);
  const { fields } = (await bad.json()) as { fields: Record<string, string> };
  expect(Object.keys(fields).sort()).toEqual(['Loantype', 'consent', 'phone', 'selectedCity']);

  expect((await request('/api/finance', { method: 'PUT' })).status).toBe(405);
  expect((await request('/api/finance', { method: 'POST', body: 'x', headers: { 'content-type': 'text/plain' } })).status).toBe(415);
  // A client of its own (Netlify's client address header, read by the local server): wrong keys add up per client.
  const client = { 'x-nf-client-connection-ip': randomClientAddress() };
  expect((await request('/api/leads', { headers: client })).status).toBe(401);
  expect((await request('/api/leads', { headers: { ...client, authorization: 'Bearer wrong' } })).status).toBe(401);
});

it('a native form post (form-encoded) is stored with via "html" and e-mailed; a navigation is sent to /Thankyou', async () => {
  const submissionId = newSubmissionId();
  const form = nativeForm('finance', { submissionId, Username: 'முருகன் செல்வம்' });
  const answer = await postForm('/api/finance', confirmed(form));
  expect(answer.status).toBe(201);
  expect(await answer.json()).toMatchObject({ ok: true, id: submissionId });

  const lead = (await exported('finance')).find((l) => l.id === submissionId);
  expect(lead).toMatchObject({ via: 'html', page: form.page, Planning: form.Planning, Username: 'முருகன் செல்வம்', phone: '9876543210' });

  // The team's e-mail, as the stand-in recorded it.
  await expect.poll(async () => (await mailsFor(submissionId)).length, { timeout: 15_000 }).toBe(1);

  const navigation = await postForm('/api/finance', confirmed(nativeForm('finance')), {
    accept: BROWSER_NAVIGATION_ACCEPT,
    'sec-fetch-mode': 'navigate',
    'sec-fetch-site': 'same-origin',
  });
  expect(navigation.status).toBe(303);
  expect(navigation.headers.get('location')).toBe('/Thankyou');
});

it('a cross-site post gets 403 (JSON for scripts, the HTML page for a browser) and is not stored', async () => {
  const enquiry = validFinance();
  const json = await postJson('/api/finance', withChallenge('finance', enquiry), { origin: 'https://attacker.example' });
  expect(json.status).toBe(403);
  expect(await json.json()).toEqual({ error: expect.stringMatching(/another website/) });

  const html = await postForm('/api/finance', nativeForm('finance', { submissionId: enquiry.submissionId }), {
    accept: BROWSER_NAVIGATION_ACCEPT,
    'sec-fetch-mode': 'navigate',
    'sec-fetch-site': 'cross-site',
    origin: 'https://attacker.example',
  });
  expect(html.status).toBe(403);
  expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(await html.text()).toContain('Your enquiry was not accepted');

  expect((await exported('finance')).some((l) => l.id === enquiry.submissionId)).toBe(false);
});

it('the local store fault switch: with the store down the API answers 503 with Retry-After; switched up, 201', async () => {
  const enquiry = validFinance();
  // Scoped to this enquiry's id, so tests running at the same time keep a working store.
  const faults = (body: object) => postJson('/__local/faults', body);
  expect((await faults({ store: 'down', match: enquiry.submissionId })).status).toBe(200);
  try {
    const down = await postJson('/api/finance', withChallenge('finance', enquiry));
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('30');

    const other = await postJson('/api/finance', withChallenge('finance', validFinance()));
    expect(other.status).toBe(201);
  } finally {
    expect((await faults({ store: 'up', match: enquiry.submissionId })).status).toBe(200);
  }
  const up = await postJson('/api/finance', withChallenge('finance', enquiry));
  expect(up.status).toBe(201);
  expect((await exported('finance')).filter((l) => l.id === enquiry.submissionId)).toHaveLength(1);
  expect((await faults({ store: 'sideways' })).status).toBe(400);
});

it("the local tools (fault switch, scheduled functions) refuse another site's page; the server listens on this machine only", async ({
  skip,
}) => {
  const evil = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
  expect((await postJson('/__local/faults', { store: 'down' }, evil)).status).toBe(403);
  expect((await request('/__local/faults')).status).toBe(200);
  expect((await request('/.netlify/functions/leads-sweep', { method: 'POST', headers: evil })).status).toBe(403);
  // Through an address of this machine that is not loopback, nothing answers.
  const lan = Object.values(os.networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;
  if (!lan) return skip('this machine has no network address besides loopback');
  await expect(fetch(`http://${lan}:${servedSite().port}/`)).rejects.toThrow();
});
