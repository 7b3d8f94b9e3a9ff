/**
 * Progression after raffle entries, as the worker meets it during a stream: every batch of free entries the api writes
 * is one raffle.entries-added event of BENCH_BATCH members (default 28, the batch the raffle burst forms), and the
 * worker's dispatcher applies it (the XP awards, level, achievement and badge rules, the events that announce them,
 * then the members' ranks in Redis). The members already hold BENCH_HISTORY awards each (default 1,000: a regular
 * viewer's raffle entries, logins and stream activity over some months), 30 achievements and 5 badges have rules.
 *
 * Reports events/s and the time per event (p50/p95) with BENCH_CONCURRENCY events in flight (default 16, the worker's
 * concurrency for domain events), or, with BENCH_GROUP above 1, that many events per job as the relay groups a busy
 * stream's claims onto the batches queue (BENCH_CONCURRENCY jobs in flight; 4 is that queue's concurrency), and in the same run the database's bare ceiling: the same awards appended to the
 * ledger by one plain statement per event, in its own transaction, with the same concurrency. The ratio says what
 * the rules and the rest cost on top of writing the awards.
 *
 * Run: npm run bench progression-events
 * Env: BENCH_HISTORY (1000), BENCH_EVENTS (300), BENCH_BATCH (28), BENCH_CONCURRENCY (16), BENCH_GROUP (1); uses TEST_PG_ADMIN_URL and
 *      TEST_REDIS_URL like the tests.
 */
import 'reflect-metadata';
import { EntityManager } from '@mikro-orm/postgresql';
import { Pool } from 'pg';
import type { DomainEvent } from '../libs/contracts/src';
import { DomainEventDispatcher } from '../libs/platform/src';
import { ProgressionRepository } from '../libs/domain/src/progression/progression.repository';
import { runMigrations } from '../libs/platform/src/database/run-migrations';
import { adminQuery, databaseUrl } from '../libs/testing/src/test-database';
import { testEnv } from '../libs/testing/src/test-env';
import { createWorker } from '../apps/worker/src/create-worker';
import { percentile } from './lib/percentile';
import { runBench } from './lib/run-bench';

const HISTORY = Number(process.env.BENCH_HISTORY ?? 1000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 300);
const BATCH = Number(process.env.BENCH_BATCH ?? 28);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const GROUP = Number(process.env.BENCH_GROUP ?? 1);
/** Members in the run: enough that an event's members are not all waiting on the one before's rows. */
const MEMBERS = Math.max(BATCH * CONCURRENCY * 2, 1000);

async function inFlight(count: number, run: (i: number) => Promise<void>): Promise<{ perSecond: number; times: number[] }> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < count; i = next++) {
        const t0 = performance.now();
        await run(i);
        times.push(performance.now() - t0);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { perSecond: count / ((performance.now() - started) / 1000), times };
}

/** The members of event i (consecutive ids, wrapping): an event's batch, as the entry statement groups them. */
const membersOf = (userIds: number[], i: number) => Array.from({ length: BATCH }, (_, j) => userIds[(i * BATCH + j) % userIds.length]!);

async function main(): Promise<void> {
  const name = `kb_bench_${Date.now().toString(36)}`;
  await adminQuery(`create database "${name}"`);
  await runMigrations(databaseUrl(name));
  const env = testEnv(databaseUrl(name), { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent' });
  const pool = new Pool({ connectionString: env.DATABASE_URL, max: CONCURRENCY });
  // The worker's processors, without the relay: events are handed to its dispatcher as its processor would.
  const worker = await createWorker(env, { relay: false, healthServer: false });
  try {
    const em = worker.get(EntityManager).fork();
    const dispatcher = worker.get(DomainEventDispatcher);

    process.stdout.write(`${MEMBERS} members with ${HISTORY} awards each... `);
    const users = await em.execute<{ id: number }[]>(
      `insert into users (username, name, kick_username, is_demo) select 'xp_' || g, 'XP ' || g, 'xp_' || g, true
       from generate_series(1, ${MEMBERS}) g returning id`,
    );
    const userIds = users.map((u) => u.id);
    await em.execute(
      `insert into xp_ledger (user_id, source, xp, award_key, created_at)
       select u.id, case g % 10 when 0 then 'login' when 1 then 'activity' else 'raffle_entry' end, 10, 'history:' || u.id || ':' || g,
              now() - (g || ' hours')::interval
       from users u cross join generate_series(1, ${HISTORY}) g`,
    );
    await new ProgressionRepository().recomputeTotals(em);
    await em.execute(
      `insert into achievements (name, description, category, rule_counter, rule_threshold, position)
       select 'Entries ' || g, 'Reach ' || g * 100 || ' raffle entries', 'raffles', 'raffle_entries', g * 100, g from generate_series(1, 30) g`,
    );
    await em.execute(
      `insert into badges (name, description, rule_counter, rule_threshold)
       select 'Level ' || g * 5, 'Reach level ' || g * 5, 'level', g * 5 from generate_series(1, 5) g`,
    );
    await em.execute('vacuum analyze');
    console.log('done');

    let eventId = 9_000_000_000;
    let entryId = 50_000_000;
    const eventOf = (i: number): DomainEvent<'raffle.entries-added'> => ({
      id: String(++eventId),
      type: 'raffle.entries-added',
      createdAt: new Date().toISOString(),
      payload: {
        raffleId: 1,
        entries: membersOf(userIds, i).map((userId) => ({
          userId,
          entryId: ++entryId,
          entryType: 'passwordless',
          tickets: 1,
          pointsSpent: 0,
        })),
      },
    });
    const jobCount = Math.ceil(EVENTS / GROUP);
    const jobs = await inFlight(jobCount, async (job) => {
      const events = Array.from({ length: Math.min(GROUP, EVENTS - job * GROUP) }, (_, k) => eventOf(job * GROUP + k));
      await (GROUP === 1 ? dispatcher.dispatch(events[0]!) : dispatcher.dispatchMany(events));
    });
    const product = { perSecond: EVENTS / (jobCount / jobs.perSecond), times: jobs.times };

    const bare = await inFlight(EVENTS, async (i) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(
          `insert into xp_ledger (user_id, source, xp, award_key)
           select u, 'raffle_entry', 10, 'bare:' || $2::int || ':' || u from unnest($1::int[]) u`,
          [`{${membersOf(userIds, i).join(',')}}`, i],
        );
        await client.query('commit');
      } finally {
        client.release();
      }
    });

    const [check] = await em.execute<{ awarded: number; unlocked: number }[]>(
      `select (select count(*)::int from xp_ledger where award_key like 'raffle-entry:%') as awarded,
              (select count(*)::int from member_achievements) as unlocked`,
    );
    console.log(
      `progression of raffle entries: ${EVENTS} events of ${BATCH} members with ${HISTORY} awards each, ` +
        `${GROUP} per job, ${CONCURRENCY} jobs in flight (times are per job)`,
    );
    console.table([
      {
        path: 'worker dispatch (awards, rules, ranks)',
        'events/s': product.perSecond.toFixed(0),
        'entries/s': (product.perSecond * BATCH).toFixed(0),
        'p50 ms': percentile(product.times, 50).toFixed(1),
        'p95 ms': percentile(product.times, 95).toFixed(1),
      },
      {
        path: 'bare: the awards appended by one statement',
        'events/s': bare.perSecond.toFixed(0),
        'entries/s': (bare.perSecond * BATCH).toFixed(0),
        'p50 ms': percentile(bare.times, 50).toFixed(1),
        'p95 ms': percentile(bare.times, 95).toFixed(1),
      },
    ]);
    console.log(`product = ${((product.perSecond / bare.perSecond) * 100).toFixed(0)}% of the bare statement`);
    console.log(`awards written: ${check!.awarded} of ${EVENTS * BATCH}; achievements unlocked: ${check!.unlocked}`);
    if (check!.awarded !== EVENTS * BATCH) throw new Error('awards missing');
  } finally {
    await pool.end();
    await worker.close();
    await adminQuery(`drop database if exists "${name}" with (force)`);
  }
}

runBench(main);
