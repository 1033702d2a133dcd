/**
 * The machine-speed figure `.ci/run` prints beside its step times: a fixed piece of single-threaded
 * CPU work (integer hashing, a sort, JSON and string work, SHA-256: the kinds of work a build and
 * a test run do), timed in CPU time, which other processes on a busy machine disturb far less than
 * wall time. The same work on the same Node takes the same CPU time on machines of one speed, so
 * two runs' step times can be compared: on a machine whose figure is twice as high, a run takes
 * about twice the CPU time. The best of 5 rounds is printed, and the wall time of that round
 * beside it (above the CPU time when other processes took the cores).
 *
 *   node .ci/speed.ts    # prints e.g. "machine speed: 250 ms CPU for the fixed work (best of 5; wall 260 ms; Node v22.23.3)"
 */
import { createHash } from 'node:crypto';

function fixedWork(): number {
  let hash = 0x811c9dc5;
  const numbers = new Array<number>(200_000);
  for (let i = 0; i < numbers.length; i++) {
    hash = Math.imul(hash ^ i, 16_777_619) >>> 0;
    numbers[i] = hash;
  }
  numbers.sort((a, b) => a - b);
  const text = JSON.stringify(numbers.slice(0, 40_000).map((n) => ({ n, s: n.toString(36) })));
  const parsed = JSON.parse(text) as { n: number; s: string }[];
  let words = 0;
  for (const { s } of parsed) if (/^[a-m]/.test(s.toUpperCase().toLowerCase())) words++;
  const digest = createHash('sha256');
  for (let i = 0; i < 64; i++) digest.update(text);
  return words + digest.digest()[0];
}

const rounds: { cpu: number; wall: number }[] = [];
for (let round = 0; round < 5; round++) {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  fixedWork();
  const cpu = process.cpuUsage(cpuStart);
  rounds.push({ cpu: (cpu.user + cpu.system) / 1000, wall: performance.now() - start });
}
const best = rounds.reduce((a, b) => (b.cpu < a.cpu ? b : a));
console.log(
  `machine speed: ${Math.round(best.cpu)} ms CPU for the fixed work (best of 5; wall ${Math.round(best.wall)} ms; Node ${process.version})`,
);
