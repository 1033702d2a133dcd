/**
 * What the browser forms and the server share: the schema of each enquiry kind, the field
 * rules, the option lists (options.ts, loan-options.ts, plan-options.ts), the currentdate format and the error-message helpers.
 * Nothing here imports server code.
 */
import type * as z from 'zod/mini';
import { bankLoanSchema } from './bankloan.ts';
import { contactSchema } from './contact.ts';
import { financeSchema } from './finance.ts';
import { privacySchema } from './privacy.ts';
import { realEstateSchema } from './realestate.ts';

import type { EnquiryKind } from './kinds.ts';

export const enquirySchemas = {
  realestate: realEstateSchema,
  bankloan: bankLoanSchema,
  finance: financeSchema,
  contact: contactSchema,
  privacy: privacySchema,
} as const;

/** A parsed enquiry of one kind: what its schema puts out, and what the server stores. */
export type EnquiryOf<K extends EnquiryKind> = z.output<(typeof enquirySchemas)[K]>;
/** A parsed enquiry of any kind. */
export type Enquiry = EnquiryOf<EnquiryKind>;

export * from './kinds.ts';
export * from './bankloan.ts';
export * from './call-back.ts';
export * from './contact.ts';
export * from './date.ts';
export * from './field-rules.ts';
export * from './finance.ts';
export * from './location.ts';
export * from './labels.ts';
export * from './messages.ts';
export * from './options.ts';
export * from './loan-options.ts';
export * from './plan-options.ts';
export * from './photo-rules.ts';
export * from './photo-checks.ts';
export * from './privacy.ts';
export * from './realestate.ts';
export * from './lead-record.ts';
