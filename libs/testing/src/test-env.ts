import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEnv, type AppEnv } from '@kickback/platform';
import { REDIS_DBS_ENV, TEST_REDIS_URL } from './redis-db-claims';

/**
 * A Redis URL on a DB between 1 and 14. In a jest run each worker takes its own of the DBs the run claimed (global
 * setup), so files running side by side never share keys (each stack flushes its DB), nor do runs that overlap on one
 * machine; outside one, a DB is picked at random.
 */
export function testRedisUrl(): string {
  const url = new URL(TEST_REDIS_URL);
  const worker = Number(process.env.JEST_WORKER_ID);
  const claimed = (process.env[REDIS_DBS_ENV] ?? '').split(',').filter(Boolean).map(Number);
  const db = worker >= 1 && claimed.length > 0 ? claimed[(worker - 1) % claimed.length]! : 1 + Math.floor(Math.random() * 14);
  url.pathname = `/${db}`;
  return url.toString();
}

export function testEnv(databaseUrl: string, overrides: Record<string, string> = {}): AppEnv {
  return loadEnv({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL: testRedisUrl(),
    REALTIME_CHANNEL: `kb-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
    LOG_LEVEL: 'silent',
    AUTH_DEV_LOGIN: 'true',
    // The fake casino servers listen on 127.0.0.1; the refusal itself is tested with this off.
    LEADERBOARD_ALLOW_PRIVATE_HOSTS: 'true',
    // Local webhook receivers and the fake Discord listen on 127.0.0.1 over http.
    WEBHOOKS_ALLOW_PRIVATE_HOSTS: 'true',
    WORKER_HEALTH_PORT: '0',
    OUTBOX_POLL_MS: '20',
    // Under a dot-folder like `npm start`'s .data/uploads, so tests serve files from the path users get.
    UPLOAD_DIR: join(mkdtempSync(join(tmpdir(), 'kb-uploads-')), '.data', 'uploads'),
    FRONTEND_DIST: process.env.TEST_FRONTEND_DIST ?? join(tmpdir(), 'kb-no-frontend'),
    DB_POOL_MAX: '10',
    // Tests log many users in from one address; the limit itself is tested with its own setting.
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    // Likewise raffle entries from one address; hostile-load.int-spec.ts tests the limit at its default.
    RAFFLE_ENTER_PER_ADDRESS_PER_MINUTE: '100000',
    // Suites send refused input on purpose (fuzzing, limits); refusal-penalty.int-spec.ts tests the hold at a low setting.
    ABUSE_REFUSALS_PER_MINUTE: '100000',
    // Concurrency tests fire a hundred requests from one member at once to race the database, which is what they are
    // about (a member's sessions and replicas race it in production); refusal-penalty.int-spec.ts tests the lanes.
    CLIENT_LANES: '10000',
    ...overrides,
  });
}
