import { leastSquaresSlope } from '../lib/least-squares';
import { percentile } from '../lib/percentile';
import type { Sample } from './sampler';
import type { SoakLedger } from './world';

const GOAL_SLOPE_MB_PER_HOUR = 5;
const GOAL_P99_RATIO = 1.2;
/** Redis counts as bounded when the later half of the night stays within this of the earlier half's highest. */
const BOUND_RATIO = 1.1;
/** The goals are judged from a night long enough for the 10-minute warm-up and windows. */
export const JUDGED_FROM = 20;

const round = (n: number, digits = 1) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : '–');
const p99 = (lists: (number[] | undefined)[]) =>
  percentile(
    lists.flatMap((l) => l ?? []).sort((a, b) => a - b),
    99,
  );

/** The per-minute series, as tables: processes, Redis and PostgreSQL, queues, keys by prefix. */
export function printSeries(samples: Sample[], ledger: SoakLedger, viewers: number[]): void {
  console.log('\nper minute: processes (RSS MB / heap used MB / external MB / event-loop delay p99 ms / open sockets)');
  console.table(
    samples.map((s) => ({
      min: s.minute,
      ...Object.fromEntries(
        Object.entries(s.processes).map(([name, p]) => [
          name,
          `${round(p.rssMb)} / ${round(p.heapUsedMb)} / ${round(p.externalMb)} / ${round(p.loopP99Ms)}${Number.isFinite(p.sockets) ? ` / ${p.sockets}` : ''}`,
        ]),
      ),
      viewers: viewers[s.minute],
      'read p99 ms': round(p99([ledger.reads[s.minute]])),
      'entry p99 ms': round(p99([ledger.enters[s.minute]])),
    })),
  );
  console.log('per minute: Redis, PostgreSQL (rows / kB) and BullMQ (jobs waiting / active / completed kept / failed, all queues)');
  console.table(
    samples.map((s) => {
      const q = Object.values(s.queues).reduce(
        (t, c) => ({ w: t.w + c.waiting, a: t.a + c.active, c: t.c + c.completed, f: t.f + c.failed }),
        { w: 0, a: 0, c: 0, f: 0 },
      );
      return {
        min: s.minute,
        'redis MB': round(s.redisMemoryMb, 2),
        'redis keys': s.redisKeys,
        ...Object.fromEntries(Object.entries(s.tables).map(([t, v]) => [t, `${v.rows} / ${v.kb}`])),
        jobs: `${q.w} / ${q.a} / ${q.c} / ${q.f}`,
      };
    }),
  );
  const prefixes = [...new Set(samples.flatMap((s) => Object.keys(s.keysByPrefix)))].sort();
  console.log('per minute: Redis keys by prefix');
  console.table(samples.map((s) => ({ min: s.minute, ...Object.fromEntries(prefixes.map((p) => [p, s.keysByPrefix[p] ?? 0])) })));
  const last = samples[samples.length - 1];
  if (last) {
    console.log('BullMQ at the last sample (waiting / active / completed kept / failed)');
    console.table(Object.fromEntries(Object.entries(last.queues).map(([q, c]) => [q, c])));
  }
}

export interface Verdict {
  lines: string[];
  missed: string[];
}

/**
 * The goals: after the warm-up, every process's RSS slope (least squares, over the samples of the process running at
 * the end) ≤ 5 MB/h; Redis keys and memory bounded (the later half of the samples after the warm-up within 10 % of the
 * earlier half's highest); members' read and entry p99 over the last `window` minutes ≤ 1.2× the first `window`.
 * A goal with too few samples to judge is reported as not measured, not as met; in a night shorter than `JUDGED_FROM`
 * minutes the figures are printed but not judged (a slope over five minutes says nothing about an hour).
 */
export function summarise(samples: Sample[], ledger: SoakLedger, minutes: number, warmUp: number, window: number): Verdict {
  const lines: string[] = [];
  const missed: string[] = [];
  const judged = minutes >= JUDGED_FROM;
  const verdict = (ok: boolean, goal: string) => {
    if (!judged) return `(not judged: a night of ${minutes} min < ${JUDGED_FROM})`;
    if (!ok) missed.push(goal);
    return ok ? 'met' : 'MISSED';
  };
  const after = samples.filter((s) => s.minute >= warmUp);
  for (const name of Object.keys(samples[0]?.processes ?? {})) {
    const pid = samples[samples.length - 1]!.processes[name]!.pid;
    const points = after.filter((s) => s.processes[name]?.pid === pid && Number.isFinite(s.processes[name]!.rssMb));
    // A restarted process gets a warm-up of its own, as long as the night's.
    const restartedAt = samples.find((s) => s.processes[name]?.pid === pid)!.minute;
    const own = restartedAt > 0 ? points.filter((s) => s.minute >= restartedAt + warmUp) : points;
    if (own.length < 3) {
      lines.push(`${name}: RSS slope not measured (${own.length} samples after the warm-up; run longer)`);
      continue;
    }
    const slope = leastSquaresSlope(own.map((s) => [s.minute / 60, s.processes[name]!.rssMb]));
    const result = verdict(slope <= GOAL_SLOPE_MB_PER_HOUR, `${name} RSS slope`);
    lines.push(
      `${name}: RSS slope ${slope.toFixed(1)} MB/h over minutes ${own[0]!.minute}–${own[own.length - 1]!.minute} (goal ≤ ${GOAL_SLOPE_MB_PER_HOUR}) ${result}`,
    );
  }
  if (after.length < 4) lines.push(`Redis bounds not measured (${after.length} samples after the warm-up; run longer)`);
  else {
    const half = Math.floor(after.length / 2);
    for (const [what, read, slack] of [
      ['keys', (s: Sample) => s.redisKeys, 100],
      ['memory MB', (s: Sample) => s.redisMemoryMb, 2],
    ] as const) {
      const early = Math.max(...after.slice(0, half).map(read));
      const late = Math.max(...after.slice(half).map(read));
      const result = verdict(late <= early * BOUND_RATIO + slack, `Redis ${what} bounded`);
      lines.push(
        `Redis ${what}: highest ${round(early, 2)} in minutes ${after[0]!.minute}–${after[half - 1]!.minute}, ${round(late, 2)} after (bounded: ≤ ${BOUND_RATIO}× + ${slack}) ${result}`,
      );
    }
  }
  if (window < 1) lines.push('p99 first vs last window not measured (run longer)');
  else
    for (const [what, list] of [
      ['reads', ledger.reads],
      ['entries', ledger.enters],
    ] as const) {
      const first = p99(list.slice(0, window));
      const last = p99(list.slice(minutes - window, minutes));
      if (!first || !last) {
        lines.push(`member ${what} p99 first vs last ${window} min not measured (none in one of the windows)`);
        continue;
      }
      const result = verdict(last <= first * GOAL_P99_RATIO, `${what} p99 last vs first`);
      lines.push(
        `member ${what} p99: first ${window} min ${first.toFixed(1)} ms, last ${window} min ${last.toFixed(1)} ms (×${(last / first).toFixed(2)}, goal ≤ ${GOAL_P99_RATIO}) ${result}`,
      );
    }
  return { lines, missed };
}
