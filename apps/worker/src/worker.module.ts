import { Module, type DynamicModule } from '@nestjs/common';
import {
  AuditModule,
  ConfigModule,
  DatabaseModule,
  LoggingModule,
  OutboxModule,
  OutboxRelayService,
  QueueModule,
  RealtimeModule,
  RedisModule,
  type AppEnv,
} from '@kickback/platform';
import { EconomyModule, IdentityModule, RaffleJobsModule, SiteModule, StoreModule } from '@kickback/domain';
import { RaffleDrawsProcessor } from './processors/raffle-draws.processor';
import { DomainEventsProcessor } from './processors/domain-events.processor';
import { DomainEventBatchesProcessor } from './processors/domain-event-batches.processor';
import { LeaderboardSchedulingModule } from '@kickback/domain';
import { LeaderboardRefreshProcessor } from './processors/leaderboard-refresh.processor';
import { BonusHuntsModule } from '@kickback/domain';
import { TournamentsModule } from '@kickback/domain';
import { ContactModule } from '@kickback/domain';
import { TicketsModule } from '@kickback/domain';
import { ProgressionModule, ProgressionRankBootstrap, SocialModule } from '@kickback/domain';
import { ActivityJobsModule } from '@kickback/domain';
import { WorkerHealthServer } from './ops/worker-health.server';

@Module({})
export class WorkerModule {
  static forRoot(env?: AppEnv): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(env),
        LoggingModule,
        DatabaseModule,
        RedisModule,
        QueueModule,
        OutboxModule,
        RealtimeModule,
        AuditModule,
        IdentityModule,
        SiteModule,
        EconomyModule,
        BonusHuntsModule,
        TournamentsModule,
        RaffleJobsModule,
        StoreModule,
        LeaderboardSchedulingModule,
        ContactModule,
        TicketsModule,
        ProgressionModule,
        SocialModule,
        ActivityJobsModule,
      ],
      providers: [
        OutboxRelayService,
        DomainEventsProcessor,
        DomainEventBatchesProcessor,
        LeaderboardRefreshProcessor,
        RaffleDrawsProcessor,
        WorkerHealthServer,
        ProgressionRankBootstrap,
      ],
    };
  }
}
