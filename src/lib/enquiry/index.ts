/**
 * What the browser forms and the server share: the schema of each enquiry kind, the field
 * rules, the option lists, the currentdate format and the error-message helpers.
 * Nothing here imports server code.
 */
import type * as z from 'zod/mini';
import { bankLoanSchema } from './bankloan.ts';
import { contactSchema } from './contact.ts';
import { financeSchema } from './finance.ts';
import { realEstateSchema } from './realestate.ts';

export const ENQUIRY_KINDS = ['realestate', 'bankloan', 'finance', 'contact'] as const;
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number];

export const enquirySchemas = {
  realestate: realEstateSchema,
  bankloan: bankLoanSchema,
  finance: financeSchema,
  contact: contactSchema,
} as const;

/** Relative endpoint of each kind (DECISIONS: no host, no port). */
export const enquiryEndpoint = (kind: EnquiryKind) => `/api/${kind}` as const;

/** One plain message per field (the first one found), keyed by wire field name. */
export const fieldMessages = (error: z.core.$ZodError): Record<string, string> => {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '_form';
    fields[field] ??= issue.message;
  }
  return fields;
};

export * from './bankloan.ts';
export * from './contact.ts';
export * from './date.ts';
export * from './fields.ts';
export * from './finance.ts';
export * from './location.ts';
export * from './labels.ts';
export * from './messages.ts';
export * from './options.ts';
export * from './photos.ts';
export * from './realestate.ts';
