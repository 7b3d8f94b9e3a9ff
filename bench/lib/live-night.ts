/**
 * A live-page night (issue #16 item 1): BENCH_VIEWERS anonymous viewers (default 1,000) open a live page the way it
 * does — the first-load pattern recorded in bench/fixtures/page-patterns.json (page and API reads, then the socket
 * rooms it joins) — and stay on the socket while an admin makes BENCH_WINS changes (a hunt's wins, a tournament's
 * match winners) over BENCH_WIN_SECONDS through the admin API. Reports the first load (rate, bytes per viewer), the
 * push lag (from the admin's answer to each viewer receiving the push that announces that change, p50/p95/max over
 * every viewer × change) and the push bytes per viewer, with every viewer checked to have received every change.
 *
 * Ceilings in the same run: the same first loads against a bare NestJS route in an empty application serving the
 * same bytes, and the same pushes emitted to the same viewers by a bare Socket.IO server — each in a process of its
 * own (bare-page-servers.ts) — and the product's ratio to each.
 *
 * Env: BENCH_PG_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_REDIS_URL (redis://127.0.0.1:6379/12, flushed),
 *      BENCH_VIEWERS (1000), BENCH_WINS (the scenario's default), BENCH_WIN_SECONDS (60), BENCH_LOAD_CONCURRENCY (32),
 *      BENCH_LOG_LEVEL (silent), BENCH_FRONTEND_DIST (frontend/dist: build the client first).
 */
import 'reflect-metadata';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import Redis from 'ioredis';
import { runMigrations } from '../../libs/platform/src/database/run-migrations';
import { TestClient } from '../../libs/testing/src/test-client';
import { createBenchDatabase } from './bench-database';
import { freePort } from './free-port';
import { makeInBatches } from './in-batches';
import { pagePattern } from './page-pattern';
import { percentile } from './percentile';
import { RawRoomSocket } from './raw-room-socket';
import { stopProcess } from './stop-process';
import { waitForApi } from './wait-for-api';
import { LIFTED_LIMITS, productEnv } from './product-env';

const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/12';
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 1000);
const WIN_SECONDS = Number(process.env.BENCH_WIN_SECONDS ?? 60);
const LOAD_CONCURRENCY = Number(process.env.BENCH_LOAD_CONCURRENCY ?? 32);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One change the admin makes during the night, and the key its push names (a game's or a match's id). */
export interface LiveChange {
  key: number;
  make(): Promise<{ status: number; body: unknown }>;
}

export interface LiveNightScenario {
  /** The report's title ("hunt night"). */
  name: string;
  /** The page's name in bench/fixtures/page-patterns.json, and its path for the report. */
  page: string;
  path: string;
  /** What a change is called in the report ("wins", "match winners"). */
  changes: string;
  defaultChanges: number;
  /** The push that announces a change, the room it goes to, and the keys a frame of it names. */
  event: string;
  room(id: number): string;
  keysOf(payload: unknown): number[];
  /** The streamer's setup through the admin API: the subject's id and up to `count` changes to make. */
  setup(admin: TestClient, count: number): Promise<{ id: number; changes: LiveChange[] }>;
}

/** Replays the first-load reads of `viewers` viewers, LOAD_CONCURRENCY at a time; time and bytes. */
async function replayFirstLoads(base: string, reads: string[]): Promise<{ seconds: number; bytes: number; failed: number }> {
  let next = 0;
  let bytes = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: LOAD_CONCURRENCY }, async () => {
      for (;;) {
        if (next++ >= VIEWERS) return;
        // A page load's reads go out together, as the browser sends them.
        await Promise.all(
          reads.map(async (path) => {
            const res = await fetch(`${base}${path}`);
            const body = await res.arrayBuffer();
            bytes += body.byteLength;
            if (res.status !== 200) failed++;
          }),
        );
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, bytes, failed };
}

function forkBare(args: string[]): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(join(__dirname, 'bare-page-servers.js'), args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code}`)));
    child.once('message', (m: { port: number }) => resolve({ child, port: m.port }));
  });
}

interface PushResult {
  lagP50: number;
  lagP95: number;
  lagMax: number;
  lost: number;
  bytesPerViewer: number;
}

/** Lag from each change's answer (or emit) to each viewer's first frame naming its key. */
function pushResult(scenario: LiveNightScenario, viewers: RawRoomSocket[], sentAt: Map<number, number>): PushResult {
  const lags: number[] = [];
  let lost = 0;
  let bytes = 0;
  for (const viewer of viewers) {
    const seen = new Map<number, number>();
    for (const frame of viewer.decoded()) {
      for (const key of scenario.keysOf(frame.payload)) if (!seen.has(key)) seen.set(key, frame.at);
    }
    for (const frame of viewer.frames) bytes += frame.raw.length;
    for (const [key, at] of sentAt) {
      const got = seen.get(key);
      if (got === undefined) lost++;
      else lags.push(Math.max(0, got - at));
    }
  }
  lags.sort((a, b) => a - b);
  return {
    lagP50: percentile(lags, 50),
    lagP95: percentile(lags, 95),
    lagMax: lags[lags.length - 1] ?? NaN,
    lost,
    bytesPerViewer: bytes / viewers.length,
  };
}

function connectViewers(base: string, origin: string, rooms: string[], event: string): Promise<RawRoomSocket[]> {
  return makeInBatches(VIEWERS, 100, () => RawRoomSocket.join(base, origin, rooms, event));
}

function reportRow(target: string, load: { seconds: number; bytes: number }, push: PushResult) {
  return {
    target,
    'first loads/s': (VIEWERS / load.seconds).toFixed(0),
    'first-load KB per viewer': (load.bytes / VIEWERS / 1024).toFixed(1),
    'push lag p50 ms': push.lagP50,
    'push lag p95 ms': push.lagP95,
    'push lag max ms': push.lagMax,
    'push KB per viewer': (push.bytesPerViewer / 1024).toFixed(1),
    lost: push.lost,
  };
}

export async function runLiveNight(scenario: LiveNightScenario): Promise<void> {
  const count = Number(process.env.BENCH_WINS ?? scenario.defaultChanges);
  const database = await createBenchDatabase(ADMIN_URL, `kb_bench_${scenario.page.replace(/\W/g, '_')}`);
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  const children: ChildProcess[] = [];
  const db = new Client({ connectionString: database.url });
  let viewers: RawRoomSocket[] = [];
  try {
    await runMigrations(database.url);
    await db.connect();
    const port = await freePort();
    const env = {
      ...productEnv({
        databaseUrl: database.url,
        redisUrl: REDIS_URL,
        logLevel: process.env.BENCH_LOG_LEVEL ?? 'silent',
        frontend: 'built',
      }),
      ...LIFTED_LIMITS,
      WORKER_HEALTH_PORT: '0',
      REALTIME_CHANNEL: `kb-bench-${database.name}`,
    };
    const api = spawn(process.execPath, [join(__dirname, '..', '..', 'apps/api/src/main.js')], {
      env: { ...process.env, ...env, PORT: String(port), APP_URL: `http://localhost:${port}` },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const worker = spawn(process.execPath, [join(__dirname, '..', '..', 'apps/worker/src/main.js')], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(api, worker);
    const base = `http://127.0.0.1:${port}`;
    const origin = `http://localhost:${port}`;
    await waitForApi(api, base);

    const { rows } = await db.query<{ id: number }>(
      `insert into users (username, name, role, kick_username, is_demo) values ('night_admin', 'Night Admin', 'Admin', 'night_admin', true) returning id`,
    );
    const admin = new TestClient(base, origin);
    await admin.loginAs(rows[0]!.id);
    const { id, changes } = await scenario.setup(admin, count);

    const pattern = pagePattern(scenario.page, { id, n: id });
    console.log(
      `first-load pattern (bench/fixtures/page-patterns.json): reads ${pattern.firstLoadReads.join(', ')}; rooms ${pattern.rooms.join(', ')}`,
    );
    const load = await replayFirstLoads(base, pattern.firstLoadReads);
    process.stdout.write(`connecting ${VIEWERS} viewers... `);
    viewers = await connectViewers(base, origin, pattern.rooms, scenario.event);
    console.log('done');

    const sentAt = new Map<number, number>();
    const answerTimes: number[] = [];
    const started = Date.now();
    for (const [i, change] of changes.entries()) {
      await sleep(Math.max(0, started + (i * WIN_SECONDS * 1000) / changes.length - Date.now()));
      const t0 = performance.now();
      const res = await change.make();
      answerTimes.push(performance.now() - t0);
      if (res.status !== 200 && res.status !== 201) throw new Error(`change ${i + 1}: ${res.status} ${JSON.stringify(res.body)}`);
      sentAt.set(change.key, Date.now());
    }
    await sleep(3000);
    const product = pushResult(scenario, viewers, sentAt);
    // The pushes as the viewers got them, for the bare server to send the same bytes.
    const pushPayloads = viewers[0]!.decoded().map((frame) => frame.payload);
    viewers.forEach((v) => v.close());
    viewers = [];

    // Ceiling 1: the same first loads from an empty NestJS app with the same bytes.
    const answersFile = join(mkdtempSync(join(tmpdir(), 'kb-bench-night-')), 'answers.json');
    const answers: Record<string, string> = {};
    for (const [i, path] of pattern.firstLoadReads.entries()) answers[String(i)] = await (await fetch(`${base}${path}`)).text();
    writeFileSync(answersFile, JSON.stringify(answers));
    const bareNest = await forkBare(['bare-nest', answersFile]);
    children.push(bareNest.child);
    const bareLoad = await replayFirstLoads(
      `http://127.0.0.1:${bareNest.port}`,
      pattern.firstLoadReads.map((_, i) => `/bare/${i}`),
    );
    await stopProcess(bareNest.child);

    // Ceiling 2: the same pushes from a bare Socket.IO server to the same number of viewers.
    const bareIo = await forkBare(['bare-io', scenario.event]);
    children.push(bareIo.child);
    viewers = await connectViewers(`http://127.0.0.1:${bareIo.port}`, origin, pattern.rooms, scenario.event);
    const bareSentAt = new Map<number, number>();
    for (const [i, payload] of pushPayloads.entries()) {
      if (i > 0) await sleep((WIN_SECONDS * 1000) / changes.length);
      for (const key of scenario.keysOf(payload)) if (sentAt.has(key) && !bareSentAt.has(key)) bareSentAt.set(key, Date.now());
      bareIo.child.send({ room: scenario.room(id), payload });
    }
    await sleep(3000);
    const bare = pushResult(scenario, viewers, bareSentAt);

    answerTimes.sort((a, b) => a - b);
    console.log(
      `${scenario.name}: ${VIEWERS} anonymous viewers on ${scenario.path}, ${changes.length} ${scenario.changes} over ${WIN_SECONDS} s by an admin`,
    );
    console.table([
      reportRow('product (api + worker)', load, product),
      reportRow('bare (empty Nest app / bare Socket.IO)', bareLoad, bare),
    ]);
    console.log(
      `ratios: first loads ${((bareLoad.seconds / load.seconds) * 100).toFixed(0)}% of the empty Nest app; push lag p95 ${product.lagP95} ms vs ${bare.lagP95} ms bare Socket.IO; admin answer p50 ${percentile(answerTimes, 50).toFixed(1)} ms, p99 ${percentile(answerTimes, 99).toFixed(1)} ms`,
    );
    const problems = [
      load.failed ? `${load.failed} first-load reads failed` : '',
      product.lost ? `${product.lost} (viewer, change) pushes lost` : '',
      bare.lost ? `${bare.lost} bare pushes lost` : '',
    ].filter(Boolean);
    console.log(`problems: ${problems.length ? problems.join('; ') : 'none'}`);
    if (problems.length) process.exitCode = 1;
  } finally {
    viewers.forEach((v) => v.close());
    await Promise.all(children.map(stopProcess));
    await db.end().catch(() => undefined);
    await redis.flushdb();
    redis.disconnect();
    await database.drop();
  }
}
