/**
 * The consent record: each lead stores the version of the notice it was shown next to consentAt,
 * and the export shows the text of any version.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import exportLeads from '../../netlify/functions/leads.mts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { csvRecords } from '../support/csv.ts';
import { send, validBankLoan, validFinance } from '../support/enquiry-requests.ts';
import { CONSENT_NOTICE, CONSENT_NOTICES } from '../../src/lib/consent.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';

let db: TestDatabase;
let standIn: EmailJsStandIn;
useFreshLocalServers((servers) => ({ db, standIn } = servers));
beforeEach(() => {
  process.env.LEADS_EXPORT_TOKEN = 'consent-record-test-token-0123456789';
});

const storedLead = async (id: string) => {
  return db.record(id);
};

const get = (query: string, authorization = 'Bearer consent-record-test-token-0123456789') =>
  exportLeads(new Request(`http://localhost/api/leads${query}`, { headers: { authorization } }));

describe('consentNotice on an enquiry', () => {
  test('the version sent is stored next to consentAt', async () => {
    const enquiry = validBankLoan({ consentNotice: CONSENT_NOTICE.version });
    const answer = await send('bankloan', enquiry);
    expect(answer.status).toBe(201);
    expect(await storedLead(enquiry.submissionId)).toMatchObject({
      consentAt: answer.body.receivedAt,
      consentNotice: CONSENT_NOTICE.version,
    });
  });

  test.each([
    ['missing', undefined],
    ['empty', ''],
  ])('%s: the current version is stored', async (_name, consentNotice) => {
    const enquiry = validFinance({ consentNotice });
    expect((await send('finance', enquiry)).status).toBe(201);
    expect(await storedLead(enquiry.submissionId)).toMatchObject({ consentNotice: CONSENT_NOTICE.version });
  });

  test.each(['1999-01-v1', 'latest', 7])('unknown %j: 422 naming consentNotice, nothing stored', async (consentNotice) => {
    const answer = await send('finance', validFinance({ consentNotice }));
    expect(answer.status).toBe(422);
    expect(answer.body.fields).toEqual({ consentNotice: 'This form is out of date. Reload the page and try again' });
    expect(await db.ids()).toEqual([]);
  });

  test("the team's e-mail and the CSV carry the version", async () => {
    const enquiry = validFinance();
    await send('finance', enquiry);
    expect(standIn.received[0].template_params.consentNotice).toBe(CONSENT_NOTICE.version);
    expect(standIn.received[0].template_params.summary).toContain(`Consent notice: ${CONSENT_NOTICE.version}`);
    const [row] = csvRecords(await (await get('')).text());
    expect(row).toMatchObject({ id: enquiry.submissionId, consentNotice: CONSENT_NOTICE.version });
  });
});

describe('GET /api/leads?consentNotice=<version>', () => {
  test('answers the text of every version', async () => {
    for (const { version, text } of CONSENT_NOTICES) {
      const response = await get(`?consentNotice=${version}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ version, text });
    }
  });

  test('an unknown version is a 400 naming consentNotice', async () => {
    const response = await get('?consentNotice=1999-01-v1');
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()).fields)).toEqual(['consentNotice']);
  });

  test('needs the token like every export', async () => {
    expect((await get(`?consentNotice=${CONSENT_NOTICE.version}`, 'Bearer wrong')).status).toBe(401);
  });
});
