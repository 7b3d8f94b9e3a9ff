import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';

const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;
const POLL_MS = 100;

/** Deletes `key` only while it still holds `token` (compare and delete in one step): never another holder's claim. */
export async function releaseIfHolder(redis: Redis, key: string, token: string): Promise<void> {
  await redis.eval(RELEASE, 1, key, token);
}

/**
 * Runs `fn` while holding `key` in Redis (SET NX PX with a token only the holder can release), so one process at a
 * time does it across every api and worker replica. `waitMs`: how long to wait for another holder to finish; 0 gives
 * up at once. Answers `{ ran: false }` when the lock was not obtained.
 */
export async function withRedisLock<T>(
  redis: Redis,
  key: string,
  ttlMs: number,
  fn: () => Promise<T>,
  waitMs = 0,
): Promise<{ ran: true; value: T } | { ran: false }> {
  const token = randomBytes(12).toString('hex');
  const deadline = Date.now() + waitMs;
  while (!(await redis.set(key, token, 'PX', ttlMs, 'NX'))) {
    if (Date.now() >= deadline) return { ran: false };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  try {
    return { ran: true, value: await fn() };
  } finally {
    await releaseIfHolder(redis, key, token);
  }
}
