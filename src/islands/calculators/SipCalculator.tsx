/**
 * The SIP calculator of the mutual funds and financial plan pages: monthly amount, years, an
 * assumed return and an optional step-up give the amount invested and an estimate; "Use this"
 * picks the form's monthly investment band. SEBI's risk sentence sits by the result.
 */
import { sip, sipBand, sipProblems, SIP_DEFAULTS, type SipInput } from '../../lib/calculators/sip.ts';
import { indianNumber } from '../../i18n/format.ts';
import type { ShownRegulatorSentence } from '../../i18n/regulators.ts';
import type { CalculatorLanguage, CalculatorWords } from './language.ts';
import { CalculatorFrame, NumberField, ResultArea, UseThis, readNumber, rupees, useFieldValue } from './parts.tsx';

interface Props extends CalculatorLanguage {
  words: CalculatorWords['sip'];
  /** SEBI's risk sentence: its English words, and the page's translation beside them. */
  risk: ShownRegulatorSentence;
}

export default function SipCalculator({ words, risk, shared, problems, field, bands }: Props) {
  const [monthly, setMonthly] = useFieldValue('sip-monthly', indianNumber(SIP_DEFAULTS.monthly));
  const [years, setYears] = useFieldValue('sip-years', String(SIP_DEFAULTS.years));
  const [rate, setRate] = useFieldValue('sip-rate', String(SIP_DEFAULTS.rate));
  const [stepUp, setStepUp] = useFieldValue<string>('sip-step-up', '');
  const input = { monthly: readNumber(monthly), years: readNumber(years), rate: readNumber(rate), stepUp: readNumber(stepUp) };
  // An empty step-up is none; anything else typed must be a figure.
  const wrong = { ...sipProblems(input), ...(stepUp.trim() !== '' && input.stepUp === null ? { stepUp: 'stepUpRange' as const } : {}) };
  const ok = Object.keys(wrong).length === 0;
  const result = ok ? sip({ ...(input as SipInput), stepUp: input.stepUp ?? 0 }) : null;
  const message = (key: keyof typeof wrong) => (wrong[key] ? problems[wrong[key]] : undefined);
  return (
    <CalculatorFrame id="sip" title={words.title} intro={words.intro}>
      <div className="calc__fields">
        <NumberField id="sip-monthly" label={words.monthly} value={monthly} onChange={setMonthly} error={message('monthly')} whole />
        <NumberField id="sip-years" label={words.years} value={years} onChange={setYears} error={message('years')} whole />
        <NumberField id="sip-rate" label={words.rate} value={rate} onChange={setRate} error={message('rate')} />
        <NumberField id="sip-step-up" label={words.stepUp} value={stepUp} onChange={setStepUp} error={message('stepUp')} />
      </div>
      <ResultArea
        cannot={shared.cannotCompute}
        rows={
          result && [
            [words.value, rupees(result.value)],
            [words.invested, rupees(result.invested)],
            [words.gain, rupees(result.gain)],
          ]
        }
      />
      {/* SEBI's words stay as SEBI writes them, in English; a translation follows on other pages. */}
      <p className="calc__risk">
        <span lang={risk.translation ? 'en' : undefined}>{risk.en}</span>
        {risk.translation && <span> {risk.translation}</span>} {words.notGuaranteed}
      </p>
      <p className="calc__formula">{words.formula}</p>
      <UseThis name="Monthly" band={ok ? sipBand(input.monthly as number) : null} shared={shared} field={field} bands={bands} />
    </CalculatorFrame>
  );
}
