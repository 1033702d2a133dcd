import { HTML_LANG, type Locale } from './locales.ts';

/**
 * Fills the {placeholders} of a dictionary entry: format('Choose a city in {state}', { state }).
 * Dictionary entries are plain strings (never functions) so a page can hand its own language's
 * words to a form island as JSON props, and ship no other language.
 */
export const format = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

/**
 * What a template says before and after one of its placeholders, its other placeholders filled:
 * for words a screen reader hears around a visible label, in the language's own order.
 * around('{label} வாங்க', 'label') is { before: '', after: ' வாங்க' }; around('Buy {label}', 'label')
 * is { before: 'Buy ', after: '' }.
 */
export const around = (template: string, key: string, values: Record<string, string | number> = {}) => {
  const [before, after = ''] = template.split(`{${key}}`);
  return { before: format(before, values), after: format(after, values) };
};

/** Indian digit grouping (₹5,00,000) whatever the page's language. */
export const indianNumber = (value: number): string => new Intl.NumberFormat('en-IN').format(value);

/**
 * A date as the page's language writes it, day first: "15 November 2026", "15 நவம்பர் 2026",
 * "15 నవంబర్ 2026", "15 ನವೆಂಬರ್ 2026" (a case ending then joins the year: "…2026ರೊಳಗೆ"). The month's
 * name is the platform's (Intl); the order is ours, as people write it (Intl puts Kannada's month
 * first and adds commas). `timeZone`: 'UTC' for a calendar date with no time of day.
 */
export const dayMonthYear = (date: Date, locale: Locale, timeZone?: string): string => {
  const parts = new Intl.DateTimeFormat(HTML_LANG[locale], { day: 'numeric', month: 'long', year: 'numeric', timeZone }).formatToParts(
    date,
  );
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}`;
};

/**
 * The part of the day each language says before the hour, from the hour it begins: morning from
 * 5, afternoon from 12, evening from 16, night from 20 ("மாலை 7", "సాయంత్రం 7", "ಸಂಜೆ 7"). English says
 * am or pm after it instead ("7 pm"), and "noon" for 12.
 */
const DAY_PERIODS: Record<Exclude<Locale, 'en'>, readonly [morning: string, afternoon: string, evening: string, night: string]> = {
  ta: ['காலை', 'மதியம்', 'மாலை', 'இரவு'],
  te: ['ఉదయం', 'మధ్యాహ్నం', 'సాయంత్రం', 'రాత్రి'],
  kn: ['ಬೆಳಿಗ್ಗೆ', 'ಮಧ್ಯಾಹ್ನ', 'ಸಂಜೆ', 'ರಾತ್ರಿ'],
};

const periodOf = (hour: number) => (hour >= 20 || hour < 5 ? 3 : hour >= 16 ? 2 : hour >= 12 ? 1 : 0);

/** "19:00" → hours and minutes. */
const clock = (time: string) => {
  const [hour, minute] = time.split(':').map(Number);
  return { hour, minute, twelve: `${hour % 12 || 12}${minute ? `:${String(minute).padStart(2, '0')}` : ''}` };
};

/** A time of day (24-hour "HH:MM", as the wire values hold it) as people say it: "7 pm", "மாலை 7", "9:30 am". */
export const spokenTime = (time: string, locale: Locale): string => {
  const { hour, minute, twelve } = clock(time);
  if (locale === 'en') return hour === 12 && minute === 0 ? '12 noon' : `${twelve} ${hour < 12 ? 'am' : 'pm'}`;
  return `${DAY_PERIODS[locale][periodOf(hour)]} ${twelve}`;
};

/**
 * A span of time as people say it, the part of the day said once when both ends share it:
 * "4–7 pm", "9:30 am – 12 noon", "மாலை 4 – 7", "காலை 9:30 – மதியம் 12".
 */
export const spokenTimeRange = (from: string, to: string, locale: Locale): string => {
  const [start, end] = [clock(from), clock(to)];
  if (locale === 'en') {
    const sameHalf =
      start.hour < 12 === end.hour < 12 && !(end.hour === 12 && end.minute === 0) && !(start.hour === 12 && start.minute === 0);
    return sameHalf ? `${start.twelve}–${spokenTime(to, locale)}` : `${spokenTime(from, locale)} – ${spokenTime(to, locale)}`;
  }
  return periodOf(start.hour) === periodOf(end.hour)
    ? `${spokenTime(from, locale)} – ${end.twelve}`
    : `${spokenTime(from, locale)} – ${spokenTime(to, locale)}`;
};
