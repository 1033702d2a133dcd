/**
 * The calculators' arithmetic (src/lib/calculators) against worked examples, and their bands
 * against the option lists the forms use.
 */
import { describe, expect, it } from 'vitest';
import { amountBand, emi, emiDefaultsFor, emiProblems } from '../../src/lib/calculators/emi.ts';
import { acreBand, convertArea, inEveryUnit, landBand, landProblem, plotBand } from '../../src/lib/calculators/land.ts';
import { sip, sipBand, sipProblems } from '../../src/lib/calculators/sip.ts';
import { ACRE_BANDS, AREA_BANDS } from '../../src/lib/enquiry/options.ts';
import { AMOUNTS } from '../../src/lib/enquiry/loan-options.ts';
import { SIP_BANDS } from '../../src/lib/enquiry/plan-options.ts';
import { indianNumber } from '../../src/i18n/format.ts';
import { financeSchema } from '../../src/lib/enquiry/finance.ts';
import { validFinance } from '../../harness/sample-enquiries.ts';

const rupees = (value: number) => `₹${indianNumber(Math.round(value))}`;

describe('EMI', () => {
  it('₹5,00,000 at 9 % for 60 months is ₹10,379 a month', () => {
    const result = emi({ amount: 500_000, rate: 9, months: 60 });
    expect(rupees(result.emi)).toBe('₹10,379');
    // 10,379.18 x 60 = 6,22,750.6; interest 1,22,750.6
    expect(rupees(result.total)).toBe('₹6,22,751');
    expect(rupees(result.interest)).toBe('₹1,22,751');
  });

  it('₹10,00,000 at 10 % for 120 months is ₹13,215 a month (a bank table figure)', () => {
    expect(rupees(emi({ amount: 1_000_000, rate: 10, months: 120 }).emi)).toBe('₹13,215');
  });

  it('at 0 % is the amount divided by the months, with no interest', () => {
    const result = emi({ amount: 120_000, rate: 0, months: 12 });
    expect(result.emi).toBe(10_000);
    expect(result.interest).toBe(0);
  });

  it('names what is wrong: empty, negative, a rate above 50 %, tenure out of range', () => {
    expect(emiProblems({ amount: 500_000, rate: 9, months: 60 })).toEqual({});
    expect(emiProblems({ amount: null, rate: 51, months: 0 })).toEqual({
      amount: 'amountMissing',
      rate: 'rateRange',
      months: 'monthsRange',
    });
    expect(emiProblems({ amount: -5, rate: null, months: 361 })).toEqual({
      amount: 'amountRange',
      rate: 'rateMissing',
      months: 'monthsRange',
    });
    expect(emiProblems({ amount: 500_000, rate: -1, months: 12.5 })).toEqual({ rate: 'rateRange', months: 'monthsRange' });
    expect(emiProblems({ amount: Number.NaN, rate: 9, months: null })).toEqual({ amount: 'amountMissing', months: 'monthsMissing' });
  });

  it('picks the form’s loan amount band, from the same list the form shows', () => {
    expect(amountBand(500_000)).toBe('10 lakhs & below');
    expect(amountBand(1_000_000)).toBe('10 lakhs & below');
    expect(amountBand(1_000_001)).toBe('10 to 25 lakhs');
    expect(amountBand(3_000_000)).toBe('25 to 50 lakhs');
    expect(amountBand(7_500_000)).toBe('50 to 1cr');
    expect(amountBand(15_000_000)).toBe('1cr to 2cr');
    expect(amountBand(40_000_000)).toBe('2cr to 5cr');
    expect(amountBand(100_000_000)).toBe('5cr to 10cr');
    expect(amountBand(100_000_001)).toBe('10cr & above');
    const seen = new Set([1, 2e6, 4e6, 6e6, 1.5e7, 3e7, 7e7, 2e8].map(amountBand));
    expect([...seen]).toEqual([...AMOUNTS]);
  });

  it('starts short for gold loans and longer for renovation', () => {
    expect(emiDefaultsFor('Gold Loan').months).toBeLessThanOrEqual(12);
    expect(emiDefaultsFor('Renovation Loan').months).toBeGreaterThanOrEqual(60);
    expect(emiDefaultsFor('Home Loan')).toEqual(emiDefaultsFor('Business Loan'));
  });
});

describe('SIP', () => {
  it('₹10,000 a month for 10 years at 12 % is ₹12,00,000 invested and about ₹23,23,391', () => {
    // By hand: i = 1 % a month, n = 120; 1.01^120 = 3.300387; (3.300387 - 1) / 0.01 x 1.01 = 232.3391.
    const result = sip({ monthly: 10_000, years: 10, rate: 12, stepUp: 0 });
    expect(rupees(result.invested)).toBe('₹12,00,000');
    expect(rupees(result.value)).toBe('₹23,23,391');
    expect(rupees(result.gain)).toBe('₹11,23,391');
  });

  it('with a 10 % yearly step-up: ₹5,000 then ₹5,500 a month for 2 years at 12 %', () => {
    // By hand: one year of ₹1 at the start of each month is worth 1.01 x (1.01^12 - 1) / 0.01 = 12.809328
    // at the year's end. Year 1: 5,000 x 12.809328 x 1.01^12 (1.126825) = 72,169.6; year 2: 5,500 x 12.809328 = 70,451.3.
    const result = sip({ monthly: 5_000, years: 2, rate: 12, stepUp: 10 });
    expect(result.invested).toBe(12 * 5_000 + 12 * 5_500);
    expect(result.value).toBeCloseTo(72_169.6 + 70_451.3, -1);
  });

  it('at 0 % is worth what was invested', () => {
    const result = sip({ monthly: 1_000, years: 3, rate: 0, stepUp: 0 });
    expect(result.value).toBe(36_000);
  });

  it('names what is wrong, and an empty step-up is none', () => {
    expect(sipProblems({ monthly: 10_000, years: 10, rate: 12, stepUp: null })).toEqual({});
    expect(sipProblems({ monthly: null, years: 0, rate: 31, stepUp: 60 })).toEqual({
      monthly: 'monthlyMissing',
      years: 'yearsRange',
      rate: 'returnRange',
      stepUp: 'stepUpRange',
    });
    expect(sipProblems({ monthly: -100, years: null, rate: null, stepUp: 0 })).toEqual({
      monthly: 'monthlyRange',
      years: 'yearsMissing',
      rate: 'returnMissing',
    });
  });

  it('picks the plan form’s monthly investment band', () => {
    expect([500, 5_000, 5_001, 10_000, 25_000, 50_000, 50_001].map(sipBand)).toEqual([
      '5000 & below',
      '5000 & below',
      '5000 to 10000',
      '5000 to 10000',
      '10000 to 25000',
      '25000 to 50000',
      '50000 & above',
    ]);
    expect(new Set([1_000, 8_000, 20_000, 40_000, 90_000].map(sipBand))).toEqual(new Set(SIP_BANDS));
  });
});

describe('the planning form’s monthly investment band (what the SIP calculator sets)', () => {
  it('is optional: missing, empty or null is not given and not stored', () => {
    for (const Monthly of [undefined, '', null]) {
      const parsed = financeSchema.safeParse(validFinance(Monthly === undefined ? {} : { Monthly }));
      expect(parsed.success, String(Monthly)).toBe(true);
      expect(parsed.data && 'Monthly' in parsed.data ? parsed.data.Monthly : undefined).toBeUndefined();
    }
  });

  it('takes each band as sent, and refuses anything else with its message', () => {
    for (const band of SIP_BANDS) expect(financeSchema.parse(validFinance({ Monthly: band })).Monthly).toBe(band);
    const refused = financeSchema.safeParse(validFinance({ Monthly: '₹5,000 அல்லது குறைவு' }));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([['Monthly', 'monthly']]);
  });
});

describe('land units', () => {
  it('1 acre is 100 cents, about 18.15 grounds, 40 guntha and 43,560 sq ft', () => {
    expect(convertArea(1, 'acre', 'cent')).toBeCloseTo(100, 10);
    expect(convertArea(1, 'acre', 'ground')).toBeCloseTo(18.15, 10);
    expect(convertArea(1, 'acre', 'guntha')).toBeCloseTo(40, 10);
    expect(convertArea(1, 'acre', 'sqft')).toBe(43_560);
    expect(convertArea(1, 'acre', 'sqm')).toBeCloseTo(4_046.856, 3);
  });

  it('1 hectare is about 2.471 acres; 1 ground is 2,400 sq ft, about 5.51 cents and 222.97 m²', () => {
    expect(convertArea(1, 'hectare', 'acre')).toBeCloseTo(2.471, 3);
    expect(convertArea(1, 'ground', 'sqft')).toBe(2_400);
    expect(convertArea(1, 'ground', 'cent')).toBeCloseTo(5.51, 2);
    expect(convertArea(1, 'ground', 'sqm')).toBeCloseTo(222.967, 3);
    expect(convertArea(1, 'cent', 'sqft')).toBeCloseTo(435.6, 10);
    expect(convertArea(1, 'guntha', 'sqft')).toBeCloseTo(1_089, 10);
    expect(convertArea(1, 'sqm', 'sqft')).toBeCloseTo(10.7639, 4);
  });

  it('converts to every unit at once, and back', () => {
    const all = inEveryUnit(3, 'cent');
    expect(all.cent).toBe(3);
    expect(all.sqft).toBeCloseTo(1_306.8, 10);
    expect(convertArea(all.hectare, 'hectare', 'cent')).toBeCloseTo(3, 10);
  });

  it('names an empty, zero, negative or huge area', () => {
    expect(landProblem(2)).toBeNull();
    expect(landProblem(null)).toBe('areaMissing');
    expect(landProblem(Number.NaN)).toBe('areaMissing');
    expect(landProblem(0)).toBe('areaRange');
    expect(landProblem(-1)).toBe('areaRange');
    expect(landProblem(2_000_000)).toBe('areaRange');
  });

  it('picks the plot form’s size band in square metres, from the same list the form shows', () => {
    expect(plotBand(99.4)).toBe('99 & below');
    expect(plotBand(99.6)).toBe('100 to 150');
    expect(plotBand(150)).toBe('100 to 150');
    expect(plotBand(151)).toBe('151 to 200');
    expect(plotBand(200.4)).toBe('151 to 200');
    expect(plotBand(201)).toBe('201 & above');
    // 1 ground = 222.97 m²; 3 cents = 121.4 m²
    expect(landBand('plot', 1, 'ground')).toBe('201 & above');
    expect(landBand('plot', 3, 'cent')).toBe('100 to 150');
    expect(new Set([10, 120, 180, 300].map(plotBand))).toEqual(new Set(AREA_BANDS));
  });

  it('picks the agricultural form’s land size band in acres', () => {
    expect(acreBand(5)).toBe('5 acr & below');
    expect(acreBand(5.01)).toBe('5 to 10 acr');
    expect(acreBand(10)).toBe('5 to 10 acr');
    expect(acreBand(25)).toBe('10 to 25 acr');
    expect(acreBand(25.5)).toBe('25 acr & above');
    // 4 hectares = 9.88 acres; 300 cents = 3 acres
    expect(landBand('acre', 4, 'hectare')).toBe('5 to 10 acr');
    expect(landBand('acre', 300, 'cent')).toBe('5 acr & below');
    expect(new Set([1, 7, 12, 40].map(acreBand))).toEqual(new Set(ACRE_BANDS));
  });
});
