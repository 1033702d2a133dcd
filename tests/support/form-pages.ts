/**
 * The 22 enquiry pages and what each one's form is set to by its page: a property page's intent
 * and category, a loan page's loan type, a planning page's plan. Shared by the form e2e specs
 * (tests/support/form-filling.ts) and tests/dist/forms.test.ts, which reads every page's form.
 */
import type { Category, Intent } from '../../src/lib/enquiry/options.ts';

export const PROPERTIES: [string, Intent, Category][] = [
  ['/Flats', 'buy', 'flats'],
  ['/Plots', 'buy', 'plots'],
  ['/Commercial', 'buy', 'commercial'],
  ['/Agricultural', 'buy', 'agricultural'],
  ['/Individual', 'buy', 'individual'],
  ['/Sellflats', 'sell', 'flats'],
  ['/Sellplots', 'sell', 'plots'],
  ['/Sellcommercial', 'sell', 'commercial'],
  ['/Sellagricultural', 'sell', 'agricultural'],
  ['/Sellindividual', 'sell', 'individual'],
];
export const LOANS: [string, string][] = [
  ['/Vehicleloan', 'Vehicle Loan'],
  ['/Goldloan', 'Gold Loan'],
  ['/Depositloan', 'Deposit Loan'],
  ['/Securitiesloan', 'Securities Loan'],
  ['/Insuranceloan', 'Insurance Loan'],
  ['/Renovationloan', 'Renovation Loan'],
  ['/Overdraftloan', 'Overdraft loan'],
  ['/Letterofcredit', 'Letter of credit'],
];
export const PLANS: [string, string][] = [
  ['/Mutualfunds', 'Mutual Funds'],
  ['/PMS', 'PMS'],
  ['/AIF', 'AIF'],
  ['/Financialplan', 'Financial Plan'],
];
