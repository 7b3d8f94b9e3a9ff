import type { ChildProcess } from 'node:child_process';
import { Client } from 'pg';
import { io, type Socket } from 'socket.io-client';
import { RoundRobinProxy, TestClient, createTestDatabase, spawnProduct, stopProcess, testEnv, waitFor } from '@kickback/testing';
import Redis from 'ioredis';
import { Queue } from 'bullmq';
import { QUEUES } from '@kickback/contracts';
import type { AppEnv } from '@kickback/platform';

/**
 * Issue "Ship it" §4: two api processes behind a round-robin proxy and two worker processes on
 * one PostgreSQL and Redis, as Kubernetes would run them.
 */
describe('horizontal scale: 2 api + 2 worker processes', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let env: AppEnv;
  let pg: Client;
  const procs: ChildProcess[] = [];
  let apis: { proc: ChildProcess; port: number }[];
  let workers: { proc: ChildProcess }[];
  let proxy: RoundRobinProxy;
  let socket: Socket | null = null;

  const WRITERS = 6;
  const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => (await pg.query(sql, params)).rows[0] as T;
  let events: Queue;
  /**
   * The member's points.changed events and how many of them a worker has handled. The only consumer is the member's
   * push, which writes nothing, so "handled" is its job completed: the relay makes one job per event (job id = outbox id).
   */
  const pointsEvents = async (memberId: number) => {
    const { rows } = await pg.query<{ id: string }>(
      `select id::text from outbox_events where type = 'points.changed' and (payload->>'userId')::int = $1`,
      [memberId],
    );
    const states = await Promise.all(rows.map((r) => events.getJobState(`evt-${r.id}`)));
    return { events: rows.length, handled: states.filter((state) => state === 'completed').length };
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    env = testEnv(db.url, { OUTBOX_POLL_MS: '25', RATE_LIMIT_PER_MINUTE: '100000' });
    const redis = new Redis(env.REDIS_URL);
    await redis.flushdb();
    redis.disconnect();
    pg = new Client({ connectionString: db.url });
    await pg.connect();
    apis = [await spawnProduct('api', env), await spawnProduct('api', env)];
    workers = [await spawnProduct('worker', env), await spawnProduct('worker', env)];
    procs.push(...apis.map((a) => a.proc), ...workers.map((w) => w.proc));
    proxy = new RoundRobinProxy(apis.map((a) => a.port));
    await proxy.start();
    events = new Queue(QUEUES.domainEvents, { connection: { url: env.REDIS_URL } });
  }, 240_000);

  afterAll(async () => {
    socket?.close();
    await events.close();
    await proxy.stop();
    await Promise.all(procs.map((p) => stopProcess(p)));
    await pg.end();
    await db.drop();
  });

  async function newUser(role = 'member'): Promise<number> {
    const name = `scale_${role}_${Math.random().toString(36).slice(2, 8)}`;
    return (
      await one<{ id: number }>(
        `insert into users (username, name, role, kick_username, is_demo) values ($1, $1, $2, $1, true) returning id`,
        [name, role],
      )
    ).id;
  }

  it('a socket on api #1 receives the push caused by a request to api #2', async () => {
    const adminId = await newUser('Admin');
    const memberId = await newUser();
    const member = new TestClient(`http://127.0.0.1:${apis[0].port}`);
    await member.loginAs(memberId);
    socket = io(`http://127.0.0.1:${apis[0].port}`, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: member.cookieHeader },
      forceNew: true,
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', () => resolve());
      socket!.once('connect_error', reject);
    });
    const pushed = new Promise<{ balance: number }>((resolve) => socket!.once('user:points', resolve));
    const admin = new TestClient(`http://127.0.0.1:${apis[1].port}`);
    await admin.loginAs(adminId);
    const res = await admin.json('POST', `/api/admin/users/${memberId}/points`, { delta: 42, note: 'cross-replica push' });
    expect(res.status).toBe(201);
    expect(await pushed).toMatchObject({ balance: 42 });
  });

  it('every event of a batch is handled, one job each, across both workers', async () => {
    const adminId = await newUser('Admin');
    const memberId = await newUser();
    const admin = new TestClient(proxy.url);
    await admin.loginAs(adminId);
    // 60 balance changes through the proxy: half land on each api; both workers consume the events.
    for (let i = 0; i < 60; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, () => admin.json('POST', `/api/admin/users/${memberId}/points`, { delta: 5, note: 'batch' })),
      );
      expect(batch.map((r) => r.status)).toEqual(Array(10).fill(201));
    }
    await waitFor(async () => (await pointsEvents(memberId)).handled >= 60 || undefined, 20_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(await pointsEvents(memberId)).toEqual({ events: 60, handled: 60 });
    expect(new Set(proxy.served).size).toBe(2);
  });

  it('killing one api and one worker mid-load loses no accepted write', async () => {
    const adminId = await newUser('Admin');
    const memberId = await newUser();
    // Log in directly on the api that survives, so the session exists whatever the proxy does.
    const direct = new TestClient(`http://127.0.0.1:${apis[1].port}`);
    await direct.loginAs(adminId);
    const cookie = direct.cookieHeader;
    const csrf = direct.csrfToken!;
    let accepted = 0;
    let refused = 0;
    let stop = false;
    const writer = async () => {
      while (!stop) {
        try {
          const res = await fetch(`${proxy.url}/api/admin/users/${memberId}/points`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf },
            body: JSON.stringify({ delta: 1, note: 'load' }),
          });
          if (res.status === 201) accepted++;
          else refused++;
        } catch {
          refused++;
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, writer);
    await new Promise((r) => setTimeout(r, 700));
    apis[0].proc.kill('SIGKILL');
    workers[0].proc.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 1200));
    stop = true;
    await Promise.all(writers);

    expect(accepted).toBeGreaterThan(20);
    const ledger = await one<{ n: string; s: string }>(
      `select count(*) as n, coalesce(sum(delta),0) as s from points_ledger where user_id = $1`,
      [memberId],
    );
    // Every acknowledged write is there. A request cut off by the kill may have committed without
    // its answer reaching the client (at most one per writer); nothing is half-written either way.
    expect(Number(ledger.n)).toBeGreaterThanOrEqual(accepted);
    expect(Number(ledger.n)).toBeLessThanOrEqual(accepted + WRITERS);
    const wallet = await one<{ balance: string }>('select balance from wallets where user_id = $1', [memberId]);
    expect(Number(wallet.balance)).toBe(Number(ledger.s));
    // The surviving worker publishes every committed event, including any the killed one had claimed.
    await waitFor(
      async () =>
        Number((await one<{ n: string }>('select count(*) as n from outbox_events where published_at is null')).n) === 0 || undefined,
      20_000,
    );
    // The push consumer has handled every committed points event, the killed worker's batch included.
    // A job the killed worker held comes back when BullMQ finds it stalled: its lock (15 s) expired and seen by two
    // 5 s checks (apps/worker/src/processors/stalled-job-recovery.ts), so about 25 s in the run whose kill lands on a
    // held job.
    await waitFor(async () => {
      const { events: committed, handled } = await pointsEvents(memberId);
      if (committed !== handled) throw new Error(`${handled} of ${committed} handled`);
      return true;
    }, 45_000);
    expect((await pointsEvents(memberId)).events).toBe(Number(ledger.n));
    console.log(`scale test: ${accepted} writes accepted, ${refused} refused while a replica died`);
  }, 240_000);
});
