/**
 * The land unit converter of the plot and agricultural land pages: an area in one unit, shown
 * in every unit; "Use this" picks the form's size band (square metres for plots, acres for land).
 */
import { LAND_UNITS, inEveryUnit, landBand, landProblem, type LandBands, type LandUnit } from '../../lib/calculators/land.ts';
import type { CalculatorLanguage, CalculatorWords } from './language.ts';
import { CalculatorFrame, NumberField, UseThis, readNumber, useFieldValue } from './parts.tsx';

interface Props extends CalculatorLanguage {
  words: CalculatorWords['land'];
  /** Which size bands the page's form has. */
  kind: LandBands;
  defaults: { value: number; unit: LandUnit };
}

const areaText = (value: number) => new Intl.NumberFormat('en-IN', { maximumFractionDigits: value >= 1 ? 2 : 4 }).format(value);

export default function LandCalculator({ words, kind, defaults, shared, problems, field, bands }: Props) {
  const [area, setArea] = useFieldValue('land-area', String(defaults.value));
  const [unit, setUnit] = useFieldValue<LandUnit>('land-unit', defaults.unit);
  const value = readNumber(area);
  const problem = landProblem(value);
  const all = problem === null ? inEveryUnit(value as number, unit) : null;
  return (
    <CalculatorFrame id="land" title={words.title} intro={words.intro}>
      <div className="calc__fields">
        <NumberField id="land-area" label={words.area} value={area} onChange={setArea} error={problem ? problems[problem] : undefined} />
        <div className="field calc__field">
          <label className="field__label" htmlFor="land-unit">
            {words.unit}
          </label>
          <select id="land-unit" className="field__control" value={unit} onChange={(event) => setUnit(event.target.value as LandUnit)}>
            {LAND_UNITS.map((each) => (
              <option key={each} value={each}>
                {words.units[each]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="calc__result" aria-live="polite">
        {all ? (
          <table className="calc__table">
            <caption>{words.table}</caption>
            <tbody>
              {LAND_UNITS.map((each) => (
                <tr key={each} className={each === unit ? 'calc__row--from' : undefined}>
                  <th scope="row">{words.units[each]}</th>
                  <td>{areaText(all[each])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="calc__cannot">{shared.cannotCompute}</p>
        )}
      </div>
      <p className="calc__formula">{words.formula}</p>
      <UseThis name="type" band={all ? landBand(kind, value as number, unit) : null} shared={shared} field={field} bands={bands} />
    </CalculatorFrame>
  );
}
