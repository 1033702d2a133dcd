/**
 * The sweep (scheduled every 10 minutes, and `npm run leads:sweep`): tries every delivery whose
 * next attempt is due, channel by channel, each under a claim (so two sweeps never send one twice),
 * in batches while its time lasts.
 *
 * It wakes the database only when something may be owed: first it reads the note of pending work
 * in Blobs (outbound/pending-marker.ts), and when no channel that is on has anything due, it ends
 * there. After a run it writes the note again from what the database says is still pending.
 */
import { jobBudgetMs, notifyTimeoutMs, storeTimeoutMs, sweepBatchSize } from '../settings.ts';
import { inSession, withDatabase } from '../db/connection.ts';
import { CHANNELS, claimDue, leadsOf, markSentUnrecorded, nextDue, pendingCounts, type Channel } from '../db/deliveries.ts';
import { CHANNEL_SENDERS, attempt } from '../outbound/deliveries.ts';
import { claimedUntil } from '../outbound/schedule.ts';
import { forgetUnrecordedSend, readPendingNote, unrecordedSends, writePendingNote, type PendingNote } from '../outbound/pending-marker.ts';
import { logLead } from '../log.ts';
import { timeLeft } from './budget.ts';

/** What a sweep did with one channel. */
export interface QueueReport {
  /** Deliveries pending when the sweep started. */
  pending: number;
  /** Of those, due for a try now. */
  due: number;
  sent: number;
  failed: number;
  gaveUp: number;
  /** Due deliveries another sweep holds. */
  busy: number;
  /** Due deliveries this run had no time for; the next run carries on. */
  left: number;
  errors: number;
}

/** The team e-mail's figures, and the webhook's and acknowledgement's when they are on. */
export interface SweepReport extends QueueReport {
  /** Why no team e-mail was sent (EmailJS not configured, a preview). */
  skipped?: string;
  webhook?: QueueReport;
  ack?: QueueReport;
  push?: QueueReport;
  escalation?: QueueReport;
  whatsapp?: QueueReport;
  /** Nothing was due by the note of pending work: the database was not woken. */
  asleep?: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const emptyReport = (): QueueReport => ({ pending: 0, due: 0, sent: 0, failed: 0, gaveUp: 0, busy: 0, left: 0, errors: 0 });

/** Whether the note says a channel that is on has something due by `now`. */
const somethingDue = (note: PendingNote, on: readonly Channel[], now: number) =>
  on.some((channel) => note[channel] !== undefined && Date.parse(note[channel]) <= now);

/** Tries one channel's due deliveries, batch by batch, while time is left. */
const sweepChannel = async (channel: Channel, report: QueueReport, canStart: () => boolean) => {
  Object.assign(report, await withDatabase(() => pendingCounts(channel)));
  let done = 0;
  let outOfTime = false;
  for (;;) {
    if (!canStart()) {
      outOfTime = true;
      break;
    }
    const batch = await withDatabase(() => claimDue(channel, sweepBatchSize(), claimedUntil()));
    if (batch.length === 0) break;
    const leads = await withDatabase(() => leadsOf(batch.map((delivery) => delivery.leadId)));
    await Promise.all(
      batch.map(async (delivery) => {
        const lead = leads.get(delivery.leadId);
        if (!lead) return; // erased meanwhile: its deliveries went with it
        const outcome = await attempt(delivery, lead);
        if (outcome === 'sent') report.sent += 1;
        else if (outcome === 'gave-up') report.gaveUp += 1;
        else if (outcome === 'failed') report.failed += 1;
        // Held (over the team's hourly e-mail budget): due again next hour, nothing went wrong.
        else if (outcome !== 'nobody' && outcome !== 'held') report.errors += 1;
      }),
    );
    done += batch.length;
  }
  const notDone = Math.max(0, report.due - done);
  if (outOfTime) report.left = notDone;
  else report.busy = notDone;
};

/**
 * One sweep. `wake: true` (the command line) looks in the database whatever the note says.
 */
export const sweepPending = async (options: { budgetMs?: number; wake?: boolean } = {}): Promise<SweepReport> => {
  const started = Date.now();
  const report: SweepReport = emptyReport();
  const on = CHANNELS.filter((channel) => CHANNEL_SENDERS[channel].on());
  if (!on.includes('team')) report.skipped = 'EmailJS is not configured';
  if (on.includes('webhook')) report.webhook = emptyReport();
  if (on.includes('ack')) report.ack = emptyReport();
  if (on.includes('push')) report.push = emptyReport();
  if (on.includes('escalation')) report.escalation = emptyReport();
  if (on.includes('whatsapp')) report.whatsapp = emptyReport();

  const read = await readPendingNote().catch(() => null);
  if (!options.wake && read && !somethingDue(read.note, on, started)) {
    report.asleep = true;
    logLead({ kind: 'sweep', status: 'asleep', note: 'nothing due' });
    return report;
  }
  // A batch may take one database deadline plus one EmailJS (or webhook) timeout.
  const canStart = timeLeft(options.budgetMs ?? jobBudgetMs(), notifyTimeoutMs() + storeTimeoutMs(), started);
  const reports: Record<Channel, QueueReport | undefined> = {
    team: report,
    webhook: report.webhook,
    ack: report.ack,
    push: report.push,
    escalation: report.escalation,
    whatsapp: report.whatsapp,
  };
  await inSession(async () => {
    // Sends that went out while the database could not record them: recorded now, never sent again.
    const unrecorded = (await unrecordedSends().catch(() => [])).filter((id) => UUID.test(id));
    if (
      unrecorded.length > 0 &&
      (await withDatabase(() => markSentUnrecorded(unrecorded)).then(
        () => true,
        () => false,
      ))
    ) {
      await Promise.all(unrecorded.map(forgetUnrecordedSend));
    }
    for (const channel of on) await sweepChannel(channel, reports[channel] as QueueReport, canStart);
    if (!on.includes('team')) report.pending = (await withDatabase(() => pendingCounts('team'))).pending;
    const pending = await withDatabase(() => nextDue());
    if (read) await writePendingNote(pending, read.etag).catch(() => false);
  });

  const figures = ({ pending, due, sent, failed, gaveUp, busy, left, errors }: QueueReport) => ({
    pending,
    due,
    sent,
    failed,
    gaveUp,
    busy,
    left,
    errors,
  });
  logLead({
    kind: 'sweep',
    status: 'done',
    note: JSON.stringify({
      ...figures(report),
      ...(report.skipped ? { skipped: report.skipped } : {}),
      ...(report.webhook ? { webhook: figures(report.webhook) } : {}),
      ...(report.ack ? { ack: figures(report.ack) } : {}),
      ...(report.push ? { push: figures(report.push) } : {}),
      ...(report.escalation ? { escalation: figures(report.escalation) } : {}),
      ...(report.whatsapp ? { whatsapp: figures(report.whatsapp) } : {}),
      ms: Date.now() - started,
    }),
  });
  return report;
};
