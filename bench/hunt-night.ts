/**
 * Hunt night (issue #16 item 1): BENCH_VIEWERS anonymous viewers (default 1,000) open /bonus-hunts the way the page
 * does — the first-load pattern recorded in bench/fixtures/page-patterns.json (page and API reads, then the socket
 * rooms it joins) — and stay on the socket while an admin enters BENCH_WINS wins (default 30) over BENCH_WIN_SECONDS
 * (default 60) through the admin API. Reports the first load (time, bytes per viewer), the push lag (from the admin's
 * answer to each viewer receiving that game's `hunt:game`, p50/p95/max over every viewer × win) and the push bytes
 * per viewer, with every viewer checked to have received every win.
 *
 * Ceilings in the same run: the same first loads against a bare NestJS route in an empty application serving the
 * same bytes, and the same pushes emitted to the same viewers by a bare Socket.IO server — each in a process of its
 * own — and the product's ratio to each.
 *
 * Run: npm run bench hunt-night   (regenerate the fixture when the page changes: docs/performance.md)
 * Env: BENCH_PG_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_REDIS_URL (redis://127.0.0.1:6379/12, flushed),
 *      BENCH_VIEWERS (1000), BENCH_WINS (30), BENCH_WIN_SECONDS (60), BENCH_LOAD_CONCURRENCY (32).
 */
import 'reflect-metadata';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import Redis from 'ioredis';
import { Server } from 'socket.io';
import { Controller, Get, Header, Module, Param } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { runMigrations } from '../libs/platform/src/database/run-migrations';
import { TestClient } from '../libs/testing/src/test-client';
import { createBenchDatabase } from './lib/bench-database';
import { freePort } from './lib/free-port';
import { percentile } from './lib/percentile';
import { RawRoomSocket } from './lib/raw-room-socket';
import { stopProcess } from './lib/stop-process';
import { waitForApi } from './lib/wait-for-api';

const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/12';
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 1000);
const WINS = Number(process.env.BENCH_WINS ?? 30);
const WIN_SECONDS = Number(process.env.BENCH_WIN_SECONDS ?? 60);
const LOAD_CONCURRENCY = Number(process.env.BENCH_LOAD_CONCURRENCY ?? 32);
const FIXTURE = join(__dirname, '..', '..', 'bench', 'fixtures', 'page-patterns.json');
const EVENT = 'hunt:game';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface FirstLoad {
  /** Paths the page reads, with the hunt's id filled in. */
  reads: string[];
  rooms: string[];
}

/** The hunt page's first load from the recorded fixture, for one hunt. */
function firstLoadPattern(huntId: number): FirstLoad {
  const fixture = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { pages: Record<string, { firstLoad: string[] }> };
  const lines = fixture.pages['bonus-hunts']!.firstLoad;
  const fill = (text: string) => text.replaceAll('{id}', String(huntId)).replaceAll('{n}', String(huntId));
  const reads = lines
    .map((l) => /^(?:page|http) GET (\S+)$/.exec(l)?.[1])
    .filter((p): p is string => !!p)
    // Query values the recorder could not keep ({v}) are left out; numbers ({n}) are the hunt's.
    .map((p) => fill(p).replace(/[?&][^=&]+=\{v\}/g, ''));
  const rooms = lines.map((l) => /^socket sent event room:join "(.+)"$/.exec(l)?.[1]).filter((r): r is string => !!r);
  return { reads, rooms: rooms.map(fill) };
}

/** Replays the first-load reads of `viewers` viewers, LOAD_CONCURRENCY at a time; time and bytes. */
async function replayFirstLoads(
  base: string,
  reads: string[],
  viewers: number,
): Promise<{ seconds: number; bytes: number; failed: number }> {
  let next = 0;
  let bytes = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: LOAD_CONCURRENCY }, async () => {
      for (;;) {
        if (next++ >= viewers) return;
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

// ---------------------------------------------------------------- bare ceilings (child processes)

/** An empty NestJS app answering every recorded read with the bytes the product answered it with. */
async function bareNestProcess(answersFile: string): Promise<void> {
  const answers = JSON.parse(readFileSync(answersFile, 'utf8')) as Record<string, string>;
  @Controller()
  class BareController {
    @Get('bare/:index')
    @Header('content-type', 'text/plain; charset=utf-8')
    answer(@Param('index') index: string): string {
      return answers[index] ?? '';
    }
  }
  @Module({ controllers: [BareController] })
  class BareModule {}
  const app = await NestFactory.create<NestExpressApplication>(BareModule, { logger: false });
  await app.listen(0, '127.0.0.1');
  process.send!({ type: 'listening', port: (app.getHttpServer().address() as { port: number }).port });
}

/** A bare Socket.IO server: joins rooms on request and emits what the parent sends it to every room it names. */
function bareIoProcess(): void {
  const http = createServer();
  const io = new Server(http, { path: '/socket.io', transports: ['websocket'] });
  io.on('connection', (socket) => {
    socket.on('room:join', (room: string) => {
      void socket.join(room);
      socket.emit('room:joined', { room });
    });
  });
  http.listen(0, '127.0.0.1', () => process.send!({ type: 'listening', port: (http.address() as { port: number }).port }));
  process.on('message', (m: { room: string; payload: unknown }) => io.to(m.room).emit(EVENT, m.payload));
}

function forkChild(args: string[]): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(__filename, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code}`)));
    child.once('message', (m: { port: number }) => resolve({ child, port: m.port }));
  });
}

// ---------------------------------------------------------------- pushes

interface PushResult {
  lagP50: number;
  lagP95: number;
  lagMax: number;
  lost: number;
  bytesPerViewer: number;
}

/** Lag from each win's answer (or emit) to each viewer's `hunt:game` for that game. */
function pushResult(viewers: RawRoomSocket[], sentAt: Map<number, number>): PushResult {
  const lags: number[] = [];
  let lost = 0;
  let bytes = 0;
  for (const viewer of viewers) {
    const seen = new Map<number, number>();
    for (const frame of viewer.decoded<{ game: { id: number } }>()) {
      if (!seen.has(frame.payload.game.id)) seen.set(frame.payload.game.id, frame.at);
    }
    for (const frame of viewer.frames) bytes += Buffer.byteLength(frame.data);
    for (const [gameId, at] of sentAt) {
      const got = seen.get(gameId);
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

async function connectViewers(base: string, origin: string, rooms: string[]): Promise<RawRoomSocket[]> {
  const viewers: RawRoomSocket[] = [];
  for (let i = 0; i < VIEWERS; i += 100)
    viewers.push(
      ...(await Promise.all(Array.from({ length: Math.min(100, VIEWERS - i) }, () => RawRoomSocket.join(base, origin, rooms, EVENT)))),
    );
  return viewers;
}

async function main(): Promise<void> {
  const database = await createBenchDatabase(ADMIN_URL, 'kb_bench_hunt');
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
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      REDIS_URL,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
      AUTH_DEV_LOGIN: 'true',
      RATE_LIMIT_PER_MINUTE: '10000000',
      WORKER_HEALTH_PORT: '0',
      REALTIME_CHANNEL: `kb-bench-${database.name}`,
      UPLOAD_DIR: mkdtempSync(join(tmpdir(), 'kb-bench-uploads-')),
      FRONTEND_DIST: process.env.BENCH_FRONTEND_DIST ?? join(__dirname, '..', '..', 'frontend', 'dist'),
    };
    const api = spawn(process.execPath, [join(__dirname, '..', 'apps/api/src/main.js')], {
      env: { ...process.env, ...env, PORT: String(port), APP_URL: `http://localhost:${port}` },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const worker = spawn(process.execPath, [join(__dirname, '..', 'apps/worker/src/main.js')], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(api, worker);
    const base = `http://127.0.0.1:${port}`;
    const origin = `http://localhost:${port}`;
    await waitForApi(api, base);

    // The streamer's setup through the admin API: 30 slots, a hunt with one game each, opening started.
    const { rows } = await db.query<{ id: number }>(
      `insert into users (username, name, role, kick_username, is_demo) values ('hunt_admin', 'Hunt Admin', 'Admin', 'hunt_admin', true) returning id`,
    );
    const admin = new TestClient(base, origin);
    await admin.loginAs(rows[0]!.id);
    const hunt = (await admin.json<{ data: { id: number } }>('POST', '/api/admin/bonus-hunts', { starting_balance: '3000.00' })).body.data;
    const gameIds: number[] = [];
    for (let i = 0; i < WINS; i++) {
      const slot = await admin.json<{ data: { id: number } }>('POST', '/api/admin/hunt-catalogue/slots', {
        name: `Bench Slot ${i + 1}`,
        provider_name: 'Bench Games',
      });
      const added = await admin.json<{ data: { games: { id: number }[] } }>('POST', `/api/admin/bonus-hunts/${hunt.id}/games`, {
        slot_id: slot.body.data.id,
        bet: '20.00',
      });
      gameIds.push(added.body.data.games[added.body.data.games.length - 1]!.id);
    }
    const opening = await admin.json('POST', `/api/admin/bonus-hunts/${hunt.id}/status`, { status: 'opening' });
    if (opening.status !== 200 && opening.status !== 201)
      throw new Error(`could not start opening: ${opening.status} ${JSON.stringify(opening.body)}`);

    const pattern = firstLoadPattern(hunt.id);
    console.log(
      `first-load pattern (bench/fixtures/page-patterns.json): reads ${pattern.reads.join(', ')}; rooms ${pattern.rooms.join(', ')}`,
    );
    const load = await replayFirstLoads(base, pattern.reads, VIEWERS);
    process.stdout.write(`connecting ${VIEWERS} viewers... `);
    viewers = await connectViewers(base, origin, pattern.rooms);
    console.log('done');

    const sentAt = new Map<number, number>();
    const pushPayloads: unknown[] = [];
    const winLatencies: number[] = [];
    const started = Date.now();
    for (let i = 0; i < WINS; i++) {
      await sleep(Math.max(0, started + (i * WIN_SECONDS * 1000) / WINS - Date.now()));
      const t0 = performance.now();
      const res = await admin.json('PUT', `/api/admin/bonus-hunts/${hunt.id}/games/${gameIds[i]}`, { win: `${(i + 1) * 37}.50` });
      winLatencies.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`win ${i + 1}: ${res.status} ${JSON.stringify(res.body)}`);
      sentAt.set(gameIds[i]!, Date.now());
    }
    await sleep(3000);
    const product = pushResult(viewers, sentAt);
    // The pushes as the viewers got them, for the bare server to send the same bytes.
    for (const frame of viewers[0]!.decoded<{ game: { id: number } }>()) pushPayloads.push(frame.payload);
    viewers.forEach((v) => v.close());
    viewers = [];

    // Ceiling 1: the same first loads from an empty NestJS app with the same bytes.
    const answersFile = join(mkdtempSync(join(tmpdir(), 'kb-bench-hunt-')), 'answers.json');
    const answers: Record<string, string> = {};
    for (const [i, path] of pattern.reads.entries()) answers[String(i)] = await (await fetch(`${base}${path}`)).text();
    writeFileSync(answersFile, JSON.stringify(answers));
    const bareNest = await forkChild(['bare-nest', answersFile]);
    children.push(bareNest.child);
    const bareLoad = await replayFirstLoads(
      `http://127.0.0.1:${bareNest.port}`,
      pattern.reads.map((_, i) => `/bare/${i}`),
      VIEWERS,
    );
    await stopProcess(bareNest.child);

    // Ceiling 2: the same pushes from a bare Socket.IO server to the same number of viewers.
    const bareIo = await forkChild(['bare-io']);
    children.push(bareIo.child);
    viewers = await connectViewers(`http://127.0.0.1:${bareIo.port}`, origin, pattern.rooms);
    const bareSentAt = new Map<number, number>();
    for (const [i, payload] of pushPayloads.entries()) {
      if (i > 0) await sleep((WIN_SECONDS * 1000) / WINS);
      bareSentAt.set((payload as { game: { id: number } }).game.id, Date.now());
      bareIo.child.send({ room: pattern.rooms.find((r) => r.startsWith('hunt:')) ?? pattern.rooms[0], payload });
    }
    await sleep(3000);
    const bare = pushResult(viewers, bareSentAt);

    winLatencies.sort((a, b) => a - b);
    console.log(`hunt night: ${VIEWERS} anonymous viewers on /bonus-hunts, ${WINS} wins entered over ${WIN_SECONDS} s by an admin`);
    console.table([
      {
        target: 'product (api + worker)',
        'first loads/s': (VIEWERS / load.seconds).toFixed(0),
        'first-load KB per viewer': (load.bytes / VIEWERS / 1024).toFixed(1),
        'push lag p50 ms': product.lagP50,
        'push lag p95 ms': product.lagP95,
        'push lag max ms': product.lagMax,
        'push KB per viewer': (product.bytesPerViewer / 1024).toFixed(1),
        lost: product.lost,
      },
      {
        target: 'bare (empty Nest app / bare Socket.IO)',
        'first loads/s': (VIEWERS / bareLoad.seconds).toFixed(0),
        'first-load KB per viewer': (bareLoad.bytes / VIEWERS / 1024).toFixed(1),
        'push lag p50 ms': bare.lagP50,
        'push lag p95 ms': bare.lagP95,
        'push lag max ms': bare.lagMax,
        'push KB per viewer': (bare.bytesPerViewer / 1024).toFixed(1),
        lost: bare.lost,
      },
    ]);
    console.log(
      `ratios: first loads ${((bareLoad.seconds / load.seconds) * 100).toFixed(0)}% of the empty Nest app; push lag p95 ${product.lagP95} ms vs ${bare.lagP95} ms bare Socket.IO; admin win answer p50 ${percentile(winLatencies, 50).toFixed(1)} ms, p99 ${percentile(winLatencies, 99).toFixed(1)} ms`,
    );
    const problems = [
      load.failed ? `${load.failed} first-load reads failed` : '',
      product.lost ? `${product.lost} (viewer, win) pushes lost` : '',
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

if (process.argv[2] === 'bare-nest') void bareNestProcess(process.argv[3]!);
else if (process.argv[2] === 'bare-io') bareIoProcess();
else
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
