/**
 * The loan calculator's arithmetic: the equated monthly instalment (EMI) of a loan, and the
 * loan-amount band of the bank loan form it falls in. Pure, so the browser and the tests share it.
 */
import { AMOUNTS, type LoanType } from '../enquiry/loan-options.ts';

export interface EmiInput {
  /** The loan amount, in rupees. */
  amount: number;
  /** The yearly interest rate, in per cent (9 for 9 %). */
  rate: number;
  /** The tenure, in months. */
  months: number;
}

export interface EmiResult {
  /** The monthly instalment, in rupees (not rounded). */
  emi: number;
  /** What is paid in all: EMI x months. */
  total: number;
  /** The interest in all: total - amount. */
  interest: number;
}

/** What each input accepts; outside these the calculator says so rather than computing. */
export const EMI_LIMITS = {
  amount: { min: 1_000, max: 1_000_000_000 },
  rate: { min: 0, max: 50 },
  months: { min: 1, max: 360 },
} as const;

export type EmiProblem = 'amountMissing' | 'amountRange' | 'rateMissing' | 'rateRange' | 'monthsMissing' | 'monthsRange';

/** Problems with the inputs, by field; an empty object when they can be computed. */
export const emiProblems = (input: Partial<Record<keyof EmiInput, number | null>>): Partial<Record<keyof EmiInput, EmiProblem>> => {
  const problems: Partial<Record<keyof EmiInput, EmiProblem>> = {};
  const { amount, rate, months } = input;
  if (amount === null || amount === undefined || !Number.isFinite(amount)) problems.amount = 'amountMissing';
  else if (amount < EMI_LIMITS.amount.min || amount > EMI_LIMITS.amount.max) problems.amount = 'amountRange';
  if (rate === null || rate === undefined || !Number.isFinite(rate)) problems.rate = 'rateMissing';
  else if (rate < EMI_LIMITS.rate.min || rate > EMI_LIMITS.rate.max) problems.rate = 'rateRange';
  if (months === null || months === undefined || !Number.isFinite(months)) problems.months = 'monthsMissing';
  else if (!Number.isInteger(months) || months < EMI_LIMITS.months.min || months > EMI_LIMITS.months.max) problems.months = 'monthsRange';
  return problems;
};

/**
 * EMI = P x r x (1 + r)^n / ((1 + r)^n - 1), with r the monthly rate (yearly rate / 12 / 100) and
 * n the months; at 0 % it is P / n. ₹5,00,000 at 9 % for 60 months is ₹10,379.
 */
export const emi = ({ amount, rate, months }: EmiInput): EmiResult => {
  const r = rate / 12 / 100;
  const growth = (1 + r) ** months;
  const monthly = r === 0 ? amount / months : (amount * r * growth) / (growth - 1);
  const total = monthly * months;
  return { emi: monthly, total, interest: total - amount };
};

const LAKH = 100_000;
const CRORE = 100 * LAKH;

/** The upper end (inclusive) of each band of AMOUNTS but the last, in order. */
const AMOUNT_UPPER = [10 * LAKH, 25 * LAKH, 50 * LAKH, CRORE, 2 * CRORE, 5 * CRORE, 10 * CRORE] as const;

/** The bank loan form's `Amount` band an amount falls in: a band's upper end belongs to it (₹10,00,000 is "10 lakhs & below"). */
export const amountBand = (amount: number): (typeof AMOUNTS)[number] => {
  const index = AMOUNT_UPPER.findIndex((upper) => amount <= upper);
  return AMOUNTS[index === -1 ? AMOUNTS.length - 1 : index];
};

/** The calculator's starting figures on each loan page: gold loans run short, renovation longer. */
export const EMI_DEFAULTS: Partial<Record<LoanType, EmiInput>> & { default: EmiInput } = {
  default: { amount: 500_000, rate: 10, months: 36 },
  'Vehicle Loan': { amount: 800_000, rate: 9.5, months: 60 },
  'Gold Loan': { amount: 200_000, rate: 9, months: 12 },
  'Deposit Loan': { amount: 300_000, rate: 8, months: 24 },
  'Securities Loan': { amount: 1_000_000, rate: 10.5, months: 36 },
  'Insurance Loan': { amount: 300_000, rate: 10, months: 36 },
  'Renovation Loan': { amount: 1_000_000, rate: 9.5, months: 120 },
  'Overdraft loan': { amount: 500_000, rate: 11, months: 12 },
  'Letter of credit': { amount: 1_000_000, rate: 10, months: 12 },
};

export const emiDefaultsFor = (loanType: LoanType): EmiInput => EMI_DEFAULTS[loanType] ?? EMI_DEFAULTS.default;
