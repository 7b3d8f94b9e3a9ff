import Redis from 'ioredis';
import { REDIS_DBS_ENV, TEST_REDIS_URL, claimRedisDbs, releaseRedisDbs } from './redis-db-claims';

/** Runs that overlap on one machine get Redis DBs of their own, so one run's flush never drops another's keys. */
describe('Redis DB claims of integration runs (real Redis)', () => {
  it("gives overlapping runs disjoint DBs, never this run's own, and frees only the releasing run's", async () => {
    const own = (process.env[REDIS_DBS_ENV] ?? '').split(',').filter(Boolean).map(Number);
    expect(own.length).toBeGreaterThan(0);
    const [a, b] = [`claims-a-${process.pid}`, `claims-b-${process.pid}`];
    const first = await claimRedisDbs(TEST_REDIS_URL, a, 2);
    const second = await claimRedisDbs(TEST_REDIS_URL, b, 2);
    const claims = new URL(TEST_REDIS_URL);
    claims.pathname = '/15';
    const redis = new Redis(claims.toString());
    try {
      expect(new Set([...own, ...first, ...second]).size).toBe(own.length + 4);
      for (const db of [...first, ...second]) expect(db >= 1 && db <= 14).toBe(true);
      // Releasing with another run's id leaves the claims alone.
      await releaseRedisDbs(TEST_REDIS_URL, 'another-run', first);
      expect(await redis.mget(first.map((db) => `kickback:test-redis-db:${db}`))).toEqual([a, a]);
      await releaseRedisDbs(TEST_REDIS_URL, a, first);
      expect(await redis.mget(first.map((db) => `kickback:test-redis-db:${db}`))).toEqual([null, null]);
      expect(await redis.mget(second.map((db) => `kickback:test-redis-db:${db}`))).toEqual([b, b]);
    } finally {
      await releaseRedisDbs(TEST_REDIS_URL, a, first);
      await releaseRedisDbs(TEST_REDIS_URL, b, second);
      redis.disconnect();
    }
  });
});
