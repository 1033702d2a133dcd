/**
 * The sweep (scheduled every 10 minutes, and `npm run leads:sweep`): re-sends the team's e-mail
 * for every lead still in `pending/` whose next re-send is due (pending.ts has the schedule).
 * It reads only the pending entries and their leads, never the whole store.
 *
 * Two sweeps at once never send one e-mail twice: each send first claims its pending entry with
 * a conditional write (the etag it listed), and only the writer that wins sends.
 */
import { emailJsSettings, jobBudgetMs, notifyTimeoutMs, storeTimeoutMs, sweepBatchSize } from './pipeline-settings.ts';
import { WaitingList, deliver } from './deliver.ts';
import { inBatches, timeLeft } from './job.ts';
import { logLead } from './log.ts';
import { PENDING_PREFIX, claimPending, listAll, pendingKey, type PendingEntry } from './pending.ts';
import { leadsStore, withStoreDeadline } from './store.ts';
import type { LeadRecord } from './record.ts';

export interface SweepReport {
  /** Entries in pending/ when the sweep started. */
  pending: number;
  /** Of those, due for a re-send now. */
  due: number;
  sent: number;
  failed: number;
  gaveUp: number;
  /** Entries removed without a send: the lead was notified already, or is gone. */
  cleared: number;
  /** Due entries another sweep took first. */
  busy: number;
  /** Due entries this run had no time for; the next run carries on. */
  left: number;
  errors: number;
  /** Why nothing was sent (EmailJS not configured). */
  skipped?: string;
}

const READ_BATCH = 25;

export const sweepPending = async (options: { budgetMs?: number } = {}): Promise<SweepReport> => {
  const started = Date.now();
  const report: SweepReport = { pending: 0, due: 0, sent: 0, failed: 0, gaveUp: 0, cleared: 0, busy: 0, left: 0, errors: 0 };
  const store = leadsStore();
  // A batch may take one store deadline plus one EmailJS timeout.
  const canStart = timeLeft(options.budgetMs ?? jobBudgetMs(), notifyTimeoutMs() + storeTimeoutMs(), started);

  const listed = await withStoreDeadline(() => listAll(store, PENDING_PREFIX));
  report.pending = listed.length;
  if (!emailJsSettings()) {
    report.skipped = 'EmailJS is not configured';
    logLead({ kind: 'sweep', status: 'skipped', note: `${report.pending} pending; ${report.skipped}` });
    return report;
  }

  const entries: { entry: PendingEntry; etag: string }[] = [];
  await inBatches(listed, READ_BATCH, canStart, async ({ key, etag }) => {
    const entry = (await withStoreDeadline(() => store.get(key, { type: 'json' })).catch(() => null)) as PendingEntry | null;
    if (entry) entries.push({ entry, etag });
  });
  const now = Date.now();
  const due = entries.filter(({ entry }) => Date.parse(entry.nextAt) <= now).sort((a, b) => a.entry.nextAt.localeCompare(b.entry.nextAt));
  report.due = due.length;

  const waiting = new WaitingList(store);
  const resend = async ({ entry, etag }: { entry: PendingEntry; etag: string }) => {
    try {
      const claim = await withStoreDeadline(() => claimPending(store, entry, etag));
      if (!claim) {
        report.busy += 1;
        return;
      }
      const lead = (await withStoreDeadline(() => store.get(entry.key, { type: 'json' }))) as LeadRecord | null;
      if (!lead || lead.notified) {
        await withStoreDeadline(() => store.delete(pendingKey(entry.id)));
        report.cleared += 1;
        return;
      }
      const outcome = await deliver(entry.key, lead, { attempt: entry.attempts + 1, claim, waiting });
      if (outcome === 'sent') report.sent += 1;
      else if (outcome === 'gave-up') report.gaveUp += 1;
      else report.failed += 1;
    } catch {
      report.errors += 1; // the store failed: the claim lapses and a later run tries again
    }
  };
  const done = await inBatches(due, sweepBatchSize(), canStart, resend);
  report.left = due.length - done;

  const { pending, due: dueCount, sent, failed, gaveUp, cleared, busy, left, errors } = report;
  logLead({
    kind: 'sweep',
    status: 'done',
    note: JSON.stringify({ pending, due: dueCount, sent, failed, gaveUp, cleared, busy, left, errors, ms: Date.now() - started }),
  });
  return report;
};
