/**
 * Preload for a benchmark's child process (`node --import ./bench/clock-ahead.ts …`): moves
 * the process's clock CLOCK_AHEAD_MS ahead, so that a job runs as it would that much later. The
 * fault benchmark runs the notification sweep this way: its first re-send is due 10 minutes after
 * a lead was received, and the benchmark does not wait 10 minutes. Never loaded by the site.
 */
const ahead = Number(process.env.CLOCK_AHEAD_MS ?? 0);
const RealDate = Date;

class AheadDate extends RealDate {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  constructor(...args: any[]) {
    if (args.length === 0) super(RealDate.now() + ahead);
    else super(...(args as [string | number | Date]));
  }

  static override now() {
    return RealDate.now() + ahead;
  }
}

globalThis.Date = AheadDate as DateConstructor;
