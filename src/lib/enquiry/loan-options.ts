/** The loan form's option lists (options.ts says how lists work); the EMI calculator's amounts too. */
export const LOAN_TYPES = [
  'Business Loan',
  'Home Loan',
  'Personal Loan',
  'Education Loan',
  'Vehicle Loan',
  'Gold Loan',
  'Property Loan',
  'Deposit Loan',
  'Securities Loan',
  'Insurance Loan',
  'Renovation Loan',
  'Overdraft loan',
  'Agricultural loan',
  'Letter of credit',
] as const;
export const BANK_TYPES = ['Govt Banks', 'Private banks', 'NBFS'] as const;
export const AMOUNTS = [
  '10 lakhs & below',
  '10 to 25 lakhs',
  '25 to 50 lakhs',
  '50 to 1cr',
  '1cr to 2cr',
  '2cr to 5cr',
  '5cr to 10cr',
  '10cr & above',
] as const;
export const PROFESSIONS = ['Salaried', 'Business', 'Professional'] as const;

export type LoanType = (typeof LOAN_TYPES)[number];
