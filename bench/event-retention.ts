/**
 * The event retention purge on a database that has run for a while: BENCH_KEPT outbox events (default 1,000,000)
 * relayed within the retention, each with processed rows for two of six consumers, behind BENCH_OLD events (default
 * 1,000,000) relayed before it. Measures, through the worker's EventRetentionService:
 *   - the first purge after a deploy, which deletes the whole backlog of old events;
 *   - the hourly purge afterwards, which deletes BENCH_HOURLY events (default 50,000: an hour with a long burst of
 *     raffle entries) that crossed the cutoff since the last run.
 * In the same run the database's bare ceiling: the same rows deleted by two plain statements (one per table, no
 * chunks, no bound walk), on the same data inserted again. The ratio says what chunking and finding the bound cost.
 *
 * Run: npm run bench event-retention
 * Env: BENCH_KEPT (1000000), BENCH_OLD (1000000), BENCH_HOURLY (50000); uses TEST_PG_ADMIN_URL and TEST_REDIS_URL
 *      like the tests.
 */
import 'reflect-metadata';
import { EntityManager, type QueryResult } from '@mikro-orm/postgresql';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { QUEUES } from '../libs/contracts/src';
import { EventRetentionService } from '../libs/platform/src';
import { runMigrations } from '../libs/platform/src/database/run-migrations';
import { adminQuery, databaseUrl } from '../libs/testing/src/test-database';
import { testEnv } from '../libs/testing/src/test-env';
import { createWorker } from '../apps/worker/src/create-worker';
import { runBench } from './lib/run-bench';

const KEPT = Number(process.env.BENCH_KEPT ?? 1_000_000);
const OLD = Number(process.env.BENCH_OLD ?? 1_000_000);
const HOURLY = Number(process.env.BENCH_HOURLY ?? 50_000);
const RETENTION_DAYS = 30;

/** Inserts events [from, from + count) relayed `daysAgo` days ago, with two processed rows each. */
async function seed(em: EntityManager, from: number, count: number, daysAgo: number): Promise<void> {
  await em.execute(
    `insert into outbox_events (id, type, payload, created_at, published_at)
     select g, 'raffle.entries-added', '{"raffleId":1,"userIds":[1,2,3]}', now() - make_interval(days => ?), now() - make_interval(days => ?)
     from generate_series(?::bigint, ?::bigint) g`,
    [daysAgo, daysAgo, from, from + count - 1],
  );
  await em.execute(
    `insert into processed_events (consumer, event_id, processed_at)
     select 'consumer-' || ((g + k) % 6), g, now() - make_interval(days => ?)
     from generate_series(?::bigint, ?::bigint) g cross join (values (0), (1)) v(k)`,
    [daysAgo, from, from + count - 1],
  );
}

async function timed(label: string, run: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  const result = await run();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  console.log(`${label}: ${ms.toFixed(0)} ms`, result ?? '');
  return ms;
}

async function counts(em: EntityManager): Promise<string> {
  const [row] = await em.execute<{ outbox: string; processed: string }[]>(
    `select (select count(*) from outbox_events)::text as outbox, (select count(*) from processed_events)::text as processed`,
  );
  return `${row!.outbox} outbox rows, ${row!.processed} processed rows left`;
}

/** The bare ceiling: everything below `bound` in one statement per table. */
async function bareDelete(em: EntityManager, bound: number): Promise<unknown> {
  const outbox = await em.execute<QueryResult>('delete from outbox_events where id < ?', [bound], 'run');
  const processed = await em.execute<QueryResult>('delete from processed_events where event_id < ?', [bound], 'run');
  return { outbox: outbox.affectedRows, processed: processed.affectedRows };
}

async function main(): Promise<void> {
  const name = `kb_bench_retention_${Date.now().toString(36)}`;
  await adminQuery(`create database "${name}"`);
  await runMigrations(databaseUrl(name));
  const env = testEnv(databaseUrl(name), { LOG_LEVEL: 'silent', EVENT_RETENTION_DAYS: String(RETENTION_DAYS) });
  const worker = await createWorker(env, { relay: false, healthServer: false });
  const em = worker.get(EntityManager).fork();
  const retention = worker.get(EventRetentionService);
  // The scheduler's first purge runs as the worker starts: let it finish on the empty tables before seeding.
  const maintenance = worker.get<Queue>(getQueueToken(QUEUES.maintenance));
  while ((await maintenance.getCompletedCount()) < 1) await new Promise((r) => setTimeout(r, 50));
  try {
    // Ids as the sequence would give them: old events first, then a gap for the hourly ones, then the kept ones.
    const hourlyFrom = OLD + 1;
    const keptFrom = hourlyFrom + HOURLY;
    const seedAll = async (hourlyDaysAgo: number) => {
      await seed(em, 1, OLD, RETENTION_DAYS + 10);
      await seed(em, hourlyFrom, HOURLY, hourlyDaysAgo);
      await seed(em, keptFrom, KEPT, 1);
      await em.execute('analyze outbox_events, processed_events');
    };
    console.log(`${OLD} old events, ${HOURLY} crossing the cutoff in the next hour, ${KEPT} kept; two processed rows each`);

    await seedAll(RETENTION_DAYS - 1);
    const backlog = await timed('first purge (the old backlog)', () => retention.purge());
    await em.execute(`update outbox_events set published_at = now() - make_interval(days => ?) where id < ?`, [
      RETENTION_DAYS + 1,
      keptFrom,
    ]);
    await em.execute(`update processed_events set processed_at = now() - make_interval(days => ?) where event_id < ?`, [
      RETENTION_DAYS + 1,
      keptFrom,
    ]);
    const hourly = await timed('hourly purge (one hour of events crossed the cutoff)', () => retention.purge());
    console.log(await counts(em));

    await em.execute('truncate outbox_events, processed_events');
    await seedAll(RETENTION_DAYS - 1);
    const bareBacklog = await timed('bare: the backlog in one statement per table', () => bareDelete(em, hourlyFrom));
    const bareHourly = await timed('bare: the hour in one statement per table', () => bareDelete(em, keptFrom));
    console.log(await counts(em));

    console.log(
      `\nfirst purge ${backlog.toFixed(0)} ms against ${bareBacklog.toFixed(0)} ms bare (${((100 * bareBacklog) / backlog).toFixed(0)}%); ` +
        `hourly ${hourly.toFixed(0)} ms against ${bareHourly.toFixed(0)} ms bare (${((100 * bareHourly) / hourly).toFixed(0)}%)`,
    );
  } finally {
    await worker.close();
    await adminQuery(`drop database if exists "${name}" with (force)`);
  }
}

runBench(main);
