/**
 * Working time in the functions' own arithmetic, for the first-contact clock (intake/assign.ts,
 * jobs/first-contact.ts): when a lead's clock starts and the instant a number of working minutes
 * after it. It counts as Insights' SQL does (db/insights.ts): the office's days and hours from
 * /admin, on India's clock (one offset all year), a lead's clock starting at its arrival or at the
 * start of the call-back time the visitor chose (the first such window on an open day that has not
 * ended by the arrival, never before the arrival).
 */
import { CALL_TIMES } from '../lib/enquiry/options.ts';
import { WEEKDAYS, site } from '../config/site.ts';

/** The office's working time: ISO days (Monday 1 … Sunday 7), opening and closing "HH:MM". */
export interface WorkingTime {
  days: readonly number[];
  opens: string;
  closes: string;
}

/** The office's working time, as /admin sets it (src/content/identity.json → officeHours). */
export const officeWorkingTime = (): WorkingTime => ({
  days: site.officeHours.days.map((day) => WEEKDAYS.indexOf(day) + 1),
  opens: site.officeHours.opens,
  closes: site.officeHours.closes,
});

const MINUTE = 60_000;
const DAY = 86_400_000;
/** India's offset from UTC, all year. */
const INDIA_OFFSET_MS = 330 * MINUTE;

const clockMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
/** India's wall-clock time of an instant, as milliseconds of a UTC clock. */
const local = (iso: string) => Date.parse(iso) + INDIA_OFFSET_MS;
const instant = (localMs: number) => new Date(localMs - INDIA_OFFSET_MS).toISOString();
/** ISO day (Monday 1 … Sunday 7) of a local day number (days since 1970-01-01, a Thursday). */
const isoDayOf = (dayNumber: number) => ((((dayNumber + 3) % 7) + 7) % 7) + 1;

/** A call-back time's window in minutes since midnight ("Evening (16:00-19:00)" → 960, 1140); null when it is none. */
const callWindow = (callTime: unknown): { starts: number; ends: number } | null => {
  if (typeof callTime !== 'string' || !(CALL_TIMES as readonly string[]).includes(callTime)) return null;
  const match = /\((\d{1,2}):(\d{2})-(\d{1,2}):(\d{2})\)/.exec(callTime);
  return match ? { starts: Number(match[1]) * 60 + Number(match[2]), ends: Number(match[3]) * 60 + Number(match[4]) } : null;
};

/**
 * When a lead's clock starts: its arrival, or, when the visitor chose a call-back time, the
 * start of the first such window on an open day that has not ended by the arrival.
 */
export const clockStartOf = (receivedAt: string, callTime: unknown, hours: WorkingTime): string => {
  const window = callWindow(callTime);
  if (!window) return receivedAt;
  const open = new Set(hours.days);
  const arrival = local(receivedAt);
  const today = Math.floor(arrival / DAY);
  const clock = (arrival - today * DAY) / MINUTE;
  for (let day = today; day <= today + 8; day++) {
    if (!open.has(isoDayOf(day)) || (day === today && clock >= window.ends)) continue;
    return instant(Math.max(arrival, day * DAY + window.starts * MINUTE));
  }
  return receivedAt;
};

/** The instant `minutes` working minutes after `from` (0: `from` itself). */
export const addWorkingMinutes = (from: string, minutes: number, hours: WorkingTime): string => {
  const opens = clockMinutes(hours.opens) * MINUTE;
  const closes = clockMinutes(hours.closes) * MINUTE;
  const open = new Set(hours.days);
  let left = Math.max(0, minutes) * MINUTE;
  let at = local(from);
  if (left === 0) return from;
  if (closes <= opens || open.size === 0) return from;
  // Each turn ends a day; a week of closed days at most lies between two open ones.
  for (let turns = 0; turns < 8 + Math.ceil(left / ((closes - opens) * open.size)) * 7; turns++) {
    const day = Math.floor(at / DAY);
    if (open.has(isoDayOf(day))) {
      const start = Math.max(at, day * DAY + opens);
      const end = day * DAY + closes;
      if (start < end) {
        if (left <= end - start) return instant(start + left);
        left -= end - start;
      }
    }
    at = (day + 1) * DAY;
  }
  return instant(at);
};

/** Working minutes from `from` to `to` (0 when `to` is not later). */
export const workingMinutesBetween = (from: string, to: string, hours: WorkingTime): number => {
  const opens = clockMinutes(hours.opens) * MINUTE;
  const closes = clockMinutes(hours.closes) * MINUTE;
  const open = new Set(hours.days);
  const end = local(to);
  let at = local(from);
  let total = 0;
  while (at < end) {
    const day = Math.floor(at / DAY);
    if (open.has(isoDayOf(day))) {
      const start = Math.max(at, day * DAY + opens);
      const stop = Math.min(end, day * DAY + closes);
      if (stop > start) total += stop - start;
    }
    at = (day + 1) * DAY;
  }
  return total / MINUTE;
};

/** India's day number (days since 1970-01-01) of an instant. */
const indiaDay = (iso: string) => Math.floor(local(iso) / DAY);

/** The opening time of the `n`-th open day after the India date of `from` (n ≥ 1). */
export const openingAfterOpenDays = (from: string, n: number, hours: WorkingTime): string => {
  const open = new Set(hours.days);
  if (open.size === 0) return from;
  let day = indiaDay(from);
  for (let found = 0; found < n;) {
    day += 1;
    if (open.has(isoDayOf(day))) found += 1;
  }
  return instant(day * DAY + clockMinutes(hours.opens) * MINUTE);
};

/** The next working morning: today's opening when it is still to come on an open day, else the next open day's. */
export const nextWorkingMorning = (from: string, hours: WorkingTime): string => {
  const today = indiaDay(from);
  const opening = today * DAY + clockMinutes(hours.opens) * MINUTE;
  return new Set(hours.days).has(isoDayOf(today)) && local(from) < opening ? instant(opening) : openingAfterOpenDays(from, 1, hours);
};

/** The end of India's day of `at` (its next midnight), as an instant. */
export const endOfIndiaDay = (at: string): string => instant((indiaDay(at) + 1) * DAY);

/** How many different open days (India's dates) these instants fall on. */
export const openDaysAmong = (times: readonly string[], hours: WorkingTime): number => {
  const open = new Set(hours.days);
  return new Set(times.map(indiaDay).filter((day) => open.has(isoDayOf(day)))).size;
};

/**
 * The quick picks of a lead's next follow-up, in working time from `now`: later today (two
 * working hours on, when that is still today), tomorrow morning (the next open day's opening), in
 * 3 days (the third open day's) and in a week (the first open day a week on or later).
 */
export const followUpPicks = (now: string, hours: WorkingTime) => {
  const later = addWorkingMinutes(now, 120, hours);
  const weekOn = instant((indiaDay(now) + 6) * DAY);
  return {
    laterToday: indiaDay(later) === indiaDay(now) && later !== now ? later : null,
    tomorrowMorning: openingAfterOpenDays(now, 1, hours),
    inThreeDays: openingAfterOpenDays(now, 3, hours),
    inAWeek: openingAfterOpenDays(weekOn, 1, hours),
  };
};
