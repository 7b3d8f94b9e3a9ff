import { loadEnv } from '../../config/load-env';
import { runMigrations } from '../run-migrations';

async function main(): Promise<void> {
  const env = loadEnv();
  const applied = await runMigrations(env.DATABASE_URL);
  console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date.');
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
