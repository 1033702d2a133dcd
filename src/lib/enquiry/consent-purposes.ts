/**
 * What a person may agree to besides their enquiry, each on its own (India's DPDP Act: a specific,
 * itemised consent per purpose, withdrawn as easily as given). Browser-safe: the forms, the
 * privacy request form and the server share these names and their one field rule.
 *
 * - `enquiry`: using the details to answer this enquiry (the form's required `consent` box);
 * - `group`: the group's other divisions may contact the person about related services
 *   (wire field `consentGroup`);
 * - `whatsapp`: updates on WhatsApp (wire field `consentWhatsapp`).
 *
 * The consent ledger (src/server/db/consent-ledger.ts) keeps one row per purpose of every
 * enquiry, granted or refused, and a new row for each withdrawal.
 */
import * as z from 'zod/mini';
import { m } from './messages.ts';

export const CONSENT_PURPOSES = ['enquiry', 'group', 'whatsapp'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
export const CONSENT_ACTIONS = ['granted', 'refused', 'withdrawn'] as const;
export type ConsentAction = (typeof CONSENT_ACTIONS)[number];

/** The purposes a visitor chooses freely, each a box of its own, never ticked in advance. */
export const OPTIONAL_PURPOSES = ['group', 'whatsapp'] as const satisfies readonly ConsentPurpose[];
export type OptionalPurpose = (typeof OPTIONAL_PURPOSES)[number];

/** The wire field of each optional purpose on an enquiry form. */
export const PURPOSE_FIELDS = { group: 'consentGroup', whatsapp: 'consentWhatsapp' } as const satisfies Record<OptionalPurpose, string>;
/** The wire field of each withdrawal on the privacy request form. */
export const WITHDRAW_FIELDS = { group: 'withdrawGroup', whatsapp: 'withdrawWhatsapp' } as const satisfies Record<OptionalPurpose, string>;

/** What a ticked checkbox sends in a plain form post ("on"), and what a script may send for it. */
const TICKED = new Set<unknown>(['on', 'true', true]);
const UNTICKED = new Set<unknown>(['false', false]);

/**
 * A box the visitor may tick: true (JSON) or "on" (a plain form post) is given; false, or absent,
 * or empty, is not given. Anything else is refused, naming the field.
 */
export const choiceBoxField = z.pipe(
  z.transform((value: unknown) => (TICKED.has(value) ? true : UNTICKED.has(value) || value === '' || value === null ? false : value)),
  z._default(z.boolean({ error: m('consentChoice') }), false),
);

/** The optional purposes of an enquiry form (all but the privacy request). */
export const purposeFields = {
  [PURPOSE_FIELDS.group]: choiceBoxField,
  [PURPOSE_FIELDS.whatsapp]: choiceBoxField,
};

/** The withdrawals the privacy request form offers. */
export const withdrawFields = {
  [WITHDRAW_FIELDS.group]: choiceBoxField,
  [WITHDRAW_FIELDS.whatsapp]: choiceBoxField,
};
