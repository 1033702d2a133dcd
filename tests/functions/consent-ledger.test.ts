/**
 * What a person agreed to (src/server/intake/person.ts, src/server/db/consent-ledger.ts,
 * src/server/intake/withdrawal.ts): each enquiry writes one ledger row per purpose, with the
 * notice's version, the sha256 of its text in the language shown, that language, the form and the
 * time; the boxes are booleans in JSON and "on" in a plain post, absent is not given; the ledger
 * refuses every UPDATE and DELETE but an erasure's; the acknowledgement's signed link opens the
 * withdrawal page in the visitor's language, whose one button per purpose appends a withdrawal
 * that takes effect at once; the privacy request form withdraws the same purposes; GET
 * /api/people/<id> and the owner's CSV show the history; erasing the person keeps only what the
 * law asks, without the person.
 */
import { describe, expect, test } from 'vitest';
import leads from '../../netlify/functions/leads.mts';
import consent from '../../netlify/functions/consent.mts';
import { answerOf } from '../support/team.ts';
import type { TestDatabase } from '../support/database.ts';
import { useFreshLocalServers } from '../support/servers.ts';
import { useAcknowledgements } from '../support/acknowledgements.ts';
import {
  TEST_CHALLENGE_SECRET,
  asNativeForm,
  send,
  sendForm,
  validFinance,
  validPrivacy,
  validRealEstate,
} from '../support/enquiry-requests.ts';
import type { EmailJsStandIn } from '../../harness/emailjs-standin.ts';
import { noticeHash } from '../../src/server/db/consent-ledger.ts';
import { consentLinkToken } from '../../src/server/outbound/consent-link.ts';
import lock from '../../src/content/consent.lock.json' with { type: 'json' };
import { CONSENT_NOTICE } from '../../src/lib/consent.ts';

const TOKEN = 'consent-test-token-k7Qm2xR9vT4pW8nZ3bY6';
let db: TestDatabase;
let standIn: EmailJsStandIn;
useFreshLocalServers((servers) => ({ db, standIn } = servers));
const { acks } = useAcknowledgements('template_ack_consent', () => standIn);
process.env.LEADS_EXPORT_TOKEN = TOKEN;

const team = async (path: string, init: RequestInit = {}) => {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${TOKEN}`);
  return answerOf(await leads(new Request(`http://localhost${path}`, { ...init, headers })));
};
const ledger = () =>
  db.rows<Record<string, unknown>>(
    'SELECT person_id, lead_id, purpose, action, notice, notice_hash, locale, form FROM consent_ledger ORDER BY id',
  );
const personOf = async (id: string) =>
  (await db.rows<{ person_id: string }>('SELECT person_id FROM leads WHERE id = $1', [id]))[0]?.person_id;

describe('the ledger', () => {
  test('an enquiry writes one row per purpose: the notice, its hash in the language shown, the language, the form', async () => {
    const lead = validRealEstate({ locale: 'ta', consentLocale: 'ta', consentGroup: true, consentWhatsapp: false });
    expect((await send('realestate', lead)).status).toBe(201);
    const person = await personOf(lead.submissionId);
    const shown = {
      notice: CONSENT_NOTICE.version,
      notice_hash: (lock as Record<string, string>)[`ta/${CONSENT_NOTICE.version}`],
      locale: 'ta',
    };
    expect(shown.notice_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(noticeHash(CONSENT_NOTICE.version, 'ta')).toBe(shown.notice_hash);
    const row = { person_id: person, lead_id: lead.submissionId, form: '/Flats', ...shown };
    expect(await ledger()).toEqual([
      { ...row, purpose: 'enquiry', action: 'granted' },
      { ...row, purpose: 'group', action: 'granted' },
      { ...row, purpose: 'whatsapp', action: 'refused' },
    ]);
  });

  test('absent means not given; a plain form post ticks with "on"; anything else is refused naming the field', async () => {
    const json = validFinance();
    await send('finance', json);
    const plain = validFinance({ phone: '9876500001', email: 'plain@example.com' });
    const fields = { ...asNativeForm(plain), consentWhatsapp: 'on' };
    expect((await sendForm('finance', fields)).status).toBe(201);
    const [{ id: plainId }] = await db.rows<{ id: string }>(`SELECT id FROM leads WHERE phone = '9876500001'`);
    const rows = await ledger();
    expect(rows.filter((row) => row.lead_id === json.submissionId).map((row) => `${String(row.purpose)}:${String(row.action)}`)).toEqual([
      'enquiry:granted',
      'group:refused',
      'whatsapp:refused',
    ]);
    expect(rows.filter((row) => row.lead_id === plainId).map((row) => `${String(row.purpose)}:${String(row.action)}`)).toEqual([
      'enquiry:granted',
      'group:refused',
      'whatsapp:granted',
    ]);
    const bad = await send('finance', validFinance({ consentGroup: 'yes please' }));
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.fields)).toEqual(['consentGroup']);
  });

  test('a form older than the two purposes writes the enquiry’s row only', async () => {
    const old = validFinance({ consentNotice: '2026-11-v2' });
    await send('finance', old);
    expect((await ledger()).map((row) => row.purpose)).toEqual(['enquiry']);
  });

  test('is append-only: no statement updates or deletes a row, except an erasure’s', async () => {
    await send('finance', validFinance());
    await expect(db.rows(`UPDATE consent_ledger SET action = 'granted'`)).rejects.toThrow(/append-only/);
    await expect(db.rows('DELETE FROM consent_ledger')).rejects.toThrow(/append-only/);
    expect(await ledger()).toHaveLength(3);
  });
});

describe('withdrawing', () => {
  const pageOf = (token: string, init: RequestInit = {}) => consent(new Request(`http://localhost/api/consent/${token}`, init));

  test('the acknowledgement carries the signed link; the page in the visitor’s language withdraws one purpose at once', async () => {
    const lead = validRealEstate({ locale: 'ta', consentLocale: 'ta', consentGroup: true, consentWhatsapp: true });
    await send('realestate', lead);
    const person = await personOf(lead.submissionId);
    const [ack] = acks();
    const link = consentLinkToken(TEST_CHALLENGE_SECRET, person, 'ta');
    expect(ack.template_params.message).toContain(`/api/consent/${link}`);

    const page = await pageOf(link, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="ta-IN"');
    expect(html).toContain('நீங்கள் ஒப்புக்கொண்டவை');
    expect(html.match(/name="purpose"/g)).toHaveLength(3);

    const posted = await pageOf(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: 'http://localhost' },
      body: 'purpose=group',
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(`/api/consent/${link}?done=group`);
    const after = await (await pageOf(`${link}?done=group`, { headers: { accept: 'text/html' } })).text();
    expect(after).toContain('role="status"');
    expect(after.match(/name="purpose"/g)).toHaveLength(2);

    const rows = await ledger();
    expect(rows.at(-1)).toMatchObject({
      person_id: person,
      lead_id: null,
      purpose: 'group',
      action: 'withdrawn',
      locale: 'ta',
      form: 'withdrawal-link',
    });
    const answer = await team(`/api/people/${person}`);
    expect(answer.body.person.consent).toEqual({ enquiry: 'granted', group: 'withdrawn', whatsapp: 'granted' });
    expect(answer.body.timeline.some((entry: { what: string }) => entry.what === 'withdrawal')).toBe(true);
  });

  test('a link the server did not sign is refused, and a link cannot be made for another person', async () => {
    await send('realestate', validRealEstate({ consentGroup: true }));
    const forged = consentLinkToken('another-secret-another-secret-0123456789', crypto.randomUUID(), 'en');
    const page = await pageOf(forged, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(400);
    const json = await pageOf(forged, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"purpose":"group"}' });
    expect(json.status).toBe(400);
    expect((await ledger()).filter((row) => row.action === 'withdrawn')).toEqual([]);
  });

  test('a withdrawal posted from another site is refused', async () => {
    const lead = validRealEstate({ consentGroup: true });
    await send('realestate', lead);
    const link = consentLinkToken(TEST_CHALLENGE_SECRET, await personOf(lead.submissionId), 'en');
    const forged = await pageOf(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: 'purpose=group',
    });
    expect(forged.status).toBe(403);
  });

  test('the privacy request form withdraws the same purposes, with or without a request', async () => {
    const lead = validFinance({ phone: '9876511111', email: 'priv@example.com', consentGroup: true, consentWhatsapp: true });
    await send('finance', lead);
    const only = validPrivacy({ phone: '9876511111', email: '', request: '', withdrawWhatsapp: true });
    expect((await send('privacy', only)).status).toBe(201);
    const person = await personOf(lead.submissionId);
    expect(await personOf(only.submissionId)).toBe(person);
    expect((await team(`/api/people/${person}`)).body.person.consent).toEqual({
      enquiry: 'granted',
      group: 'granted',
      whatsapp: 'withdrawn',
    });
    const everything = validPrivacy({ phone: '9876511111', request: 'withdraw-and-erase' });
    await send('privacy', everything);
    expect((await team(`/api/people/${person}`)).body.person.consent).toEqual({
      enquiry: 'withdrawn',
      group: 'withdrawn',
      whatsapp: 'withdrawn',
    });
    // Neither a request nor a withdrawal: the request is asked for.
    const empty = await send('privacy', validPrivacy({ request: '' }));
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.fields)).toEqual(['request']);
  });
});

describe('the owner’s view and erasure', () => {
  test('GET /api/people/<id> gives the consent history, the owner downloads it as CSV', async () => {
    const lead = validFinance({ consentGroup: true });
    await send('finance', lead);
    const person = await personOf(lead.submissionId);
    const answer = await team(`/api/people/${person}`);
    expect(answer.body.consent).toEqual([
      expect.objectContaining({
        purpose: 'enquiry',
        action: 'granted',
        notice: CONSENT_NOTICE.version,
        locale: 'en',
        form: '/Mutualfunds',
      }),
      expect.objectContaining({ purpose: 'group', action: 'granted' }),
      expect.objectContaining({ purpose: 'whatsapp', action: 'refused' }),
    ]);
    const csv = await team(`/api/people/${person}/consent.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('at,purpose,action,notice,noticeHash,locale,form,leadId');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain(',group,granted,');
  });

  test('erasing the person removes their leads, timeline and refusals; grants and withdrawals stay a year without the person', async () => {
    const lead = validFinance({ phone: '9876522222', email: 'erase@example.com', consentGroup: true });
    await send('finance', lead);
    const second = validRealEstate({ phone: '9876522222', email: 'erase@example.com' });
    await send('realestate', second);
    const person = await personOf(lead.submissionId);
    const erased = await team(`/api/people/${person}`, { method: 'DELETE' });
    expect(erased.status).toBe(204);
    expect(await db.rows('SELECT id FROM leads')).toEqual([]);
    expect(await db.rows('SELECT id FROM persons')).toEqual([]);
    expect(await db.rows('SELECT * FROM person_contacts')).toEqual([]);
    const kept = await db.rows<Record<string, unknown>>(
      'SELECT person_id, lead_id, purpose, action, erased_at, subject FROM consent_ledger ORDER BY id',
    );
    expect(kept.map((row) => `${String(row.purpose)}:${String(row.action)}`)).toEqual([
      'enquiry:granted',
      'group:granted',
      'enquiry:granted',
    ]);
    for (const row of kept) {
      expect(row.person_id).toBeNull();
      expect(row.lead_id).toBeNull();
      expect(row.erased_at).not.toBeNull();
      expect(String(row.subject)).not.toContain('9876522222');
      expect(String(row.subject)).not.toContain('erase@example.com');
    }
    const log = await db.rows<{ action: string; lead_id: string | null; detail: unknown }>('SELECT action, lead_id, detail FROM team_log');
    expect(JSON.stringify(log)).not.toContain(person);
    expect(JSON.stringify(log)).not.toContain(lead.submissionId);
    expect((await team(`/api/people/${person}`)).status).toBe(404);
  });
});
