import { Module } from '@nestjs/common';
import { RafflesModule, TournamentsModule } from '@kickback/domain';
import { AdminFeaturedController } from './admin-featured.controller';

/** What is on stream (Go live's choice of raffle and tournament), across the features that have one. */
@Module({
  imports: [RafflesModule, TournamentsModule],
  controllers: [AdminFeaturedController],
})
export class FeaturedHttpModule {}
