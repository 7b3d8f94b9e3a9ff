import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { BullModule } from '@nestjs/bullmq';
import { QUEUES } from '@kickback/contracts';
import {
  AuditModule,
  ConfigModule,
  DatabaseModule,
  EventRetentionService,
  LoggingModule,
  OutboxListener,
  OutboxModule,
  OutboxRelayService,
  QueueModule,
  RealtimeModule,
  RedisModule,
  type AppEnv,
} from '@kickback/platform';
import { ContestJobsModule, EconomyModule, IdentityModule, RaffleJobsModule, SiteModule, StoreModule } from '@kickback/domain';
import { RaffleDrawsProcessor } from './processors/raffle-draws.processor';
import { ContestRefundsProcessor } from './processors/contest-refunds.processor';
import { DomainEventsProcessor } from './processors/domain-events.processor';
import { DomainEventBatchesProcessor } from './processors/domain-event-batches.processor';
import { LeaderboardSchedulingModule } from '@kickback/domain';
import { LeaderboardRefreshProcessor } from './processors/leaderboard-refresh.processor';
import { RaceSchedulingModule } from '@kickback/domain';
import { RacesProcessor } from './processors/races.processor';
import { BonusHuntsModule } from '@kickback/domain';
import { TournamentsModule } from '@kickback/domain';
import { ContactModule } from '@kickback/domain';
import { TicketsModule } from '@kickback/domain';
import { ProgressionModule, ProgressionRankBootstrap, SocialModule } from '@kickback/domain';
import { AccountDataJobsModule, ActivityJobsModule, AnnouncementJobsModule } from '@kickback/domain';
import { PointsImportModule } from '@kickback/domain';
import { SlotsModule } from '@kickback/domain';
import { OverlaysModule } from '@kickback/domain';
import { SafetyJobsModule } from '@kickback/domain';
import { MemberBreaksProcessor } from './processors/member-breaks.processor';
import { WorkerHealthServer } from './ops/worker-health.server';
import { WorkerHeartbeatService } from './ops/worker-heartbeat.service';
import { MaintenanceProcessor } from './processors/maintenance.processor';
import { KickUpkeepProcessor } from './processors/kick-upkeep.processor';
import { DrainProcessorsFirst } from './processors/drain-processors-first';
import { AnnouncementsProcessor } from './processors/announcements.processor';

@Module({})
export class WorkerModule {
  static forRoot(env?: AppEnv): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(env),
        DiscoveryModule,
        LoggingModule,
        DatabaseModule,
        RedisModule,
        QueueModule,
        BullModule.registerQueue({ name: QUEUES.maintenance }, { name: QUEUES.kickUpkeep }),
        OutboxModule,
        RealtimeModule,
        AuditModule,
        IdentityModule,
        SiteModule,
        EconomyModule,
        PointsImportModule,
        BonusHuntsModule,
        SlotsModule,
        TournamentsModule,
        RaffleJobsModule,
        ContestJobsModule,
        StoreModule,
        LeaderboardSchedulingModule,
        RaceSchedulingModule,
        ContactModule,
        TicketsModule,
        ProgressionModule,
        SocialModule,
        ActivityJobsModule,
        AnnouncementJobsModule,
        AccountDataJobsModule,
        // Pushes a saved theme to open overlays (OverlayThemePushHandler).
        OverlaysModule,
        SafetyJobsModule,
      ],
      providers: [
        OutboxListener,
        OutboxRelayService,
        DomainEventsProcessor,
        DomainEventBatchesProcessor,
        LeaderboardRefreshProcessor,
        RacesProcessor,
        RaffleDrawsProcessor,
        ContestRefundsProcessor,
        MemberBreaksProcessor,
        EventRetentionService,
        MaintenanceProcessor,
        KickUpkeepProcessor,
        AnnouncementsProcessor,
        DrainProcessorsFirst,
        WorkerHealthServer,
        WorkerHeartbeatService,
        ProgressionRankBootstrap,
      ],
    };
  }
}
