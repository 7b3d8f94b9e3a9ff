import { Module } from '@nestjs/common';
import { EconomyModule } from '../economy/economy.module';
import { HuntsService } from './hunts.service';
import { HuntPredictionsService } from './hunt-predictions.service';
import { AdminHuntsService } from './admin-hunts.service';
import { SlotCatalogueService } from './slot-catalogue.service';
import { HuntScoringService } from './hunt-scoring.service';
import { HuntEventsHandler } from './hunt-events.handler';
import { HuntPredictionPushCoalescer } from './hunt-prediction-push.coalescer';

@Module({
  imports: [EconomyModule],
  providers: [
    HuntsService,
    HuntPredictionsService,
    AdminHuntsService,
    SlotCatalogueService,
    HuntScoringService,
    HuntEventsHandler,
    HuntPredictionPushCoalescer,
  ],
  exports: [HuntsService, HuntPredictionsService, AdminHuntsService, SlotCatalogueService, HuntScoringService],
})
export class HuntsModule {}
