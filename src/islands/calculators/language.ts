/**
 * The words of a calculator island. A page hands each calculator only its own language's words,
 * as JSON props (built by props.ts in the .astro page): the island never imports a dictionary.
 */
import type { Dictionary } from '../../i18n/en.ts';

export type CalculatorWords = Dictionary['calculators'];
export type SharedWords = Pick<CalculatorWords, 'useThis' | 'used' | 'bandIs' | 'cannotCompute'>;
export type ProblemWords = Partial<CalculatorWords['problems']>;

/** What every calculator gets besides its own words and figures. */
export interface CalculatorLanguage {
  shared: SharedWords;
  /** The messages for bad input this calculator can show. */
  problems: ProblemWords;
  /** The label of the enquiry form's field that "Use this" sets, as the form shows it. */
  field: string;
  /** How the form shows each of that field's options, keyed by the value it sends. */
  bands: Record<string, string>;
}
