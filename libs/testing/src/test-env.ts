import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEnv, type AppEnv } from '@kickback/platform';

/** Redis DB 15 keeps test keys away from a locally running product (DB 0). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';

export function testEnv(databaseUrl: string, overrides: Record<string, string> = {}): AppEnv {
  return loadEnv({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL: TEST_REDIS_URL,
    LOG_LEVEL: 'silent',
    AUTH_DEV_LOGIN: 'true',
    WORKER_HEALTH_PORT: '0',
    OUTBOX_POLL_MS: '20',
    UPLOAD_DIR: mkdtempSync(join(tmpdir(), 'kb-uploads-')),
    FRONTEND_DIST: process.env.TEST_FRONTEND_DIST ?? join(tmpdir(), 'kb-no-frontend'),
    DB_POOL_MAX: '10',
    ...overrides,
  });
}
