/**
 * The sweep (scheduled every 10 minutes, and `npm run leads:sweep`) works its queues on the same
 * schedule (pending.ts): it re-sends the team's e-mail for every lead still in `pending/`,
 * retries the webhook for every lead still in `webhook/` (webhook.ts), and re-sends the visitor's
 * acknowledgement for every lead still in `ack/` (ack.ts), whose next try is due.
 * It reads only the queue entries and their leads, never the whole store.
 *
 * Two sweeps at once never send one e-mail or call the webhook twice: each send first claims its
 * entry with a conditional write (the etag it listed), and only the writer that wins sends.
 */
import type { Store } from '@netlify/blobs';
import { emailJsSettings, jobBudgetMs, notifyTimeoutMs, storeTimeoutMs, sweepBatchSize } from './pipeline-settings.ts';
import { WaitingList, deliver } from './deliver.ts';
import { inBatches, timeLeft } from './job.ts';
import { logLead } from './log.ts';
import {
  PENDING_PREFIX,
  WEBHOOK_PREFIX,
  ackKey,
  claimPending,
  listAll,
  pendingKey,
  webhookKey,
  type Claim,
  type PendingEntry,
} from './pending.ts';
import { leadsStore, withStoreDeadline } from './store.ts';
import { deliverWebhook, webhookSettings } from './webhook.ts';
import { ACK_PREFIX, ackSettings, deliverAck } from './ack.ts';
import type { LeadRecord } from './record.ts';

/** What a sweep did with one queue. */
export interface QueueReport {
  /** Entries in the queue when the sweep started. */
  pending: number;
  /** Of those, due for a re-send now. */
  due: number;
  sent: number;
  failed: number;
  gaveUp: number;
  /** Entries removed without a send: the lead was sent already, or is gone. */
  cleared: number;
  /** Due entries another sweep took first. */
  busy: number;
  /** Due entries this run had no time for; the next run carries on. */
  left: number;
  errors: number;
}

/** The e-mail queue's figures, and the webhook's when it is on. */
export interface SweepReport extends QueueReport {
  /** Why no e-mail was sent (EmailJS not configured). */
  skipped?: string;
  webhook?: QueueReport;
  /** The visitor's acknowledgements (ack.ts), when they are on. */
  ack?: QueueReport;
}

interface Queue {
  prefix: string;
  keyOf: (id: string) => string;
  /** The lead needs nothing more from this queue. */
  done: (lead: LeadRecord) => boolean;
  send: (key: string, lead: LeadRecord, attempt: number, claim: Claim) => Promise<string>;
}

const READ_BATCH = 25;

const emptyReport = (): QueueReport => ({ pending: 0, due: 0, sent: 0, failed: 0, gaveUp: 0, cleared: 0, busy: 0, left: 0, errors: 0 });

/** Lists one queue, and sends each due entry under a claim, batch by batch while time is left. */
const runQueue = async (store: Store, queue: Queue, report: QueueReport, canStart: () => boolean) => {
  const listed = await withStoreDeadline(() => listAll(store, queue.prefix));
  report.pending = listed.length;
  const entries: { entry: PendingEntry; etag: string }[] = [];
  await inBatches(listed, READ_BATCH, canStart, async ({ key, etag }) => {
    const entry = (await withStoreDeadline(() => store.get(key, { type: 'json' })).catch(() => null)) as PendingEntry | null;
    if (entry) entries.push({ entry, etag });
  });
  const now = Date.now();
  const due = entries.filter(({ entry }) => Date.parse(entry.nextAt) <= now).sort((a, b) => a.entry.nextAt.localeCompare(b.entry.nextAt));
  report.due = due.length;

  const resend = async ({ entry, etag }: { entry: PendingEntry; etag: string }) => {
    try {
      const key = queue.keyOf(entry.id);
      const claim = await withStoreDeadline(() => claimPending(store, entry, etag, { key }));
      if (!claim) {
        report.busy += 1;
        return;
      }
      const lead = (await withStoreDeadline(() => store.get(entry.key, { type: 'json' }))) as LeadRecord | null;
      if (!lead || queue.done(lead)) {
        await withStoreDeadline(() => store.delete(key));
        report.cleared += 1;
        return;
      }
      const outcome = await queue.send(entry.key, lead, entry.attempts + 1, claim);
      if (outcome === 'sent') report.sent += 1;
      else if (outcome === 'gave-up') report.gaveUp += 1;
      else report.failed += 1;
    } catch {
      report.errors += 1; // the store failed: the claim lapses and a later run tries again
    }
  };
  const done = await inBatches(due, sweepBatchSize(), canStart, resend);
  report.left = due.length - done;
};

const figures = ({ pending, due, sent, failed, gaveUp, cleared, busy, left, errors }: QueueReport) =>
  ({ pending, due, sent, failed, gaveUp, cleared, busy, left, errors }) satisfies QueueReport;

export const sweepPending = async (options: { budgetMs?: number } = {}): Promise<SweepReport> => {
  const started = Date.now();
  const report: SweepReport = emptyReport();
  const store = leadsStore();
  // A batch may take one store deadline plus one EmailJS (or webhook) timeout.
  const canStart = timeLeft(options.budgetMs ?? jobBudgetMs(), notifyTimeoutMs() + storeTimeoutMs(), started);

  if (emailJsSettings()) {
    const waiting = new WaitingList(store);
    await runQueue(
      store,
      {
        prefix: PENDING_PREFIX,
        keyOf: pendingKey,
        done: (lead) => lead.notified,
        send: (key, lead, attempt, claim) => deliver(key, lead, { attempt, claim, waiting }),
      },
      report,
      canStart,
    );
  } else {
    report.pending = (await withStoreDeadline(() => listAll(store, PENDING_PREFIX))).length;
    report.skipped = 'EmailJS is not configured';
    logLead({ kind: 'sweep', status: 'skipped', note: `${report.pending} pending; ${report.skipped}` });
  }

  if (webhookSettings()) {
    report.webhook = emptyReport();
    await runQueue(
      store,
      {
        prefix: WEBHOOK_PREFIX,
        keyOf: webhookKey,
        done: (lead) => lead.webhookSent === true,
        send: (key, lead, attempt, claim) => deliverWebhook(key, lead, { attempt, claim }),
      },
      report.webhook,
      canStart,
    );
  }

  if (ackSettings()) {
    report.ack = emptyReport();
    await runQueue(
      store,
      {
        prefix: ACK_PREFIX,
        keyOf: ackKey,
        done: (lead) => typeof lead.ackedAt === 'string' || lead.ackSkipped !== undefined,
        send: (key, lead, attempt, claim) => deliverAck(key, lead, { attempt, claim }),
      },
      report.ack,
      canStart,
    );
  }

  logLead({
    kind: 'sweep',
    status: 'done',
    note: JSON.stringify({
      ...figures(report),
      ...(report.webhook ? { webhook: figures(report.webhook) } : {}),
      ...(report.ack ? { ack: figures(report.ack) } : {}),
      ms: Date.now() - started,
    }),
  });
  return report;
};
