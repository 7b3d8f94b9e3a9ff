import { Module } from '@nestjs/common';
import { StoreModule } from '@kickback/domain';
import { AdminStoreItemsController, AdminStoreRedemptionsController } from './admin-store.controller';
import { StoreController } from './store.controller';

/** The points store and redemptions; the admin's items, code pools and redemption queue. */
@Module({
  imports: [StoreModule],
  controllers: [StoreController, AdminStoreItemsController, AdminStoreRedemptionsController],
})
export class StoreHttpModule {}
