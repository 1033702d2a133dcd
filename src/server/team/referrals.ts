/**
 * Referrals between divisions (POST /api/leads/<id>/referrals, for both roles): a team member
 * hands a person on to another division, and a new lead of that kind is made for the same
 * person, `source: "referral"`, with who referred (`referredBy`, from the key) and from which lead
 * (`referredFrom`), and their note. It is e-mailed to the team (and sent to the webhook) like any
 * lead; the visitor gets no acknowledgement, as they sent nothing.
 *
 * Only when the person agreed that the group's other divisions may contact them (`consentGroup`)
 * and has not withdrawn it since: otherwise 409, naming the consent. The ledger is read in the
 * referral's own transaction, so a withdrawal takes effect at once.
 */
import { randomUUID } from 'node:crypto';
import { HttpError } from '../errors.ts';
import { query, transaction } from '../db/connection.ts';
import { hasGranted } from '../db/consent-ledger.ts';
import { insertLead, readLead } from '../db/leads.ts';
import { logPersonEvent, membersOf } from '../db/persons.ts';
import { logTeamAction } from '../db/team-log.ts';
import type { LeadRecord } from '../../lib/enquiry/lead-record.ts';
import { newDeliveries, storeDeliveries, tryAtReceipt } from '../outbound/deliveries.ts';
import { logLead } from '../log.ts';
import { REFERRAL_KINDS, type ReferralKind } from '../../lib/team-api/vocabulary.ts';

/** The divisions a person can be referred to. */
export const REFERRAL_NOTE_MAX = 1000;
/** The page a referral is recorded as sent from: the team's inbox. */
export const REFERRAL_PAGE = '/leads';

/** The referral asked for, checked: { kind, note }; a 400 names each bad field. */
export const parseReferral = (body: unknown): { kind: ReferralKind; note: string } => {
  const { kind, note } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const fields: Record<string, string> = {};
  if (!(REFERRAL_KINDS as readonly unknown[]).includes(kind)) fields.kind = `kind must be one of ${REFERRAL_KINDS.join(', ')}`;
  if (note !== undefined && (typeof note !== 'string' || note.length > REFERRAL_NOTE_MAX))
    fields.note = `note must be text of at most ${REFERRAL_NOTE_MAX} characters`;
  else if (typeof note === 'string' && note.includes('\u0000')) fields.note = 'note must not hold U+0000 (NUL)';
  if (Object.keys(fields).length > 0) throw new HttpError(400, 'Some fields are wrong.', { fields });
  return { kind: kind as ReferralKind, note: typeof note === 'string' ? note.trim() : '' };
};

/** Refused because the person has not agreed to hear from the other divisions: 409, naming the consent. */
export class ReferralConsentError extends HttpError {
  constructor() {
    super(409, 'This person has not agreed that our other divisions may contact them, or has withdrawn it, so they cannot be referred.', {
      fields: { consentGroup: 'not granted, or withdrawn' },
    });
  }
}

/** The referral's lead: the person's name, phone, e-mail and language from the lead it comes from. */
const referralRecord = (from: LeadRecord, kind: ReferralKind, note: string, by: string): LeadRecord => {
  const text = (field: string) => {
    const value = (from as unknown as Record<string, unknown>)[field];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const record = {
    id: randomUUID(),
    kind,
    receivedAt: new Date().toISOString(),
    page: REFERRAL_PAGE,
    via: 'js',
    Username: text('Username') ?? '',
    ...(text('phone') ? { phone: text('phone') } : {}),
    ...(text('email') ? { email: text('email') } : {}),
    locale: text('locale') ?? 'en',
    ...(text('callLanguage') ? { callLanguage: text('callLanguage') } : {}),
    source: 'referral',
    referredBy: by,
    referredFrom: from.id,
    ...(note ? { referralNote: note } : {}),
    notified: false,
  };
  return record as unknown as LeadRecord;
};

/** Refers lead `fromId`'s person to `kind`: the new lead, stored and e-mailed. */
export const referLead = async (fromId: string, request: { kind: ReferralKind; note: string }, by: string): Promise<LeadRecord> => {
  const { record, deliveries } = await transaction(async () => {
    const from = await readLead(fromId);
    if (!from || from.record.spam) throw new HttpError(404, 'No lead in the inbox has that id.');
    if (from.record.kind === request.kind)
      throw new HttpError(400, 'Refer the person to another division than this lead’s.', {
        fields: { kind: 'another division than the lead’s own' },
      });
    const [person] = await query<{ person_id: string; origin_person_id: string }>(
      'SELECT person_id, origin_person_id FROM leads WHERE id = $1 FOR UPDATE',
      [fromId],
    );
    if (!(await hasGranted(await membersOf(person.person_id), 'group'))) throw new ReferralConsentError();
    const made = referralRecord(from.record, request.kind, request.note, by);
    await insertLead(made);
    await query(`UPDATE leads SET person_id = $2, origin_person_id = $3, referred_from = $4, referred_from_kind = $5 WHERE id = $1`, [
      made.id,
      person.person_id,
      person.origin_person_id,
      fromId,
      from.record.kind,
    ]);
    await logPersonEvent(person.person_id, by, 'referral', {
      leadId: made.id,
      at: made.receivedAt,
      detail: { from: fromId, fromKind: from.record.kind, kind: request.kind },
    });
    await logTeamAction(by, 'refer', made.id, { from: fromId, kind: request.kind });
    const stored = (await readLead(made.id)) as NonNullable<Awaited<ReturnType<typeof readLead>>>;
    return { record: stored.record, deliveries: await storeDeliveries(made.id, newDeliveries(stored.record, { ackOwed: false })) };
  });
  logLead({ kind: record.kind, id: record.id, status: 'referred', note: `from ${fromId}` });
  await tryAtReceipt(record, deliveries);
  return ((await readLead(record.id)) ?? { record }).record;
};
