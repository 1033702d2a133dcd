/**
 * GET /api/leads/insights?from=YYYY-MM-DD&to=YYYY-MM-DD: the owner's figures over a date range
 * (India's dates; the last 30 days when none is given), as JSON. Every figure comes out of the
 * database's aggregates (db/insights.ts); this file only names and arranges them.
 */
import { HttpError } from '../errors.ts';
import { dateProblem } from './lead-query.ts';
import { ENQUIRY_KINDS, type EnquiryKind } from '../../lib/enquiry/index.ts';
import { SALES_KINDS } from '../../lib/team-api/vocabulary.ts';
import { SYSTEM_ACTORS } from './names.ts';
import { clockSteps, whatsappRateInr } from '../settings.ts';
import type { Insights } from '../../lib/team-api/wire.ts';
import { LOCALES } from '../../i18n/locales.ts';
import { WEEKDAYS, site } from '../../config/site.ts';
import {
  OFFICE_TIME_ZONE,
  WAITING_AFTER_MINUTES,
  countsByKind,
  countsByLanguage,
  firstContactSpeed,
  referralCounts,
  reassignments,
  routingFigures,
  type RoutingRow,
  topAttribution,
  waitingLeads,
  whatsappMonthMessages,
  whatsappWeeks,
  type AttributionRow,
  type InsightsSpan,
  type SpeedRow,
  type WorkingTime,
} from '../db/insights.ts';

/** The weekly series covers this many weeks, ending with the week of the range's last day. */
export const WEEKS = 26;
/** The default range: this many days, ending today. */
export const DEFAULT_DAYS = 30;
/** The longest range asked at once. */
export const MAX_DAYS = 731;
const DAY_MS = 86_400_000;
/** India's offset from UTC (no summer time). */
const INDIA_OFFSET = '+05:30';
const INDIA_OFFSET_MS = 330 * 60_000;

/** The office's working time, as /admin sets it (src/content/identity.json → officeHours). */
export const officeWorkingTime = (): WorkingTime => ({
  days: site.officeHours.days.map((day) => WEEKDAYS.indexOf(day) + 1),
  opens: site.officeHours.opens,
  closes: site.officeHours.closes,
});

const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (date: string) => Date.parse(`${date}T00:00:00Z`);
/** India's date now. */
export const indiaToday = (now = Date.now()) => dateOf(now + INDIA_OFFSET_MS);
/** The instant India's day `date` starts. */
export const indiaMidnight = (date: string) => new Date(`${date}T00:00:00${INDIA_OFFSET}`).toISOString();
export const addDays = (date: string, days: number) => dateOf(msOf(date) + days * DAY_MS);

export interface DateRange {
  from: string;
  to: string;
}

/** from and to as given, checked (a 400 names each bad one); the last 30 days by default. */
export const parseRange = (params: URLSearchParams, now = Date.now()): DateRange => {
  const fields: Record<string, string> = {};
  const read = (name: 'from' | 'to') => {
    const value = params.get(name);
    if (value === null || value === '') return null;
    const problem = dateProblem(name, value);
    if (problem) fields[name] = problem;
    return problem ? null : value;
  };
  const givenTo = read('to');
  const givenFrom = read('from');
  const to = givenTo ?? (givenFrom && givenFrom > indiaToday(now) ? givenFrom : indiaToday(now));
  const from = givenFrom ?? addDays(to, -(DEFAULT_DAYS - 1));
  if (Object.keys(fields).length === 0 && from > to) fields.from = 'from must not be after to';
  if (Object.keys(fields).length === 0 && (msOf(to) - msOf(from)) / DAY_MS + 1 > MAX_DAYS)
    fields.from = `a range covers at most ${MAX_DAYS} days`;
  if (Object.keys(fields).length > 0) throw new HttpError(400, 'Some parameters are wrong.', { fields });
  return { from, to };
};

/** The instants of a range, with its weekly series (WEEKS weeks, Monday first, ending with the week of `to`). */
export const weekMondays = (to: string): string[] => {
  const lastMonday = addDays(to, -((new Date(msOf(to)).getUTCDay() + 6) % 7));
  return Array.from({ length: WEEKS }, (_, n) => addDays(lastMonday, (n - WEEKS + 1) * 7));
};

export const spanOf = ({ from, to }: DateRange, now = Date.now()): InsightsSpan => ({
  from: indiaMidnight(from),
  to: indiaMidnight(addDays(to, 1)),
  weeksFrom: indiaMidnight(weekMondays(to)[0]),
  now: new Date(now).toISOString(),
});

const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null);
const minutes = (value: number | null) => (value === null ? null : Math.round(value));
/** One value for each of `keys`. */
const perKey = <K extends string, T>(keys: readonly K[], make: (key: K) => T) =>
  Object.fromEntries(keys.map((key) => [key, make(key)])) as Record<K, T>;
const perKind = <T>(make: (kind: EnquiryKind) => T) => perKey(ENQUIRY_KINDS, make);

/** A speed row's figures, with the leads it is a share of (the sales leads of its span, or the person's own). */
const speedOf = (row: SpeedRow | undefined, leads = row?.contacted ?? 0) => ({
  leads,
  contacted: row?.contacted ?? 0,
  medianMinutes: minutes(row?.median ?? null),
  p90Minutes: minutes(row?.p90 ?? null),
  withinHour: row?.withinHour ?? 0,
  withinHourShare: share(row?.withinHour ?? 0, leads),
  sameDay: row?.sameDay ?? 0,
  sameDayShare: share(row?.sameDay ?? 0, leads),
});

const attributionOf = (rows: AttributionRow[], dimension: AttributionRow['dimension']) =>
  rows
    .filter((row) => row.dimension === dimension)
    .map(({ value, leads, won, lost }) => ({ value, leads, won, lost, wonShare: share(won, leads) }));

/** Every figure of the range, as GET /api/leads/insights answers it. A few statements, none reading leads one by one. */
export const readInsights = async (range: DateRange, now = Date.now()): Promise<Insights> => {
  const span = spanOf(range, now);
  const hours = officeWorkingTime();
  const kindRows = await countsByKind(span);
  const attribution = await topAttribution(span);
  const languages = await countsByLanguage(span);
  const speed = await firstContactSpeed(span, hours);
  const waiting = await waitingLeads(span, hours);
  const referrals = await referralCounts(span);
  const routed = await routingFigures(span, hours);
  const moved = await reassignments(span, SYSTEM_ACTORS.clock);
  const whatsappRows = await whatsappWeeks(span);
  const monthMessages = await whatsappMonthMessages(span.now);
  const rateInr = whatsappRateInr();
  const targetOf = (row: RoutingRow | undefined) => ({
    leads: row?.leads ?? 0,
    contacted: row?.contacted ?? 0,
    inTarget: row?.inTarget ?? 0,
    inTargetShare: share(row?.inTarget ?? 0, row?.leads ?? 0),
    medianMinutes: minutes(row?.median ?? null),
    p90Minutes: minutes(row?.p90 ?? null),
  });

  const inRange = kindRows.filter((row) => row.week === null);
  const leadsOf = (kind: EnquiryKind) => inRange.find((row) => row.kind === kind && !row.spam);
  const byKind = perKind((kind) => leadsOf(kind)?.leads ?? 0);
  const weeks = weekMondays(range.to).map((week) => {
    const rows = kindRows.filter((row) => row.week === week);
    const weekSpeed = speed.find((row) => row.by === 'week' && row.value === week);
    return {
      week,
      ...perKind((kind) => rows.find((row) => row.kind === kind && !row.spam)?.leads ?? 0),
      spam: rows.filter((row) => row.spam).reduce((sum, row) => sum + row.leads, 0),
      firstContact: speedOf(
        weekSpeed,
        rows.filter((row) => !row.spam && SALES_KINDS.includes(row.kind)).reduce((sum, row) => sum + row.leads, 0),
      ),
    };
  });

  return {
    from: range.from,
    to: range.to,
    timeZone: OFFICE_TIME_ZONE,
    officeHours: site.officeHours,
    waitingAfterMinutes: WAITING_AFTER_MINUTES,
    /** The range's leads, spam excluded (privacy requests included, as a kind of their own). */
    total: Object.values(byKind).reduce((sum, n) => sum + n, 0),
    byKind,
    spam: inRange.filter((row) => row.spam).reduce((sum, row) => sum + row.leads, 0),
    weeks,
    outcomes: perKind((kind) => ({ leads: leadsOf(kind)?.leads ?? 0, won: leadsOf(kind)?.won ?? 0, lost: leadsOf(kind)?.lost ?? 0 })),
    sources: attributionOf(attribution, 'source'),
    campaigns: attributionOf(attribution, 'campaign'),
    landingPages: attributionOf(attribution, 'landing'),
    languages: perKind((kind) =>
      perKey(LOCALES, (locale) => languages.find((row) => row.kind === kind && row.locale === locale)?.leads ?? 0),
    ),
    firstContact: {
      ...speedOf(
        speed.find((row) => row.by === 'all'),
        SALES_KINDS.reduce((sum, kind) => sum + byKind[kind], 0),
      ),
      byKind: SALES_KINDS.filter((kind) => byKind[kind] > 0).map((kind) => ({
        kind,
        ...speedOf(
          speed.find((row) => row.by === 'kind' && row.value === kind),
          byKind[kind],
        ),
      })),
      byPerson: speed
        .filter((row) => row.by === 'person')
        .map((row) => ({ person: row.value as string, ...speedOf(row) }))
        .sort((a, b) => b.contacted - a.contacted || a.person.localeCompare(b.person)),
    },
    waiting: waiting.map((row) => row.id),
    waitingCount: waiting[0]?.total ?? 0,
    /** Referrals between divisions made in the range: by pair of divisions and by referrer, made, contacted and won. */
    referrals: {
      byPair: referrals
        .filter((row) => row.by === 'pair')
        .map((row) => ({
          from: row.from_kind,
          to: row.to_kind as EnquiryKind,
          created: row.created,
          contacted: row.contacted,
          won: row.won,
        })),
      byReferrer: referrals
        .filter((row) => row.by === 'referrer')
        .map((row) => ({ referrer: row.referrer ?? '', created: row.created, contacted: row.contacted, won: row.won })),
    },
    routing: {
      targetMinutes: clockSteps()[0],
      all: targetOf(routed.find((row) => row.by === 'all')),
      byKind: routed.filter((row) => row.by === 'kind').map((row) => ({ kind: row.value as EnquiryKind, ...targetOf(row) })),
      byPerson: routed.filter((row) => row.by === 'person').map((row) => ({ person: row.value ?? '', ...targetOf(row) })),
      reassignments: moved.map(({ kind, byClock, byHand }) => ({ kind, byClock, byHand })),
    },
    waitingLeads: waiting.map((row) => ({
      id: row.id,
      kind: row.kind,
      name: row.name,
      receivedAt: new Date(row.received_at).toISOString(),
      clockStart: new Date(row.start).toISOString(),
      workingMinutes: Math.round(row.minutes),
    })),
    whatsapp: {
      weeks: weekMondays(range.to).map((week) => {
        const row = whatsappRows.find((one) => one.week === week);
        return { week, sent: row?.sent ?? 0, delivered: row?.delivered ?? 0, read: row?.read ?? 0, failed: row?.failed ?? 0 };
      }),
      month: {
        month: new Date(now + INDIA_OFFSET_MS).toISOString().slice(0, 7),
        messages: monthMessages,
        rateInr,
        costInr: Math.round(monthMessages * rateInr * 100) / 100,
      },
    },
  };
};
