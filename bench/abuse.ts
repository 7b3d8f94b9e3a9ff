/**
 * Abuse bench (issue #32): each attack of the hostile-load probe runs for a few seconds from BENCH_ATTACKERS parallel
 * clients while one member reads GET /api/r/points/history in a loop. Reports, per attack, the member's p50/p99
 * against quiet phases in the same run (one before the attacks, one after; the baseline is their mean), and what the
 * attacker got back (statuses, or "closed" for a socket message refused by size), so an early refusal shows.
 * Goal: the member's p99 under each attack ≤ 2× the quiet p99.
 *
 * The api runs as in production (its own process, built by `npm run bench`) with the product's default rate limits.
 *
 * Run: npm run bench abuse
 * Env: BENCH_PG_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_REDIS_URL (redis://127.0.0.1:6379/15, flushed:
 *      outside the DBs 1-14 that test stacks pick and flush),
 *      BENCH_PHASE_SECONDS (3), BENCH_ATTACKERS (8), BENCH_ATTACKS (comma-separated names, default all).
 */
import 'reflect-metadata';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { getPriority, loadavg, setPriority } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import Redis from 'ioredis';
import WebSocket from 'ws';
import { io, type Socket } from 'socket.io-client';
import { runMigrations } from '../libs/platform/src/database/run-migrations';
import { openRaffle } from '../libs/testing/src/admin-api-fixtures';
import { greyscalePng } from '../libs/testing/src/greyscale-png';
import { TestClient } from '../libs/testing/src/test-client';
import { createBenchDatabase } from './lib/bench-database';
import { freePort } from './lib/free-port';
import { percentile } from './lib/percentile';
import { processCpuMs } from './lib/cpu-time';
import { stopProcess } from './lib/stop-process';
import { waitForApi } from './lib/wait-for-api';
import { productEnv } from './lib/product-env';

const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/15';
const PHASE_MS = Number(process.env.BENCH_PHASE_SECONDS ?? 3) * 1000;
const ATTACKERS = Number(process.env.BENCH_ATTACKERS ?? 8);
const ONLY = process.env.BENCH_ATTACKS?.split(',').map((s) => s.trim());

interface Fixture {
  base: string;
  origin: string;
  attackers: TestClient[];
  raffleId: number;
  passwordRaffleId: number;
  ticketIds: number[];
}

/** One attacker's loop body: sends one round of its attack and names each answer (a status, or "closed"). */
type Attack = (fixture: Fixture, attacker: number) => Promise<string[]>;

async function send(client: TestClient, method: string, path: string, body?: string | FormData): Promise<string> {
  const headers: Record<string, string> = { origin: client.baseUrl.replace('127.0.0.1', 'localhost'), cookie: client.cookieHeader };
  if (client.csrfToken && method !== 'GET') headers['x-csrf-token'] = client.csrfToken;
  if (typeof body === 'string') headers['content-type'] = 'application/json';
  const res = await fetch(new URL(path, client.baseUrl), { method, headers, body });
  await res.arrayBuffer();
  return String(res.status);
}

function connect(base: string, origin: string, client?: TestClient): Promise<Socket> {
  const socket = io(base, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { origin, ...(client ? { cookie: client.cookieHeader } : {}) },
  });
  return new Promise((resolve, reject) => socket.once('connect', () => resolve(socket)).once('connect_error', reject));
}

/** Emits and names the outcome: the acknowledgement's status, "refused" for a heartbeat told to stop, or "closed". */
function emitOutcome(socket: Socket, event: string, message: unknown): Promise<string> {
  return new Promise((resolve) => {
    const onClose = () => resolve('closed');
    socket.once('disconnect', onClose);
    socket.timeout(10_000).emit(event, message, (err: unknown, answer: { status?: number; next_beat_seconds?: unknown }) => {
      socket.off('disconnect', onClose);
      if (err) resolve('timeout');
      else if (answer && 'status' in answer) resolve(String(answer.status));
      else resolve(answer?.next_beat_seconds === null ? 'refused' : 'counted');
    });
  });
}

const json = (value: unknown) => JSON.stringify(value);
let hugeFrame = '';

/** Opens an Engine.IO v4 WebSocket, connects to the main namespace, sends the huge entry with an ack id, names the outcome. */
function rawHugeEntry(f: Fixture): Promise<string[]> {
  hugeFrame ||= `421${json(['raffle:enter', { raffle_id: f.raffleId, entry_type: 'passwordless', junk: new Array(300_000).fill(0) }])}`;
  return new Promise((resolve) => {
    const ws = new WebSocket(`${f.base.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, { origin: f.origin });
    const done = (outcome: string) => {
      ws.removeAllListeners();
      ws.on('error', () => undefined);
      ws.terminate();
      resolve([outcome]);
    };
    ws.on('error', () => done('closed'));
    ws.on('close', () => done('closed'));
    ws.on('message', (raw: Buffer) => {
      const data = raw.toString();
      if (data.startsWith('0{')) ws.send('40');
      else if (data.startsWith('40')) ws.send(hugeFrame);
      else if (data.startsWith('431')) done(String((JSON.parse(data.slice(3)) as [{ status: number }])[0].status));
    });
  });
}
/** The attack payloads, built once in the attacking process (the reader's process never needs them). */
let built: { bigBody: string; predictions120k: string; predictions10k: string; profileBody: string; tallPng: Buffer } | undefined;
const payloads = () =>
  (built ??= {
    bigBody: json({ entry_type: 'passwordless', kick_username: 'x'.repeat(240_000) }),
    predictions120k: json({ predictions: new Array(120_000).fill(0) }),
    predictions10k: json({ predictions: new Array(10_000).fill(0) }),
    profileBody: json({ bio: 'x'.repeat(240_000) }),
    tallPng: greyscalePng(1, 10_000_000),
  });
const JUNK = ['{"a":"\\u0000"}', '{"__proto__":{"cost":0}}', '{"toString":1}'];
const sockets = new Map<number, Socket>();

const ATTACKS: Record<string, Attack> = {
  /**
   * 1: an anonymous socket sends raffle:enter with a 300,000-element array (about 600 KB), spoken at the wire level
   * with the frame encoded once (the attacker's own encoding is not the api's cost), and connects again when closed.
   */
  'anonymous-socket-huge-entry': (f) => rawHugeEntry(f),
  /** 1b: 240 KB bodies to the raffle entry (the scan used to walk them before any check; a visitor meets the same limit). */
  'http-large-entry-bodies': async (f, n) => [
    await send(f.attackers[n]!, 'POST', `/api/r/raffles/${f.raffleId}/enter`, payloads().bigBody),
  ],
  /** 2: a member's predictions with 120,000 elements. */
  'predictions-120k': async (f, n) => [await send(f.attackers[n]!, 'POST', '/api/r/tournaments/1/predict', payloads().predictions120k)],
  /** 2, under the body limit: 10,000 elements, refused by the array's bound before any element is parsed. */
  'predictions-10k': async (f, n) => [await send(f.attackers[n]!, 'POST', '/api/r/tournaments/1/predict', payloads().predictions10k)],
  /** 2b: 240 KB profile updates. */
  'profile-large-bodies': async (f, n) => [await send(f.attackers[n]!, 'POST', '/api/r/profile/update', payloads().profileBody)],
  /** 3: 20 heartbeats at once on a member's socket. */
  'parallel-heartbeats': async (f, n) => {
    let socket = sockets.get(n);
    if (!socket?.connected) sockets.set(n, (socket = await connect(f.base, f.origin, f.attackers[n])));
    const beat = { visible: true, player: true };
    return Promise.all(Array.from({ length: 20 }, () => emitOutcome(socket, 'activity:heartbeat', beat)));
  },
  /** 4: 25 password guesses at once (24 wrong, 1 right). */
  'parallel-password-guesses': async (f, n) =>
    Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        send(
          f.attackers[n]!,
          'POST',
          `/api/r/raffles/${f.passwordRaffleId}/enter`,
          json({ entry_type: 'password', password: i === 24 ? 'open sesame' : `guess-${i}` }),
        ),
      ),
    ),
  /** 6: a 1×10,000,000 PNG as a ticket-reply image. */
  'tall-png-reply': async (f, n) => {
    const form = new FormData();
    form.append('message', 'see the image');
    form.append('images', new Blob([payloads().tallPng], { type: 'image/png' }), 'tall.png');
    return [await send(f.attackers[n]!, 'POST', `/api/r/tickets/${f.ticketIds[n]!}/reply`, form)];
  },
  /** 7: junk fields on a route that reads no body, and a NUL in an unread query parameter. */
  'junk-fields': async (f, n) =>
    Promise.all([
      ...JUNK.map((body) => send(f.attackers[n]!, 'POST', '/api/r/store/1/redeem', body)),
      send(f.attackers[n]!, 'GET', '/api/r/raffles?x=%00'),
    ]),
};

interface PhaseResult {
  name: string;
  /** CPU the api process used during the phase (steadier than latency when other work shares the cores). */
  apiCpuMs: number;
  reads: number;
  p50: number;
  p99: number;
  answers: Map<string, number>;
}

/**
 * The member's reads, in a child process of their own: the attackers' requests are built in this one, and their
 * cost to this event loop must not show as the api's latency. The child says when it is loaded, then reads from
 * the start it is given until the deadline.
 */
function readerProcess(base: string, cookie: string): void {
  process.once('message', (window: { start: number; deadline: number }) => {
    void (async () => {
      const latencies: number[] = [];
      await new Promise((r) => setTimeout(r, Math.max(0, window.start - Date.now())));
      while (Date.now() < window.deadline) {
        const t0 = performance.now();
        const res = await fetch(`${base}/api/r/points/history?page=1`, { headers: { cookie } });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`the member's read answered ${res.status}`);
      }
      process.send!(latencies, () => process.exit(0));
    })();
  });
  process.send!('ready');
}

/** Starts the reader process; once it is loaded, reads run from a common start for PHASE_MS. */
async function startReader(reader: TestClient): Promise<{ start: number; deadline: number; latencies: Promise<number[]> }> {
  const child = fork(__filename, ['reader', reader.baseUrl, reader.cookieHeader], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  atProductPriority(child.pid!);
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`reader exited with ${code}`)));
  });
  const start = Date.now() + 200;
  const deadline = start + PHASE_MS;
  const latencies = new Promise<number[]>((resolve, reject) => {
    child.once('message', (m) => resolve(m as number[]));
    child.once('exit', (code) => (code ? reject(new Error(`reader exited with ${code}`)) : undefined));
  });
  child.send({ start, deadline });
  return { start, deadline, latencies };
}

/** Runs `attack` from every attacker while the member reads, for PHASE_MS. */
async function phase(name: string, apiPid: number, reader: TestClient, fixture: Fixture, attack?: Attack): Promise<PhaseResult> {
  // The reader process starts before the clock does (its start-up is no read); reads and attack start together.
  const { start, deadline, latencies: reading } = await startReader(reader);
  await new Promise((r) => setTimeout(r, Math.max(0, start - Date.now())));
  const cpuBefore = processCpuMs(apiPid);
  let latencies: number[] = [];
  const answers = new Map<string, number>();
  const read = async () => {
    latencies = await reading;
  };
  const attackLoop = async (n: number) => {
    while (attack && Date.now() < deadline) {
      for (const answer of await attack(fixture, n).catch((err: Error) => [`error:${err.message.slice(0, 40)}`]))
        answers.set(answer, (answers.get(answer) ?? 0) + 1);
    }
  };
  await Promise.all([read(), ...Array.from({ length: attack ? ATTACKERS : 0 }, (_, n) => attackLoop(n))]);
  for (const socket of sockets.values()) socket.close();
  sockets.clear();
  const apiCpuMs = processCpuMs(apiPid) - cpuBefore;
  latencies.sort((a, b) => a - b);
  return { name, apiCpuMs, reads: latencies.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99), answers };
}

async function startApi(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(__dirname, '..', 'apps', 'api', 'src', 'main.js')], {
    env: { ...process.env, ...env, PORT: String(port), APP_URL: `http://localhost:${port}` },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  atProductPriority(child.pid!);
  const base = `http://127.0.0.1:${port}`;
  await waitForApi(child, base);
  return { child, base };
}

/**
 * The attackers run in this process, which yields the cores to the api and the member's reader (nice 10, where the
 * system allows it): on a real site the attackers' own work is done on their machines, and on these two shared cores
 * a load generator at the same priority would show up as the member's latency. The api and the reader keep the
 * priority this bench was started with.
 */
const STARTED_PRIORITY = getPriority();
const ATTACKER_NICENESS = 10;
function atProductPriority(pid: number): void {
  try {
    setPriority(pid, STARTED_PRIORITY);
  } catch {
    // Without the right to raise a priority again, everything stays as started (and the attackers at it too).
  }
}

async function main(): Promise<void> {
  try {
    setPriority(Math.min(19, STARTED_PRIORITY + ATTACKER_NICENESS));
  } catch {
    // As above.
  }
  const database = await createBenchDatabase(ADMIN_URL, 'kb_bench_abuse');
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  const db = new Client({ connectionString: database.url });
  db.on('error', () => undefined);
  let api: ChildProcess | undefined;
  try {
    await runMigrations(database.url);
    await db.connect();
    // The product's own limits stay: they are what this bench measures.
    const started = await startApi({
      ...productEnv({
        databaseUrl: database.url,
        redisUrl: REDIS_URL,
        logLevel: process.env.BENCH_API_LOG_LEVEL ?? 'silent',
        frontend: 'none',
      }),
      AUTH_DEV_LOGIN: 'true',
    });
    api = started.child;
    const base = started.base;
    const origin = base.replace('127.0.0.1', 'localhost');
    const login = async (role: string) => {
      const { rows } = await db.query(
        `insert into users (username, name, role, is_demo, kick_username) values ($1, $1, $2, true, $1) returning id`,
        [`abuse_${role}_${Math.random().toString(36).slice(2, 10)}`, role],
      );
      const client = new TestClient(base, origin);
      await client.loginAs(rows[0].id as number);
      // The demo login is limited per address; the bench logs everyone in from one.
      const keys = await redis.keys('{*:default}:*');
      if (keys.length) await redis.del(...keys);
      return { client, id: rows[0].id as number };
    };
    const admin = (await login('Admin')).client;
    const reader = await login('member');
    for (let i = 0; i < 40; i++)
      await db.query(`insert into points_ledger (user_id, delta, reason, idempotency_key) values ($1, 10, 'bench.grant', $2)`, [
        reader.id,
        `abuse-${i}`,
      ]);
    await db.query('insert into wallets (user_id, balance) values ($1, 400)', [reader.id]);
    const raffleId = await openRaffle(admin, { title: 'Abuse bench' });
    const passwordRaffleId = await openRaffle(admin, { title: 'Abuse bench', allow_passwordless_entry: false, password: 'open sesame' });
    const categoryId = (await db.query(`insert into ticket_categories (name) values ('Bench') returning id`)).rows[0].id as number;
    /**
     * Each attack gets attackers of its own, all signed in before any attack: a client refused again and again is held
     * for the rest of its minute (refusal-penalties.ts), so one attack's attackers would start the next one held.
     */
    const fixtureOf = async (): Promise<Fixture> => {
      const attackers: TestClient[] = [];
      for (let i = 0; i < ATTACKERS; i++) attackers.push((await login('member')).client);
      const ticketIds: number[] = [];
      for (const attacker of attackers) {
        const form = new FormData();
        form.append('title', 'Bench ticket');
        form.append('description', 'A ticket the bench replies to.');
        form.append('category_id', String(categoryId));
        const res = await attacker.request('POST', '/api/r/tickets', { body: form });
        const body = (await res.json()) as { data?: { id: number } };
        if (!body.data) throw new Error(`ticket: ${res.status} ${JSON.stringify(body)}`);
        ticketIds.push(body.data.id);
      }
      return { base, origin, attackers, raffleId, passwordRaffleId, ticketIds };
    };
    const names = Object.keys(ATTACKS).filter((name) => !ONLY || ONLY.includes(name));
    const fixtures = new Map<string, Fixture>();
    for (const name of names) fixtures.set(name, await fixtureOf());
    const fixture = await fixtureOf();
    payloads();
    // Warm the reader's route and the attackers' paths once before measuring.
    await phase('warm-up', api.pid!, reader.client, fixture);

    const results: PhaseResult[] = [await phase('quiet (before)', api.pid!, reader.client, fixture)];
    for (const name of names) {
      results.push(await phase(name, api.pid!, reader.client, fixtures.get(name)!, ATTACKS[name]));
      // Limits are per minute: each attack starts from fresh counters, as a new attacker would.
      const keys = await redis.keys('{*:default}:*');
      if (keys.length) await redis.del(...keys);
    }
    results.push(await phase('quiet (after)', api.pid!, reader.client, fixture));

    if (results.some((r) => r.reads === 0)) throw new Error('a phase had no reads: the reader did not start in time');
    const quiet = results.filter((r) => r.name.startsWith('quiet'));
    const baseline = quiet.reduce((sum, r) => sum + r.p99, 0) / quiet.length;
    console.log(
      `abuse bench: ${ATTACKERS} attackers, ${PHASE_MS / 1000} s per phase; quiet p99 baseline ${baseline.toFixed(1)} ms; ` +
        `machine load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    );
    console.log('phase                          reads   p50 ms   p99 ms   ×quiet  goal  api CPU ms  per answer  attacker answers');
    let missed = 0;
    for (const r of results) {
      const ratio = r.p99 / baseline;
      const attacked = !r.name.startsWith('quiet');
      const ok = !attacked || ratio <= 2;
      if (!ok) missed++;
      const answers = [...r.answers]
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${k}×${v}`)
        .join(' ');
      const count = [...r.answers.values()].reduce((a, b) => a + b, 0);
      const perAnswer = count ? (r.apiCpuMs / count).toFixed(1) : '-';
      console.log(
        `${r.name.padEnd(30)} ${String(r.reads).padStart(5)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${ratio
          .toFixed(2)
          .padStart(
            8,
          )}  ${attacked ? (ok ? 'met ' : 'MISS') : '    '}  ${String(r.apiCpuMs).padStart(10)}  ${perAnswer.padStart(10)}  ${answers}`,
      );
    }
    if (missed) process.exitCode = 1;
  } finally {
    if (api) await stopProcess(api);
    await db.end().catch(() => undefined);
    await redis.quit();
    await database.drop();
  }
}

if (process.argv[2] === 'reader') {
  readerProcess(process.argv[3]!, process.argv[4]!);
} else {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
