/**
 * Soak (issue #56 item 2): a stream night compressed into BENCH_SOAK_MINUTES (default 30) against the scale-out setup
 * — two api processes on ports of their own and one worker, sharing PostgreSQL and a Redis of the bench's own — to
 * see whether anything grows over hours.
 *
 * The night: anonymous viewers on the live pages (their recorded first loads, then their rooms) in ten-minute waves,
 * a third of them dropping and coming back every BENCH_SOAK_RECONNECT_MINUTES; members (dev login) taking a turn every
 * BENCH_SOAK_TURN_SECONDS: a page read, the open raffle's entry, the hunt's and the tournament's predictions while
 * open, a store redemption every fifth turn, a chat message and every third turn kicks gifted (some sent twice) as
 * signed Kick deliveries; the admin running a raffle, a hunt and a tournament per BENCH_SOAK_CYCLE_MINUTES cycle (wins,
 * match winners, the draw); OBS overlays (hunt, tournament, raffle) connected throughout. Redis is restarted (with its
 * data, as a persistent Redis is) at 40 % of the night and api B at 60 %.
 *
 * Sampled every minute: each process's RSS, heap used, event-loop delay p99 and open sockets (its own Prometheus
 * metrics), Redis memory and keys by prefix, the outbox's and job tables' rows and size, BullMQ's jobs per queue, and
 * the members' read and entry p99. Printed: the series, then the goals (RSS slope after the warm-up ≤ 5 MB/h per
 * process, Redis bounded, last-window p99 ≤ 1.2× the first) and the exact checks (every acknowledged entry,
 * prediction, redemption, Kick delivery, award and overlay push there once). Exits non-zero when one is missed.
 *
 * The warm-up and the p99 windows are 10 minutes, or a third of a shorter night; the goals are judged from a 20-minute
 * night on (a shorter one prints its figures unjudged and fails only on the exact checks).
 *
 * Run: npm run bench soak
 * Env: BENCH_PG_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_SOAK_MINUTES (30), BENCH_SOAK_VIEWERS
 *      (1000 at the waves' peak), BENCH_SOAK_MEMBERS (200), BENCH_SOAK_TURN_SECONDS (20), BENCH_SOAK_CYCLE_MINUTES (5),
 *      BENCH_SOAK_RECONNECT_MINUTES (3), BENCH_LOG_LEVEL (error), BENCH_SOAK_VERBOSE (1: print each refused action),
 *      BENCH_SOAK_SAMPLES (the JSON-lines file of the samples; a new one under TMPDIR).
 */
import 'reflect-metadata';
import { appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import Redis from 'ioredis';
import { runMigrations } from '../libs/platform/src/database/run-migrations';
import { FakeKickServer } from '../libs/testing/src/fakes/fake-kick.server';
import { TestClient } from '../libs/testing/src/test-client';
import { createBenchDatabase } from './lib/bench-database';
import { inBatches } from './lib/in-batches';
import { closeGetPools } from './lib/pooled-get';
import { AdminSchedule, type Overlays } from './soak/admin';
import { exactChecks } from './soak/checks';
import { MemberActions, type SoakMember } from './soak/members';
import { OverlayWatcher } from './soak/overlays';
import { PrivateRedis } from './soak/private-redis';
import { printSeries, summarise } from './soak/report';
import { Sampler, type Sample } from './soak/sampler';
import { SoakStack } from './soak/stack';
import { ViewerWaves } from './soak/viewers';
import { SoakLedger, type SoakWorld } from './soak/world';
import { runBench } from './lib/run-bench';

const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 30);
const VIEWERS = Number(process.env.BENCH_SOAK_VIEWERS ?? 1000);
const MEMBERS = Number(process.env.BENCH_SOAK_MEMBERS ?? 200);
const TURN_MS = Number(process.env.BENCH_SOAK_TURN_SECONDS ?? 20) * 1000;
const CYCLE_MS = Number(process.env.BENCH_SOAK_CYCLE_MINUTES ?? 5) * 60_000;
const RECONNECT_MINUTES = Number(process.env.BENCH_SOAK_RECONNECT_MINUTES ?? 3);
const WARM_UP = Math.min(10, Math.floor(MINUTES / 3));
/** Each minute's sample as a JSON line, written as it is taken: a night that ends early keeps what it measured. */
const SAMPLES_FILE = process.env.BENCH_SOAK_SAMPLES ?? join(tmpdir(), `kb-soak-samples-${Date.now()}.jsonl`);
const KICK_ID_BASE = 7_000_000;
const GRANT = 1_000_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sleepUntil = (at: number) => sleep(Math.max(0, at - Date.now()));

/** The dev login, from an address of the member's own (the login is limited per address). */
async function login(client: TestClient, userId: number, n: number): Promise<void> {
  const token = await client.refreshCsrf();
  const res = await client.request('POST', '/login/dev', {
    form: { _csrf: token, user_id: String(userId) },
    csrf: false,
    headers: { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
  });
  if (res.status !== 303) throw new Error(`login of ${userId} answered ${res.status}`);
  await client.refreshCsrf();
}

async function main(): Promise<void> {
  const database = await createBenchDatabase(ADMIN_URL, 'kb_bench_soak');
  const redisServer = await PrivateRedis.start();
  const kick = new FakeKickServer('kickback-local', 'kickback-local-secret');
  await kick.start();
  const db = new Client({ connectionString: database.url });
  db.on('error', () => undefined);
  const redis = new Redis(redisServer.url, { maxRetriesPerRequest: null });
  redis.on('error', () => undefined);
  let stack: SoakStack | null = null;
  let sampler: Sampler | null = null;
  let viewers: ViewerWaves | null = null;
  let overlays: Overlays | null = null;
  try {
    await runMigrations(database.url);
    await db.connect();
    stack = await SoakStack.start({
      databaseUrl: database.url,
      redisUrl: redisServer.url,
      kickUrl: kick.url,
      channel: `kb-soak-${database.name}`,
    });
    const bases = () => stack!.bases;
    sampler = new Sampler(redis, db);

    const { rows: adminRows } = await db.query<{ id: number }>(
      `insert into users (username, name, role, kick_username, is_demo) values ('soak_admin', 'Soak Admin', 'Admin', 'soak_admin', true) returning id`,
    );
    const { rows: memberRows } = await db.query<{ id: number; kick_user_id: string; username: string }>(
      `insert into users (username, name, role, kick_username, kick_user_id, is_demo)
       select 'soak_' || g, 'Soak ' || g, 'member', 'soak_' || g, $1::bigint + g, true from generate_series(1, $2::int) g
       returning id, kick_user_id, username`,
      [KICK_ID_BASE, MEMBERS],
    );
    // Points to redeem with, granted as a ledger row so that ledger = balance holds from the start.
    await db.query(
      `insert into points_ledger (user_id, delta, reason, idempotency_key) select id, $1, 'bench.grant', 'soak-' || id from users where role = 'member'`,
      [GRANT],
    );
    await db.query(`insert into wallets (user_id, balance) select id, $1 from users where role = 'member'`, [GRANT]);
    const { rows: itemRows } = await db.query<{ id: number }>(
      `insert into store_items (name, cost, quantity, category) values ('Soak perk', 10, null, 'bench') returning id`,
    );
    await db.query('analyze users');

    const admin = new TestClient(bases()[0]!, bases()[0]!.replace('127.0.0.1', 'localhost'));
    await admin.loginAs(adminRows[0]!.id);
    const members: SoakMember[] = [];
    await inBatches(memberRows, 10, async (row, i) => {
      const base = bases()[i % 2]!;
      const client = new TestClient(base, base.replace('127.0.0.1', 'localhost'));
      await login(client, row.id, i + 1);
      members[i] = { id: row.id, kickId: Number(row.kick_user_id), name: row.username, client, home: i % 2 };
    });

    const token = async (kind: string) =>
      (await admin.json<{ data: { token: string } }>('POST', `/api/admin/overlays/${kind}/token`)).body.data.token;
    overlays = {
      hunt: new OverlayWatcher(bases()[0]!, 'hunt', await token('hunt'), 'hunt:game', (p) => [(p as { game: { id: number } }).game.id]),
      tournament: new OverlayWatcher(bases()[0]!, 'tournament', await token('tournament'), 'tournament:match', (p) =>
        (p as { matches: { id: number }[] }).matches.map((m) => m.id),
      ),
      // On api B, which restarts: an overlay that must come back by itself.
      raffle: new OverlayWatcher(bases()[1]!, 'raffle', await token('raffle'), 'raffle:entries', () => []),
    };

    const world: SoakWorld = { raffleId: null, hunt: null, tournament: null, storeItemId: itemRows[0]!.id };
    const ledger = new SoakLedger();
    const schedule = new AdminSchedule(admin, world, overlays, CYCLE_MS);
    await schedule.setup();
    viewers = new ViewerWaves(bases, world, VIEWERS);

    const t0 = Date.now();
    const endAt = t0 + MINUTES * 60_000;
    const minuteNow = () => Math.min(MINUTES - 1, Math.floor((Date.now() - t0) / 60_000));
    const actions = new MemberActions(bases, world, ledger, kick, minuteNow);
    console.log(
      `soak: ${MINUTES} min, ${VIEWERS} viewers at the peak, ${MEMBERS} members (a turn every ${TURN_MS / 1000} s), api ×2 + worker; samples also in ${SAMPLES_FILE}`,
    );

    const adminRun = schedule.run(endAt).catch((err: Error) => schedule.record.failed.push(`schedule stopped: ${err.message}`));
    const memberRuns = members.map(async (member, i) => {
      await sleep((i * TURN_MS) / members.length);
      for (let next = Date.now(); Date.now() < endAt; next += TURN_MS) {
        await actions.act(member);
        await sleepUntil(next + TURN_MS);
      }
    });
    // The viewers: resized each minute, dropped sockets opened again every 10 s, a third reconnecting on schedule.
    const viewerRun = (async () => {
      let reconnected = -1;
      while (Date.now() < endAt) {
        const minute = minuteNow();
        const reconnect = minute > 0 && minute % RECONNECT_MINUTES === 0 && reconnected !== minute;
        if (reconnect) reconnected = minute;
        await viewers!.tick(minute, reconnect);
        await sleep(10_000);
      }
    })();
    const events: string[] = [];
    // A restart that fails is an event of the night, not the end of the run: the samples so far still say something.
    const restarts = (async () => {
      await sleepUntil(t0 + MINUTES * 0.4 * 60_000);
      events.push(`minute ${minuteNow()}: Redis restarted (away ${await redisServer.restart()} ms)`);
      await sleepUntil(t0 + MINUTES * 0.6 * 60_000);
      events.push(`minute ${minuteNow()}: api-b restarted (away ${await stack!.restartApi(1)} ms)`);
    })().catch((err: Error) => {
      events.push(`minute ${minuteNow()}: restart FAILED: ${err.message}`);
      schedule.record.failed.push(`restart failed: ${err.message}`);
    });
    const samples: Sample[] = [];
    const connected: number[] = [];
    for (let minute = 0; minute < MINUTES; minute++) {
      await sleepUntil(t0 + (minute + 1) * 60_000);
      connected[minute] = viewers.connected;
      samples.push(await sampler.sample(minute, stack.processes));
      const s = samples[samples.length - 1]!;
      appendFileSync(SAMPLES_FILE, `${JSON.stringify({ ...s, viewers: connected[minute] })}\n`);
      console.log(
        `minute ${minute}: ${Object.entries(s.processes)
          .map(([n, p]) => `${n} ${Number.isFinite(p.rssMb) ? p.rssMb.toFixed(0) : '–'} MB`)
          .join(', ')}; redis ${s.redisKeys} keys; ${connected[minute]} viewers`,
      );
    }
    await Promise.all([adminRun, ...memberRuns, viewerRun, restarts]);
    // The worker's relay and pushes of the last actions.
    await sleep(5000);

    const window = WARM_UP;
    printSeries(samples, ledger, connected);
    console.log(
      `events: ${events.join('; ')}; viewer joins ${viewers.joins}, failed ${viewers.failures}, first-load reads failed ${viewers.readFailures}; raffle overlay reconnects ${overlays.raffle.reconnects}`,
    );
    if (Object.keys(ledger.refused).length) console.log(`refused (4xx, as the page would be): ${JSON.stringify(ledger.refused)}`);
    for (const [key, text] of Object.entries(ledger.firstRefusals)) console.log(`  first ${key}: ${text}`);
    const verdict = summarise(samples, ledger, MINUTES, WARM_UP, window);
    const exact = await exactChecks(db, ledger, schedule.record, overlays);
    console.log(`\nsummary (warm-up ${WARM_UP} min, p99 windows ${window} min)`);
    verdict.lines.forEach((l) => console.log(`  ${l}`));
    console.log('exact checks');
    Object.entries(exact.counts).forEach(([k, v]) => console.log(`  ${k}: ${v}`));
    console.log(`problems: ${exact.problems.length ? exact.problems.join('; ') : 'none'}`);
    console.log(`goals missed: ${verdict.missed.length ? verdict.missed.join(', ') : 'none'}`);
    if (exact.problems.length || verdict.missed.length) process.exitCode = 1;
  } finally {
    viewers?.close();
    if (overlays) Object.values(overlays).forEach((o) => o.close());
    await closeGetPools();
    await sampler?.close();
    await stack?.stop();
    redis.disconnect();
    await redisServer.remove();
    await kick.stop();
    await db.end().catch(() => undefined);
    await database.drop();
  }
}

runBench(main);
