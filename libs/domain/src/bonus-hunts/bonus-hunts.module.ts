import { Module } from '@nestjs/common';
import { EconomyModule } from '../economy/economy.module';
import { WinnersModule } from '../winners/winners.module';
import { BonusHuntsService } from './bonus-hunts.service';
import { HuntPredictionsService } from './hunt-predictions.service';
import { AdminBonusHuntsService } from './admin-bonus-hunts.service';
import { SlotCatalogueService } from './slot-catalogue.service';
import { HuntScoringService } from './hunt-scoring.service';
import { HuntEventsHandler } from './hunt-events.handler';
import { BonusHuntsRepository } from './bonus-hunts.repository';
import { HuntPredictionsRepository } from './hunt-predictions.repository';
import { SlotCatalogueRepository } from './slot-catalogue.repository';

@Module({
  imports: [EconomyModule, WinnersModule],
  providers: [
    BonusHuntsRepository,
    HuntPredictionsRepository,
    SlotCatalogueRepository,
    BonusHuntsService,
    HuntPredictionsService,
    AdminBonusHuntsService,
    SlotCatalogueService,
    HuntScoringService,
    HuntEventsHandler,
  ],
  exports: [BonusHuntsService, HuntPredictionsService, AdminBonusHuntsService, SlotCatalogueService, HuntScoringService],
})
export class BonusHuntsModule {}
