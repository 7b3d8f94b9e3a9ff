import { Module } from '@nestjs/common';
import { EconomyModule } from '../economy/economy.module';
import { PayoutsModule } from '../payouts/payouts.module';
import { StoreCatalogService } from './store-catalog.service';
import { StoreRedemptionService } from './store-redemption.service';
import { RedemptionFulfilmentService } from './redemption-fulfilment.service';
import { AdminStoreService } from './admin-store.service';
import { StoreEventsHandler } from './store-events.handler';
import { StoreRepository } from './store.repository';
import { StoreRedemptionsRepository } from './store-redemptions.repository';
import { StoreBatchRepository } from './store-batch.repository';
import { StoreCodesRepository } from './store-codes.repository';
import { SafetyModule } from '../safety/safety.module';

@Module({
  imports: [EconomyModule, PayoutsModule, SafetyModule],
  providers: [
    StoreRepository,
    StoreRedemptionsRepository,
    StoreBatchRepository,
    StoreCodesRepository,
    StoreCatalogService,
    StoreRedemptionService,
    RedemptionFulfilmentService,
    AdminStoreService,
    StoreEventsHandler,
  ],
  exports: [StoreCatalogService, StoreRedemptionService, RedemptionFulfilmentService, AdminStoreService],
})
export class StoreModule {}
