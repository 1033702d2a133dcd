/** Bank loan enquiry (/api/bankloan). Each loan page preselects its own Loantype. */
import * as z from 'zod/mini';
import { AMOUNTS, BANK_TYPES, LOAN_TYPES, PROFESSIONS } from './options.ts';
import { ALWAYS, choice, commonFields } from './field-rules.ts';
import { checkCityOfState, locationFields } from './location.ts';
import { MESSAGES as M } from './messages.ts';

export const bankLoanSchema = z
  .object({
    ...commonFields,
    Loantype: choice(LOAN_TYPES, M.loanType),
    ...locationFields,
    Banktype: choice(BANK_TYPES, M.bankType),
    Amount: choice(AMOUNTS, M.amount),
    Profession: choice(PROFESSIONS, M.profession),
  })
  .check(z.superRefine(checkCityOfState, ALWAYS));

export type BankLoanInput = z.input<typeof bankLoanSchema>;
export type BankLoanEnquiry = z.output<typeof bankLoanSchema>;
