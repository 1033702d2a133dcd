/**
 * The first-contact clock (scheduled every 5 minutes, and `npm run leads:clock`): for each lead
 * still new, its steps in working time from its clock's start (intake/assign.ts):
 *   1. at LEADS_FIRST_CONTACT_MINUTES (the first contact due): a reminder push to the assignee;
 *   2. at LEADS_ESCALATE_AFTER_MINUTES (twice that): a push and an e-mail to the owner;
 *   3. at LEADS_REASSIGN_AFTER_MINUTES (three times): the lead goes to the next available member
 *      (the assignment's rules, anyone but its assignee), who gets a push.
 * Each step happens once: a lead's steps are taken under its row's lock (SKIP LOCKED), its clock
 * moved on in the same transaction, and each is written in the lead's history. A lead contacted
 * (or otherwise worked) meanwhile has its clock stopped instead. The pushes and the e-mail are
 * deliveries of the retry machine, tried at once after the commit.
 *
 * It also pushes each follow-up that came due to the lead's assignee (team/follow-ups.ts), once.
 *
 * Cheap when idle: it first reads the clock's note in Blobs (outbound/pending-marker.ts), and
 * when nothing is due it ends there, without waking the database. After a run it writes the note
 * again from what the database says is due next.
 */
import { inSession, transaction, withDatabase } from '../db/connection.ts';
import {
  claimClockDue,
  claimFollowUpsDue,
  clearFollowUpPush,
  nextClockDue,
  recordRoutingEvent,
  setAssignee,
  setClock,
  type ClockLead,
  type FollowUpDue,
} from '../db/routing.ts';
import { leadsOf } from '../db/deliveries.ts';
import type { Delivery, NewDelivery } from '../db/deliveries.ts';
import { storeDeliveries, pushDelivery, tryAtReceipt } from '../outbound/deliveries.ts';
import { pushFor, recipientOf } from '../outbound/push.ts';
import { teamAlert } from '../outbound/team-alert.ts';
import { escalation } from '../outbound/escalation.ts';
import { claimedUntil, nextAttemptAt } from '../outbound/schedule.ts';
import { readClockNote, writeClockNote } from '../outbound/pending-marker.ts';
import { ROUTING_ACTORS, chooseAssignee, clockTimes, ruleWords } from '../intake/assign.ts';
import { clockSteps, jobBudgetMs, notifyTimeoutMs, storeTimeoutMs } from '../settings.ts';
import { logLead } from '../log.ts';
import { timeLeft } from './budget.ts';

/** Leads taken at once. */
const CLOCK_BATCH = 20;

export interface ClockReport {
  /** Nothing was due by the clock's note: the database was not woken. */
  asleep?: boolean;
  reminded: number;
  escalated: number;
  reassigned: number;
  /** Leads worked meanwhile (no longer new): their clock stopped. */
  stopped: number;
  /** Follow-ups that came due: their assignee pushed (team/follow-ups.ts). */
  followUps: number;
  /** When the next step is due, after this run. */
  next: string | null;
}

/** The steps of one lead that are due by `at`, done under its lock; the deliveries they make. */
const stepLead = async (lead: ClockLead, at: string, report: ClockReport): Promise<NewDelivery[]> => {
  if (lead.status !== 'new') {
    await setClock(lead.id, null, null);
    report.stopped += 1;
    return [];
  }
  const times = clockTimes(lead);
  const [remindAfter, escalateAfter, reassignAfter] = clockSteps();
  const deliveries: NewDelivery[] = [];
  let step = lead.step;
  let assignee = lead.assignee;
  const who = assignee?.name ?? 'nobody';
  while (step <= 3 && times[step - 1] <= at) {
    if (step === 1) {
      const alert = await teamAlert(recipientOf(assignee ?? { id: null }), 'remind', at);
      if (alert) deliveries.push(alert);
      const by = !alert ? ' (no device for a push)' : alert.channel === 'whatsapp' ? ' (on WhatsApp: no device for a push)' : '';
      await recordRoutingEvent(lead.id, at, {
        event: 'reminded',
        by: ROUTING_ACTORS.clock,
        detail: `First contact due (${remindAfter} working minutes): ${who} reminded${by}`,
      });
      report.reminded += 1;
    } else if (step === 2) {
      const pushTo = await pushFor('owners', 'escalate', at);
      if (pushTo) deliveries.push(pushDelivery(pushTo));
      if (escalation.on())
        deliveries.push({
          channel: 'escalation',
          scheduledFrom: at,
          nextAttemptAt: nextAttemptAt(at, 1) as string,
          claimedUntil: claimedUntil(),
        });
      await recordRoutingEvent(lead.id, at, {
        event: 'escalated',
        by: ROUTING_ACTORS.clock,
        detail: `Not contacted after ${escalateAfter} working minutes: the owner told (assigned to ${who})`,
      });
      report.escalated += 1;
    } else {
      const choice = await chooseAssignee(lead, at, { exclude: [assignee?.id ?? null] });
      const moved = choice.assignee.id !== (assignee?.id ?? null);
      if (moved) {
        await setAssignee(lead.id, choice.assignee, at, null, {
          event: 'reassigned',
          by: ROUTING_ACTORS.clock,
          detail: `Not contacted after ${reassignAfter} working minutes: from ${who} to ${choice.assignee.name} (${ruleWords(choice.rule)})`,
        });
        assignee = choice.assignee;
        const alert = await teamAlert(recipientOf(choice.assignee), 'assigned', at);
        if (alert) deliveries.push(alert);
        report.reassigned += 1;
      } else {
        await recordRoutingEvent(lead.id, at, {
          event: 'reassigned',
          by: ROUTING_ACTORS.clock,
          detail: `Not contacted after ${reassignAfter} working minutes; nobody else is available: it stays with ${who}`,
        });
      }
    }
    step += 1;
  }
  await setClock(lead.id, step <= 3 ? step : null, step <= 3 ? times[step - 1] : null);
  return deliveries;
};

/** A follow-up that came due: a push to its assignee, once, and a line in the lead's history. */
const pushFollowUp = async (lead: FollowUpDue, at: string, report: ClockReport): Promise<NewDelivery[]> => {
  await clearFollowUpPush(lead.id);
  const pushTo = lead.assignee ? await pushFor(recipientOf(lead.assignee), 'follow-up', lead.followUpAt) : undefined;
  await recordRoutingEvent(lead.id, at, {
    event: 'reminded',
    by: ROUTING_ACTORS.clock,
    detail: `Follow-up due: ${lead.assignee?.name ?? 'nobody'} reminded${pushTo ? '' : ' (no device for a push)'}`,
  });
  report.followUps += 1;
  return pushTo ? [pushDelivery(pushTo)] : [];
};

/** One run of the clock. `wake: true` (the command line) looks in the database whatever the note says. */
export const runClock = async (options: { budgetMs?: number; wake?: boolean } = {}): Promise<ClockReport> => {
  const started = Date.now();
  const report: ClockReport = { reminded: 0, escalated: 0, reassigned: 0, stopped: 0, followUps: 0, next: null };
  const read = await readClockNote().catch(() => null);
  if (!options.wake && read && (read.due === undefined || Date.parse(read.due) > started)) {
    logLead({ kind: 'first-contact', status: 'asleep', note: 'nothing due' });
    return { ...report, asleep: true, next: read.due ?? null };
  }
  // A batch may take one database deadline, and its pushes one push timeout.
  const canStart = timeLeft(options.budgetMs ?? jobBudgetMs(), notifyTimeoutMs() + storeTimeoutMs() * 2, started);
  await inSession(async () => {
    while (canStart()) {
      const at = new Date().toISOString();
      const batch = await withDatabase(() =>
        transaction(async () => {
          const leads = await claimClockDue(at, CLOCK_BATCH);
          const followUps = await claimFollowUpsDue(at, CLOCK_BATCH);
          const made: { leadId: string; deliveries: Delivery[] }[] = [];
          for (const lead of leads) {
            const wanted = await stepLead(lead, at, report);
            if (wanted.length > 0) made.push({ leadId: lead.id, deliveries: await storeDeliveries(lead.id, wanted) });
          }
          for (const lead of followUps) {
            const wanted = await pushFollowUp(lead, at, report);
            if (wanted.length > 0) made.push({ leadId: lead.id, deliveries: await storeDeliveries(lead.id, wanted) });
          }
          return { taken: Math.max(leads.length, followUps.length), made };
        }),
      );
      if (batch.made.length > 0) {
        const leads = await withDatabase(() => leadsOf(batch.made.map(({ leadId }) => leadId)));
        await Promise.all(
          batch.made.flatMap(({ leadId, deliveries }) => {
            const lead = leads.get(leadId);
            return lead ? [tryAtReceipt(lead, deliveries)] : [];
          }),
        );
      }
      if (batch.taken < CLOCK_BATCH) break;
    }
    report.next = await withDatabase(() => nextClockDue());
    if (read) await writeClockNote(report.next, read.etag).catch(() => false);
  });
  logLead({ kind: 'first-contact', status: 'done', note: JSON.stringify({ ...report, ms: Date.now() - started }) });
  return report;
};
