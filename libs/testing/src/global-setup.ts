import { runMigrations } from '../../platform/src/database/run-migrations';
import { TEMPLATE_ENV, adminQuery, databaseUrl } from './test-database';
import { REDIS_DBS_ENV, TEST_REDIS_URL, claimRedisDbs } from './redis-db-claims';

/** Creates and migrates this run's template database; every test file clones it. */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  const name = `kb_test_${Date.now().toString(36)}_tpl`;
  await adminQuery(`create database "${name}"`);
  await runMigrations(databaseUrl(name));
  process.env[TEMPLATE_ENV] = name;
  process.env[REDIS_DBS_ENV] = (await claimRedisDbs(TEST_REDIS_URL, name, Math.max(1, globalConfig.maxWorkers))).join(',');
  // MikroORM keeps metadata on globalThis; left here, it leaks into the test realm and breaks discovery.
  for (const key of Object.keys(globalThis)) if (key.startsWith('mikro-orm-')) delete (globalThis as Record<string, unknown>)[key];
}
