/**
 * The SIP calculator's arithmetic: a monthly investment for some years at an assumed yearly
 * return, optionally raised by a step-up every year, and the plan form's monthly investment band.
 */
import { SIP_BANDS } from '../enquiry/plan-options.ts';

export interface SipInput {
  /** The monthly investment of the first year, in rupees. */
  monthly: number;
  years: number;
  /** The assumed yearly return, in per cent. */
  rate: number;
  /** The yearly step-up of the monthly investment, in per cent; 0 for none. */
  stepUp: number;
}

export interface SipResult {
  invested: number;
  /** The estimated value at the end. */
  value: number;
  /** value - invested. */
  gain: number;
}

export const SIP_LIMITS = {
  monthly: { min: 100, max: 10_000_000 },
  years: { min: 1, max: 40 },
  rate: { min: 0, max: 30 },
  stepUp: { min: 0, max: 50 },
} as const;

export type SipProblem =
  'monthlyMissing' | 'monthlyRange' | 'yearsMissing' | 'yearsRange' | 'returnMissing' | 'returnRange' | 'stepUpRange';

/** Problems with the inputs, by field; an empty step-up means none. */
export const sipProblems = (input: Partial<Record<keyof SipInput, number | null>>): Partial<Record<keyof SipInput, SipProblem>> => {
  const problems: Partial<Record<keyof SipInput, SipProblem>> = {};
  const { monthly, years, rate, stepUp } = input;
  if (monthly === null || monthly === undefined || !Number.isFinite(monthly)) problems.monthly = 'monthlyMissing';
  else if (monthly < SIP_LIMITS.monthly.min || monthly > SIP_LIMITS.monthly.max) problems.monthly = 'monthlyRange';
  if (years === null || years === undefined || !Number.isFinite(years)) problems.years = 'yearsMissing';
  else if (!Number.isInteger(years) || years < SIP_LIMITS.years.min || years > SIP_LIMITS.years.max) problems.years = 'yearsRange';
  if (rate === null || rate === undefined || !Number.isFinite(rate)) problems.rate = 'returnMissing';
  else if (rate < SIP_LIMITS.rate.min || rate > SIP_LIMITS.rate.max) problems.rate = 'returnRange';
  if (
    stepUp !== null &&
    stepUp !== undefined &&
    (!Number.isFinite(stepUp) || stepUp < SIP_LIMITS.stepUp.min || stepUp > SIP_LIMITS.stepUp.max)
  )
    problems.stepUp = 'stepUpRange';
  return problems;
};

/**
 * Each month's investment is made at the start of the month and grows at the monthly rate
 * (yearly return / 12 / 100) until the end; the monthly amount rises by the step-up at the start
 * of each new year. Without a step-up this is FV = P x ((1 + i)^n - 1) / i x (1 + i):
 * ₹10,000 a month for 10 years at 12 % is invested ₹12,00,000 and worth about ₹23,23,391.
 */
export const sip = ({ monthly, years, rate, stepUp }: SipInput): SipResult => {
  const i = rate / 12 / 100;
  let value = 0;
  let invested = 0;
  for (let month = 0; month < years * 12; month += 1) {
    const payment = monthly * (1 + stepUp / 100) ** Math.floor(month / 12);
    invested += payment;
    value = (value + payment) * (1 + i);
  }
  return { invested, value, gain: value - invested };
};

const UPPER = [5_000, 10_000, 25_000, 50_000] as const;

/** The plan form's `Monthly` band the first year's monthly investment falls in (a band's upper end belongs to it). */
export const sipBand = (monthly: number): (typeof SIP_BANDS)[number] => {
  const index = UPPER.findIndex((upper) => monthly <= upper);
  return SIP_BANDS[index === -1 ? SIP_BANDS.length - 1 : index];
};

export const SIP_DEFAULTS: SipInput = { monthly: 10_000, years: 10, rate: 12, stepUp: 0 };
