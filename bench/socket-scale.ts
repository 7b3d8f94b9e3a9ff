/**
 * Sockets at stream scale (issue #16 item 5): one api process (the production build) holding BENCH_SOCKETS
 * connections (default 10,000) in one raffle room. Reports the api's resident memory per 1,000 sockets and, for
 * BENCH_PUSHES pushes, the time from the emit to each of the sockets receiving it (p50 / p95 / max over sockets;
 * the max is the time for one push to reach all of them), with zero lost pushes checked.
 *
 * The push goes the way the product's pushes go: published on Redis by another process (the worker's and the
 * raffle flush's emitter, @socket.io/redis-emitter on REALTIME_CHANNEL) and fanned out by the api's Redis adapter.
 * In the same run, the same clients join a bare Socket.IO server (no Nest, no Redis adapter, no session or origin
 * check) in a process of its own that emits the same payload to its room: the framework's ceiling on this machine.
 * Both servers hold their sockets at once and the pushes go to one and then the other in turns, so that the load
 * the machine's other processes put on the cores falls on both alike (in two phases, one after the other, the ratio
 * moved between 0.3× and 1.9× on a shared host).
 *
 * The clients are raw Engine.IO/WebSocket connections in BENCH_CLIENT_PROCESSES child processes that stamp each
 * frame on arrival and never decode it during the measurement (RawRoomSocket), so viewers' parsing is not charged
 * to the server. Times are wall-clock ms shared by every process on the machine.
 *
 * The bench re-runs itself under `ulimit -n <hard limit>`: every socket is a file descriptor in the server and one
 * in a client process (each client process holds its share of both servers' sockets).
 *
 * Run: npm run bench socket-scale
 * Env: BENCH_PG_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_REDIS_URL (redis://127.0.0.1:6379/12, flushed),
 *      BENCH_SOCKETS (10000), BENCH_CLIENT_PROCESSES (4), BENCH_PUSHES (10), BENCH_PUSH_ENTRIES (8 entry rows per push),
 *      BENCH_PUSH_SPACING_MS (1500, or 0.15 ms per socket above 10,000),
 *      BENCH_SKIP_BARE (1 to skip the bare Socket.IO ceiling), BENCH_CPU_PROFILE_DIR (V8 CPU profiles of both servers),
 *      BENCH_HEAP_SNAPSHOTS (socket counts, e.g. "5000,20000": heap snapshots of each server there, and what each socket
 *      added between the first and the last by kind of object; the memory readings of such a run are not figures).
 */
import 'reflect-metadata';
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Redis from 'ioredis';
import { Emitter } from '@socket.io/redis-emitter';
import { runMigrations } from '../libs/platform/src/database/run-migrations';
import type { RaffleEntriesPush } from '../libs/contracts/src/api/raffles';
import { createBenchDatabase } from './lib/bench-database';
import { processCpuMs } from './lib/cpu-time';
import { freePort } from './lib/free-port';
import { HeapSnapshots } from './lib/heap-snapshots';
import { makeInBatches } from './lib/in-batches';
import { percentile } from './lib/percentile';
import { RawRoomSocket } from './lib/raw-room-socket';
import { stopProcess } from './lib/stop-process';
import { waitForApi } from './lib/wait-for-api';
import { LIFTED_LIMITS, productEnv } from './lib/product-env';

const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/12';
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const CLIENT_PROCESSES = Number(process.env.BENCH_CLIENT_PROCESSES ?? 4);
const PUSHES = Number(process.env.BENCH_PUSHES ?? 10);
const PUSH_ENTRIES = Number(process.env.BENCH_PUSH_ENTRIES ?? 8);
const SNAPSHOTS_AT = (process.env.BENCH_HEAP_SNAPSHOTS ?? '').split(',').filter(Boolean).map(Number);
const STEP = 1000;
// Time between pushes: 1.5 s up to 10,000 sockets, longer above so one push has reached everyone before the next.
const PUSH_SPACING_MS = Number(process.env.BENCH_PUSH_SPACING_MS ?? Math.max(1500, SOCKETS * 0.15));
const SETTLE_MS = 2000;
const EVENT = 'raffle:entries';
const RAFFLE_ID = 1;
const ROOM = `raffle:${RAFFLE_ID}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resident memory of a process in MB, from /proc. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.replace(/\D+/g, '')) / 1024;
}

function openFilesLimit(pid: number): string {
  const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'))!;
  return line.replace('Max open files', '').trim().split(/\s+/).slice(0, 2).join(' / ');
}

/** A push of the raffle page's shape: PUSH_ENTRIES entry rows and the totals. */
function pushPayload(seq: number): RaffleEntriesPush {
  return {
    raffle_id: RAFFLE_ID,
    total_entries: 1000 + seq * PUSH_ENTRIES,
    participants_count: 1000 + seq * PUSH_ENTRIES,
    entries: Array.from({ length: PUSH_ENTRIES }, (_, i) => {
      const n = seq * PUSH_ENTRIES + i;
      // A newcomer whose Kick name is their site name, as nearly every row of a burst.
      return [100_000 + n, 10_000 + n, 1, 0, `viewer_${n}`, 0, null, 0];
    }),
    omitted: 0,
  };
}

// ---------------------------------------------------------------- client processes

interface ClientCommand {
  type: 'connect' | 'count' | 'report' | 'close';
  /** The server the command is about: each client process holds sockets of both. */
  base?: string;
  origin?: string;
  count?: number;
}

async function clientProcess(): Promise<void> {
  const sockets = new Map<string, RawRoomSocket[]>();
  const of = (base: string) => sockets.get(base) ?? sockets.set(base, []).get(base)!;
  process.on('message', async (command: ClientCommand) => {
    if (command.type === 'connect') {
      of(command.base!).push(
        ...(await makeInBatches(command.count!, 100, () => RawRoomSocket.join(command.base!, command.origin!, ROOM, EVENT))),
      );
      process.send!({ type: 'connected' });
    } else if (command.type === 'count') {
      process.send!({ type: 'count', frames: of(command.base!).reduce((n, s) => n + s.frames.length, 0) });
    } else if (command.type === 'report') {
      // Per socket: the arrival time of each push, by its sequence number (read from the payload now, after the pushes).
      const arrivals = of(command.base!).map((s) =>
        s.decoded<{ total_entries: number }>().map((f) => [(f.payload.total_entries - 1000) / PUSH_ENTRIES, f.at]),
      );
      process.send!({ type: 'report', arrivals });
    } else if (command.type === 'close') {
      for (const list of sockets.values()) list.forEach((s) => s.close());
      sockets.clear();
      await sleep(500);
      process.send!({ type: 'closed' });
    }
  });
}

class Clients {
  private constructor(private readonly children: ChildProcess[]) {}

  static start(): Clients {
    return new Clients(
      Array.from({ length: CLIENT_PROCESSES }, () => fork(__filename, ['clients'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })),
    );
  }

  private ask<T>(child: ChildProcess, command: ClientCommand, answer: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`client process exited with ${code}`));
      const onMessage = (m: { type: string } & T) => {
        if (m.type !== answer) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(m);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send(command);
    });
  }

  /** Adds `count` sockets, spread over the client processes. */
  async connect(base: string, origin: string, count: number): Promise<void> {
    const share = Math.ceil(count / this.children.length);
    await Promise.all(
      this.children.map((child, i) =>
        this.ask(child, { type: 'connect', base, origin, count: Math.max(0, Math.min(share, count - i * share)) }, 'connected'),
      ),
    );
  }

  /** Frames received so far by every socket of one server together. */
  async frames(base: string): Promise<number> {
    const counts = await Promise.all(this.children.map((c) => this.ask<{ frames: number }>(c, { type: 'count', base }, 'count')));
    return counts.reduce((n, c) => n + c.frames, 0);
  }

  /** Arrival times per socket of one server: [push sequence, ms][] each. */
  async arrivals(base: string): Promise<[number, number][][]> {
    const reports = await Promise.all(
      this.children.map((c) => this.ask<{ arrivals: [number, number][][] }>(c, { type: 'report', base }, 'report')),
    );
    return reports.flatMap((r) => r.arrivals);
  }

  async close(): Promise<void> {
    await Promise.all(this.children.map((c) => this.ask(c, { type: 'close' }, 'closed')));
  }

  async stop(): Promise<void> {
    await Promise.all(this.children.map(stopProcess));
  }
}

// ---------------------------------------------------------------- measurement

interface Target {
  name: string;
  pid: number;
  base: string;
  origin: string;
  emit: (payload: RaffleEntriesPush) => void;
  snapshots?: HeapSnapshots;
}

interface Weighed {
  baselineMb: number;
  perThousandMb: number;
  steps: string;
}

interface Pushed {
  pushes: { p50: number; p95: number; max: number; lost: number }[];
  /** The server's CPU time per push: its work, whatever share of the cores the machine's other processes left it. */
  cpuMsPerPush: number;
}

type Measured = { name: string } & Weighed & Pushed;

/** Connects SOCKETS sockets to the target in steps of STEP and reads its resident memory after each. */
async function connectAndWeigh(target: Target, clients: Clients): Promise<Weighed> {
  await sleep(1000);
  const baselineMb = rssMb(target.pid);
  const steps: number[] = [];
  for (let connected = 0; connected < SOCKETS; connected += STEP) {
    await clients.connect(target.base, target.origin, Math.min(STEP, SOCKETS - connected));
    await sleep(500);
    steps.push(rssMb(target.pid));
    const total = connected + Math.min(STEP, SOCKETS - connected);
    process.stdout.write(`${total} `);
    if (target.snapshots?.wants(total)) await target.snapshots.take(target.pid, total);
  }
  console.log(`sockets connected to ${target.name}`);
  return {
    baselineMb,
    perThousandMb: (steps[steps.length - 1]! - baselineMb) / (SOCKETS / 1000),
    steps: steps.map((mb) => mb.toFixed(0)).join(', '),
  };
}

/**
 * PUSHES pushes to each target, in turns (one to each, then the next), each PUSH_SPACING_MS after the one before. A
 * target's CPU is read over the whole phase, less what its idle sockets' heartbeats cost in as long a time: the other
 * target's pushes cost it nothing, and both share whatever the rest of the machine does meanwhile.
 */
async function pushInTurns(targets: Target[], clients: Clients): Promise<Pushed[]> {
  const idleFrom = targets.map((t) => processCpuMs(t.pid));
  await sleep(PUSH_SPACING_MS);
  const idleCpuPerMs = targets.map((t, i) => (processCpuMs(t.pid) - idleFrom[i]!) / PUSH_SPACING_MS);
  const [cpuFrom, windowFrom] = [targets.map((t) => processCpuMs(t.pid)), Date.now()];
  const sentAt: number[][] = targets.map(() => []);
  for (let seq = 0; seq < PUSHES; seq++)
    for (const [i, target] of targets.entries()) {
      sentAt[i]![seq] = Date.now();
      target.emit(pushPayload(seq));
      // Spaced like the raffle flush (at most 4 a second) and far enough apart that pushes do not overlap.
      await sleep(PUSH_SPACING_MS);
    }
  // A push still on its way is late, not lost: wait until every frame is in or none came for SETTLE_MS.
  for (const target of targets)
    for (let last = -1, frames = await clients.frames(target.base); frames < SOCKETS * PUSHES && frames !== last;) {
      await sleep(SETTLE_MS);
      [last, frames] = [frames, await clients.frames(target.base)];
    }
  const windowMs = Date.now() - windowFrom;
  const cpuMs = targets.map((t) => processCpuMs(t.pid));
  const results: Pushed[] = [];
  // One server's report at a time: a client process answers each request with the same kind of message.
  for (const [i, target] of targets.entries()) {
    const cpuMsPerPush = (cpuMs[i]! - cpuFrom[i]! - idleCpuPerMs[i]! * windowMs) / PUSHES;
    const arrivals = await clients.arrivals(target.base);
    const pushes = sentAt[i]!.map((sent, seq) => {
      const lags: number[] = [];
      for (const socket of arrivals) {
        const got = socket.filter(([s]) => s === seq);
        if (got.length === 1) lags.push(got[0]![1] - sent);
      }
      lags.sort((a, b) => a - b);
      return { p50: percentile(lags, 50), p95: percentile(lags, 95), max: lags[lags.length - 1] ?? NaN, lost: SOCKETS - lags.length };
    });
    const duplicates = arrivals.reduce((n, socket) => n + Math.max(0, socket.length - PUSHES), 0);
    if (duplicates) throw new Error(`${duplicates} duplicated pushes at ${target.name}`);
    results.push({ pushes, cpuMsPerPush });
  }
  return results;
}

function summary(m: Measured) {
  const med = (key: 'p50' | 'p95' | 'max') =>
    percentile(
      m.pushes.map((p) => p[key]).sort((a, b) => a - b),
      50,
    );
  return {
    target: m.name,
    'RSS idle MB': m.baselineMb.toFixed(0),
    'MB per 1,000 sockets': m.perThousandMb.toFixed(1),
    'push p50 ms': med('p50'),
    'push p95 ms': med('p95'),
    'push max ms (all reached)': med('max'),
    'worst max ms': Math.max(...m.pushes.map((p) => p.max)),
    'CPU ms per push': m.cpuMsPerPush.toFixed(0),
    lost: m.pushes.reduce((n, p) => n + p.lost, 0),
  };
}

/** The kinds of object each api socket added most between its snapshots, beside what the bare server's sockets added. */
async function printHeapPerSocket(api?: HeapSnapshots, bare?: HeapSnapshots): Promise<void> {
  const product = await api?.perSocket();
  if (!product) return;
  const ceiling = await bare?.perSocket();
  const bareBytes = new Map(ceiling?.kinds.map((k) => [k.kind, k]));
  const total = (kinds: { bytes: number }[]) => kinds.reduce((n, k) => n + k.bytes, 0);
  console.log(
    `heap per socket between ${product.sockets.join(' and ')} sockets (self sizes after a full collection): api ${total(product.kinds).toFixed(0)} B` +
      (ceiling ? `, bare ${total(ceiling.kinds).toFixed(0)} B` : '') +
      ` (snapshots in ${api!.dir}${bare ? ` and ${bare.dir}` : ''})`,
  );
  console.table(
    product.kinds.slice(0, 30).map((k) => ({
      kind: k.kind.slice(0, 60),
      'api objects': k.count.toFixed(2),
      'api B': k.bytes.toFixed(0),
      'bare objects': bareBytes.get(k.kind)?.count.toFixed(2) ?? '',
      'bare B': bareBytes.get(k.kind)?.bytes.toFixed(0) ?? '',
    })),
  );
}

async function main(): Promise<void> {
  const database = await createBenchDatabase(ADMIN_URL, 'kb_bench_sockets');
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  const children: ChildProcess[] = [];
  const clients = Clients.start();
  try {
    await runMigrations(database.url);
    const port = await freePort();
    const channel = `kb-bench-${database.name}`;
    const apiSnapshots = SNAPSHOTS_AT.length ? new HeapSnapshots(SNAPSHOTS_AT) : undefined;
    // BENCH_CPU_PROFILE_DIR: the api and the bare server write their V8 CPU profiles there when they stop, to compare what a
    // push costs in each.
    const profile = process.env.BENCH_CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`] : [];
    const api = spawn(process.execPath, [...(apiSnapshots?.args ?? []), ...profile, join(__dirname, '..', 'apps/api/src/main.js')], {
      env: {
        ...process.env,
        ...productEnv({ databaseUrl: database.url, redisUrl: REDIS_URL, logLevel: 'silent', frontend: 'none' }),
        REALTIME_CHANNEL: channel,
        // Every bench socket comes from this host: the per-address cap would refuse all but the first hundred.
        SOCKETS_PER_ADDRESS: LIFTED_LIMITS.SOCKETS_PER_ADDRESS,
        PORT: String(port),
        APP_URL: `http://localhost:${port}`,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(api);
    const base = `http://127.0.0.1:${port}`;
    await waitForApi(api, base);
    console.log(`api pid ${api.pid}, open files limit (soft / hard) ${openFilesLimit(api.pid!)}; ${SOCKETS} sockets, ${PUSHES} pushes`);
    const emitter = new Emitter(new Redis(REDIS_URL), { key: channel });
    const snapshots = { api: apiSnapshots, bare: SNAPSHOTS_AT.length ? new HeapSnapshots(SNAPSHOTS_AT) : undefined };
    const targets: Target[] = [
      {
        name: 'api (Nest gateway, Redis adapter, pushed via Redis)',
        pid: api.pid!,
        base,
        origin: `http://localhost:${port}`,
        emit: (payload) => emitter.to(ROOM).emit(EVENT, payload),
        snapshots: snapshots.api,
      },
    ];
    if (process.env.BENCH_SKIP_BARE !== '1') {
      const bare = fork(join(__dirname, 'lib', 'bare-page-servers.js'), ['bare-io', EVENT], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        execArgv: [...(snapshots.bare?.args ?? []), ...profile],
      });
      children.push(bare);
      const barePort = await new Promise<number>((resolve) => bare.once('message', (m: { port: number }) => resolve(m.port)));
      targets.push({
        name: 'bare Socket.IO server (same clients, local emit)',
        pid: bare.pid!,
        base: `http://127.0.0.1:${barePort}`,
        origin: `http://localhost:${barePort}`,
        emit: (payload) => bare.send({ room: ROOM, payload }),
        snapshots: snapshots.bare,
      });
    }
    const weighed: Weighed[] = [];
    for (const target of targets) weighed.push(await connectAndWeigh(target, clients));
    const pushed = await pushInTurns(targets, clients);
    await clients.close();
    const results: Measured[] = targets.map((t, i) => ({ name: t.name, ...weighed[i]!, ...pushed[i]! }));

    for (const r of results) console.log(`${r.name}: RSS after each 1,000 sockets (MB): ${r.steps}`);
    for (const r of results)
      console.log(`${r.name}: per push [p50/p95/max ms]: ${r.pushes.map((p) => `${p.p50}/${p.p95}/${p.max}`).join('  ')}`);
    console.table(results.map(summary));
    if (results.length === 2) {
      const [product, ceiling] = results.map(summary);
      console.log(
        `push to all ${SOCKETS} (median of max): api ${product!['push max ms (all reached)']} ms vs bare ${ceiling!['push max ms (all reached)']} ms; memory per 1,000: api ${product!['MB per 1,000 sockets']} MB vs bare ${ceiling!['MB per 1,000 sockets']} MB`,
      );
    }
    await printHeapPerSocket(snapshots.api, snapshots.bare);
    if (results.some((r) => r.pushes.some((p) => p.lost > 0))) {
      console.error('FAIL: some sockets missed pushes');
      process.exitCode = 1;
    }
    emitter.redisClient.disconnect();
  } finally {
    await clients.stop();
    await Promise.all(children.map(stopProcess));
    await redis.flushdb();
    redis.disconnect();
    await database.drop();
  }
}

/** Every socket is a file descriptor on both sides: run again under the hard open-files limit when the soft one is lower. */
function underRaisedFileLimit(): boolean {
  if (process.env.BENCH_FILES_RAISED === '1') return false;
  const soft = Number(execFileSync('sh', ['-c', 'ulimit -n']).toString().trim());
  if (soft >= SOCKETS * 2 + 1000) return false;
  const child = spawn('sh', ['-c', `ulimit -n "$(ulimit -Hn)"; exec "${process.execPath}" "${__filename}"`], {
    env: { ...process.env, BENCH_FILES_RAISED: '1' },
    stdio: 'inherit',
  });
  child.on('exit', (code) => process.exit(code ?? 1));
  return true;
}

if (process.argv[2] === 'clients') void clientProcess();
else if (!underRaisedFileLimit())
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
