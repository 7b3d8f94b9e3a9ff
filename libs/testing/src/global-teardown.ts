import { Client } from 'pg';
import { TEMPLATE_ENV, adminDatabaseUrl } from './test-database';
import { REDIS_DBS_ENV, TEST_REDIS_URL, releaseRedisDbs } from './redis-db-claims';

/** Drops the template and any database a crashed test file left behind, and gives back the run's Redis DBs. */
export default async function globalTeardown(): Promise<void> {
  const template = process.env[TEMPLATE_ENV];
  if (!template) return;
  const dbs = (process.env[REDIS_DBS_ENV] ?? '').split(',').filter(Boolean).map(Number);
  await releaseRedisDbs(TEST_REDIS_URL, template, dbs);
  const prefix = template.replace(/_tpl$/, '');
  const client = new Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${prefix}%`]);
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await client.end();
  }
}
