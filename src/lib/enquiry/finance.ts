/**
 * Financial planning enquiry (/api/finance). As on the original site, it carries no location.
 * `Monthly` (added with the SIP calculator) is optional: empty or missing means not given.
 */
import * as z from 'zod/mini';
import { PLANNING_OPTIONS, SIP_BANDS } from './plan-options.ts';
import { choice, commonFields, optionalChoice } from './field-rules.ts';
import { m } from './messages.ts';

export const financeSchema = z.object({
  ...commonFields,
  Planning: choice(PLANNING_OPTIONS, m('planning')),
  Monthly: optionalChoice(SIP_BANDS, m('monthly')),
});

export type FinanceInput = z.input<typeof financeSchema>;
export type FinanceEnquiry = z.output<typeof financeSchema>;
