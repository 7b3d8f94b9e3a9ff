import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Module } from '@nestjs/common';
import { AuditModule, ConfigModule, DatabaseModule, LoggingModule, OutboxModule, RealtimeModule, RedisModule } from '@kickback/platform';
import { ProgressionBackfillService, ProgressionModule } from '@kickback/domain';

@Module({
  imports: [
    ConfigModule.forRoot(),
    LoggingModule,
    DatabaseModule,
    RedisModule,
    OutboxModule,
    RealtimeModule,
    AuditModule,
    ProgressionModule,
  ],
})
class BackfillModule {}

/**
 * `npm run progression:backfill`: XP, achievements and badges for data written before progression existed, then the
 * rank set rebuilt from the totals. Idempotent: run it as often as you like.
 */
async function main(): Promise<void> {
  const app = await NestFactory.createApplicationContext(BackfillModule, { logger: ['error', 'warn'] });
  try {
    const result = await app.get(ProgressionBackfillService).run();
    console.log(
      `Backfill done: ${result.newAwards} new XP award(s), ${result.members} member(s) with XP, ${result.unlocked} achievement(s) unlocked.`,
    );
  } finally {
    await app.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
