import { Module } from '@nestjs/common';
import { EconomyModule } from '../economy/economy.module';
import { WinnersModule } from '../winners/winners.module';
import { RafflesQueryService } from './raffles-query.service';
import { RaffleLivePublisher } from './raffle-live.publisher';
import { RaffleEntryService } from './raffle-entry.service';
import { FreeEntryBatcher } from './free-entry-batcher';
import { RaffleDrawService } from './raffle-draw.service';
import { AdminRafflesService } from './admin-raffles.service';
import { RafflePasswordAttempts } from './raffle-password-attempts';
import { RafflesRepository } from './raffles.repository';
import { RafflesEntriesRepository } from './raffles-entries.repository';
import { RafflesDrawsRepository } from './raffles-draws.repository';
import { RafflesAdminRepository } from './raffles-admin.repository';
import { FeaturedRaffleRepository } from './featured-raffle.repository';
import { FeaturedRaffleService } from './featured-raffle.service';
import { RaffleEligibilityRepository } from './raffle-eligibility.repository';
import { RaffleEntryVoidsRepository } from './raffle-entry-voids.repository';
import { RaffleEntryVoidsService } from './raffle-entry-voids.service';
import { RaffleClaimsService } from './raffle-claims.service';
import { RaffleFarmSignalsRepository } from './raffle-farm-signals.repository';
import { RaffleTemplatesRepository } from './raffle-templates.repository';
import { RaffleTemplatesService } from './raffle-templates.service';
import { RaffleRulesApplyService } from './raffle-rules-apply.service';
import { RaffleLoserNotices } from './raffle-loser-notices';
import { SafetyModule } from '../safety/safety.module';

/** Raffles for both processes; the worker adds RaffleJobsModule for the timed jobs. */
@Module({
  imports: [EconomyModule, WinnersModule, SafetyModule],
  providers: [
    RafflesRepository,
    RafflesEntriesRepository,
    RafflesDrawsRepository,
    RafflesAdminRepository,
    RafflesQueryService,
    RaffleLivePublisher,
    FreeEntryBatcher,
    RafflePasswordAttempts,
    RaffleEntryService,
    RaffleDrawService,
    AdminRafflesService,
    FeaturedRaffleRepository,
    FeaturedRaffleService,
    RaffleEligibilityRepository,
    RaffleEntryVoidsRepository,
    RaffleEntryVoidsService,
    RaffleClaimsService,
    RaffleFarmSignalsRepository,
    RaffleTemplatesRepository,
    RaffleTemplatesService,
    RaffleRulesApplyService,
    RaffleLoserNotices,
  ],
  exports: [
    RaffleRulesApplyService,
    RaffleClaimsService,
    RaffleTemplatesService,
    RafflesQueryService,
    RaffleLivePublisher,
    RaffleEntryService,
    RaffleDrawService,
    AdminRafflesService,
    FeaturedRaffleService,
    RaffleEntryVoidsService,
  ],
})
export class RafflesModule {}
