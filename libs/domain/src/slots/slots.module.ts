import { Module } from '@nestjs/common';
import { SafetyModule } from '../safety/safety.module';
import { SlotFactsRepository } from './slot-facts.repository';
import { SlotCatalogueAdminService } from './slot-catalogue-admin.service';
import { SlotCatalogueReadRepository } from './slot-catalogue.repository';
import { SlotCatalogueReadService } from './slot-catalogue.service';
import { SlotStatsRepository } from './slot-stats.repository';
import { SlotStatsHandler } from './slot-stats.handler';
import { SlotRequestsRepository } from './slot-requests.repository';
import { SlotRequestsService } from './slot-requests.service';
import { SlotRequestsLivePublisher } from './slot-requests-live.publisher';
import { EconomyModule } from '../economy/economy.module';

/** The slot catalogue (docs/slots.md): facts, admin editing and file import, the figures the worker keeps, public reads. */
@Module({
  imports: [EconomyModule, SafetyModule],
  providers: [
    SlotRequestsRepository,
    SlotRequestsService,
    SlotRequestsLivePublisher,
    SlotFactsRepository,
    SlotCatalogueAdminService,
    SlotCatalogueReadRepository,
    SlotCatalogueReadService,
    SlotStatsRepository,
    SlotStatsHandler,
  ],
  exports: [SlotCatalogueAdminService, SlotCatalogueReadService, SlotRequestsService],
})
export class SlotsModule {}
