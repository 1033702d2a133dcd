/** Financial planning enquiry (/api/finance). As in SPEC section 7, it carries no location. */
import * as z from 'zod/mini';
import { PLANNING_OPTIONS } from './options.ts';
import { choice, commonFields } from './fields.ts';
import { MESSAGES as M } from './messages.ts';

export const financeSchema = z.object({
  ...commonFields,
  Planning: choice(PLANNING_OPTIONS, M.planning),
});

export type FinanceInput = z.input<typeof financeSchema>;
export type FinanceEnquiry = z.output<typeof financeSchema>;
