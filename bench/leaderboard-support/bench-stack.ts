import 'reflect-metadata';
import { EntityManager } from '@mikro-orm/postgresql';
import { Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { runMigrations } from '../../libs/platform/src/database/run-migrations';
import { adminQuery, databaseUrl } from '../../libs/testing/src/test-database';
import { testEnv } from '../../libs/testing/src/test-env';
import { ApiModule } from '../../apps/api/src/api.module';
import { configureApiApp } from '../../apps/api/src/bootstrap/configure-api-app';

export interface BenchStack {
  app: NestExpressApplication;
  em: EntityManager;
  url: string;
  close: () => Promise<void>;
}

/**
 * A freshly migrated database and a running api built like createApiApp (same module, middleware and
 * guards), optionally with extra controllers mounted beside the real ones.
 */
export async function startBenchStack(extraControllers: Type[] = []): Promise<BenchStack> {
  const name = `kb_bench_${Date.now().toString(36)}`;
  await adminQuery(`create database "${name}"`);
  await runMigrations(databaseUrl(name));
  const env = testEnv(databaseUrl(name), {
    RATE_LIMIT_PER_MINUTE: '100000000',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
  });
  @Module({ imports: [ApiModule.forRoot(env)], controllers: extraControllers })
  class BenchApiModule {}
  const app = await NestFactory.create<NestExpressApplication>(BenchApiModule, { bufferLogs: true, bodyParser: false });
  configureApiApp(app);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  return {
    app,
    em: app.get(EntityManager).fork(),
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await adminQuery(`drop database if exists "${name}" with (force)`);
    },
  };
}

/** Inserts a manual-source platform whose current period holds `count` wagerers; returns its id. */
export async function seedWagerers(em: EntityManager, slug: string, count: number): Promise<number> {
  const [{ id }] = await em.execute<{ id: number }[]>(
    `insert into leaderboard_platforms (name, slug, currency_symbol, source_type, period_type, prizes, display_count)
     values (?, ?, '$', 'manual_csv', 'monthly', '[5000,2500,1000,500,250,100,100,50,50,50]'::jsonb, 100) returning id`,
    [slug, slug],
  );
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const [{ id: periodId }] = await em.execute<{ id: string }[]>(
    `insert into leaderboard_periods (platform_id, starts_at, ends_at) values (?, ?, ?) returning id`,
    [id, start, end],
  );
  // Many ties on purpose (amounts rounded to whole dollars) so the tie-break does real work.
  await em.execute(
    `insert into leaderboard_manual_entries (period_id, username, wagered)
     select ?, 'player_' || g, (round((random() ^ 3) * 250000) + 10)::numeric(18,2) from generate_series(1, ?) g`,
    [periodId, count],
  );
  return id;
}
