/**
 * The owner's figures, each one SQL statement over the leads and their history (aggregates,
 * grouping sets, percentiles): counts by kind and week, where leads came from, the language of
 * the page, the speed of first contact in working time, and the leads still waiting.
 *
 * Working time is arithmetic inside the statement, with no subquery per row: the working minutes
 * from a fixed Monday up to an instant (its whole weeks, the working days before it in its week,
 * and the part of its own day within the office's hours, on India's clock), so the working time
 * between two instants is one subtraction. It holds over weekends, closed days and any number of
 * weeks; the office's days and hours come as parameters.
 *
 * Speed, outcomes, sources and the waiting list are about sales leads: privacy requests are
 * counted apart (by kind and language only), and spam never enters any figure but its own count.
 */
import type { EnquiryKind } from '../../lib/enquiry/index.ts';
import { query } from './connection.ts';
import { CAMPAIGN_TAG, KNOWN_HOSTS, LANDING_PATH, OTHER, SOURCE_TAG } from './shown-attribution.ts';

/** The clock the office works by. */
export const OFFICE_TIME_ZONE = 'Asia/Kolkata';
/** Its offset from UTC, all year. */
export const INDIA_OFFSET_MS = 330 * 60_000;

/** The office's working time: ISO days (Monday 1 … Sunday 7), opening and closing "HH:MM". */
export interface WorkingTime {
  days: readonly number[];
  opens: string;
  closes: string;
}

/** Minutes of working time in a whole week. */
export const weekMinutes = ({ days, opens, closes }: WorkingTime) => {
  const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
  return new Set(days).size * Math.max(0, minutes(closes) - minutes(opens));
};

/** A lead counts as waiting after this many working minutes still new. */
export const WAITING_AFTER_MINUTES = 60;
/** The waiting list names at most this many leads, oldest first (its count is the whole). */
export const WAITING_LIST_MAX = 200;

/** The instants a question covers. */
export interface InsightsSpan {
  /** The date range: from (inclusive) to (exclusive), ISO instants. */
  from: string;
  to: string;
  /** The first week of the weekly series (its Monday, 00:00 India time); the series ends at `to`. */
  weeksFrom: string;
  /** "Now", for the waiting list. */
  now: string;
}

/**
 * Runs `text` with `:name` placeholders as a parameterised statement: each name used becomes
 * `$n` (the same number each time it appears), and only the names used are sent.
 */
const run = <R extends Record<string, unknown>>(text: string, values: Record<string, unknown>) => {
  const order: string[] = [];
  const sql = text.replace(/(?<!:):([a-zA-Z]+)/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`no value for :${name}`);
    if (!order.includes(name)) order.push(name);
    return `$${order.indexOf(name) + 1}`;
  });
  return query<R>(
    sql,
    order.map((name) => values[name]),
  );
};

const clockMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** The statement's parameters for the office's working time. */
const workingValues = (hours: WorkingTime) => {
  const open = new Set(hours.days);
  const day = (iso: number) => (open.has(iso) ? 1 : 0);
  const isoDays = [1, 2, 3, 4, 5, 6, 7];
  return {
    tz: OFFICE_TIME_ZONE,
    opensMinute: clockMinutes(hours.opens),
    closesMinute: clockMinutes(hours.closes),
    dayMinutes: Math.max(0, clockMinutes(hours.closes) - clockMinutes(hours.opens)),
    weekMinutes: weekMinutes(hours),
    // By ISO day (1 to 7): open or not; how many open days come before it in its week; how many
    // days on to the next open day after it (8 when none is).
    open: isoDays.map(day),
    openBefore: isoDays.map((iso) => isoDays.filter((earlier) => earlier < iso && open.has(earlier)).length),
    nextOpen: isoDays.map((iso) => [1, 2, 3, 4, 5, 6, 7].find((gap) => open.has(((iso - 1 + gap) % 7) + 1)) ?? 8),
  };
};

/**
 * Working time is counted on "local seconds": the seconds from Monday 5 January 1970, 00:00 on
 * India's clock, to an instant's wall-clock time there (float8, one time-zone conversion per
 * instant). A day is 86,400 of them and a week 604,800, Monday first.
 */
export const localSeconds = (instant: string) => `(extract(epoch FROM (${instant}) AT TIME ZONE :tz)::float8 - 345600)`;
/** The local seconds of an instant, computed here (India keeps one offset all year). */
const localSecondsOf = (iso: string) => (Date.parse(iso) + INDIA_OFFSET_MS) / 1000 - 345600;
/** An instant (timestamptz) from local seconds. */
export const fromLocalSeconds = (seconds: string) => `((to_timestamp(${seconds} + 345600) AT TIME ZONE 'UTC') AT TIME ZONE :tz)`;
const dayOf = (seconds: string) => `floor(${seconds} / 86400)`;
const isoDay = (seconds: string) => `(${dayOf(seconds)}::int % 7 + 1)`;
/** Minutes since midnight. */
const clockOf = (seconds: string) => `((${seconds} - ${dayOf(seconds)} * 86400) / 60)`;

/** Working minutes from the start of local seconds to `seconds`. */
const workedUpTo = (seconds: string) =>
  `(floor(${seconds} / 604800) * :weekMinutes
    + (:openBefore::int[])[${isoDay(seconds)}] * :dayMinutes
    + (:open::int[])[${isoDay(seconds)}] * least(greatest(${clockOf(seconds)} - :opensMinute, 0), :dayMinutes))`;

/** Working minutes between two instants in local seconds (none when `to` is not after `from`). */
const workingMinutes = (from: string, to: string) => `greatest(${workedUpTo(to)} - ${workedUpTo(from)}, 0)::float8`;

/**
 * In local seconds: the time `clock` (minutes since midnight) of the day of `seconds` when that
 * day is open and its `until` has not passed, else of the next open day.
 */
const nextOpenAt = (seconds: string, clock: string, until: string) =>
  `((${dayOf(seconds)} + CASE WHEN (:open::int[])[${isoDay(seconds)}] = 1 AND ${clockOf(seconds)} < ${until}
      THEN 0 ELSE (:nextOpen::int[])[${isoDay(seconds)}] END) * 86400 + ${clock} * 60)`;

/** The start and end (minutes since midnight) of a chosen call-back time, "Evening (16:00-19:00)". */
const callClock = (callTime: string, pattern: string) => `(extract(epoch FROM substring(${callTime} FROM '${pattern}')::time) / 60)`;
/**
 * When the clock of a lead starts, in local seconds: its arrival, or, when the visitor chose a
 * call-back time, the start of the first such window on an open day that has not ended by the
 * arrival (never before the arrival).
 */
const clockStart = (received: string, callTime: string) => {
  const starts = callClock(callTime, '\\((\\d{1,2}:\\d{2})-');
  const ends = callClock(callTime, '-(\\d{1,2}:\\d{2})\\)');
  return `(CASE WHEN ${callTime} IS NULL THEN ${received} ELSE greatest(${received}, ${nextOpenAt(received, starts, ends)}) END)`;
};
/** The clock start of a lead `l`, in local seconds. */
const CLOCK_START = clockStart(localSeconds('l.received_at'), "l.fields->>'callTime'");
/** The close of the working day a clock started in (or, started after closing or on a closed day, of the next one). */
const workingDayEnd = (start: string) => nextOpenAt(start, ':closesMinute', ':closesMinute');

/** A sales lead: not spam, not a privacy request. */
const SALES_LEAD = `l.spam IS NULL AND l.kind <> 'privacy'`;

export interface KindWeekRow extends Record<string, unknown> {
  kind: EnquiryKind;
  spam: boolean;
  /** The week's Monday (YYYY-MM-DD), or null on the range's totals. */
  week: string | null;
  leads: number;
  won: number;
  lost: number;
}

/**
 * Counts by kind, spam apart: per week over the weekly series, and over the date range (the
 * rows whose week is null), with the range's won and lost.
 */
export const countsByKind = (span: InsightsSpan) =>
  run<KindWeekRow>(
    `SELECT kind, spam, to_char(week, 'YYYY-MM-DD') AS week,
       (CASE WHEN GROUPING(week) = 0 THEN count(*) FILTER (WHERE received_at >= :weeksFrom) ELSE count(*) FILTER (WHERE received_at >= :from) END)::int AS leads,
       count(*) FILTER (WHERE received_at >= :from AND status = 'won')::int AS won,
       count(*) FILTER (WHERE received_at >= :from AND status = 'lost')::int AS lost
     FROM (SELECT l.kind, l.spam IS NOT NULL AS spam, l.status, l.received_at,
             date_trunc('week', l.received_at AT TIME ZONE :tz)::date AS week
           FROM leads l WHERE l.received_at >= least(:from::timestamptz, :weeksFrom::timestamptz) AND l.received_at < :to) s
     GROUP BY GROUPING SETS ((kind, spam, week), (kind, spam))
     HAVING GROUPING(week) = 1 OR count(*) FILTER (WHERE received_at >= :weeksFrom) > 0
     ORDER BY week NULLS FIRST, kind, spam`,
    { from: span.from, to: span.to, weeksFrom: span.weeksFrom, tz: OFFICE_TIME_ZONE },
  );

export type Dimension = 'source' | 'campaign' | 'landing';
export interface AttributionRow extends Record<string, unknown> {
  dimension: Dimension;
  value: string;
  leads: number;
  won: number;
  lost: number;
}

/**
 * The top ten sources (the utm source, else the referrer's host, else "direct"), campaigns and
 * landing pages of the range's sales leads, with their won and lost. A value a visitor could have
 * typed is shown only when it looks like a tag, a page of ours or a known host; the rest count
 * under "(other)" (shown-attribution.ts).
 */
export const topAttribution = (span: InsightsSpan) =>
  run<AttributionRow>(
    `WITH raw AS (
       SELECT coalesce(nullif(lower(l.utm_source), ''),
                       nullif(regexp_replace(lower(substring(l.referrer FROM '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:?#]+)')), '^www\\.', ''), ''),
                       'direct') AS source,
              nullif(l.utm_campaign, '') AS campaign,
              nullif(l.landing_path, '') AS landing,
              l.status
       FROM leads l WHERE l.received_at >= :from AND l.received_at < :to AND ${SALES_LEAD}
     ), s AS (
       -- Visitor-typed values only when they look like a tag, a page of ours or a known host (shown-attribution.ts).
       SELECT CASE WHEN source ~ :sourceTag OR source = ANY(:knownHosts::text[]) THEN source ELSE :other END AS source,
              CASE WHEN campaign IS NULL THEN '(none)' WHEN campaign ~ :campaignTag THEN campaign ELSE :other END AS campaign,
              CASE WHEN landing IS NULL THEN '(unknown)' WHEN length(landing) <= 100 AND landing ~ :landingPath THEN landing ELSE :other END AS landing,
              status
       FROM raw
     ), g AS (
       SELECT CASE WHEN GROUPING(source) = 0 THEN 'source' WHEN GROUPING(campaign) = 0 THEN 'campaign' ELSE 'landing' END AS dimension,
              coalesce(source, campaign, landing) AS value,
              count(*)::int AS leads,
              count(*) FILTER (WHERE status = 'won')::int AS won,
              count(*) FILTER (WHERE status = 'lost')::int AS lost
       FROM s GROUP BY GROUPING SETS ((source), (campaign), (landing))
     )
     SELECT dimension, value, leads, won, lost FROM (
       SELECT g.*, row_number() OVER (PARTITION BY dimension ORDER BY leads DESC, value) AS place FROM g
     ) ranked WHERE place <= 10 ORDER BY dimension, place`,
    {
      from: span.from,
      to: span.to,
      sourceTag: SOURCE_TAG,
      campaignTag: CAMPAIGN_TAG,
      landingPath: LANDING_PATH,
      knownHosts: KNOWN_HOSTS,
      other: OTHER,
    },
  );

export interface LanguageRow extends Record<string, unknown> {
  kind: EnquiryKind;
  locale: string;
  leads: number;
}

/** The range's leads (spam apart) by kind and language of the page. */
export const countsByLanguage = (span: InsightsSpan) =>
  run<LanguageRow>(
    `SELECT l.kind, l.locale, count(*)::int AS leads FROM leads l
     WHERE l.received_at >= :from AND l.received_at < :to AND l.spam IS NULL
     GROUP BY 1, 2 ORDER BY 1, 2`,
    { from: span.from, to: span.to },
  );

export type SpeedGroup = 'all' | 'kind' | 'person' | 'week';
export interface SpeedRow extends Record<string, unknown> {
  by: SpeedGroup;
  /** The kind, the person, or the week's Monday; null for 'all'. */
  value: string | null;
  /** Sales leads contacted (a change to "contacted" recorded), over the range or the week. */
  contacted: number;
  median: number | null;
  p90: number | null;
  withinHour: number;
  sameDay: number;
}

/**
 * The speed of first contact of the sales leads contacted: from a lead's clock start (its
 * arrival, or the start of the call-back time the visitor chose) to the first change of its status
 * to "contacted", in working minutes. Median and 90th percentile, and how many within one working
 * hour and within the same working day: over the range, by kind, by the person who made that
 * first contact, and per week of the weekly series. (The leads not contacted are in countsByKind.)
 */
export const firstContactSpeed = async (span: InsightsSpan, hours: WorkingTime): Promise<SpeedRow[]> => {
  const rows = await run<SpeedRow & { weekly: boolean }>(
    `WITH first_contact AS MATERIALIZED (
       SELECT DISTINCT ON (h.lead_id) h.lead_id, h.changed_at, h.changed_by
       FROM lead_history h
       WHERE h.status = 'contacted' AND h.changed_at >= least(:from::timestamptz, :weeksFrom::timestamptz)
       ORDER BY h.lead_id, h.changed_at
     ), contacted AS MATERIALIZED (
       SELECT l.kind, l.received_at >= :from AS in_range, l.received_at >= :weeksFrom AS in_weeks,
              to_char(date_trunc('week', l.received_at AT TIME ZONE :tz), 'YYYY-MM-DD') AS week, f.changed_by AS person,
              ${localSeconds('l.received_at')} AS received, ${localSeconds('f.changed_at')} AS contacted, l.fields->>'callTime' AS call_time
       FROM first_contact f JOIN leads l ON l.id = f.lead_id
       WHERE l.received_at >= least(:from::timestamptz, :weeksFrom::timestamptz) AND l.received_at < :to AND ${SALES_LEAD}
     ), started AS MATERIALIZED (
       SELECT kind, in_range, in_weeks, week, person, contacted, ${clockStart('received', 'call_time')} AS start FROM contacted
     ), timed AS MATERIALIZED (
       SELECT kind, in_range, in_weeks, week, person, ${workingMinutes('start', 'contacted')} AS minutes,
              contacted <= ${workingDayEnd('start')} AS same_day
       FROM started
     )
     SELECT CASE WHEN GROUPING(kind) = 0 THEN 'kind' WHEN GROUPING(person) = 0 THEN 'person' WHEN GROUPING(week) = 0 THEN 'week' ELSE 'all' END AS by,
            coalesce(kind, person, week) AS value,
            GROUPING(week) = 0 AS weekly,
            count(*) FILTER (WHERE in_range)::int AS contacted,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY minutes) FILTER (WHERE in_range) AS median,
            percentile_cont(0.9) WITHIN GROUP (ORDER BY minutes) FILTER (WHERE in_range) AS p90,
            count(*) FILTER (WHERE in_range AND minutes <= ${WAITING_AFTER_MINUTES})::int AS "withinHour",
            count(*) FILTER (WHERE in_range AND same_day)::int AS "sameDay",
            count(*) FILTER (WHERE in_weeks)::int AS week_contacted,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY minutes) FILTER (WHERE in_weeks) AS week_median,
            percentile_cont(0.9) WITHIN GROUP (ORDER BY minutes) FILTER (WHERE in_weeks) AS week_p90,
            count(*) FILTER (WHERE in_weeks AND minutes <= ${WAITING_AFTER_MINUTES})::int AS week_within_hour,
            count(*) FILTER (WHERE in_weeks AND same_day)::int AS week_same_day
     FROM timed
     GROUP BY GROUPING SETS ((), (kind), (person), (week))`,
    { from: span.from, to: span.to, weeksFrom: span.weeksFrom, ...workingValues(hours) },
  );
  return rows
    .map((row): SpeedRow => {
      const weekly = row as SpeedRow & Record<string, number | null>;
      return row.weekly
        ? {
            by: 'week',
            value: row.value,
            contacted: weekly.week_contacted as number,
            median: weekly.week_median,
            p90: weekly.week_p90,
            withinHour: weekly.week_within_hour as number,
            sameDay: weekly.week_same_day as number,
          }
        : {
            by: row.by,
            value: row.value,
            contacted: row.contacted,
            median: row.median,
            p90: row.p90,
            withinHour: row.withinHour,
            sameDay: row.sameDay,
          };
    })
    .filter((row) => row.by === 'all' || row.contacted > 0);
};

export interface WaitingRow extends Record<string, unknown> {
  id: string;
  kind: EnquiryKind;
  name: string;
  received_at: Date;
  /** When its clock started (its arrival, or the start of the chosen call-back time). */
  start: Date;
  /** Working minutes since then. */
  minutes: number;
  /** How many leads are waiting in all (the list stops at WAITING_LIST_MAX). */
  total: number;
}

/**
 * The range's sales leads still new after WAITING_AFTER_MINUTES working minutes from their
 * clock's start, oldest first (by arrival).
 */
export const waitingLeads = (span: InsightsSpan, hours: WorkingTime) => {
  const now = localSecondsOf(span.now);
  // A clock starts at most 8 days after the arrival (a call-back time), and 8 days hold a whole
  // week of working time: a lead that arrived more than 16 days ago and is still new is waiting.
  const surely = weekMinutes(hours) > WAITING_AFTER_MINUTES ? new Date(Date.parse(span.now) - 16 * 86_400_000).toISOString() : '-infinity';
  const waiting = `(l.received_at < :surely::timestamptz OR ${workingMinutes(CLOCK_START, ':now::float8')} > ${WAITING_AFTER_MINUTES})`;
  const fresh = `l.received_at >= :from AND l.received_at < :to AND ${SALES_LEAD} AND l.status = 'new'`;
  return run<WaitingRow>(
    `SELECT id, kind, name, received_at, ${fromLocalSeconds('start')} AS start, ${workingMinutes('start', ':now::float8')} AS minutes,
            (SELECT count(*) FROM leads l WHERE ${fresh} AND ${waiting})::int AS total
     FROM (SELECT l.id, l.kind, l.name, l.received_at, ${CLOCK_START} AS start FROM leads l
           WHERE ${fresh} AND ${waiting} ORDER BY l.received_at, l.id LIMIT ${WAITING_LIST_MAX}) oldest
     ORDER BY received_at, id`,
    { from: span.from, to: span.to, now, surely, ...workingValues(hours) },
  );
};

export interface GaveUpRow extends Record<string, unknown> {
  lead_id: string | null;
  channel: 'team' | 'ack' | 'webhook';
  kind: EnquiryKind | null;
  gave_up_at: Date;
  last_error: string | null;
}

/** Deliveries that gave up within [from, to), oldest first. */
export const gaveUpDeliveries = (span: Pick<InsightsSpan, 'from' | 'to'>) =>
  run<GaveUpRow>(
    `SELECT d.lead_id, d.channel, l.kind, d.gave_up_at, d.last_error FROM deliveries d LEFT JOIN leads l ON l.id = d.lead_id
     WHERE d.state = 'gave-up' AND d.gave_up_at >= :from AND d.gave_up_at < :to ORDER BY d.gave_up_at, d.channel`,
    { from: span.from, to: span.to },
  );

export interface ReferralRow extends Record<string, unknown> {
  /** 'pair': by the division it came from and the one it went to; 'referrer': by who referred. */
  by: 'pair' | 'referrer';
  /** The division it came from (none once that lead is gone and the import could not tell). */
  from_kind: EnquiryKind | null;
  to_kind: EnquiryKind | null;
  referrer: string | null;
  created: number;
  /** Contacted at some time (a change to contacted, or a status past it). */
  contacted: number;
  won: number;
}

/**
 * Referrals between divisions made in the range (src/server/team/referrals.ts), counted by pair
 * of divisions and by referrer in one statement: how many were made, contacted and won.
 */
export const referralCounts = (span: InsightsSpan) =>
  run<ReferralRow>(
    `SELECT CASE WHEN GROUPING(l.referred_by) = 1 THEN 'pair' ELSE 'referrer' END AS by,
       l.referred_from_kind AS from_kind, l.kind AS to_kind, l.referred_by AS referrer,
       count(*)::int AS created,
       count(*) FILTER (WHERE l.status IN ('contacted', 'won', 'lost')
         OR EXISTS (SELECT 1 FROM lead_history h WHERE h.lead_id = l.id AND h.status = 'contacted'))::int AS contacted,
       count(*) FILTER (WHERE l.status = 'won')::int AS won
     FROM leads l
     WHERE l.source = 'referral' AND l.spam IS NULL AND l.received_at >= :from AND l.received_at < :to
     GROUP BY GROUPING SETS ((l.referred_from_kind, l.kind), (l.referred_by))
     ORDER BY created DESC, 2, 3, 4`,
    { from: span.from, to: span.to },
  );

export type RoutingGroup = 'all' | 'kind' | 'person';
export interface RoutingRow extends Record<string, unknown> {
  by: RoutingGroup;
  /** The kind or the assignee's name; null for 'all'. */
  value: string | null;
  /** Sales leads of the range that had an assignee and a first-contact clock. */
  leads: number;
  /** Of those, contacted (a first contact recorded). */
  contacted: number;
  /** Contacted by the time their first contact was due (the target, LEADS_FIRST_CONTACT_MINUTES working minutes). */
  inTarget: number;
  /** Working minutes from the assignment the first contact answered to it: median and 90th percentile. */
  median: number | null;
  p90: number | null;
}

/**
 * Routing's figures (src/server/intake/assign.ts, jobs/first-contact.ts): of the range's sales
 * leads with an assignee, how many were contacted, how many within their target (by the time
 * their first contact was due), and the working minutes from the assignment to the first contact;
 * over the range, by kind and by assignee.
 */
export const routingFigures = (span: InsightsSpan, hours: WorkingTime) =>
  run<RoutingRow>(
    `WITH routed AS MATERIALIZED (
       SELECT l.kind, l.assignee_name AS person, l.first_contact_at IS NOT NULL AS contacted,
              coalesce(l.first_contact_at <= l.first_contact_due_at, false) AS in_target,
              CASE WHEN l.first_contact_at IS NOT NULL AND l.first_contact_assigned_at IS NOT NULL
                   THEN ${workingMinutes(localSeconds('l.first_contact_assigned_at'), localSeconds('l.first_contact_at'))} END AS minutes
       FROM leads l
       WHERE l.received_at >= :from AND l.received_at < :to AND ${SALES_LEAD} AND l.assignee_name IS NOT NULL
         AND l.first_contact_due_at IS NOT NULL
     )
     SELECT CASE WHEN GROUPING(kind) = 0 THEN 'kind' WHEN GROUPING(person) = 0 THEN 'person' ELSE 'all' END AS by,
            coalesce(kind, person) AS value,
            count(*)::int AS leads,
            count(*) FILTER (WHERE contacted)::int AS contacted,
            count(*) FILTER (WHERE in_target)::int AS "inTarget",
            percentile_cont(0.5) WITHIN GROUP (ORDER BY minutes) AS median,
            percentile_cont(0.9) WITHIN GROUP (ORDER BY minutes) AS p90
     FROM routed GROUP BY GROUPING SETS ((), (kind), (person))
     ORDER BY 1, 2`,
    { from: span.from, to: span.to, ...workingValues(hours) },
  );

export interface ReassignmentRow extends Record<string, unknown> {
  kind: EnquiryKind;
  /** By the first-contact clock (not contacted in time), or by hand (the owner). */
  byClock: number;
  byHand: number;
}

/** The reassignments made within the range, by kind: by the first-contact clock, or by hand. */
export const reassignments = (span: Pick<InsightsSpan, 'from' | 'to'>, clockActor: string) =>
  run<ReassignmentRow>(
    `SELECT l.kind, count(*) FILTER (WHERE h.changed_by = :clock)::int AS "byClock",
            count(*) FILTER (WHERE h.changed_by <> :clock)::int AS "byHand"
     FROM lead_history h JOIN leads l ON l.id = h.lead_id
     WHERE h.event = 'reassigned' AND h.changed_at >= :from AND h.changed_at < :to AND l.spam IS NULL
     GROUP BY l.kind ORDER BY l.kind`,
    { from: span.from, to: span.to, clock: clockActor },
  );

export interface WhatsAppWeekRow extends Record<string, unknown> {
  week: string;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
}

/**
 * WhatsApp's messages (the visitors' acknowledgements and the team's alerts) per week of the
 * weekly series, by the week they went (or gave up): sent (Meta took it), of those delivered
 * (delivered or read), read, and failed (Meta's `failed`, or refused and given up).
 */
export const whatsappWeeks = (span: InsightsSpan) =>
  run<WhatsAppWeekRow>(
    `SELECT to_char(date_trunc('week', coalesce(d.sent_at, d.gave_up_at) AT TIME ZONE :tz)::date, 'YYYY-MM-DD') AS week,
       count(*) FILTER (WHERE d.sent_at IS NOT NULL)::int AS sent,
       count(*) FILTER (WHERE d.wa_status IN ('delivered', 'read'))::int AS delivered,
       count(*) FILTER (WHERE d.wa_status = 'read')::int AS read,
       count(*) FILTER (WHERE d.wa_status = 'failed' OR d.state = 'gave-up')::int AS failed
     FROM deliveries d
     WHERE d.channel = 'whatsapp' AND coalesce(d.sent_at, d.gave_up_at) >= :weeksFrom AND coalesce(d.sent_at, d.gave_up_at) < :to
     GROUP BY 1 ORDER BY 1`,
    { weeksFrom: span.weeksFrom, to: span.to, tz: OFFICE_TIME_ZONE },
  );

/** The messages Meta took this calendar month (India's clock) that did not fail: what the month is billed for. */
export const whatsappMonthMessages = async (now: string) =>
  (
    await run<{ messages: number }>(
      `SELECT count(*)::int AS messages FROM deliveries d
       WHERE d.channel = 'whatsapp' AND d.sent_at IS NOT NULL AND d.wa_status IS DISTINCT FROM 'failed'
         AND date_trunc('month', d.sent_at AT TIME ZONE :tz) = date_trunc('month', :now::timestamptz AT TIME ZONE :tz)`,
      { now, tz: OFFICE_TIME_ZONE },
    )
  )[0]?.messages ?? 0;
