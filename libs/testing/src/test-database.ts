import { Client } from 'pg';

/** The server the test databases are created on (a maintenance database on it). */
export function adminDatabaseUrl(): string {
  return process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export function databaseUrl(name: string): string {
  const url = new URL(adminDatabaseUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export const TEMPLATE_ENV = 'KICKBACK_TEST_TEMPLATE_DB';

/** A migrated database of its own for one test file, cloned from the run's template in ~100 ms. */
export async function createTestDatabase(): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const template = process.env[TEMPLATE_ENV];
  if (!template) throw new Error(`${TEMPLATE_ENV} is not set: run integration tests through jest's integration project`);
  const name = `${template.replace(/_tpl$/, '')}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(`create database "${name}" template "${template}"`);
  return {
    name,
    url: databaseUrl(name),
    drop: async () => dropInBackground(name),
  };
}

/**
 * Starts dropping a test file's database and returns at once. PostgreSQL 15 makes every DROP DATABASE wait for an
 * immediate checkpoint of the whole server (seconds on a busy machine), time a file need not spend: the next file
 * runs while the drop finishes, and the run's global teardown drops whatever a worker that exited left behind.
 */
function dropInBackground(name: string): void {
  adminQuery(`drop database if exists "${name}" with (force)`).catch(() => undefined);
}
