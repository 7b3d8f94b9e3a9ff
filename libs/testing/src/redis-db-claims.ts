import Redis from 'ioredis';

/** The Redis server for tests; each test stack takes its own DB on it (never DB 0, a local product's). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';

/** Set by the integration run's global setup: the Redis DBs this run claimed, one per jest worker ("3,7"). */
export const REDIS_DBS_ENV = 'KICKBACK_TEST_REDIS_DBS';

/** DBs 1–14 are for test stacks; 0 is a local product's, and 15 holds the claims. */
const STACK_DBS = Array.from({ length: 14 }, (_, i) => i + 1);
const CLAIMS_DB = 15;
/** A run that crashed without its teardown frees its DBs after this long (no integration run takes near it). */
const CLAIM_TTL_SECONDS = 2 * 60 * 60;
const claimKey = (db: number) => `kickback:test-redis-db:${db}`;

function claimsConnection(redisUrl: string): Redis {
  const url = new URL(redisUrl);
  url.pathname = `/${CLAIMS_DB}`;
  return new Redis(url.toString(), { lazyConnect: true, maxRetriesPerRequest: 2 });
}

/**
 * Claims `count` Redis DBs for one run, so runs that overlap on one machine (a developer's two terminals, a run beside
 * CI's) never flush each other's keys: each stack flushes its DB when it starts and ends. When the DBs run out, the
 * run shares some at random rather than stop.
 */
export async function claimRedisDbs(redisUrl: string, runId: string, count: number): Promise<number[]> {
  const redis = claimsConnection(redisUrl);
  await redis.connect();
  try {
    const claimed: number[] = [];
    for (const db of [...STACK_DBS].sort(() => Math.random() - 0.5)) {
      if (claimed.length === count) break;
      if ((await redis.set(claimKey(db), runId, 'EX', CLAIM_TTL_SECONDS, 'NX')) === 'OK') claimed.push(db);
    }
    while (claimed.length < count) claimed.push(STACK_DBS[Math.floor(Math.random() * STACK_DBS.length)]!);
    return claimed;
  } finally {
    redis.disconnect();
  }
}

/** Gives back the DBs `runId` claimed (and only those: a DB shared after the claims ran out stays with its owner). */
export async function releaseRedisDbs(redisUrl: string, runId: string, dbs: number[]): Promise<void> {
  const redis = claimsConnection(redisUrl);
  await redis.connect();
  try {
    for (const db of dbs) if ((await redis.get(claimKey(db))) === runId) await redis.del(claimKey(db));
  } finally {
    redis.disconnect();
  }
}
