import { Module } from '@nestjs/common';
import { LeaderboardModule, RafflesModule, TournamentsModule } from '@kickback/domain';
import { AdminFeaturedController } from './admin-featured.controller';

/** What is on stream (Go live's choice of raffle, tournament and leaderboard), across the features that have one. */
@Module({
  imports: [RafflesModule, TournamentsModule, LeaderboardModule],
  controllers: [AdminFeaturedController],
})
export class FeaturedHttpModule {}
