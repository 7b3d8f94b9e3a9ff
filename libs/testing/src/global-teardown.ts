import { Client } from 'pg';
import { TEMPLATE_ENV, adminDatabaseUrl, adminQuery } from './test-database';
import { REDIS_DBS_ENV, TEST_REDIS_URL, releaseRedisDbs } from './redis-db-claims';

/** Drops the template and any database a test file left behind (a crash, a drop still running), and gives back the run's Redis DBs. */
export default async function globalTeardown(): Promise<void> {
  const template = process.env[TEMPLATE_ENV];
  if (!template) return;
  const dbs = (process.env[REDIS_DBS_ENV] ?? '').split(',').filter(Boolean).map(Number);
  await releaseRedisDbs(TEST_REDIS_URL, template, dbs);
  const prefix = template.replace(/_tpl$/, '');
  const client = new Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  let names: string[];
  try {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${prefix}%`]);
    names = rows.map((r) => r.datname);
  } finally {
    await client.end();
  }
  // A few side by side: each drop waits for a checkpoint, and drops waiting together share one (a few, as the server's
  // connections are shared with other runs).
  const dropped: PromiseSettledResult<void>[] = [];
  for (let i = 0; i < names.length; i += 4)
    dropped.push(
      ...(await Promise.allSettled(names.slice(i, i + 4).map((name) => adminQuery(`drop database if exists "${name}" with (force)`)))),
    );
  // A drop a test file started may still hold one of them (it ends gone); a second try tells that from a real failure.
  const retry = names.filter((_, i) => dropped[i]!.status === 'rejected');
  for (const name of retry) await dropIfThere(name);
}

async function dropIfThere(name: string): Promise<void> {
  const client = new Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rows.length > 0) await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}
