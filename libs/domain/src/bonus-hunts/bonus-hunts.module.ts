import { Module } from '@nestjs/common';
import { EconomyModule } from '../economy/economy.module';
import { BonusHuntsService } from './bonus-hunts.service';
import { HuntPredictionsService } from './hunt-predictions.service';
import { AdminBonusHuntsService } from './admin-bonus-hunts.service';
import { SlotCatalogueService } from './slot-catalogue.service';
import { HuntScoringService } from './hunt-scoring.service';
import { HuntEventsHandler } from './hunt-events.handler';

@Module({
  imports: [EconomyModule],
  providers: [
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
