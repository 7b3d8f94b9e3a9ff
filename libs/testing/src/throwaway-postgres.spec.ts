import { Client } from 'pg';
import { ThrowawayPostgres } from './throwaway-services';

async function query(url: string, sql: string): Promise<unknown[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/** The fault drills' PostgreSQL: also run from a checkout in a closed folder (deploy-checks/closed-checkout-postgres.test.mjs). */
describe('a throwaway PostgreSQL', () => {
  it('answers queries, and keeps its data across a restart', async () => {
    const postgres = await ThrowawayPostgres.start();
    try {
      await query(postgres.url(), 'create table kept (n int); insert into kept values (42)');
      await postgres.down();
      await postgres.up();
      expect(await query(postgres.url(), 'select n from kept')).toEqual([{ n: 42 }]);
    } finally {
      await postgres.destroy();
    }
  });
});
