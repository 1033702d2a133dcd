/**
 * WhatsApp as `npm start` serves it, with its Cloud API stand-in (harness/local-whatsapp.ts): a
 * Kannada enquiry with the WhatsApp box ticked puts a `kn` template in outbox/whatsapp/; a signed
 * `read` status the stand-in posts to /api/whatsapp shows on the lead; a signed STOP withdraws the
 * person's WhatsApp consent. Only Meta is replaced.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { validFinance } from '../../harness/sample-enquiries.ts';
import { OWNER, postJson, request, servedSite, withChallenge } from '../support/served.ts';

const outboxDir = path.resolve(import.meta.dirname, '../../outbox/whatsapp');
const standIn = (pathname: string, body?: unknown) =>
  fetch(`${servedSite().whatsappOrigin}${pathname}`, body ? { method: 'POST', body: JSON.stringify(body) } : {});

it('a Kannada enquiry with WhatsApp ticked: a kn template in outbox/whatsapp/; a signed read shows on the lead; a signed STOP withdraws', async () => {
  const phone = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const body = withChallenge('finance', validFinance({ phone, locale: 'kn', consentWhatsapp: true, Username: 'Kavya Gowda' }));
  expect((await postJson('/api/finance', body)).status).toBe(201);

  // The file the stand-in wrote for this number, in Kannada.
  let file: { wamid: string; body: { to: string; template: { language: { code: string } } }; rendered?: string } | undefined;
  await expect
    .poll(
      async () => {
        for (const name of (await readdir(outboxDir).catch(() => [] as string[])).filter((one) => one.endsWith('-kn.json'))) {
          const message = JSON.parse(await readFile(path.join(outboxDir, name), 'utf8')) as NonNullable<typeof file>;
          if (message.body.to === `91${phone}`) file = message;
        }
        return file?.body.template.language.code;
      },
      { timeout: 10_000, interval: 100 },
    )
    .toBe('kn');
  expect(file?.rendered).toContain('ನಮಸ್ಕಾರ Kavya');

  // Meta says it was read: signed by the stand-in, taken by the site, shown on the lead.
  expect(await (await standIn('/__standin/status', { wamid: file?.wamid, status: 'read' })).json()).toEqual({ webhookStatus: 200 });
  const lead = await request(`/api/leads/${body.submissionId}`, { headers: OWNER });
  const view = (await lead.json()) as { whatsapp: { state: string; language: string }; lead: { personId: string } };
  expect(view.whatsapp).toMatchObject({ state: 'read', language: 'kn' });

  // A signed STOP in Kannada: the purpose is withdrawn on the person's page.
  expect(await (await standIn('/__standin/inbound', { from: `91${phone}`, text: 'ನಿಲ್ಲಿಸಿ' })).json()).toEqual({ webhookStatus: 200 });
  const person = await request(`/api/people/${view.lead.personId}`, { headers: OWNER });
  expect(((await person.json()) as { person: { consent: { whatsapp: string } } }).person.consent.whatsapp).toBe('withdrawn');
});
