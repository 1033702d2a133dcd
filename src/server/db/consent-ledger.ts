/**
 * The consent ledger (netlify/database/migrations/20261202025133_persons.sql): what each person agreed to,
 * purpose by purpose, append-only. Every enquiry writes one row per purpose, granted or refused,
 * in its own transaction; a withdrawal is a new row. The table's trigger refuses any UPDATE or
 * DELETE unless the transaction says it is an erasure or the retention job (`allowLedgerErasure`),
 * so no other statement can change what was agreed.
 *
 * A person's consent is read over everyone merged into them (a merge never rewrites the ledger,
 * so undoing it needs nothing here). For each purpose the newest grant or withdrawal decides: a
 * later enquiry whose box was left unticked is recorded as refused, but it withdraws nothing.
 */
import lock from '../../content/consent.lock.json' with { type: 'json' };
import {
  CONSENT_PURPOSES,
  OPTIONAL_PURPOSES,
  PURPOSE_FIELDS,
  WITHDRAW_FIELDS,
  type ConsentAction,
  type ConsentPurpose,
  type OptionalPurpose,
} from '../../lib/enquiry/consent-purposes.ts';
import { noticeOffersPurposes } from '../../lib/consent.ts';
import { fieldOf, type LeadRecord } from '../../lib/enquiry/lead-record.ts';
import { DEFAULT_LOCALE } from '../../i18n/locales.ts';
import { query } from './connection.ts';

/** One row of the ledger. */
export interface ConsentEntry {
  personId: string;
  leadId: string | null;
  purpose: ConsentPurpose;
  action: ConsentAction;
  /** ISO 8601, UTC. */
  at: string;
  /** The consent notice's version shown, and the sha256 of its text in `locale`. */
  notice: string | null;
  noticeHash: string | null;
  locale: string;
  /** The form's page (/Flats), or how a withdrawal came ('withdrawal-link', '/Privacyrequest'). */
  form: string;
}

/**
 * The sha256 of a consent notice's text in one language, as src/content/consent.lock.json
 * records it (the build keeps the two equal); null for a version or language never published.
 */
export const noticeHash = (version: string, locale: string): string | null =>
  (lock as Record<string, string>)[locale === DEFAULT_LOCALE ? version : `${locale}/${version}`] ?? null;

/** The ledger's rows of a stored lead (none for a referral, which the visitor did not send). */
export const consentEntriesOf = (record: LeadRecord, origin: string): ConsentEntry[] => {
  if (record.source === 'referral') return [];
  const text = (field: string) => (typeof fieldOf(record, field) === 'string' ? (fieldOf(record, field) as string) : null);
  const base = { personId: origin, leadId: record.id, at: record.receivedAt, form: record.page };
  if (record.kind === 'privacy') {
    const locale = text('locale') ?? DEFAULT_LOCALE;
    // "Withdraw my consent and erase my data" withdraws every purpose at once; the boxes, one each.
    const everything = record.request === 'withdraw-and-erase';
    const purposes: ConsentPurpose[] = [
      ...(everything ? (['enquiry'] as const) : []),
      ...OPTIONAL_PURPOSES.filter((purpose) => everything || fieldOf(record, WITHDRAW_FIELDS[purpose]) === true),
    ];
    return purposes.map((purpose) => ({ ...base, purpose, action: 'withdrawn', notice: null, noticeHash: null, locale }));
  }
  const notice = text('consentNotice');
  const locale = text('consentLocale') ?? text('locale') ?? DEFAULT_LOCALE;
  const shown = { notice, noticeHash: notice ? noticeHash(notice, locale) : null, locale };
  // A form older than the two purposes never asked about them: only the enquiry's row.
  const asked = notice !== null && noticeOffersPurposes(notice);
  return [
    { ...base, ...shown, purpose: 'enquiry', action: 'granted' },
    ...(asked ? OPTIONAL_PURPOSES : []).map((purpose): ConsentEntry => ({
      ...base,
      ...shown,
      purpose,
      action: fieldOf(record, PURPOSE_FIELDS[purpose]) === true ? 'granted' : 'refused',
    })),
  ];
};

/** Appends rows to the ledger (in the caller's transaction, if any). */
export const appendConsent = async (entries: readonly ConsentEntry[]): Promise<void> => {
  if (entries.length === 0) return;
  await query(
    `INSERT INTO consent_ledger (person_id, lead_id, purpose, action, at, notice, notice_hash, locale, form)
     SELECT "personId", "leadId", purpose, action, "at", notice, "noticeHash", locale, form
     FROM jsonb_to_recordset($1::jsonb) AS r("personId" uuid, "leadId" uuid, purpose text, action text, "at" timestamptz,
       notice text, "noticeHash" text, locale text, form text)`,
    [JSON.stringify(entries)],
  );
};

/** A row as the person's page and the consent CSV show it. */
export interface ConsentRecord {
  purpose: ConsentPurpose;
  action: ConsentAction;
  at: string;
  notice: string | null;
  noticeHash: string | null;
  locale: string;
  form: string;
  leadId: string | null;
}

/** Every row of these persons (a person and everyone merged into them), oldest first. */
export const consentHistory = async (persons: readonly string[]): Promise<ConsentRecord[]> =>
  (
    await query<{
      purpose: ConsentPurpose;
      action: ConsentAction;
      at: Date;
      notice: string | null;
      notice_hash: string | null;
      locale: string;
      form: string;
      lead_id: string | null;
    }>(
      `SELECT purpose, action, at, notice, notice_hash, locale, form, lead_id FROM consent_ledger
       WHERE person_id = ANY($1::uuid[]) ORDER BY at, id`,
      [[...persons]],
    )
  ).map((row) => ({
    purpose: row.purpose,
    action: row.action,
    at: new Date(row.at).toISOString(),
    notice: row.notice,
    noticeHash: row.notice_hash,
    locale: row.locale,
    form: row.form,
    leadId: row.lead_id,
  }));

/** Where a purpose stands: granted, withdrawn after a grant, refused (asked, never granted), or never asked. */
export type ConsentState = 'granted' | 'withdrawn' | 'refused' | 'not-asked';

/** Each purpose's state from a person's rows (any order). */
export const consentStates = (rows: readonly Pick<ConsentRecord, 'purpose' | 'action' | 'at'>[]): Record<ConsentPurpose, ConsentState> => {
  const sorted = [...rows].sort((a, b) => a.at.localeCompare(b.at));
  const state = (purpose: ConsentPurpose): ConsentState => {
    const own = sorted.filter((row) => row.purpose === purpose);
    const deciding = own.filter((row) => row.action !== 'refused').at(-1);
    return deciding ? deciding.action : own.length > 0 ? 'refused' : 'not-asked';
  };
  return Object.fromEntries(CONSENT_PURPOSES.map((purpose) => [purpose, state(purpose)])) as Record<ConsentPurpose, ConsentState>;
};

/** Whether these persons have granted `purpose` and not withdrawn it since: one indexed look-up. */
export const hasGranted = async (persons: readonly string[], purpose: OptionalPurpose | 'enquiry'): Promise<boolean> => {
  const [row] = await query<{ action: ConsentAction }>(
    `SELECT action FROM consent_ledger WHERE person_id = ANY($1::uuid[]) AND purpose = $2 AND action <> 'refused'
     ORDER BY at DESC, id DESC LIMIT 1`,
    [[...persons], purpose],
  );
  return row?.action === 'granted';
};

/**
 * Lets this transaction change the ledger: only an erasure (team/erase.ts) and the retention job
 * call it, right before they do.
 */
export const allowLedgerErasure = () => query(`SELECT set_config('aranya.consent_erasure', 'on', true)`);

/**
 * An erasure's part of the ledger, in its transaction: the rows of these persons lose the person
 * and the lead. A grant or withdrawal is kept, without them, under `subject` (keys of the
 * person's phone and e-mail, never the values) for a year (the retention job deletes it then);
 * a refusal goes, as there is nothing to prove about it.
 */
export const eraseConsentOf = async (persons: readonly string[], subject: string, at = new Date().toISOString()): Promise<void> => {
  if (persons.length === 0) return;
  await allowLedgerErasure();
  await query(`DELETE FROM consent_ledger WHERE person_id = ANY($1::uuid[]) AND action = 'refused'`, [[...persons]]);
  await query(
    `UPDATE consent_ledger SET person_id = NULL, lead_id = NULL, erased_at = $2, subject = $3 WHERE person_id = ANY($1::uuid[])`,
    [[...persons], at, subject],
  );
};

/** Deletes what erasures kept once it is older than `before`; returns how many rows went. */
export const deleteErasedConsentBefore = async (before: string): Promise<number> => {
  await allowLedgerErasure();
  return (await query('DELETE FROM consent_ledger WHERE erased_at < $1 RETURNING 1', [before])).length;
};
