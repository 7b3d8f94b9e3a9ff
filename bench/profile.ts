// GET /api/r/user/{username} for a member with 1,000 activities (500 raffle entries, 300 bonus hunt predictions,
// 200 tournament picks in 50 brackets), 20 unlocked achievements of 30, 4 badges, 40 friends, among 5,000 members
// with XP, viewed by a logged-in stranger (so the friendship lookup runs too). Sequential requests through the real
// api (session, guards, the one profile statement, the Redis rank read). Budget: p95 under 30 ms.
// Run: npm run bench profile   (uses TEST_REDIS_URL / TEST_PG_ADMIN_URL like the tests; BENCH_REQUESTS, default 500)
import { performance } from 'node:perf_hooks';
import { ProfilesService, ProgressionBackfillService } from '@kickback/domain';
import { TestClient } from '../libs/testing/src/test-client';
import { startBenchStack } from './leaderboard-support/bench-stack';
import { percentile } from './lib/percentile';
import { runBench } from './lib/run-bench';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const WARMUP = 50;
const BUDGET_MS = 30;
const MEMBERS = 5000;

async function main(): Promise<void> {
  const stack = await startBenchStack();
  const em = stack.em;
  try {
    await em.execute(
      `insert into users (username, name, kick_username, is_demo) select 'member_' || g, 'Member ' || g, 'member_' || g, true
       from generate_series(1, ${MEMBERS}) g`,
    );
    const [{ id: star }] = await em.execute<{ id: number }[]>(`select id from users where username = 'member_1'`);
    const [{ id: viewer }] = await em.execute<{ id: number }[]>(`select id from users where username = 'member_2'`);

    // 500 raffle entries: 250 raffles, a free and a points entry in each.
    await em.execute(
      `insert into raffles (title, starts_at, ends_at, number_of_winners, allow_points, points_per_entry, seed, seed_hash)
       select 'Raffle ' || g, now() - interval '30 days', now() - interval '29 days', 1, true, 10, repeat('a', 64), repeat('b', 64)
       from generate_series(1, 250) g`,
    );
    await em.execute(
      `insert into raffle_entries (raffle_id, user_id, entry_type, tickets, points_spent, created_at)
       select r.id, ?, t.type, 1, case when t.type = 'points' then 10 else 0 end, now() - (r.id || ' hours')::interval
       from raffles r cross join (values ('passwordless'), ('points')) t(type)`,
      [star],
    );
    // 300 bonus hunt predictions in 300 completed hunts.
    await em.execute(
      `insert into hunts (starting_balance, status, final_balance, completed_at, scored_at)
       select 1000, 'completed', 900, now() - (g || ' days')::interval, now() from generate_series(1, 300) g`,
    );
    await em.execute(
      `insert into hunt_predictions (hunt_id, user_id, end_balance, highest_multiplier, highest_multiplier_game, created_at)
       select h.id, ?, 950, 120.5, 'Gates of Olympus', now() - (h.id || ' days')::interval from hunts h`,
      [star],
    );
    // 200 tournament picks: 50 brackets of 8, a pick in each of the 4 first-round matches.
    await em.execute(
      `insert into tournaments (name, size, is_active, completed_at) select 'Bracket ' || g, 8, false, now() from generate_series(1, 50) g`,
    );
    await em.execute(
      `insert into tournament_matches (tournament_id, round, match_number, slot1_name, slot2_name)
       select t.id, 1, m, 'Slot A' || m, 'Slot B' || m from tournaments t cross join generate_series(1, 4) m`,
    );
    await em.execute(
      `insert into tournament_predictions (tournament_id, match_id, user_id, predicted_winner_name)
       select m.tournament_id, m.id, ?, m.slot1_name from tournament_matches m`,
      [star],
    );

    // The rest of the site: XP for everyone, a catalogue, unlocks, badges and friends.
    await em.execute(
      `insert into xp_ledger (user_id, source, xp, award_key) select id, 'activity', (id * 37) % 20000 + 1, 'activity:bench:' || id from users`,
    );
    await em.execute(
      `insert into achievements (name, description, category, rule_counter, rule_threshold, position)
       select 'Achievement ' || g, 'Reach ' || g * 25 || ' raffle entries', 'raffles', 'raffle_entries', g * 25, g from generate_series(1, 30) g`,
    );
    await em.execute(`insert into badges (name, description) select 'Badge ' || g, 'Granted by the streamer' from generate_series(1, 4) g`);
    await em.execute(
      `insert into friendships (sender_id, receiver_id, status, accepted_at)
       select ?, id, 'accepted', now() from users where id <> ? and id <> ? order by id limit 40`,
      [star, star, viewer],
    );
    const backfill = stack.app.get(ProgressionBackfillService);
    await backfill.run();
    await em.execute(`insert into member_badges (user_id, badge_id, granted_by) select ?, id, 'admin' from badges`, [star]);
    await em.execute('analyze');

    const client = new TestClient(stack.url);
    await client.loginAs(viewer);
    const first = await client.json('GET', '/api/r/user/member_1');
    const profile = first.body.data;
    const activities =
      profile.raffle_entries +
      profile.bonus_hunt_predictions +
      (await em.execute<{ n: number }[]>('select count(*)::int as n from tournament_predictions where user_id = ?', [star]))[0]!.n;
    if (first.status !== 200 || activities !== 1000) throw new Error(`unexpected profile: ${first.status}, ${activities} activities`);

    for (let i = 0; i < WARMUP; i++) await client.json('GET', '/api/r/user/member_1');
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t0 = performance.now();
      const res = await client.get('/api/r/user/member_1');
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`status ${res.status}`);
    }
    // The same read without HTTP (the statement and the Redis rank read), to tell machine load from the query's cost.
    const service = stack.app.get(ProfilesService);
    const direct: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t0 = performance.now();
      await service.profile('member_1', viewer);
      direct.push(performance.now() - t0);
    }
    const directSorted = direct.sort((a, b) => a - b);
    const sorted = [...times].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p95 = percentile(sorted, 95);
    console.log(
      `profile GET /api/r/user/{username}: member with ${activities} activities, ${profile.achievements_count} unlocked of ` +
        `${profile.achievements.length} achievements, ${profile.badges.length} badges, ${profile.friends_count} friends, rank ${profile.rank}`,
    );
    console.log(
      `  ${REQUESTS} sequential requests: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
    );
    console.log(
      `  in-process ProfilesService.profile: p50 ${percentile(directSorted, 50).toFixed(1)} ms, p95 ${percentile(directSorted, 95).toFixed(1)} ms`,
    );
    if (p95 >= BUDGET_MS) {
      console.error(`FAIL: p95 ${p95.toFixed(1)} ms >= ${BUDGET_MS} ms`);
      process.exitCode = 1;
    } else console.log('PASS');
  } finally {
    await stack.close();
  }
}

runBench(main);
