/** Bank loan enquiry (/api/bankloan). Each loan page preselects its own Loantype. */
import * as z from 'zod/mini';
import { AMOUNTS, BANK_TYPES, LOAN_TYPES, PROFESSIONS } from './loan-options.ts';
import { ALWAYS, choice, commonFields } from './field-rules.ts';
import { checkCityOfState, locationFields } from './location.ts';
import { m } from './messages.ts';

export const bankLoanSchema = z
  .object({
    ...commonFields,
    Loantype: choice(LOAN_TYPES, m('loanType')),
    ...locationFields,
    Banktype: choice(BANK_TYPES, m('bankType')),
    Amount: choice(AMOUNTS, m('amount')),
    Profession: choice(PROFESSIONS, m('profession')),
  })
  .check(z.superRefine(checkCityOfState, ALWAYS));

export type BankLoanInput = z.input<typeof bankLoanSchema>;
export type BankLoanEnquiry = z.output<typeof bankLoanSchema>;
