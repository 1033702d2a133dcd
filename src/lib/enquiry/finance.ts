/** Financial planning enquiry (/api/finance). As on the original site, it carries no location. */
import * as z from 'zod/mini';
import { PLANNING_OPTIONS } from './options.ts';
import { choice, commonFields } from './field-rules.ts';
import { m } from './messages.ts';

export const financeSchema = z.object({
  ...commonFields,
  Planning: choice(PLANNING_OPTIONS, m('planning')),
});

export type FinanceInput = z.input<typeof financeSchema>;
export type FinanceEnquiry = z.output<typeof financeSchema>;
