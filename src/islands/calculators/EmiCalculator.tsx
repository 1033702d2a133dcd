/** The EMI calculator of the loan pages: amount, rate and tenure give the EMI; "Use this" picks the form's loan amount band. */
import { amountBand, emi, emiProblems, type EmiInput } from '../../lib/calculators/emi.ts';
import { indianNumber } from '../../i18n/format.ts';
import type { CalculatorLanguage, CalculatorWords } from './language.ts';
import { CalculatorFrame, NumberField, ResultArea, UseThis, readNumber, rupees, useFieldValue } from './parts.tsx';

interface Props extends CalculatorLanguage {
  words: CalculatorWords['emi'];
  /** The page's starting figures (gold loans short, renovation longer). */
  defaults: EmiInput;
}

export default function EmiCalculator({ words, defaults, shared, problems, field, bands }: Props) {
  const [amount, setAmount] = useFieldValue('emi-amount', indianNumber(defaults.amount));
  const [rate, setRate] = useFieldValue('emi-rate', String(defaults.rate));
  const [months, setMonths] = useFieldValue('emi-months', String(defaults.months));
  const input = { amount: readNumber(amount), rate: readNumber(rate), months: readNumber(months) };
  const wrong = emiProblems(input);
  const ok = Object.keys(wrong).length === 0;
  const result = ok ? emi(input as EmiInput) : null;
  const message = (key: keyof typeof wrong) => (wrong[key] ? problems[wrong[key]] : undefined);
  return (
    <CalculatorFrame id="emi" title={words.title} intro={words.intro}>
      <div className="calc__fields">
        <NumberField id="emi-amount" label={words.amount} value={amount} onChange={setAmount} error={message('amount')} whole />
        <NumberField id="emi-rate" label={words.rate} value={rate} onChange={setRate} error={message('rate')} />
        <NumberField id="emi-months" label={words.months} value={months} onChange={setMonths} error={message('months')} whole />
      </div>
      <ResultArea
        cannot={shared.cannotCompute}
        rows={
          result && [
            [words.emi, rupees(result.emi)],
            [words.interest, rupees(result.interest)],
            [words.total, rupees(result.total)],
          ]
        }
      />
      <p className="calc__formula">{words.formula}</p>
      <UseThis name="Amount" band={ok ? amountBand(input.amount as number) : null} shared={shared} field={field} bands={bands} />
    </CalculatorFrame>
  );
}
