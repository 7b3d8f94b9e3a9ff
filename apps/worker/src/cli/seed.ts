import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { loadEnv, mikroOrmOptions } from '@kickback/platform';
import { demoSeedWanted, runDemoSeed } from '@kickback/domain';

/** `--if-empty` seeds only a database without users (what `npm start` wants on every run). */
async function main(): Promise<void> {
  const env = loadEnv();
  const orm = await MikroORM.init(mikroOrmOptions(env.DATABASE_URL, { entities: [], pool: { min: 0, max: 2 } }));
  try {
    const em = orm.em.fork();
    if (process.argv.includes('--if-empty') && !(await demoSeedWanted(em))) {
      console.log('Database already has data; demo seed skipped.');
      return;
    }
    await runDemoSeed(em, (line) => console.log(line));
    console.log('Demo data ready.');
  } finally {
    await orm.close(true);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
