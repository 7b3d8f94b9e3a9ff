/**
 * Raffle burst: BENCH_USERS distinct logged-in members (default 5,000) each enter one raffle
 * (free entry) as fast as the machine allows, while BENCH_WATCHERS connections (default 1,000)
 * watch the raffle's room. Reports entries/s, answer latency p50/p99, push lag (from a member's
 * answer to each watcher receiving that entry, over the entries pushed; 0 when the push beats the answer), the push bytes
 * per entry each watcher receives, and checks zero lost or duplicated entries in the database and at every watcher
 * (a push sends a page of rows per list order and counts the rest, so each entry is sent or counted once). The worker's
 * XP for the entries is not waited for by the burst's figures; the time after the burst until every entry has its
 * award shows whether the worker kept up.
 *
 * Members enter the way the raffle page does while its socket is connected: the raffle:enter
 * event on their own session-authenticated connection (BENCH_ENTRY_PATH=http: POST /enter instead).
 *
 * The watchers live in a child process of their own and keep frames undecoded until the burst is
 * over (RawRoomSocket): real viewers parse pushes on their own devices (times are wall-clock ms,
 * shared by both processes).
 *
 * Client-faithful (issue #16 item 1): before the burst, BENCH_WATCHERS viewers replay the raffle page's first load as
 * recorded in bench/fixtures/page-patterns.json (its page and API reads, each viewer with a member's cookie, as the
 * recorded visitor is a member); after its answer, each member replays what the page reads after its entry (the
 * fixture's action reads; none since the entry stopped refetching). Bytes per entry = the answer plus those reads
 * (pushes to viewers excluded). In the same run, the framework's bare ceiling for the entry path: a bare Socket.IO
 * acknowledgement round trip (socket path) or a bare NestJS POST in an empty app (HTTP path), with the same members'
 * count, concurrency and answer bytes; the product is reported as a ratio of it. Then a bare Socket.IO server sends
 * the pushes watcher 0 received (same bytes) to as many watchers: the framework's own cost of the burst's fan-out, which
 * with the bare ceiling makes the floor the api is also reported against. Its receivers are the watchers' own client,
 * so their CPU per frame is the floor of the viewers' CPU, whoever sends the frames.
 *
 * Warm, as during a stream: before the measured burst every member enters a raffle nobody watches (its rate is the
 * cold api's), and the burst starts once the worker has awarded that raffle's XP; the bare ceilings warm up likewise
 * (bench/lib/bare-ceilings.ts). Where the two cores went during the burst is reported per process (bench/lib/cpu-time.ts),
 * with what that leaves for the ratio to the bare ceiling.
 *
 * The product runs as in production: BENCH_API_REPLICAS api processes (default 1 on this 2-core machine; with more,
 * requests and sockets are spread round-robin, as behind the ingress) and one worker, all built by `npm run bench`.
 *
 * Run: npm run bench raffle-burst
 * Env: BENCH_PG_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_REDIS_URL (redis://127.0.0.1:6379/12, flushed),
 *      BENCH_ENTRY_PATH (socket | http), BENCH_USERS (5000), BENCH_WATCHERS (1000), BENCH_CONCURRENCY (96),
 *      BENCH_API_REPLICAS (1), BENCH_WARM_UP (1; 0 measures the cold api), BENCH_LOG_LEVEL (product log level, default silent),
 *      BENCH_NODE_ARGS (extra node flags for the product processes, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'),
 *      BENCH_WATCHER_NODE_ARGS (the same for the watcher process).
 */
import 'reflect-metadata';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Client, Pool } from 'pg';
import Redis from 'ioredis';
import { runMigrations } from '../libs/platform/src/database/run-migrations';
import { TestClient } from '../libs/testing/src/test-client';
import { sha256Hex } from '../libs/contracts/src/sha256';
import type { RaffleEnterAnswer, RaffleEntriesPush } from '../libs/contracts/src/api/raffles';
import { io, type Socket } from 'socket.io-client';
import { createBenchDatabase } from './lib/bench-database';
import { freePort } from './lib/free-port';
import { inBatches } from './lib/in-batches';
import { bareBroadcastCpuMs, bareNestPost, bareSocketAck, type CeilingResult } from './lib/bare-ceilings';
import { pagePattern } from './lib/page-pattern';
import { closeGetPools, replayReads } from './lib/pooled-get';
import { closePools, pooledPost } from './lib/pooled-post';
import { RawRoomSocket, frameText, type RawFrame } from './lib/raw-room-socket';
import { percentile } from './lib/percentile';
import { machineCpuWindow, redisCpuMs } from './lib/cpu-time';
import { stopProcess } from './lib/stop-process';
import { waitForApi } from './lib/wait-for-api';
import { LIFTED_LIMITS, productEnv } from './lib/product-env';

const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/12';
const USERS = Number(process.env.BENCH_USERS ?? 5000);
const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 96);
const REPLICAS = Number(process.env.BENCH_API_REPLICAS ?? 1);
/** How members enter: over their open socket as the raffle page does when connected (default), or POST over HTTP. */
const ENTRY_PATH = process.env.BENCH_ENTRY_PATH === 'http' ? 'http' : 'socket';
/** Whether every member first enters an unwatched raffle, so the measured burst meets a warm api (default on). */
const WARM_UP = process.env.BENCH_WARM_UP !== '0';

const now = () => performance.now();
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

function startProcess(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, join(__dirname, '..', script)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', process.env.BENCH_LOG_LEVEL ? 'inherit' : 'ignore', 'inherit'],
  });
}

async function startApi(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = startProcess('apps/api/src/main.js', { ...env, PORT: String(port), APP_URL: `http://localhost:${port}` });
  const base = `http://127.0.0.1:${port}`;
  await waitForApi(child, base);
  return { child, base };
}

/** The burst's HTTP client: pooled keep-alive connections with a logged-in TestClient's cookie and CSRF token. */
const ENTER_BODY = JSON.stringify({ entry_type: 'passwordless' });
function postEnter(client: TestClient, path: string): Promise<{ status: number; body: string }> {
  return pooledPost(new URL(path, client.baseUrl), ENTER_BODY, {
    cookie: client.cookieHeader,
    'x-csrf-token': client.csrfToken ?? '',
    origin: client.baseUrl.replace('127.0.0.1', 'localhost'),
  });
}

/** A member's own Socket.IO connection (the page's socket), authenticated by the session cookie. */
async function memberSocket(client: TestClient): Promise<Socket> {
  const socket = io(client.baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie: client.cookieHeader, origin: client.baseUrl.replace('127.0.0.1', 'localhost') },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

async function enterOverSocket(socket: Socket, raffleId: number): Promise<{ status: number; body: string }> {
  const answer: RaffleEnterAnswer = await socket
    .timeout(30_000)
    .emitWithAck('raffle:enter', { raffle_id: raffleId, entry_type: 'passwordless' });
  return { status: answer.status, body: JSON.stringify(answer.body) };
}

/** Demo login from a distinct (proxied) address per member: the login form is throttled per address. */
async function login(client: TestClient, userId: number, n: number): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const token = await client.refreshCsrf();
    const res = await client.request('POST', '/login/dev', {
      form: { _csrf: token, user_id: String(userId) },
      csrf: false,
      headers: { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
    });
    if (res.status === 303) break;
    // Setup only, not measured: a login racing its own fresh session is simply tried again.
    if (attempt === 3) throw new Error(`login failed for ${userId}: ${res.status}`);
  }
  await client.refreshCsrf();
}

/**
 * Context only: one free entry per statement (entry row + outbox row, the event as the product's single-entry
 * statements write it), as the product wrote them before FreeEntryBatcher grouped them, straight from a pg pool.
 */
const SINGLE_ENTRY_SQL = `with u as (
    select id, username, kick_username, avatar_url from users where id = $1 and nullif(trim(kick_username), '') is not null
  ), e as (
    insert into raffle_entries (raffle_id, user_id, entry_type, tickets)
    select r.id, u.id, 'passwordless', 1 from raffles r cross join u
    where r.id = $2 and r.allow_passwordless and r.starts_at <= now() and r.ends_at > now() and r.cancelled_at is null and r.drawn_at is null
    for key share of r
    on conflict (raffle_id, user_id) where entry_type = 'passwordless' do nothing
    returning id, tickets, created_at
  ), o as (
    insert into outbox_events (type, payload)
    select 'raffle.entries-added', jsonb_build_object('raffleId', $2::int, 'entries', jsonb_build_array(
      jsonb_build_object('userId', $1::int, 'entryId', e.id, 'entryType', 'passwordless', 'tickets', 1, 'pointsSpent', 0))) from e
  )
  select e.id::text as entry_id, e.tickets, e.created_at, u.id, u.username, u.kick_username, u.avatar_url from e cross join u`;

async function rawPhase(
  databaseUrl: string,
  raffleId: number,
  userIds: number[],
): Promise<{ perSecond: number; p50: number; p99: number; ok: number }> {
  const pool = new Pool({ connectionString: databaseUrl, max: 24 });
  const latencies: number[] = [];
  let ok = 0;
  let next = 0;
  const started = now();
  try {
    await Promise.all(
      Array.from({ length: 24 }, async () => {
        for (;;) {
          const i = next++;
          if (i >= userIds.length) return;
          const t0 = now();
          const res = await pool.query(SINGLE_ENTRY_SQL, [userIds[i], raffleId]);
          latencies.push(now() - t0);
          if (res.rowCount === 1) ok++;
        }
      }),
    );
  } finally {
    await pool.end();
  }
  latencies.sort((a, b) => a - b);
  return { perSecond: ok / ((now() - started) / 1000), p50: percentile(latencies, 50), p99: percentile(latencies, 99), ok };
}

/**
 * Where the two cores went during the burst, per entry, and what that leaves the ratio to the bare ceiling: the bare
 * round trip's server and clients had the machine to themselves, while an entry also pays PostgreSQL, Redis, the
 * worker, the members' clients and the viewers on the same cores. Even an api that cost no more than the bare server
 * could reach at most (bare round trip's machine CPU) / (everything else + the bare server's CPU) of the bare rate.
 */
function machineShare(byRole: Record<string, number>, seconds: number, bare: CeilingResult): string[] {
  const perEntryUs = (ms: number) => (ms * 1000) / USERS;
  const total = Object.values(byRole).reduce((a, b) => a + b, 0);
  const besidesApi = perEntryUs(total - (byRole.api ?? 0));
  const bareMachine = bare.cpuPerRoundTripUs + bare.clientCpuPerRoundTripUs;
  return [
    // Processes under half a µs per entry (the machine's other daemons, kernel threads) count in the total only.
    `the machine's CPU during the burst, per entry: ${Object.entries(byRole)
      .filter(([, ms]) => perEntryUs(ms) >= 0.5)
      .sort(([, a], [, b]) => b - a)
      .map(([role, ms]) => `${role} ${perEntryUs(ms).toFixed(0)} µs`)
      .join(', ')}; ${perEntryUs(total).toFixed(0)} µs in all (${(total / 10 / seconds).toFixed(0)}% of one core over the burst)`,
    `the bare round trip's: server ${bare.cpuPerRoundTripUs.toFixed(0)} µs + clients ${bare.clientCpuPerRoundTripUs.toFixed(0)} µs = ${bareMachine.toFixed(0)} µs; ` +
      `an entry's besides the api: ${besidesApi.toFixed(0)} µs, so an api as cheap as the bare server would reach at most ` +
      `${((bareMachine / (besidesApi + bare.cpuPerRoundTripUs)) * 100).toFixed(0)}% of the bare rate on this machine`,
  ];
}

interface BurstResult {
  seconds: number;
  latencies: number[];
  ok: number;
  unexpected: string[];
  entryBytes: number;
  afterFailed: number;
  sampleAnswer: string;
  /** Wall-clock ms of each successful answer, by the member's index. */
  answeredAt: Map<number, number>;
}

/** Member i enters with `enter(i)` and then makes the page's reads after an entry (`after(i)`); CONCURRENCY at a time. */
async function burst(
  enter: (i: number) => Promise<{ status: number; body: string }>,
  after: (i: number) => Promise<{ bytes: number; failed: number }>,
): Promise<BurstResult> {
  const result: BurstResult = {
    seconds: 0,
    latencies: [],
    ok: 0,
    unexpected: [],
    entryBytes: 0,
    afterFailed: 0,
    sampleAnswer: '',
    answeredAt: new Map(),
  };
  let next = 0;
  const started = now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (;;) {
        const i = next++;
        if (i >= USERS) return;
        const t0 = now();
        const { status, body } = await enter(i);
        result.latencies.push(now() - t0);
        result.entryBytes += Buffer.byteLength(body);
        if (status === 200) {
          result.ok++;
          result.sampleAnswer ||= body;
          result.answeredAt.set(i, Date.now());
        } else if (result.unexpected.length < 5) result.unexpected.push(`${status} ${body}`);
        const reads = await after(i);
        result.entryBytes += reads.bytes;
        result.afterFailed += reads.failed;
      }
    }),
  );
  result.seconds = (now() - started) / 1000;
  result.latencies.sort((a, b) => a - b);
  return result;
}

/** Seconds from `since` until the worker had awarded `awards` raffle-entry XP in all, or null after 120 s. */
async function xpCaughtUpAfter(db: Client, awards: number, since = now()): Promise<number | null> {
  for (const deadline = since + 120_000; now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from xp_ledger where source = 'raffle_entry'`);
    if (rows[0]!.n >= awards) return (now() - since) / 1000;
  }
  return null;
}

async function main(): Promise<void> {
  const database = await createBenchDatabase(ADMIN_URL, 'kb_bench_raffle');
  const databaseUrl = database.url;
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  const children: ChildProcess[] = [];
  const memberSockets: Socket[] = [];
  const db = new Client({ connectionString: databaseUrl });
  try {
    await runMigrations(databaseUrl);
    await db.connect();
    const env = {
      ...productEnv({ databaseUrl, redisUrl: REDIS_URL, logLevel: process.env.BENCH_LOG_LEVEL ?? 'silent', frontend: 'none' }),
      ...LIFTED_LIMITS,
      DB_POOL_MAX: '12',
      WORKER_HEALTH_PORT: '0',
      REALTIME_CHANNEL: `kb-bench-${database.name}`,
    };
    const apis = await Promise.all(Array.from({ length: REPLICAS }, () => startApi(env)));
    const worker = startProcess('apps/worker/src/main.js', env);
    const workerPid = worker.pid!;
    children.push(...apis.map((a) => a.child), worker);
    const bases = apis.map((a) => a.base);

    const { rows: users } = await db.query<{ id: number }>(
      `insert into users (username, name, role, kick_username, is_demo)
       select 'burst_' || g, 'Burst ' || g, 'member', 'burst_' || g, true from generate_series(1, $1) g returning id`,
      [USERS],
    );
    const seed = randomBytes(32).toString('hex');
    const { rows: raffleRows } = await db.query<{ id: number }>(
      `insert into raffles (title, starts_at, ends_at, number_of_winners, seed, seed_hash)
       values ('Burst raffle', now() - interval '1 minute', now() + interval '1 hour', 10, $1, $2) returning id`,
      [seed, sha256Hex(seed)],
    );
    const raffleId = raffleRows[0]!.id;
    // A live database's statistics know its members (autovacuum analyzes a table within a minute of such growth);
    // without them the entry statement's planner takes the just-created users table for empty and scans all of it.
    await db.query('analyze users, raffles');

    process.stdout.write(`logging in ${USERS} members... `);
    const clients: TestClient[] = [];
    await inBatches(users, 20, async (u, i) => {
      const base = bases[i % bases.length]!;
      const client = new TestClient(base, base.replace('127.0.0.1', 'localhost'));
      await login(client, u.id, i + 1);
      clients[i] = client;
    });
    console.log('done');

    if (ENTRY_PATH === 'socket') {
      process.stdout.write(`connecting ${USERS} member sockets... `);
      await inBatches(clients, 50, async (client, i) => {
        memberSockets[i] = await memberSocket(client);
      });
      console.log('done');
    }

    // The viewers' first load, as the page makes it (a member's cookie each), 32 at a time.
    const pattern = pagePattern('raffle', { id: raffleId, n: raffleId });
    const cookieOf = (client: TestClient) => ({ cookie: client.cookieHeader });
    process.stdout.write(`${WATCHERS} viewers' first load (${pattern.firstLoadReads.join(', ')})... `);
    let firstLoadBytes = 0;
    let firstLoadFailed = 0;
    const firstLoadStarted = now();
    await inBatches(
      Array.from({ length: WATCHERS }, (_, v) => v),
      32,
      async (v) => {
        const load = await replayReads(bases[v % bases.length]!, pattern.firstLoadReads, cookieOf(clients[v % clients.length]!));
        firstLoadBytes += load.bytes;
        firstLoadFailed += load.failed;
      },
    );
    const firstLoadSeconds = (now() - firstLoadStarted) / 1000;
    console.log('done');

    process.stdout.write(`connecting ${WATCHERS} watchers... `);
    const watchers = fork(__filename, ['watchers'], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      execArgv: (process.env.BENCH_WATCHER_NODE_ARGS ?? '').split(' ').filter(Boolean),
    });
    children.push(watchers);
    const fromWatchers = <T>(type: string) =>
      new Promise<T>((resolve, reject) => {
        const onMessage = (m: { type: string } & T) => {
          if (m.type !== type) return;
          watchers.off('message', onMessage);
          resolve(m);
        };
        watchers.on('message', onMessage);
        watchers.once('exit', (code) => reject(new Error(`watchers exited with ${code}`)));
      });
    const ready = fromWatchers<{ type: 'ready' }>('ready');
    watchers.send({ type: 'start', bases, raffleId, count: WATCHERS });
    await ready;
    console.log('done');

    const apiPids = apis.map((a) => a.child.pid!);
    const enterAll = (id: number) =>
      burst(
        ENTRY_PATH === 'socket'
          ? (i) => enterOverSocket(memberSockets[i]!, id)
          : (i) => postEnter(clients[i]!, `/api/r/raffles/${id}/enter`),
        async (i) => {
          // What the page then reads because of its own entry (the fixture's action reads).
          if (!pattern.afterActionReads.length) return { bytes: 0, failed: 0 };
          return replayReads(clients[i]!.baseUrl, pattern.afterActionReads, cookieOf(clients[i]!));
        },
      );

    // A live api has served entries before the stream's big raffle: the same members first enter a raffle nobody
    // watches (its figure is the cold api's), and the measured burst starts once the worker has caught up.
    let xpBefore = 0;
    if (WARM_UP) {
      const { rows: warmRaffle } = await db.query<{ id: number }>(
        `insert into raffles (title, starts_at, ends_at, number_of_winners, seed, seed_hash)
         values ('Warm-up raffle', now() - interval '1 minute', now() + interval '1 hour', 1, $1, $2) returning id`,
        [seed, sha256Hex(seed)],
      );
      process.stdout.write(`warm-up: every member enters an unwatched raffle first... `);
      const cold = await enterAll(warmRaffle[0]!.id);
      if (cold.ok !== USERS) throw new Error(`warm-up wrote ${cold.ok} of ${USERS} entries: ${cold.unexpected.join('; ')}`);
      if ((await xpCaughtUpAfter(db, USERS)) === null) throw new Error('the worker had not caught up 120 s after the warm-up');
      xpBefore = USERS;
      console.log(
        `done (${(cold.ok / cold.seconds).toFixed(0)} entries/s, p99 ${percentile(cold.latencies, 99).toFixed(1)} ms on the cold api)`,
      );
    }

    const redisBefore = await redisCpuMs(redis);
    const machineCpu = machineCpuWindow();
    const burstMonotonicUs = process.hrtime.bigint() / 1000n;
    const { seconds, latencies, ok, unexpected, entryBytes, afterFailed, sampleAnswer, answeredAt } = await enterAll(raffleId);
    const burstEnded = now();
    // A --cpu-prof profile's sample times, and perf's with `-k CLOCK_MONOTONIC`, are on the same clock: this window
    // picks the burst out of them.
    if (nodeArgs.length) {
      console.log(`burst window, monotonic µs: ${burstMonotonicUs}–${process.hrtime.bigint() / 1000n}`);
    }
    const redisBurstCpuMs = (await redisCpuMs(redis)) - redisBefore;
    const machineCpuMs = machineCpu({ api: apiPids, worker: [workerPid], watchers: [watchers.pid!], 'bench (members)': [process.pid] });
    const apiCpuPerEntryUs = ((machineCpuMs.api ?? 0) * 1000) / USERS;
    const viewersCpuPerEntryUs = ((machineCpuMs.watchers ?? 0) * 1000) / USERS;

    const reportReady = fromWatchers<WatcherReport>('report');
    watchers.send({ type: 'finish', expected: ok, answeredAt: [...answeredAt].map(([i, at]) => [users[i]!.id, at]) });
    const report = await reportReady;

    const { rows: counted } = await db.query<{ n: number; distinct_users: number }>(
      'select count(*)::int as n, count(distinct user_id)::int as distinct_users from raffle_entries where raffle_id = $1',
      [raffleId],
    );
    const problems: string[] = [...unexpected];
    if (counted[0]!.n !== ok) problems.push(`database has ${counted[0]!.n} entries for ${ok} successful answers`);
    if (counted[0]!.distinct_users !== counted[0]!.n) problems.push('duplicate entries in the database');
    if (report.lostAt) problems.push(`${report.lostAt} watchers missed entries`);
    if (report.dupAt) problems.push(`${report.dupAt} watchers saw an entry twice`);
    if (report.lastTotal !== ok) problems.push(`last pushed total ${report.lastTotal} ≠ ${ok}`);

    // The worker's share of the same entries (their XP), which the burst's figures do not wait for: when it was done.
    const xpCaughtUp = await xpCaughtUpAfter(db, xpBefore + ok, burstEnded);
    if (xpCaughtUp === null) problems.push('the worker had not awarded XP for every entry 120 s after the burst');
    // Batch job ids end in their event count (the relay's evts-{first}-{last}-{count}).
    const batchJobs = await redis.zrange('bull:domain-event-batches:completed', 0, -1);
    const batchedEvents = batchJobs.reduce((sum, id) => sum + Number(id.split('-').pop()), 0);
    const singleJobs = await redis.zcard('bull:domain-events:completed');

    // The entry path's bare framework ceiling, same members' count, concurrency and answer bytes; measured before the
    // raw SQL phase, whose events keep the worker busy for a while after it.
    const bare =
      ENTRY_PATH === 'socket'
        ? await bareSocketAck(
            USERS,
            USERS,
            CONCURRENCY,
            'raffle:enter',
            { raffle_id: raffleId, entry_type: 'passwordless' },
            JSON.parse(sampleAnswer),
          )
        : await bareNestPost(USERS, CONCURRENCY, ENTER_BODY, sampleAnswer);
    // The same pushes to as many viewers from a bare server: what the framework alone spends on the burst's fan-out.
    // The viewers' client takes the same frames from it too: what receiving them costs whoever sends them.
    const bareBroadcast =
      WATCHERS && report.pushed.length ? await bareBroadcastCpuMs(WATCHERS, report.pushed, 20) : { serverMs: 0, receiversMs: 0 };
    const bareFanOutPerEntryUs = (bareBroadcast.serverMs * 1000) / USERS;
    const pushFrames = report.pushed.length * WATCHERS;
    // Context: one entry per statement without HTTP, sessions or sockets, against a second raffle.
    const { rows: rawRaffle } = await db.query<{ id: number }>(
      `insert into raffles (title, starts_at, ends_at, number_of_winners, seed, seed_hash)
       values ('Burst raffle (raw SQL)', now() - interval '1 minute', now() + interval '1 hour', 10, $1, $2) returning id`,
      [seed, sha256Hex(seed)],
    );
    const raw = await rawPhase(
      databaseUrl,
      rawRaffle[0]!.id,
      users.map((u) => u.id),
    );
    if (raw.ok !== USERS) problems.push(`raw phase wrote ${raw.ok} of ${USERS}`);
    if (firstLoadFailed || afterFailed) problems.push(`${firstLoadFailed} first-load and ${afterFailed} after-entry reads failed`);

    const bareName = ENTRY_PATH === 'socket' ? 'bare Socket.IO ack round trip' : 'bare NestJS POST in an empty app';

    const result = {
      'entries/s': (ok / seconds).toFixed(0),
      'p50 ms': percentile(latencies, 50).toFixed(1),
      'p99 ms': percentile(latencies, 99).toFixed(1),
      'push lag p50 ms': report.lagP50,
      'push lag p95 ms': report.lagP95,
      'push lag p99 ms': report.lagP99,
      'pushes (watcher 0)': report.pushes,
      seconds: seconds.toFixed(2),
    };
    console.log(
      `raffle burst: ${USERS} members × 1 free entry over ${ENTRY_PATH === 'socket' ? 'their sockets (raffle:enter)' : 'HTTP (POST /enter)'}, ${CONCURRENCY} in flight, ${WATCHERS} watchers, ${REPLICAS} api replicas + 1 worker`,
    );
    console.table([result]);
    console.log(
      `one-entry statement as raw SQL (24 pg connections, no HTTP): ${raw.perSecond.toFixed(0)} entries/s, p50 ${raw.p50.toFixed(1)} ms, p99 ${raw.p99.toFixed(1)} ms`,
    );
    console.log(
      `viewers' first load (${pattern.firstLoadReads.length} reads, 32 at a time): ${(WATCHERS / firstLoadSeconds).toFixed(0)} loads/s, ${(firstLoadBytes / Math.max(1, WATCHERS) / 1024).toFixed(1)} KB per viewer`,
    );
    console.log(
      `server bytes per entry (answer + the page's ${pattern.afterActionReads.length} reads after it, pushes excluded): ${(entryBytes / USERS).toFixed(0)} B`,
    );
    console.log(`push bytes per entry, to each viewer: ${(report.pushBytes / USERS).toFixed(0)} B (${report.pushes} pushes)`);
    console.log(
      `worker: XP for every entry awarded ${xpCaughtUp?.toFixed(2)} s after the last answer; ${batchedEvents} events in ` +
        `${batchJobs.length} batch jobs, ${singleJobs} single-event jobs`,
    );
    console.log(
      `${bareName} (${USERS} round trips, ${CONCURRENCY} in flight, same answer): ${bare.perSecond.toFixed(0)}/s, p50 ${bare.p50.toFixed(1)} ms, p99 ${bare.p99.toFixed(1)} ms; product entry = ${((ok / seconds / bare.perSecond) * 100).toFixed(0)}% of it`,
    );
    console.log(
      `CPU per entry during the burst: api ${apiCpuPerEntryUs.toFixed(0)} µs, Redis ${((redisBurstCpuMs * 1000) / USERS).toFixed(0)} µs (Redis also serves the worker's queues); ` +
        `the bare server's per round trip: ${bare.cpuPerRoundTripUs.toFixed(0)} µs (by CPU, the entry runs at ${((bare.cpuPerRoundTripUs / apiCpuPerEntryUs) * 100).toFixed(0)}% of its framework)`,
    );
    const floorUs = bare.cpuPerRoundTripUs + bareFanOutPerEntryUs;
    console.log(
      `bare Socket.IO broadcast of the burst's ${report.pushed.length} pushes to ${WATCHERS} watchers: ${bareFanOutPerEntryUs.toFixed(1)} µs of CPU per entry; ` +
        `with the ${bareName}, the framework's own floor for an entry is ${floorUs.toFixed(0)} µs, and the api spends ${(apiCpuPerEntryUs / floorUs).toFixed(1)}× that`,
    );
    if (pushFrames) {
      const barePerFrameUs = (bareBroadcast.receiversMs * 1000) / pushFrames;
      console.log(
        `viewers' CPU per push frame: ${(((machineCpuMs.watchers ?? 0) * 1000) / pushFrames).toFixed(1)} µs in the burst, ${barePerFrameUs.toFixed(1)} µs for ` +
          `the same client taking the same frames from the bare server; at ${(pushFrames / USERS).toFixed(2)} frames per entry that is a floor of ` +
          `${((barePerFrameUs * pushFrames) / USERS).toFixed(1)} µs per entry whoever sends them`,
      );
    }
    for (const line of machineShare(machineCpuMs, seconds, bare)) console.log(line);
    console.log(`entries ok ${ok}/${USERS}; problems: ${problems.length ? problems.join('; ') : 'none (zero lost, zero duplicated)'}`);
    // Issue #35's goals (the rate ratio against the bare server is reported above, no longer a goal: it depends on
    // the load generators sharing the two cores), with the earlier rate, latency and size goals.
    const goals = [
      ['≥ 3,000 entries/s', ok / seconds >= 3000],
      ['p99 < 250 ms', percentile(latencies, 99) < 250],
      ['push lag p95 < 250 ms', report.lagP95 < 250],
      ['≤ 2 KB served per entry', entryBytes / USERS <= 2048],
      [
        `api CPU per entry ≤ 3× the bare server's per round trip (${(apiCpuPerEntryUs / bare.cpuPerRoundTripUs).toFixed(1)}×)`,
        apiCpuPerEntryUs <= 3 * bare.cpuPerRoundTripUs,
      ],
      [`viewers' CPU ≤ 10 µs per entry (${viewersCpuPerEntryUs.toFixed(1)} µs)`, viewersCpuPerEntryUs <= 10],
    ] as const;
    for (const [goal, met] of goals) console.log(`${met ? 'met' : 'MISSED'}: ${goal}`);
    if (problems.length || ok !== USERS) process.exitCode = 1;
  } finally {
    await closePools();
    await closeGetPools();
    memberSockets.forEach((socket) => socket.close());
    await Promise.all(children.map(stopProcess));
    await db.end().catch(() => undefined);
    await redis.flushdb();
    redis.disconnect();
    await database.drop();
  }
}

interface WatcherReport {
  type: 'report';
  lagP50: number;
  lagP95: number;
  lagP99: number;
  lostAt: number;
  dupAt: number;
  pushes: number;
  /** What watcher 0 received of the pushes, in bytes as they travel (Socket.IO frames). */
  pushBytes: number;
  /** Watcher 0's pushes as event and payload, for the bare broadcast of the same bytes. */
  pushed: [event: string, payload: unknown][];
  lastTotal: number;
}

/**
 * The watcher process: WATCHERS connections in the raffle's room. Frames are stamped on arrival and
 * decoded after the burst (see RawRoomSocket); then the arrival time of every entry at every watcher
 * gives the push lag, and every watcher is checked for missed and repeated entries.
 */
function runWatchers(): void {
  const sockets: RawRoomSocket[] = [];
  process.on(
    'message',
    async (m: {
      type: string;
      bases?: string[];
      raffleId?: number;
      count?: number;
      expected?: number;
      answeredAt?: [number, number][];
    }) => {
      if (m.type === 'start') {
        await inBatches(
          Array.from({ length: m.count! }, (_, i) => i),
          100,
          async (w) => {
            const base = m.bases![w % m.bases!.length]!;
            sockets[w] = await RawRoomSocket.join(base, base.replace('127.0.0.1', 'localhost'), `raffle:${m.raffleId}`, 'raffle:entries');
          },
        );
        process.send!({ type: 'ready' });
      }
      if (m.type === 'finish') {
        // Every watcher got the same bytes for the same push: decode each distinct frame once.
        const decoded = new Map<string, RaffleEntriesPush>();
        const decode = (frame: RawFrame) => {
          const data = frameText(frame);
          let push = decoded.get(data);
          if (!push) {
            push = (JSON.parse(data.slice(2)) as [string, RaffleEntriesPush])[1];
            decoded.set(data, push);
          }
          return push;
        };
        // Let the last coalescing window reach every watcher. A push carries a page of rows per list order and counts the
        // rows it left out, so every entry is accounted for once: sent or counted.
        const first = sockets[0]!;
        const accounted = (socket: RawRoomSocket) => socket.frames.reduce((n, f) => n + decode(f).entries.length + decode(f).omitted, 0);
        const deadline = Date.now() + 10_000;
        while (Date.now() < deadline && (accounted(first) < m.expected! || sockets.some((s) => s.frames.length < first.frames.length)))
          await new Promise((r) => setTimeout(r, 100));
        const answered = new Map(m.answeredAt!);
        const lags: number[] = [];
        let lostAt = 0;
        let dupAt = 0;
        let lastTotal = 0;
        sockets.forEach((socket, w) => {
          const seen = new Set<number>();
          let dup = false;
          for (const frame of socket.frames) {
            const push = decode(frame);
            if (w === 0) lastTotal = Math.max(lastTotal, push.total_entries);
            for (const [, userId] of push.entries) {
              if (seen.has(userId)) dup = true;
              seen.add(userId);
              const at = answered.get(userId);
              if (at !== undefined) lags.push(Math.max(0, frame.at - at));
            }
          }
          if (seen.size + socket.frames.reduce((n, f) => n + decode(f).omitted, 0) !== m.expected) lostAt++;
          if (dup) dupAt++;
        });
        lags.sort((a, b) => a - b);
        const report: WatcherReport = {
          type: 'report',
          lagP50: percentile(lags, 50),
          lagP95: percentile(lags, 95),
          lagP99: percentile(lags, 99),
          lostAt,
          dupAt,
          pushes: sockets[0]?.frames.length ?? 0,
          pushBytes: (sockets[0]?.frames ?? []).reduce((sum, frame) => sum + frame.raw.length, 0),
          pushed: (sockets[0]?.frames ?? []).map((frame) => JSON.parse(frameText(frame).slice(2)) as [string, unknown]),
          lastTotal,
        };
        process.send!(report);
        sockets.forEach((s) => s.close());
        setTimeout(() => process.exit(0), 100);
      }
    },
  );
}

if (process.argv[2] === 'watchers') runWatchers();
else
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
