import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { QUEUES } from '@kickback/contracts';
import { AppConfig } from '@kickback/platform';
import { FeaturedLeaderboardService } from './featured-leaderboard.service';
import { LeaderboardCacheService } from './leaderboard-cache.service';
import { LeaderboardReadService } from './leaderboard-read.service';
import { LeaderboardRefreshService } from './leaderboard-refresh.service';
import { LeaderboardSchedulerService } from './leaderboard-scheduler.service';
import { ManualImportService } from './manual-import.service';
import { PlatformsService } from './platforms.service';
import { SecretsCipher } from './secrets-cipher';
import { WinnersModule } from '../winners/winners.module';
import { SafetyModule } from '../safety/safety.module';
import { BreakReranking } from './break-reranking.handler';

const services = [
  LeaderboardCacheService,
  LeaderboardRefreshService,
  LeaderboardReadService,
  PlatformsService,
  ManualImportService,
  FeaturedLeaderboardService,
];

/** Leaderboard services for the api and the worker. */
@Module({
  imports: [WinnersModule, SafetyModule],
  providers: [
    {
      provide: SecretsCipher,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => new SecretsCipher(config.env.SECRETS_KEY, config.env.SECRETS_KEY_PREVIOUS),
    },
    ...services,
  ],
  exports: [...services, SecretsCipher],
})
export class LeaderboardModule {}

/** Worker only: the refresh queue and the per-platform job schedulers. */
@Module({
  imports: [LeaderboardModule, BullModule.registerQueue({ name: QUEUES.leaderboardRefresh })],
  providers: [LeaderboardSchedulerService, BreakReranking],
  exports: [LeaderboardModule, LeaderboardSchedulerService],
})
export class LeaderboardSchedulingModule {}
