#!/usr/bin/env node
// Playwright's webServer: the built product on its own database with demo data, torn down on exit.
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { mustRun } from './lib/run.mjs';
import {
  dropDatabase,
  dropStaleDatabases,
  ensureDatabase,
  findPostgres,
  findRedis,
  startPrivateRedis,
  withDatabase,
} from './lib/services.mjs';
import { describeExit, startProduct } from './lib/processes.mjs';

/**
 * Watching earns per `watch_interval_seconds` (an admin rule, 600 s by default); e2e/activity.spec.ts watches a few
 * intervals, so this server's rule is set short (E2E_WATCH_INTERVAL_SECONDS, e2e only) rather than faking time.
 */
async function shortenWatchInterval(databaseUrl, seconds) {
  const value = Number(seconds);
  if (!Number.isInteger(value) || value < 4) throw new Error(`E2E_WATCH_INTERVAL_SECONDS must be a whole number >= 4, got ${seconds}`);
  const { Client } = await import('pg');
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('update activity_settings set watch_interval_seconds = $1 where id = 1', [value]);
  } finally {
    await client.end();
  }
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.E2E_PORT ?? '3111';
const children = [];
const adminUrl = process.env.TEST_PG_ADMIN_URL ?? (await findPostgres(root, children));
// Its own redis-server when possible: integration stacks and other e2e runs on the shared server flush DBs and
// share queue names, which would drop this run's sessions or hand its jobs to another product.
const privateRedis = await startPrivateRedis(children);
const redisBase = new URL(privateRedis ?? process.env.TEST_REDIS_URL ?? (await findRedis(root, children)));
// Without one, a DB per port (10–14), so the run's servers side by side keep apart.
if (!privateRedis) redisBase.pathname = `/${10 + (Number(port) % 5)}`;
await dropStaleDatabases(adminUrl, 'kb_e2e_');
// The creation time first (dropStaleDatabases reads it), then the port: a run's servers start in the same moment.
const dbName = `kb_e2e_${Date.now().toString(36)}_${port}`;
await ensureDatabase(adminUrl, dbName);
const env = {
  NODE_ENV: 'test',
  DATABASE_URL: withDatabase(adminUrl, dbName),
  REDIS_URL: redisBase.toString(),
  PORT: port,
  APP_URL: `http://localhost:${port}`,
  AUTH_DEV_LOGIN: 'true',
  LOG_LEVEL: 'warn',
  WORKER_HEALTH_PORT: '0',
  // Same shape as `npm start`'s .data/uploads: a dot-folder in the path must not stop files being served.
  UPLOAD_DIR: join(mkdtempSync(join(tmpdir(), 'kb-e2e-uploads-')), '.data', 'uploads'),
  RATE_LIMIT_PER_MINUTE: '100000',
  AUTH_RATE_LIMIT_PER_MINUTE: '10000',
  ABUSE_REFUSALS_PER_MINUTE: '100000',
  RAFFLE_ENTER_PER_ADDRESS_PER_MINUTE: '100000',
  REALTIME_CHANNEL: `kb-e2e-${port}`,
  // The fake Kick of e2e/activity.spec.ts listens here (its public key signs the webhook deliveries).
  KICK_API_URL: `http://127.0.0.1:${Number(port) + 20000}`,
  // The same fake answers Kick's OAuth side (e2e/kick-connection.spec.ts logs the streamer in there).
  KICK_AUTH_URL: `http://127.0.0.1:${Number(port) + 20000}`,
};
const { default: Redis } = await import('ioredis');
const redis = new Redis(env.REDIS_URL);
await redis.flushdb();
redis.disconnect();
await mustRun(process.execPath, ['dist/libs/platform/src/database/cli/migrate.js'], { cwd: root, env });
await mustRun(process.execPath, ['dist/apps/worker/src/cli/seed.js'], { cwd: root, env });
await shortenWatchInterval(env.DATABASE_URL, process.env.E2E_WATCH_INTERVAL_SECONDS ?? '8');
const product = startProduct(root, env);
let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await product.stop();
  await dropDatabase(adminUrl, dbName).catch(() => undefined);
  for (const c of children.reverse()) await c.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
product.onFirstExit((exit) => {
  console.error(describeExit(exit));
  void shutdown();
});
// Playwright killed without its clean-up (SIGKILL, a crash) leaves this server orphaned: it stops by itself then.
const parentAtStart = process.ppid;
setInterval(() => {
  if (process.ppid !== parentAtStart) void shutdown();
}, 1000).unref();
