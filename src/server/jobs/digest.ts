/**
 * The morning digest: one e-mail to the owner (DIGEST_TO, EmailJS template
 * EMAILJS_DIGEST_TEMPLATE_ID) about India's yesterday: the leads by division and by source, the
 * speed of first contact of yesterday's leads, the leads still waiting, each person's follow-ups
 * overdue and due today (team/follow-ups.ts), with links, and any delivery that gave up. Run daily at 09:00 India time by the `leads-digest` scheduled function, and by hand with
 * `npm run leads:digest`.
 *
 * - Nothing is sent, and the database is not woken, while either setting is unset, or outside the
 *   production deploy (a deploy is production only when its context says so); by hand
 *   (`npm run leads:digest`), the local site (`dev`) may send too.
 * - Never twice for one day: the day's row in `digests` is claimed (inserted) before the send, in
 *   one statement, so of two runs at once only one sends. A failed send gives the claim back, so a
 *   later run may send it.
 * - It runs in one database session of its own, closed at the end.
 */
import { isLocalDev, isProductionDeploy } from '../deploy-context.ts';
import { digestEmailJsSettings } from '../settings.ts';
import { inSession, query, withDatabase } from '../db/connection.ts';
import {
  WAITING_AFTER_MINUTES,
  countsByKind,
  firstContactSpeed,
  gaveUpDeliveries,
  topAttribution,
  waitingLeads,
  type InsightsSpan,
} from '../db/insights.ts';
import { ENQUIRY_KINDS, type EnquiryKind } from '../../lib/enquiry/index.ts';
import { KIND_NAMES, durationText } from '../../lib/team-api/vocabulary.ts';
import { TEAM_ROUTES } from '../../lib/routing/index.ts';
import { site } from '../../config/site.ts';
import { logLead } from '../log.ts';
import { postToEmailJs } from '../outbound/emailjs.ts';
import { DEFAULT_DAYS, addDays, indiaMidnight, indiaToday, officeWorkingTime } from '../team/insights.ts';

/** The divisions as the digest names them: privacy requests are counted apart. */
const divisionName = (kind: EnquiryKind) => `${KIND_NAMES[kind].division}${kind === 'privacy' ? ' (counted apart)' : ''}`;
const CHANNEL_NAMES = { team: "the team's e-mail", ack: "the visitor's acknowledgement", webhook: 'the webhook' } as const;

export interface DigestFigures {
  /** India's date the digest covers (YYYY-MM-DD). */
  day: string;
  byKind: Record<EnquiryKind, number>;
  spam: number;
  sources: { value: string; leads: number; won: number }[];
  firstContact: {
    leads: number;
    contacted: number;
    medianMinutes: number | null;
    p90Minutes: number | null;
    withinHour: number;
    sameDay: number;
  };
  waitingCount: number;
  waiting: { id: string; kind: EnquiryKind; receivedAt: string; workingMinutes: number }[];
  gaveUp: { leadId: string | null; channel: keyof typeof CHANNEL_NAMES; kind: EnquiryKind | null; at: string; error: string | null }[];
  /** Each assignee's follow-ups due by the end of the digest's morning (India's today), overdue ones first. */
  followUps: { person: string; overdue: FollowUpLine[]; today: FollowUpLine[] }[];
}

interface FollowUpLine {
  id: string;
  kind: EnquiryKind;
  at: string;
}

/** How many follow-up lines the digest lists at most (the inbox's due list has them all). */
const FOLLOW_UP_LINES = 200;

/** The follow-ups due by the end of India's today at `now`, by assignee (the overdue ones: due before `now`). */
const followUpsDue = async (now: number): Promise<DigestFigures['followUps']> => {
  const rows = await query<{ id: string; kind: EnquiryKind; person: string | null; follow_up_at: Date }>(
    `SELECT id, kind, assignee_name AS person, follow_up_at FROM leads
     WHERE follow_up_at IS NOT NULL AND spam IS NULL AND follow_up_at < $1
     ORDER BY assignee_name NULLS LAST, follow_up_at, id LIMIT ${FOLLOW_UP_LINES}`,
    [indiaMidnight(addDays(indiaToday(now), 1))],
  );
  const people = new Map<string, DigestFigures['followUps'][number]>();
  for (const row of rows) {
    const person = row.person ?? 'Nobody';
    const entry = people.get(person) ?? { person, overdue: [], today: [] };
    const at = new Date(row.follow_up_at).toISOString();
    (Date.parse(at) < now ? entry.overdue : entry.today).push({ id: row.id, kind: row.kind, at });
    people.set(person, entry);
  }
  return [...people.values()];
};

/** The figures of `day` (India's date), read in the database. */
export const digestFigures = async (day: string, now = Date.now()): Promise<DigestFigures> => {
  const hours = officeWorkingTime();
  const dayFrom = indiaMidnight(day);
  const dayTo = indiaMidnight(addDays(day, 1));
  const yesterday: InsightsSpan = { from: dayFrom, to: dayTo, weeksFrom: dayFrom, now: new Date(now).toISOString() };
  // Waiting: the leads of the last 30 days still new, as Insights shows them by default.
  const today = indiaToday(now);
  const recent: InsightsSpan = {
    from: indiaMidnight(addDays(today, -(DEFAULT_DAYS - 1))),
    to: indiaMidnight(addDays(today, 1)),
    weeksFrom: dayFrom,
    now: yesterday.now,
  };
  const kinds = (await countsByKind(yesterday)).filter((row) => row.week === null);
  const sources = (await topAttribution(yesterday)).filter((row) => row.dimension === 'source');
  const speed = (await firstContactSpeed(yesterday, hours)).find((row) => row.by === 'all');
  const waiting = await waitingLeads(recent, hours);
  const gaveUp = await gaveUpDeliveries(yesterday);
  const followUps = await followUpsDue(now);
  const round = (value: number | null | undefined) => (value === null || value === undefined ? null : Math.round(value));
  return {
    day,
    byKind: Object.fromEntries(
      ENQUIRY_KINDS.map((kind) => [kind, kinds.find((row) => row.kind === kind && !row.spam)?.leads ?? 0]),
    ) as Record<EnquiryKind, number>,
    spam: kinds.filter((row) => row.spam).reduce((sum, row) => sum + row.leads, 0),
    sources: sources.map(({ value, leads, won }) => ({ value, leads, won })),
    firstContact: {
      leads: kinds.filter((row) => !row.spam && row.kind !== 'privacy').reduce((sum, row) => sum + row.leads, 0),
      contacted: speed?.contacted ?? 0,
      medianMinutes: round(speed?.median),
      p90Minutes: round(speed?.p90),
      withinHour: speed?.withinHour ?? 0,
      sameDay: speed?.sameDay ?? 0,
    },
    waitingCount: waiting[0]?.total ?? 0,
    waiting: waiting.map((row) => ({
      id: row.id,
      kind: row.kind,
      receivedAt: new Date(row.received_at).toISOString(),
      workingMinutes: Math.round(row.minutes),
    })),
    gaveUp: gaveUp.map((row) => ({
      leadId: row.lead_id,
      channel: row.channel,
      kind: row.kind,
      at: new Date(row.gave_up_at).toISOString(),
      error: row.last_error,
    })),
    followUps,
  };
};

const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)} %` : '–');
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** "Thursday 26 November 2026". */
const longDate = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return `${DAYS[date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
};
/** India's time of an instant, "25 Nov 10:00". */
const indiaTime = (iso: string) => {
  const local = new Date(Date.parse(iso) + 330 * 60_000);
  const clock = local.toISOString().slice(11, 16);
  return `${local.getUTCDate()} ${MONTHS[local.getUTCMonth()].slice(0, 3)} ${clock}`;
};
const leadLink = (id: string) => new URL(`${TEAM_ROUTES.inbox}#lead=${id}`, site.url).toString();

/** The digest's words: a subject and the whole e-mail as plain text, and each part on its own for a template. */
export const digestParams = (figures: DigestFigures, to: string): Record<string, string> => {
  const total = Object.values(figures.byKind).reduce((sum, n) => sum + n, 0);
  const office = `${site.officeHours.days.join(', ')}, ${site.officeHours.opens} to ${site.officeHours.closes} India time`;
  const divisions = ENQUIRY_KINDS.map((kind) => `- ${divisionName(kind)}: ${figures.byKind[kind]}`).join('\n');
  const sources = figures.sources.length
    ? figures.sources.map((row) => `- ${row.value}: ${row.leads}${row.won ? ` (won ${row.won})` : ''}`).join('\n')
    : '- none';
  const speed = figures.firstContact;
  const firstContact = [
    `- Contacted: ${speed.contacted} of ${speed.leads}`,
    `- Median: ${durationText(speed.medianMinutes)}; 90th percentile: ${durationText(speed.p90Minutes)}`,
    `- Within 1 working hour: ${speed.withinHour} (${percent(speed.withinHour, speed.leads)}); the same working day: ${speed.sameDay} (${percent(speed.sameDay, speed.leads)})`,
  ].join('\n');
  const waiting = figures.waiting.length
    ? [
        ...figures.waiting
          .slice(0, 20)
          .map(
            (lead) =>
              `- ${divisionName(lead.kind)}, received ${indiaTime(lead.receivedAt)}, waiting ${durationText(lead.workingMinutes)}: ${leadLink(lead.id)}`,
          ),
        ...(figures.waitingCount > 20
          ? [`- and ${figures.waitingCount - 20} more: ${new URL(TEAM_ROUTES.inbox, site.url).toString()}`]
          : []),
      ].join('\n')
    : '- none';
  const gaveUp = figures.gaveUp.length
    ? figures.gaveUp
        .map(
          (row) =>
            `- ${CHANNEL_NAMES[row.channel]}${row.kind ? ` of a ${divisionName(row.kind).toLowerCase()} lead` : ''}, ${indiaTime(row.at)}${row.error ? `: ${row.error}` : ''}${row.leadId ? ` ${leadLink(row.leadId)}` : ''}`,
        )
        .join('\n')
    : '- none';
  const followUps = figures.followUps.length
    ? figures.followUps
        .flatMap((person) => [
          `- ${person.person}: ${person.overdue.length} overdue, ${person.today.length} due today`,
          ...person.overdue.map((line) => `  - overdue since ${indiaTime(line.at)}, ${divisionName(line.kind)}: ${leadLink(line.id)}`),
          ...person.today.map((line) => `  - today ${indiaTime(line.at).slice(-5)}, ${divisionName(line.kind)}: ${leadLink(line.id)}`),
        ])
        .join('\n')
    : '- none';
  const subject = `${site.name}: ${total} lead${total === 1 ? '' : 's'} on ${longDate(figures.day)}, ${figures.waitingCount} waiting`;
  const message = [
    `Leads on ${longDate(figures.day)} (India time): ${total}. Spam kept apart: ${figures.spam}.`,
    '',
    'By division',
    divisions,
    '',
    'By source (utm source, else the referring site, else direct)',
    sources,
    '',
    `Speed of first contact of these leads, in working time (${office})`,
    firstContact,
    '',
    `Still waiting: new after ${WAITING_AFTER_MINUTES / 60} working hour (${figures.waitingCount})`,
    waiting,
    '',
    'Follow-ups overdue and due today, by person',
    followUps,
    '',
    'Deliveries that gave up',
    gaveUp,
    '',
    `Insights: ${new URL(TEAM_ROUTES.inbox, site.url).toString()}`,
  ].join('\n');
  return {
    kind: 'digest',
    to_email: to,
    day: figures.day,
    subject_line: subject,
    message,
    total: String(total),
    divisions,
    sources,
    firstContact,
    waitingCount: String(figures.waitingCount),
    waiting,
    followUps,
    gaveUp,
  };
};

export type DigestReport =
  | { sent: true; day: string }
  | { sent: false; day: string; reason: 'not-configured' | 'not-production' | 'already-sent' | 'send-failed'; error?: string }
  | { sent: false; day: string; reason: 'dry-run'; params: Record<string, string> };

/**
 * Sends the digest of `day` (India's yesterday by default) once. `scheduled`: the daily run,
 * which sends only from the production deploy; by hand, from production or the local site. `dryRun`: only
 * composes it (no claim, no send), with or without the settings.
 */
export const sendDigest = async (
  options: { now?: number; day?: string; dryRun?: boolean; scheduled?: boolean } = {},
): Promise<DigestReport> => {
  const now = options.now ?? Date.now();
  const day = options.day ?? addDays(indiaToday(now), -1);
  const settings = digestEmailJsSettings();
  if (options.dryRun) {
    const params = await inSession(() => withDatabase(() => digestFigures(day, now))).then((figures) =>
      digestParams(figures, settings?.to ?? '(DIGEST_TO is not set)'),
    );
    return { sent: false, day, reason: 'dry-run', params };
  }
  const report = await (async (): Promise<DigestReport> => {
    if (!settings) return { sent: false, day, reason: 'not-configured' };
    // The daily run sends from production only; by hand, also from the local site (`dev`).
    if (!isProductionDeploy() && (options.scheduled || !isLocalDev())) return { sent: false, day, reason: 'not-production' };
    return inSession(async () => {
      const claimed = await withDatabase(() =>
        query('INSERT INTO digests (day) VALUES ($1) ON CONFLICT (day) DO NOTHING RETURNING day', [day]),
      );
      if (claimed.length === 0) return { sent: false, day, reason: 'already-sent' } as const;
      try {
        const params = digestParams(await withDatabase(() => digestFigures(day, now)), settings.to);
        const outcome = await postToEmailJs(settings, params);
        if (!outcome.sent) throw new Error(outcome.error);
        await withDatabase(() => query('UPDATE digests SET sent_at = now() WHERE day = $1', [day]));
        return { sent: true, day } as const;
      } catch (error) {
        await withDatabase(() => query('DELETE FROM digests WHERE day = $1 AND sent_at IS NULL', [day])).catch(() => {});
        return { sent: false, day, reason: 'send-failed', error: error instanceof Error ? error.message : String(error) } as const;
      }
    });
  })();
  logLead({ kind: 'digest', status: report.sent ? 'sent' : report.reason, note: report.day });
  return report;
};
