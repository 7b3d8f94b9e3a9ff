import { EntityManager } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { io, type Socket } from 'socket.io-client';
import type { RaffleEntriesPush } from '@kickback/contracts';
import { runMigrations } from '@kickback/platform';
import {
  ThrowawayPostgres,
  ThrowawayRedis,
  createTestDatabase,
  createUser,
  startApi,
  testEnv,
  waitFor,
  type RunningApi,
  type TestClient,
  openRaffle,
} from '@kickback/testing';

const UNAVAILABLE = 'The service is briefly unavailable. Please try again in a moment.';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function readiness(api: RunningApi): Promise<number> {
  return (await fetch(`${api.url}/readyz`).catch(() => ({ status: 0 }))).status;
}

/**
 * Fault drills on processes the test starts itself (a redis-server and an embedded PostgreSQL on free
 * ports), never the shared services. The api killed mid-request and a worker SIGKILLed mid-batch are
 * drilled in scale-out.int-spec.ts.
 */
describe('fault drills', () => {
  it('Redis restarted during a raffle burst: every entry commits or fails with a clear 503, none is lost, the push catches up', async () => {
    const redis = await ThrowawayRedis.start();
    const db = await createTestDatabase();
    const api = await startApi(testEnv(db.url, { REDIS_URL: redis.url, RATE_LIMIT_PER_MINUTE: '1000000' }));
    const socket: Socket = io(api.url, { path: '/socket.io', transports: ['websocket'], forceNew: true });
    try {
      const em = api.app.get(EntityManager).fork();
      const admin = await api.signedIn({ role: 'Admin' });
      const raffleId = await openRaffle(admin, { title: 'Drill raffle' });
      const members: TestClient[] = [];
      for (let i = 0; i < 60; i++) {
        const client = await api.signedIn();
        members.push(client);
      }
      const pushes: RaffleEntriesPush[] = [];
      socket.on('raffle:entries', (push: RaffleEntriesPush) => pushes.push(push));
      if (!socket.connected) await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.emit('room:join', `raffle:${raffleId}`);
      await new Promise((resolve) => socket.once('room:joined', resolve));

      const enter = (client: TestClient) => client.json('POST', `/api/r/raffles/${raffleId}/enter`, { entry_type: 'passwordless' });
      // One entry every 50 ms for 3 s; Redis dies after 0.5 s and is back 1.5 s later.
      const answers = members.map(async (client, i) => {
        await sleep(i * 50);
        return enter(client);
      });
      await sleep(500);
      await redis.down();
      await sleep(1500);
      await redis.up();
      const first = await Promise.all(answers);
      const statuses = first.map((a) => a.status);
      expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
      expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
      expect(first.filter((a) => a.status === 503).every((a) => a.body.message === UNAVAILABLE)).toBe(true);
      const committed = async () =>
        Number((await em.execute<{ n: string }[]>('select count(*)::text as n from raffle_entries where raffle_id = ?', [raffleId]))[0]!.n);
      expect(await committed()).toBeGreaterThanOrEqual(statuses.filter((s) => s === 200).length);

      // Every member refused during the outage retries: each ends with exactly one entry.
      await waitFor(async () => (await readiness(api)) === 200, 15_000, 'api ready again');
      const retries = await Promise.all(members.filter((_, i) => statuses[i] === 503).map(enter));
      expect(retries.every((r) => r.status === 200 || r.status === 409)).toBe(true);
      expect(await committed()).toBe(members.length);
      await waitFor(() => pushes.at(-1)?.total_entries === members.length, 10_000, 'the push catches up');
    } finally {
      socket.close();
      await api.close();
      await db.drop();
      await redis.destroy();
    }
  });

  it('PostgreSQL restarted: readiness drops, writes fail with 503 and never half-written, the api recovers without a restart', async () => {
    const postgres = await ThrowawayPostgres.start();
    const setup = new Client({ connectionString: postgres.url() });
    await setup.connect();
    await setup.query('create database drill');
    await setup.end();
    await runMigrations(postgres.url('drill'));
    const api = await startApi(testEnv(postgres.url('drill'), { RATE_LIMIT_PER_MINUTE: '1000000', DB_POOL_MAX: '4' }));
    try {
      const em = api.app.get(EntityManager).fork();
      const admin = await api.signedIn({ role: 'Admin' });
      const memberId = (await createUser(em)).id;
      const statuses: number[] = [];
      let stop = false;
      const writer = async () => {
        while (!stop) {
          const res = await admin
            .json('POST', `/api/admin/users/${memberId}/points`, { delta: 1, note: 'drill' })
            .catch(() => ({ status: 0 }));
          statuses.push(res.status);
          if (res.status !== 201) await sleep(50);
        }
      };
      const writers = Array.from({ length: 4 }, writer);
      await sleep(500);
      expect(await readiness(api)).toBe(200);
      await postgres.down();
      await waitFor(async () => (await readiness(api)) === 503, 10_000, 'readiness drops');
      await sleep(500);
      await postgres.up();
      await waitFor(async () => (await readiness(api)) === 200, 30_000, 'readiness returns');
      const before = statuses.filter((s) => s === 201).length;
      await waitFor(() => statuses.filter((s) => s === 201).length > before + 5, 15_000, 'writes succeed again');
      stop = true;
      await Promise.all(writers);

      expect(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([]);
      expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
      const accepted = statuses.filter((s) => s === 201).length;
      const [row] = await api.app
        .get(EntityManager)
        .fork()
        .execute<{ ledger: number; total: number; balance: number; audits: number; events: number }[]>(
          `select (select count(*)::int from points_ledger where user_id = ?) as ledger,
                  (select coalesce(sum(delta), 0)::int from points_ledger where user_id = ?) as total,
                  (select balance::int from wallets where user_id = ?) as balance,
                  (select count(*)::int from audit_logs where action = 'points.adjust' and entity_id = ?) as audits,
                  (select count(*)::int from outbox_events where payload->>'userId' = ?) as events`,
          [memberId, memberId, memberId, String(memberId), String(memberId)],
        );
      // A write cut by the restart may have committed without its answer (at most one per writer); none is half-written.
      expect(row!.ledger).toBeGreaterThanOrEqual(accepted);
      expect(row!.ledger).toBeLessThanOrEqual(accepted + 4);
      expect(row).toMatchObject({ total: row!.ledger, balance: row!.ledger, audits: row!.ledger });
      expect(row!.events).toBeGreaterThanOrEqual(row!.ledger);
    } finally {
      await api.close();
      await postgres.destroy();
    }
  });
});
