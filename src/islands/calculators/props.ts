/**
 * The props builder of the calculator islands, run at build time by the .astro pages and never
 * imported by an island: it reads every dictionary and hands each calculator its words, the
 * messages it can show, and the label and option labels of the form field its "Use this" sets, in
 * the page's language (their shape: language.ts).
 */
import { dictionary, localeOrDefault, type Locale } from '../../i18n/index.ts';
import { regulatorSentence } from '../../i18n/regulators.ts';
import type { Category } from '../../lib/enquiry/options.ts';
import { AMOUNTS, type LoanType } from '../../lib/enquiry/loan-options.ts';
import { SIP_BANDS } from '../../lib/enquiry/plan-options.ts';
import { realEstateFieldsFor } from '../../lib/enquiry/realestate.ts';
import { emiDefaultsFor } from '../../lib/calculators/emi.ts';
import type { LandBands, LandUnit } from '../../lib/calculators/land.ts';
import type { CalculatorLanguage, ProblemWords } from './language.ts';

const common = (locale: Locale, problemKeys: (keyof ProblemWords)[], field: string, options: readonly string[]): CalculatorLanguage => {
  const words = dictionary(locale);
  const { useThis, used, bandIs, cannotCompute } = words.calculators;
  const shown = words.form.options as Record<string, string>;
  return {
    shared: { useThis, used, bandIs, cannotCompute },
    problems: Object.fromEntries(problemKeys.map((key) => [key, words.calculators.problems[key]])),
    field,
    bands: Object.fromEntries(options.map((option) => [option, shown[option] ?? option])),
  };
};

/** `{...emiLanguage(locale, loanType)}` on the loan pages' EmiCalculator. */
export const emiLanguage = (requested: string | undefined, loanType: LoanType) => {
  const locale = localeOrDefault(requested);
  const words = dictionary(locale);
  return {
    ...common(
      locale,
      ['amountMissing', 'amountRange', 'rateMissing', 'rateRange', 'monthsMissing', 'monthsRange'],
      words.form.fields.Amount.label,
      AMOUNTS,
    ),
    words: words.calculators.emi,
    defaults: emiDefaultsFor(loanType),
  };
};

/** `{...sipLanguage(locale)}` on the planning pages' SipCalculator. */
export const sipLanguage = (requested: string | undefined) => {
  const locale = localeOrDefault(requested);
  const words = dictionary(locale);
  return {
    ...common(
      locale,
      ['monthlyMissing', 'monthlyRange', 'yearsMissing', 'yearsRange', 'returnMissing', 'returnRange', 'stepUpRange'],
      // The field's name without its "(optional)".
      words.problem.fields.Monthly,
      SIP_BANDS,
    ),
    words: words.calculators.sip,
    // SEBI's sentence in its English words, and the page's translation beside it (src/i18n/regulators.ts).
    risk: regulatorSentence('sebiRisk', locale),
  };
};

/** The categories whose pages have the land converter, with the bands their form's `type` has. */
export const LAND_CALCULATOR: Partial<Record<Category, { kind: LandBands; defaults: { value: number; unit: LandUnit } }>> = {
  plots: { kind: 'plot', defaults: { value: 3, unit: 'cent' } },
  agricultural: { kind: 'acre', defaults: { value: 2, unit: 'acre' } },
};

/** `{...landLanguage(locale, category)}` on the plot and agricultural pages' LandCalculator; null elsewhere. */
export const landLanguage = (requested: string | undefined, category: Category) => {
  const land = LAND_CALCULATOR[category];
  if (!land) return null;
  const locale = localeOrDefault(requested);
  const words = dictionary(locale);
  const field = land.kind === 'plot' ? words.form.fields.type.label : words.form.fields.landSize.label;
  const options = realEstateFieldsFor('buy', category).type ?? [];
  return { ...common(locale, ['areaMissing', 'areaRange'], field, options), words: words.calculators.land, ...land };
};
