import { Module } from '@nestjs/common';
import { BonusHuntsModule, LeaderboardModule, RafflesModule, ReadApiModule, TournamentsModule, WinnersModule } from '@kickback/domain';
import { AdminReadApiController } from './admin-read-api.controller';
import { ReadApiController } from './read-api.controller';
import { ReadApiRateLimiter } from './read-api-rate-limiter';
import { ReadApiTokenGuard } from './read-api-token.guard';

/** The token-authenticated read API for other tools, and the admin's tokens for it. */
@Module({
  imports: [ReadApiModule, LeaderboardModule, RafflesModule, WinnersModule, BonusHuntsModule, TournamentsModule],
  controllers: [ReadApiController, AdminReadApiController],
  providers: [ReadApiRateLimiter, ReadApiTokenGuard],
})
export class ReadApiHttpModule {}
