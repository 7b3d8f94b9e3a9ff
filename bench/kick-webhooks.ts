/**
 * Kick webhook throughput: signed deliveries POSTed to the real api process (`POST /webhooks/kick`), each verified
 * (RSA-SHA256 with the public key fetched from a local fake Kick), checked for freshness, deduplicated and applied in
 * one transaction: the message row, the award, the economy credit (ledger + wallet) and two outbox rows. Every
 * delivery is a `kicks.gifted` from one of BENCH_MEMBERS members, so every one awards points (the heaviest path);
 * a tenth are re-sent as duplicates, which must award nothing. A second phase sends as many deliveries of a version
 * this build does not apply (`livestream.metadata.updated` version 2): signature, freshness and the message row only, the floor the
 * apply path adds to. Afterwards the database must hold exactly one award per distinct message and every balance must
 * equal its ledger.
 *
 * Run: npm run bench kick-webhooks
 * Env: BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 *      BENCH_REDIS_URL (default redis://127.0.0.1:6379/10, flushed), BENCH_DELIVERIES (6000), BENCH_CONCURRENCY (64),
 *      BENCH_MEMBERS (500), BENCH_GOAL (2000 deliveries/s; the script exits non-zero below it only with BENCH_STRICT=1),
 *      BENCH_API_REPLICAS (1: api processes, deliveries spread over them as a load balancer would),
 *      BENCH_NODE_ARGS (node flags for the api processes, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
 */
import 'reflect-metadata';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import Redis from 'ioredis';
import { Pool } from 'undici';
import { runMigrations } from '../libs/platform/src/database/run-migrations';
import { FakeKickServer } from '../libs/testing/src/fakes/fake-kick.server';
import { kickUser, type SignedDelivery } from '../libs/testing/src/fakes/fake-kick-events';
import { createBenchDatabase } from './lib/bench-database';
import { freePort } from './lib/free-port';
import { percentile } from './lib/percentile';
import { stopProcess } from './lib/stop-process';
import { waitForApi } from './lib/wait-for-api';
import { bareNestPost } from './lib/bare-ceilings';
import { productEnv } from './lib/product-env';
import { runBench } from './lib/run-bench';

const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/10';
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 6000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 500);
const GOAL = Number(process.env.BENCH_GOAL ?? 2000);
const REPLICAS = Number(process.env.BENCH_API_REPLICAS ?? 1);
const KICK_ID_BASE = 9_000_000;

/** CPU time (user + system) a process has used, in ms, from /proc (Linux; clock ticks of 10 ms). */
function cpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** CPU time of every PostgreSQL process on the machine (the bench's database is the only busy one while it runs). */
function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += cpuMs(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return total;
}

/** This process's CPU time (the load generator), in ms. */
const benchCpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

interface Phase {
  deliveries: number;
  seconds: number;
  perSecond: number;
  latencies: number[];
  statuses: Record<number, number>;
  non200: number;
  /** The api process's CPU time per delivery: what one core's worth of capacity is, whatever else the machine runs. */
  apiCpuMsPerDelivery: number;
  /** Where the rest of the two cores went: PostgreSQL and the load generator itself. */
  postgresCpuMsPerDelivery: number;
  benchCpuMsPerDelivery: number;
}

/**
 * Sends every delivery from CONCURRENCY keep-alive connections, as fast as the api answers; with several api replicas
 * the connections are spread over them, as a load balancer in front of the api would.
 */
async function blast(bases: string[], queue: SignedDelivery[], apiPids: (number | undefined)[]): Promise<Phase> {
  const apiCpu = (): number => apiPids.reduce<number>((sum, pid) => sum + cpuMs(pid), 0);
  const cpuBefore = apiCpu();
  const postgresBefore = postgresCpuMs();
  const benchBefore = benchCpuMs();
  const pools = bases.map((base) => new Pool(base, { connections: Math.ceil(CONCURRENCY / bases.length) }));
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < queue.length; i = next++) {
        const delivery = queue[i]!;
        const pool = pools[i % pools.length]!;
        const t0 = process.hrtime.bigint();
        const res = await pool.request({ path: '/webhooks/kick', method: 'POST', headers: delivery.headers, body: delivery.body });
        await res.body.text();
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await Promise.all(pools.map((pool) => pool.close()));
  latencies.sort((a, b) => a - b);
  return {
    deliveries: queue.length,
    seconds,
    perSecond: queue.length / seconds,
    latencies,
    statuses,
    non200: queue.length - (statuses[200] ?? 0),
    apiCpuMsPerDelivery: (apiCpu() - cpuBefore) / queue.length,
    postgresCpuMsPerDelivery: (postgresCpuMs() - postgresBefore) / queue.length,
    benchCpuMsPerDelivery: (benchCpuMs() - benchBefore) / queue.length,
  };
}

const report = (phase: Phase) => ({
  deliveries: phase.deliveries,
  seconds: Number(phase.seconds.toFixed(2)),
  perSecond: Math.round(phase.perSecond),
  p50: Number(percentile(phase.latencies, 50).toFixed(1)),
  p99: Number(percentile(phase.latencies, 99).toFixed(1)),
  apiCpuMsPerDelivery: Number(phase.apiCpuMsPerDelivery.toFixed(2)),
  perApiCoreSecond: Math.round(1000 / phase.apiCpuMsPerDelivery),
  postgresCpuMsPerDelivery: Number(phase.postgresCpuMsPerDelivery.toFixed(2)),
  benchCpuMsPerDelivery: Number(phase.benchCpuMsPerDelivery.toFixed(2)),
});

async function main(): Promise<void> {
  const database = await createBenchDatabase(ADMIN_URL, 'kb_bench_kick');
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  const kick = new FakeKickServer('kickback-local', 'kickback-local-secret');
  await kick.start();
  const db = new Client({ connectionString: database.url });
  db.on('error', () => undefined);
  const apis: ChildProcess[] = [];
  try {
    await runMigrations(database.url);
    await db.connect();
    await db.query(
      `insert into users (username, name, role, is_demo, kick_user_id)
       select 'kick_bench_' || g, 'kick_bench_' || g, 'member', true, $1::bigint + g from generate_series(1, $2::int) g`,
      [KICK_ID_BASE, MEMBERS],
    );
    // BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the api the bench drives.
    const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const bases: string[] = [];
    for (let r = 0; r < REPLICAS; r++) {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const api = spawn(process.execPath, [...nodeArgs, join(__dirname, '..', 'apps', 'api', 'src', 'main.js')], {
        env: {
          ...process.env,
          ...productEnv({
            databaseUrl: database.url,
            redisUrl: REDIS_URL,
            logLevel: process.env.BENCH_API_LOG_LEVEL ?? 'error',
            frontend: 'none',
          }),
          PORT: String(port),
          APP_URL: `http://localhost:${port}`,
          KICK_API_URL: kick.url,
          DB_POOL_MAX: String(Math.min(CONCURRENCY, 32)),
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      apis.push(api);
      await waitForApi(api, base);
      bases.push(base);
    }
    const pids = apis.map((api) => api.pid);

    // Signing costs the sender far more than verifying costs us: every delivery is signed before the clock starts.
    const signed: SignedDelivery[] = [];
    for (let i = 0; i < DELIVERIES; i++) {
      const member = KICK_ID_BASE + 1 + (i % MEMBERS);
      signed.push(
        kick.events.sign('kicks.gifted', { sender: kickUser(member, `m${member}`), gift: { amount: 10, name: 'Rage', type: 'BASIC' } }),
      );
    }
    const duplicates = signed.filter((_, i) => i % 10 === 0);
    const applied = await blast(bases, [...signed, ...duplicates], pids);
    // The same number of deliveries of a type this build does not apply: signature, freshness and the message row only.
    const ignored: SignedDelivery[] = [];
    for (let i = 0; i < DELIVERIES; i++)
      ignored.push(kick.events.sign('livestream.metadata.updated', { title: `Stream title ${i}` }, { version: 2 }));
    const acknowledged = await blast(bases, ignored, pids);

    // The framework's bare ceiling in the same run: a POST of the same bytes to an empty NestJS app answering 200.
    const bare = await bareNestPost(DELIVERIES, CONCURRENCY, signed[0]!.body, '{"success":true,"message":"awarded"}');

    const problems: string[] = [];
    const one = async (sql: string) => Number((await db.query(sql)).rows[0].n);
    const messages = await one(`select count(*) as n from kick_messages`);
    const awards = await one(`select count(*) as n from activity_awards`);
    const ledger = await one(`select count(*) as n from points_ledger where reason = 'activity.kicks'`);
    const ignoredRows = await one(`select count(*) as n from kick_messages where outcome = 'ignored'`);
    const events = await one(`select count(*) as n from outbox_events where type = 'activity.awarded'`);
    if (messages !== 2 * DELIVERIES) problems.push(`kick_messages ${messages} ≠ ${2 * DELIVERIES}`);
    if (ignoredRows !== DELIVERIES) problems.push(`ignored messages ${ignoredRows} ≠ ${DELIVERIES}`);
    if (awards !== DELIVERIES) problems.push(`awards ${awards} ≠ ${DELIVERIES}`);
    if (ledger !== DELIVERIES) problems.push(`ledger rows ${ledger} ≠ ${DELIVERIES}`);
    if (events !== DELIVERIES) problems.push(`activity.awarded events ${events} ≠ ${DELIVERIES}`);
    const mismatched = await one(
      `select count(*) as n from wallets w where w.balance <> (select coalesce(sum(delta), 0) from points_ledger l where l.user_id = w.user_id)`,
    );
    if (mismatched) problems.push(`${mismatched} wallets differ from their ledger`);
    for (const phase of [applied, acknowledged])
      if (phase.non200) problems.push(`${phase.non200} answers were not 200: ${JSON.stringify(phase.statuses)}`);

    console.log(
      JSON.stringify(
        {
          concurrency: CONCURRENCY,
          apiReplicas: REPLICAS,
          applied: { ...report(applied), distinct: DELIVERIES, duplicates: duplicates.length },
          acknowledged: report(acknowledged),
          bareNestPost: { perSecond: Math.round(bare.perSecond), p50: bare.p50, p99: bare.p99 },
          appliedVsBare: Number((applied.perSecond / bare.perSecond).toFixed(2)),
          goal: GOAL,
          problems,
        },
        null,
        2,
      ),
    );
    if (problems.length || (process.env.BENCH_STRICT === '1' && applied.perSecond < GOAL)) process.exitCode = 1;
  } finally {
    await Promise.all(apis.map((api) => stopProcess(api)));
    await db.end().catch(() => undefined);
    await kick.stop();
    redis.disconnect();
    await database.drop();
  }
}

runBench(main);
