import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where `npm run build:frontend` writes the site, relative to a bench's compiled file under dist/bench. */
const BUILT_FRONTEND = join(__dirname, '..', '..', '..', 'frontend', 'dist');

/**
 * The environment a bench starts the product's processes with: its own database and Redis, uploads in a fresh temporary
 * folder, and the built site (`frontend: 'built'`, or BENCH_FRONTEND_DIST) or none (`'none'`: the api serves no pages).
 */
export function productEnv(options: {
  databaseUrl: string;
  redisUrl: string;
  logLevel: string;
  frontend: 'built' | 'none';
}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    LOG_LEVEL: options.logLevel,
    UPLOAD_DIR: mkdtempSync(join(tmpdir(), 'kb-bench-uploads-')),
    FRONTEND_DIST: options.frontend === 'built' ? (process.env.BENCH_FRONTEND_DIST ?? BUILT_FRONTEND) : join(tmpdir(), 'kb-no-frontend'),
  };
}

/**
 * Dev login on, and the per-address limits lifted: every bench client comes from this host (or from the addresses it
 * names in X-Forwarded-For), where the product's limits would refuse all but the first few.
 */
export const LIFTED_LIMITS = {
  AUTH_DEV_LOGIN: 'true',
  TRUST_PROXY: 'true',
  RATE_LIMIT_PER_MINUTE: '10000000',
  SOCKETS_PER_ADDRESS: '1000000',
  RAFFLE_ENTER_PER_ADDRESS_PER_MINUTE: '10000000',
} as const;
