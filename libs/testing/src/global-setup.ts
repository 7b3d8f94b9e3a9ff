import { runMigrations } from '../../platform/src/database/run-migrations';
import { TEMPLATE_ENV, adminQuery, databaseUrl } from './test-database';
import { REDIS_BASE_ENV } from './run-redis-base';

/** Creates and migrates this run's template database; every test file clones it. */
export default async function globalSetup(): Promise<void> {
  const name = `kb_test_${Date.now().toString(36)}_tpl`;
  await adminQuery(`create database "${name}"`);
  await runMigrations(databaseUrl(name));
  process.env[TEMPLATE_ENV] = name;
  process.env[REDIS_BASE_ENV] = String(Math.floor(Math.random() * 14));
  // MikroORM keeps metadata on globalThis; left here, it leaks into the test realm and breaks discovery.
  for (const key of Object.keys(globalThis)) if (key.startsWith('mikro-orm-')) delete (globalThis as Record<string, unknown>)[key];
}
