/**
 * Dates and times as people say them, in each language (src/i18n/format.ts): a date day first
 * ("15 ನವೆಂಬರ್ 2026"), a time with the part of the day before it ("மாலை 7") or am/pm after it
 * ("7 pm"). The dictionaries say the call-back hours of the wire values (CALL_TIMES, CALL_HOURS) that
 * way, and no visible word writes a 24-hour time such as 19:00.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, dictionary, format, type Locale } from '../../src/i18n/index.ts';
import { dayMonthYear, spokenTime, spokenTimeRange } from '../../src/i18n/format.ts';
import { CALL_HOURS, CALL_TIMES } from '../../src/lib/enquiry/options.ts';
import identity from '../../src/content/identity.json' with { type: 'json' };

const date = new Date('2026-11-15T10:00:00Z');

const EXPECTED: Record<Locale, { date: string; times: [string, string][]; ranges: [string, string, string][] }> = {
  en: {
    date: '15 November 2026',
    times: [
      ['19:00', '7 pm'],
      ['9:30', '9:30 am'],
      ['12:00', '12 noon'],
      ['18:30', '6:30 pm'],
      ['21:00', '9 pm'],
    ],
    ranges: [
      ['16:00', '19:00', '4–7 pm'],
      ['9:30', '12:00', '9:30 am – 12 noon'],
      ['12:00', '16:00', '12 noon – 4 pm'],
    ],
  },
  ta: {
    date: '15 நவம்பர் 2026',
    times: [
      ['19:00', 'மாலை 7'],
      ['9:30', 'காலை 9:30'],
      ['12:00', 'மதியம் 12'],
      ['18:30', 'மாலை 6:30'],
      ['21:00', 'இரவு 9'],
    ],
    ranges: [
      ['16:00', '19:00', 'மாலை 4 – 7'],
      ['9:30', '12:00', 'காலை 9:30 – மதியம் 12'],
    ],
  },
  te: {
    date: '15 నవంబర్ 2026',
    times: [
      ['19:00', 'సాయంత్రం 7'],
      ['9:30', 'ఉదయం 9:30'],
      ['12:00', 'మధ్యాహ్నం 12'],
      ['21:00', 'రాత్రి 9'],
    ],
    ranges: [
      ['16:00', '19:00', 'సాయంత్రం 4 – 7'],
      ['12:00', '16:00', 'మధ్యాహ్నం 12 – సాయంత్రం 4'],
    ],
  },
  kn: {
    date: '15 ನವೆಂಬರ್ 2026',
    times: [
      ['19:00', 'ಸಂಜೆ 7'],
      ['9:30', 'ಬೆಳಿಗ್ಗೆ 9:30'],
      ['12:00', 'ಮಧ್ಯಾಹ್ನ 12'],
      ['21:00', 'ರಾತ್ರಿ 9'],
    ],
    ranges: [
      ['16:00', '19:00', 'ಸಂಜೆ 4 – 7'],
      ['9:30', '12:00', 'ಬೆಳಿಗ್ಗೆ 9:30 – ಮಧ್ಯಾಹ್ನ 12'],
    ],
  },
};

/** The hours of a wire value: 'Evening (16:00-19:00)' → ['16:00', '19:00']. */
const hoursOf = (value: string) => value.match(/(\d{1,2}:\d{2})-(\d{1,2}:\d{2})/)!.slice(1, 3) as [string, string];

describe.each(LOCALES)('%s', (locale) => {
  const expected = EXPECTED[locale];

  it('writes a date day first, then the month’s name and the year', () => {
    expect(dayMonthYear(date, locale, 'UTC')).toBe(expected.date);
  });

  it('says a time, and a span of time, as people say them', () => {
    for (const [time, said] of expected.times) expect(spokenTime(time, locale), time).toBe(said);
    for (const [from, to, said] of expected.ranges) expect(spokenTimeRange(from, to, locale), `${from}-${to}`).toBe(said);
  });

  it('the call-back choices, their hint and the acknowledgement say the wire value’s hours that way', () => {
    const words = dictionary(locale);
    const options = words.form.options as Record<string, string>;
    for (const value of CALL_TIMES) expect(options[value], value).toContain(spokenTimeRange(...hoursOf(value), locale));
    const [from, to] = CALL_HOURS.split('-');
    for (const text of [words.form.fields.callTime.hint, words.ack.callSoon]) {
      expect(text).toContain(spokenTime(from, locale));
      expect(text).toContain(spokenTime(to, locale));
    }
  });
});

it('Kannada joins the case ending to the year: the privacy request’s answer date', () => {
  expect(format(dictionary('kn').form.success.privacyNext, { date: dayMonthYear(date, 'kn', 'UTC'), days: 30 })).toMatch(
    /^15 ನವೆಂಬರ್ 2026ರೊಳಗೆ, /u,
  );
});

it('no visible word writes a 24-hour time (19:00): dictionaries, content, office hours', () => {
  const twentyFour = /\b(1[3-9]|2[0-3]):[0-5]\d\b/u;
  const leaves = (node: unknown): string[] => (node && typeof node === 'object' ? Object.values(node).flatMap(leaves) : [String(node)]);
  const root = path.resolve(import.meta.dirname, '../../src/content');
  const files = (folder: string): string[] =>
    readdirSync(folder).flatMap((name) =>
      statSync(path.join(folder, name)).isDirectory() ? files(path.join(folder, name)) : [path.join(folder, name)],
    );
  const texts = [
    ...LOCALES.flatMap((locale) => leaves(dictionary(locale))),
    ...files(root)
      .filter((file) => !file.includes(`${path.sep}consent${path.sep}`))
      .map((file) => readFileSync(file, 'utf8'))
      // The office's working hours for the team's figures are a setting (24-hour clock), shown on no page.
      .map((text) => (text.includes('"officeHours"') ? JSON.stringify({ ...JSON.parse(text), officeHours: undefined }) : text)),
    ...identity.hours,
    ...Object.values(identity.hoursTranslated).flat(),
  ];
  expect(texts.filter((text) => twentyFour.test(text))).toEqual([]);
  expect(twentyFour.test('We call until 19:00.')).toBe(true);
});
