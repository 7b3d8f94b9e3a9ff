/**
 * Scale of one raffle: a raffle with BENCH_ENTRIES entrants (default 100,000) next to one with 1,000.
 * Measures, against one api process and the real database:
 *  - opening the raffle page as its first load does: GET /api/r/raffles/{id} and the first page of
 *    GET /api/r/raffles/{id}/entries (latency p50/p95 over BENCH_OPENS sequential requests, and bytes);
 *  - the read of the maintained counters at 1,000 and at BENCH_ENTRIES entries (what a push flush reads when the
 *    entries did not bring the totals with them), next to the count(distinct user_id) it replaced;
 *  - "draw now" of the big raffle (admin route: lock, read every entry, hash, draw, record) and that
 *    GET /api/r/raffles/{id}/verify recomputes the same winners;
 *  - the admin's CSV export of the big raffle (time to first byte and to the whole file, its size), and the small
 *    raffle's GET answered meanwhile by the same api (how the export affects everyone else).
 *
 * Entrants are written with SQL in bulk (entry rows, participant rows and counters as the entry statements keep
 * them); the entry path itself is measured by the raffle burst bench.
 *
 * Run: npm run bench raffle-scale
 * Env: BENCH_PG_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_REDIS_URL (redis://127.0.0.1:6379/12, flushed),
 *      BENCH_ENTRIES (100000), BENCH_OPENS (200).
 */
import 'reflect-metadata';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import Redis from 'ioredis';
import { runMigrations } from '../libs/platform/src/database/run-migrations';
import { TestClient } from '../libs/testing/src/test-client';
import { sha256Hex } from '../libs/contracts/src/sha256';
import { createBenchDatabase } from './lib/bench-database';
import { freePort } from './lib/free-port';
import { percentile } from './lib/percentile';
import { stopProcess } from './lib/stop-process';
import { waitForApi } from './lib/wait-for-api';
import { LIFTED_LIMITS, productEnv } from './lib/product-env';
import { runBench } from './lib/run-bench';

const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/12';
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const OPENS = Number(process.env.BENCH_OPENS ?? 200);
const SMALL = 1_000;

const now = () => performance.now();
const ms = (n: number) => n.toFixed(1);

/** A raffle open for an hour with `count` free entries by members 1…count (one participant row each). */
async function raffleWithEntries(db: Client, title: string, count: number): Promise<number> {
  const seed = randomBytes(32).toString('hex');
  const { rows } = await db.query<{ id: number }>(
    `insert into raffles (title, starts_at, ends_at, number_of_winners, seed, seed_hash)
     values ($1, now() - interval '1 minute', now() + interval '1 hour', 10, $2, $3) returning id`,
    [title, seed, sha256Hex(seed)],
  );
  const id = rows[0]!.id;
  await db.query(
    `insert into raffle_entries (raffle_id, user_id, entry_type, tickets)
     select $1, u.id, 'passwordless', 1 from users u where u.username like 'scale\\_%' order by u.id limit $2`,
    [id, count],
  );
  await db.query(
    `insert into raffle_participants (raffle_id, user_id, first_entry_id) select raffle_id, user_id, id from raffle_entries where raffle_id = $1`,
    [id],
  );
  await db.query('update raffles set total_entries = $2, participants_count = $2 where id = $1', [id, count]);
  return id;
}

/** p50/p95 of `runs` sequential calls and the size of the last answer. */
async function timed(runs: number, call: () => Promise<number>): Promise<{ p50: number; p95: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = now();
    bytes = await call();
    times.push(now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), bytes };
}

async function get(base: string, path: string): Promise<number> {
  const res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'gzip' } });
  const body = await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return body.byteLength;
}

async function main(): Promise<void> {
  const database = await createBenchDatabase(ADMIN_URL, 'kb_bench_raffle_scale');
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  const db = new Client({ connectionString: database.url });
  let api: ChildProcess | null = null;
  try {
    await runMigrations(database.url);
    await db.connect();
    console.log(
      `load average at start: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    process.stdout.write(`writing ${ENTRIES} members and their entries... `);
    await db.query(
      `insert into users (username, name, role, kick_username, is_demo)
       select 'scale_' || g, 'Scale ' || g, 'member', 'scale_' || g, true from generate_series(1, $1) g`,
      [ENTRIES],
    );
    const { rows: adminRows } = await db.query<{ id: number }>(
      `insert into users (username, name, role, is_demo) values ('scale_admin', 'Scale admin', 'Admin', true) returning id`,
    );
    const small = await raffleWithEntries(db, 'Small raffle', SMALL);
    const big = await raffleWithEntries(db, 'Big raffle', ENTRIES);
    await db.query('vacuum analyze raffle_entries, raffle_participants, raffles, users');
    console.log('done');

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    api = spawn(process.execPath, [join(__dirname, '..', 'apps/api/src/main.js')], {
      env: {
        ...process.env,
        ...productEnv({ databaseUrl: database.url, redisUrl: REDIS_URL, logLevel: 'silent', frontend: 'none' }),
        ...LIFTED_LIMITS,
        WORKER_HEALTH_PORT: '0',
        REALTIME_CHANNEL: `kb-bench-${database.name}`,
        PORT: String(port),
        APP_URL: `http://localhost:${port}`,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForApi(api, base);

    const rows: Record<string, string>[] = [];
    for (const [label, id] of [
      [`${SMALL} entries`, small],
      [`${ENTRIES} entries`, big],
    ] as const) {
      // Warm the process and the database's cache, as a raffle being watched during a stream is.
      for (let i = 0; i < 20; i++) await Promise.all([get(base, `/api/r/raffles/${id}`), get(base, `/api/r/raffles/${id}/entries`)]);
      const raffle = await timed(OPENS, () => get(base, `/api/r/raffles/${id}`));
      const entries = await timed(OPENS, () => get(base, `/api/r/raffles/${id}/entries`));
      const search = await timed(Math.min(OPENS, 50), () => get(base, `/api/r/raffles/${id}/entries?search=scale_77`));
      const flush = await timed(OPENS, async () => {
        await db.query('select total_entries, participants_count from raffles where id = $1', [id]);
        return 0;
      });
      const before = await timed(Math.min(OPENS, 50), async () => {
        await db.query('select coalesce(sum(tickets), 0)::int, count(distinct user_id)::int from raffle_entries where raffle_id = $1', [
          id,
        ]);
        return 0;
      });
      rows.push({
        raffle: label,
        'GET raffle p50/p95 ms': `${ms(raffle.p50)} / ${ms(raffle.p95)}`,
        'GET entries p50/p95 ms': `${ms(entries.p50)} / ${ms(entries.p95)}`,
        'first load bytes': `${raffle.bytes + entries.bytes}`,
        'search p50/p95 ms': `${ms(search.p50)} / ${ms(search.p95)}`,
        'flush read p50/p95 ms': `${ms(flush.p50)} / ${ms(flush.p95)}`,
        'count(distinct) p50/p95 ms': `${ms(before.p50)} / ${ms(before.p95)}`,
      });
    }
    console.log(`raffle scale: one api process, ${OPENS} sequential opens per raffle (client-side round trips on localhost)`);
    console.table(rows);

    const admin = new TestClient(base, `http://localhost:${port}`);
    await admin.loginAs(adminRows[0]!.id);
    const t0 = now();
    const drawn = await admin.json('POST', `/api/admin/raffles/${big}/draw`);
    const drawMs = now() - t0;
    if (drawn.status !== 200) throw new Error(`draw: ${drawn.status} ${JSON.stringify(drawn.body)}`);
    const t1 = now();
    const verify = await admin.json<{ data: { matches: boolean; entries: unknown[] } }>('GET', `/api/r/raffles/${big}/verify`);
    const verifyMs = now() - t1;
    const verified = verify.body.data.matches && verify.body.data.entries.length === ENTRIES;
    console.log(
      `draw now of ${ENTRIES} entries: ${ms(drawMs)} ms (route round trip); verify: ${ms(verifyMs)} ms, recomputes the winners: ${verified}`,
    );
    // The admin's CSV export of the big raffle, while a viewer keeps opening the small one: how long the export
    // takes, and what it does to everyone else's answers meanwhile (the page-at-a-time stream keeps them short).
    let exporting = true;
    const during = (async () => {
      const times: number[] = [];
      while (exporting) {
        const t = now();
        await (await fetch(`${base}/api/r/raffles/${small}`)).arrayBuffer();
        times.push(now() - t);
      }
      return times;
    })();
    const t2 = now();
    const csv = await admin.request('GET', `/api/admin/raffles/${big}/entries.csv`);
    let csvBytes = 0;
    let firstByteMs = 0;
    for await (const chunk of csv.body as unknown as AsyncIterable<Uint8Array>) {
      if (!csvBytes) firstByteMs = now() - t2;
      csvBytes += chunk.length;
    }
    const csvMs = now() - t2;
    exporting = false;
    const reads = (await during).sort((a, b) => a - b);
    console.log(
      `CSV export of ${ENTRIES} entries: ${(csvBytes / 1e6).toFixed(1)} MB, first byte ${ms(firstByteMs)} ms, whole file ${ms(csvMs)} ms; ` +
        `${reads.length} raffle opens meanwhile, p50 ${ms(percentile(reads, 50))} ms, p99 ${ms(percentile(reads, 99))} ms, max ${ms(reads[reads.length - 1] ?? 0)} ms`,
    );
    const p95 = (cell: string) => Number(cell.split(' / ')[1]);
    const large = rows[1]!;
    const goals = [
      [
        'open at the large raffle < 100 ms p95 (raffle and first entry page)',
        p95(large['GET raffle p50/p95 ms']!) < 100 && p95(large['GET entries p50/p95 ms']!) < 100,
      ],
      ['first load ≤ 50 KB', Number(large['first load bytes']) <= 50_000],
      ['draw < 2 s', drawMs < 2000],
      ['verifiable', verified],
    ] as const;
    for (const [goal, met] of goals) console.log(`${met ? 'met' : 'MISSED'}: ${goal}`);
    if (!verified) process.exitCode = 1;
  } finally {
    if (api) await stopProcess(api);
    await db.end().catch(() => undefined);
    await redis.flushdb();
    redis.disconnect();
    await database.drop();
  }
}

runBench(main);
