/**
 * Scheduled jobs (sweep, retention) work in batches inside a time budget: a Netlify scheduled
 * function is stopped after 30 s, so a run starts no batch that could outlast its budget and
 * leaves the rest to the next run.
 */

/** Whether a new batch, taking at most `reserveMs`, still ends within `budgetMs` of `started`. */
export const timeLeft =
  (budgetMs: number, reserveMs: number, started = Date.now()) =>
  () =>
    Date.now() - started + reserveMs <= budgetMs;

/** Runs `work` on the items, `size` at a time, while `canStart()`; returns how many were done. */
export const inBatches = async <T>(items: readonly T[], size: number, canStart: () => boolean, work: (item: T) => Promise<void>) => {
  let done = 0;
  while (done < items.length && canStart()) {
    const batch = items.slice(done, done + size);
    await Promise.all(batch.map(work));
    done += batch.length;
  }
  return done;
};
