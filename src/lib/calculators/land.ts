/**
 * The land calculator's arithmetic: converting an area between the units people in Tamil Nadu,
 * Andhra Pradesh, Telangana and Karnataka use, and the size band of the property form it falls in.
 * Every unit is defined by its square feet (1 ground = 2,400, 1 cent = 435.6, 1 guntha = 1,089,
 * 1 acre = 43,560) or exactly in metres (1 ft = 0.3048 m).
 */
import { ACRE_BANDS, AREA_BANDS } from '../enquiry/options.ts';

/** Square metres in one square foot (1 ft = 0.3048 m exactly). */
const SQ_M_PER_SQ_FT = 0.3048 ** 2;

/** How many square feet one of each unit is, in the order the calculator lists them. */
export const SQ_FT_PER_UNIT = {
  cent: 435.6,
  ground: 2_400,
  guntha: 1_089,
  acre: 43_560,
  hectare: 10_000 / SQ_M_PER_SQ_FT,
  sqft: 1,
  sqm: 1 / SQ_M_PER_SQ_FT,
} as const;

export type LandUnit = keyof typeof SQ_FT_PER_UNIT;
export const LAND_UNITS = Object.keys(SQ_FT_PER_UNIT) as LandUnit[];

/** An area in one unit, in another. */
export const convertArea = (value: number, from: LandUnit, to: LandUnit): number =>
  from === to ? value : (value * SQ_FT_PER_UNIT[from]) / SQ_FT_PER_UNIT[to];

/** An area in every unit. */
export const inEveryUnit = (value: number, from: LandUnit): Record<LandUnit, number> =>
  Object.fromEntries(LAND_UNITS.map((unit) => [unit, convertArea(value, from, unit)])) as Record<LandUnit, number>;

export const LAND_LIMITS = { min: 0, max: 1_000_000 } as const;
export type LandProblem = 'areaMissing' | 'areaRange';

/** What is wrong with an area typed, or null. */
export const landProblem = (value: number | null | undefined): LandProblem | null => {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'areaMissing';
  if (value <= LAND_LIMITS.min || value > LAND_LIMITS.max) return 'areaRange';
  return null;
};

/**
 * The plot form's size band (AREA_BANDS, whole square metres: 99 & below, 100 to 150, 151 to 200,
 * 201 & above). The area is rounded to the nearest square metre first, so 150.4 m² is "100 to 150".
 */
export const plotBand = (sqm: number): (typeof AREA_BANDS)[number] => {
  const whole = Math.round(sqm);
  const index = [99, 150, 200].findIndex((upper) => whole <= upper);
  return AREA_BANDS[index === -1 ? AREA_BANDS.length - 1 : index];
};

/**
 * The agricultural form's land size band (ACRE_BANDS: 5 acr & below, 5 to 10, 10 to 25, 25 acr &
 * above). A band's upper end belongs to it: exactly 5 acres is "5 acr & below", 10 is "5 to 10 acr".
 */
export const acreBand = (acres: number): (typeof ACRE_BANDS)[number] => {
  const index = [5, 10, 25].findIndex((upper) => acres <= upper);
  return ACRE_BANDS[index === -1 ? ACRE_BANDS.length - 1 : index];
};

/** Which band list a page's form has: plots in square metres, agricultural land in acres. */
export type LandBands = 'plot' | 'acre';

/** The band of the page's form for an area given in any unit. */
export const landBand = (bands: LandBands, value: number, unit: LandUnit): string =>
  bands === 'plot' ? plotBand(convertArea(value, unit, 'sqm')) : acreBand(convertArea(value, unit, 'acre'));
