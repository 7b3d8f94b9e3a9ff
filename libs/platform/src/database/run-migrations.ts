import { MikroORM } from '@mikro-orm/postgresql';
import { mikroOrmOptions } from './mikro-orm.options';

/** Applies every pending migration; safe to run on every deploy and from several replicas (advisory lock). */
export async function runMigrations(databaseUrl: string): Promise<string[]> {
  const orm = await MikroORM.init(mikroOrmOptions(databaseUrl, { entities: [], pool: { min: 0, max: 1 } }));
  try {
    const conn = orm.em.getConnection();
    await conn.execute('select pg_advisory_lock(724311)');
    try {
      const applied = await orm.getMigrator().up();
      return applied.map((m) => m.name);
    } finally {
      await conn.execute('select pg_advisory_unlock(724311)');
    }
  } finally {
    await orm.close(true);
  }
}
