import { Client } from 'pg';

export interface BenchDatabase {
  name: string;
  url: string;
  /** Drops the database even with connections still open, then closes the admin connection. */
  drop: () => Promise<void>;
}

/** A new, empty database named `<prefix>_<time>` on the server of `adminUrl`, for one benchmark run. */
export async function createBenchDatabase(adminUrl: string, prefix: string): Promise<BenchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
