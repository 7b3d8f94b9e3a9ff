import { Module } from '@nestjs/common';
import { EconomyModule } from '../economy/economy.module';
import { SiteModule } from '../site/site.module';
import { StoreCatalogService } from './store-catalog.service';
import { StoreRedemptionService } from './store-redemption.service';
import { RedemptionFulfilmentService } from './redemption-fulfilment.service';
import { StoreAdminService } from './store-admin.service';
import { StoreEventsHandler } from './store-events.handler';

@Module({
  imports: [EconomyModule, SiteModule],
  providers: [StoreCatalogService, StoreRedemptionService, RedemptionFulfilmentService, StoreAdminService, StoreEventsHandler],
  exports: [StoreCatalogService, StoreRedemptionService, RedemptionFulfilmentService, StoreAdminService],
})
export class StoreModule {}
