import { Module } from '@nestjs/common';
import { LeaderboardModule, RacesModule, RafflesModule, TournamentsModule } from '@kickback/domain';
import { AdminFeaturedController } from './admin-featured.controller';

/** What is on stream (Go live's choice of raffle, tournament, leaderboard and race), across the features that have one. */
@Module({
  imports: [RafflesModule, TournamentsModule, LeaderboardModule, RacesModule],
  controllers: [AdminFeaturedController],
})
export class FeaturedHttpModule {}
