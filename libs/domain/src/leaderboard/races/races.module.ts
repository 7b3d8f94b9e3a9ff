import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { QUEUES } from '@kickback/contracts';
import { WinnersModule } from '../../winners/winners.module';
import { LeaderboardModule } from '../leaderboard.module';
import { SafetyModule } from '../../safety/safety.module';
import { FeaturedRaceService } from './featured-race.service';
import { RacePushService } from './race-push.service';
import { RaceRefreshService } from './race-refresh.service';
import { RaceSchedulerService } from './race-scheduler.service';
import { RaceWinnersService } from './race-winners.service';
import { RacesAdminService } from './races-admin.service';
import { RacesReadService } from './races-read.service';

const services = [RacesAdminService, RacesReadService, RaceRefreshService, FeaturedRaceService];

/** Race services for the api and the worker (the secrets cipher comes from the leaderboard). */
@Module({
  imports: [LeaderboardModule, WinnersModule, SafetyModule],
  providers: [...services, RacePushService, RaceWinnersService],
  exports: services,
})
export class RacesModule {}

/** Worker only: the races queue and each race's schedule. */
@Module({
  imports: [RacesModule, BullModule.registerQueue({ name: QUEUES.races })],
  providers: [RaceSchedulerService],
  exports: [RacesModule, RaceSchedulerService],
})
export class RaceSchedulingModule {}
