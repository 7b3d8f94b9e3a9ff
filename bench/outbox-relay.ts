/**
 * The worker's outbox relay, woken by LISTEN/NOTIFY:
 *   - idle: transactions per second the whole worker commits in its database with nothing happening, from
 *     pg_stat_database (xact_commit + xact_rollback, read from another database so the reads do not count) over
 *     BENCH_IDLE_S seconds (default 20) after a warm-up;
 *   - wake-up: BENCH_EVENTS events (default 200) written one by one, BENCH_GAP_MS apart (default 50), each a
 *     committed user.logged-in outbox row; for each, the time from its commit to the relay having added its job to
 *     the queue (the relay's afterEnqueue hook), p50/p95/max, timed from just before the insert is sent.
 * The worker runs with the product's defaults (OUTBOX_POLL_MS 5,000, OUTBOX_CLAIM_GAP_MS 25).
 *
 * Run: npm run bench outbox-relay
 * Env: BENCH_IDLE_S (20), BENCH_EVENTS (200), BENCH_GAP_MS (50); uses TEST_PG_ADMIN_URL and TEST_REDIS_URL like the tests.
 */
import 'reflect-metadata';
import { Client } from 'pg';
import { EntityManager } from '@mikro-orm/postgresql';
import { OutboxRelayService } from '../libs/platform/src';
import { runMigrations } from '../libs/platform/src/database/run-migrations';
import { adminDatabaseUrl, adminQuery, databaseUrl } from '../libs/testing/src/test-database';
import { testEnv } from '../libs/testing/src/test-env';
import { createWorker } from '../apps/worker/src/create-worker';
import { percentile } from './lib/percentile';
import { runBench } from './lib/run-bench';

const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 20);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 200);
const GAP_MS = Number(process.env.BENCH_GAP_MS ?? 50);
const WARM_UP_MS = 12_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function transactions(admin: Client, name: string): Promise<number> {
  const { rows } = await admin.query<{ n: string }>(
    'select (xact_commit + xact_rollback)::text as n from pg_stat_database where datname = $1',
    [name],
  );
  return Number(rows[0]!.n);
}

async function main(): Promise<void> {
  const name = `kb_bench_relay_${Date.now().toString(36)}`;
  await adminQuery(`create database "${name}"`);
  await runMigrations(databaseUrl(name));
  const env = testEnv(databaseUrl(name), { LOG_LEVEL: 'silent', OUTBOX_POLL_MS: '5000', OUTBOX_CLAIM_GAP_MS: '25' });
  const worker = await createWorker(env, { healthServer: false });
  const admin = new Client({ connectionString: adminDatabaseUrl() });
  await admin.connect();
  try {
    // Startup work (schedulers' first runs, the listener connecting) settles, and the backends' statistics, which
    // PostgreSQL flushes up to 10 s after a backend goes idle, catch up.
    await sleep(WARM_UP_MS);
    const before = await transactions(admin, name);
    await sleep(IDLE_S * 1000);
    const after = await transactions(admin, name);
    const idle = (after - before) / IDLE_S;
    console.log(`idle worker: ${after - before} transactions in ${IDLE_S} s = ${idle.toFixed(2)}/s`);

    const em = worker.get(EntityManager).fork();
    const [{ id: userId }] = await em.execute<{ id: number }[]>(
      `insert into users (username, name, kick_username, is_demo) values ('relay_bench', 'Relay bench', 'relay_bench', true) returning id`,
    );
    const committedAt = new Map<string, number>();
    const enqueuedAt = new Map<string, number>();
    const relay = worker.get(OutboxRelayService);
    relay.hooks.afterEnqueue = (ids) => {
      const now = performance.now();
      for (const id of ids) enqueuedAt.set(id, now);
    };
    const writer = new Client({ connectionString: databaseUrl(name) });
    await writer.connect();
    for (let i = 0; i < EVENTS; i++) {
      // Taken before the statement is sent: the figure includes its round trip, so it can only overstate the wait.
      const sentAt = performance.now();
      const { rows } = await writer.query<{ id: string }>(
        `insert into outbox_events (type, payload) values ('user.logged-in', jsonb_build_object('userId', $1::int, 'at', now())) returning id::text`,
        [userId],
      );
      committedAt.set(rows[0]!.id, sentAt);
      await sleep(GAP_MS);
    }
    await writer.end();
    while (enqueuedAt.size < EVENTS) await sleep(50);
    const waits = [...committedAt].map(([id, at]) => enqueuedAt.get(id)! - at).sort((a, b) => a - b);
    console.log(
      `commit -> job enqueued over ${EVENTS} events ${GAP_MS} ms apart: p50 ${percentile(waits, 50).toFixed(1)} ms, ` +
        `p95 ${percentile(waits, 95).toFixed(1)} ms, max ${Math.max(...waits).toFixed(1)} ms`,
    );
  } finally {
    await admin.end();
    await worker.close();
    await adminQuery(`drop database if exists "${name}" with (force)`);
  }
}

runBench(main);
