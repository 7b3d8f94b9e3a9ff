#!/usr/bin/env node
// `npm start`: the whole product with demo data on a fresh machine.
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { ensureDependencies } from './lib/dependencies.mjs';
import { mustRun } from './lib/run.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  await ensureDependencies(root);
  // Loaded after the install: these helpers import packages from node_modules.
  const { findPostgres, findRedis, ensureDatabase, withDatabase } = await import('./lib/services.mjs');
  const { describeExit, startProduct, waitForHttp } = await import('./lib/processes.mjs');
  const { freePort } = await import('./lib/free-port.mjs');
  const children = [];
  console.log('Building…');
  await mustRun('npm', ['run', 'build', '--silent'], { cwd: root });
  const adminUrl = await findPostgres(root, children);
  const redisUrl = await findRedis(root, children);
  const dbName = process.env.KICKBACK_DB_NAME ?? 'kickback';
  await ensureDatabase(adminUrl, dbName);
  const port = process.env.PORT ?? '3000';
  const env = {
    DATABASE_URL: withDatabase(adminUrl, dbName),
    REDIS_URL: redisUrl,
    PORT: port,
    APP_URL: process.env.APP_URL ?? `http://localhost:${port}`,
    AUTH_DEV_LOGIN: process.env.AUTH_DEV_LOGIN ?? 'true',
    UPLOAD_DIR: process.env.UPLOAD_DIR ?? join(root, '.data', 'uploads'),
    // Its default, 9464, is also OpenTelemetry's Prometheus port, often taken on a developer's machine.
    WORKER_HEALTH_PORT: process.env.WORKER_HEALTH_PORT ?? String(await freePort()),
  };
  await mustRun(process.execPath, ['dist/libs/platform/src/database/cli/migrate.js'], { cwd: root, env });
  await mustRun(process.execPath, ['dist/apps/worker/src/cli/seed.js', '--if-empty'], { cwd: root, env });
  const product = startProduct(root, env);
  let stopping = false;
  const shutdown = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    await product.stop();
    for (const c of children.reverse()) await c.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => shutdown());
  process.on('SIGTERM', () => shutdown());
  // Either process stopping on its own stops both: a site whose worker is gone draws, redeems and awards nothing.
  product.onFirstExit((exit) => {
    console.error(`\n${describeExit(exit)}\nKickback stopped, as it cannot run without both.`);
    void shutdown(1);
  });
  const workerHealth = env.WORKER_HEALTH_PORT === '0' ? null : `http://127.0.0.1:${env.WORKER_HEALTH_PORT}`;
  await Promise.all([waitForHttp(`http://127.0.0.1:${port}/readyz`), workerHealth && waitForHttp(`${workerHealth}/readyz`)]);
  if (stopping) return;
  console.log(`
Kickback is running at ${env.APP_URL}
  Admin panel: ${env.APP_URL}/admin-new
  Worker health: ${workerHealth ? `${workerHealth}/healthz` : 'off (WORKER_HEALTH_PORT=0)'}
  Demo logins (at ${env.APP_URL}/login): StreamBoss (Admin), ModMila (moderator: Go live only), HelpDeskHana (staff), LuckyLuke, SpinQueen, NoKickNick (members)
Press Ctrl+C to stop.`);
}

main().catch((err) => {
  console.error(`\nnpm start failed: ${err.message}`);
  process.exit(1);
});
