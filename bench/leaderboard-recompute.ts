// Recompute of a 500,000-wagerer leaderboard (BENCH_WAGERERS), the worker's whole refresh path: read the source rows,
// normalise to cents, rank (ties by username), replace the period's standings in PostgreSQL, rebuild the
// board JSON and the assembled caches in Redis. Budget: under 2 s per recompute.
// Run: npm run bench leaderboard-recompute (BENCH_WAGERERS=50000 for the earlier size)
import { performance } from 'node:perf_hooks';
import { LeaderboardCacheService, LeaderboardRefreshService, rankWagers, storeStandings } from '@kickback/domain';
import { manualEntries } from '../libs/domain/src/leaderboard/leaderboard-standings.repository';
import { startBenchStack, seedWagerers } from './leaderboard-support/bench-stack';
import { runBench } from './lib/run-bench';

const WAGERERS = Number(process.env.BENCH_WAGERERS ?? 500_000);
const RUNS = 5;
const BUDGET_MS = 2000;

async function main(): Promise<void> {
  const stack = await startBenchStack();
  try {
    const platformId = await seedWagerers(stack.em, 'bench-recompute', WAGERERS);
    const refresher = stack.app.get(LeaderboardRefreshService);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const outcome = await refresher.refresh(platformId, 'manual');
      times.push(performance.now() - t0);
      if (outcome.status !== 'updated') throw new Error(`refresh ${outcome.status}: ${outcome.error ?? ''}`);
    }
    const [{ n }] = await stack.em.execute<{ n: string }[]>('select sum(cardinality(usernames))::text as n from leaderboard_standings');
    if (Number(n) !== WAGERERS) throw new Error(`expected ${WAGERERS} standings, found ${n}`);

    // The refresh's steps timed one by one, as fetchAndStore and refresh run them, to see where the time goes.
    const [{ id: periodId }] = await stack.em.execute<{ id: string }[]>('select id from leaderboard_periods where platform_id = ?', [
      platformId,
    ]);
    const cache = stack.app.get(LeaderboardCacheService);
    const steps: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const read = await manualEntries(stack.em.fork(), Number(periodId));
      const t1 = performance.now();
      const ranked = rankWagers(read);
      const t2 = performance.now();
      await storeStandings(stack.em.fork(), Number(periodId), ranked);
      const t3 = performance.now();
      await cache.publish([platformId]);
      const t4 = performance.now();
      steps.push([t1 - t0, t2 - t1, t3 - t2, t4 - t3].map((t) => t.toFixed(0)).join('/'));
    }

    // The pure ranking step alone, for reference.
    const rows = Array.from({ length: WAGERERS }, (_, i) => ({
      username: `player_${i}`,
      cents: BigInt(Math.floor(Math.random() * 25_000_000)),
    }));
    const r0 = performance.now();
    rankWagers(rows);
    const rankMs = performance.now() - r0;

    const sorted = [...times].sort((a, b) => a - b);
    const median = sorted[Math.floor(RUNS / 2)]!;
    const worst = sorted[RUNS - 1]!;
    console.log(`leaderboard recompute, ${WAGERERS} wagerers, ${RUNS} runs (full refresh: PostgreSQL read + rank + store + Redis caches)`);
    console.log(`  runs (ms): ${times.map((t) => t.toFixed(0)).join(', ')}`);
    console.log(`  median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms, budget ${BUDGET_MS} ms`);
    console.log(`  ranking alone (in memory): ${rankMs.toFixed(0)} ms`);
    console.log(`  steps, read/rank/store/publish (ms): ${steps.join(', ')}`);
    if (worst >= BUDGET_MS) {
      console.error(`FAIL: worst recompute ${worst.toFixed(0)} ms >= ${BUDGET_MS} ms`);
      process.exitCode = 1;
    } else console.log('PASS');
  } finally {
    await stack.close();
  }
}

runBench(main);
