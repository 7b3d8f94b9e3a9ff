import { Module } from '@nestjs/common';
import { EconomyModule } from '../economy/economy.module';
import { SiteModule } from '../site/site.module';
import { RafflesQueryService } from './raffles-query.service';
import { RaffleLivePublisher } from './raffle-live.publisher';
import { RaffleEntryService } from './raffle-entry.service';
import { FreeEntryBatcher } from './free-entry-batcher';
import { RaffleDrawService } from './raffle-draw.service';
import { AdminRafflesService } from './admin-raffles.service';
import { RecentWinnersService } from './recent-winners.service';
import { RafflePasswordAttempts } from './raffle-password-attempts';

/** Raffles for both processes; the worker adds RaffleJobsModule for the timed jobs. */
@Module({
  imports: [EconomyModule, SiteModule],
  providers: [
    RafflesQueryService,
    RaffleLivePublisher,
    FreeEntryBatcher,
    RafflePasswordAttempts,
    RaffleEntryService,
    RaffleDrawService,
    AdminRafflesService,
    RecentWinnersService,
  ],
  exports: [RafflesQueryService, RaffleLivePublisher, RaffleEntryService, RaffleDrawService, AdminRafflesService, RecentWinnersService],
})
export class RafflesModule {}
