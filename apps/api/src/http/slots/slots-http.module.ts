import { Module } from '@nestjs/common';
import { SlotsModule } from '@kickback/domain';
import { AdminSlotsController } from './admin-slots.controller';
import { SlotsController } from './slots.controller';
import { SlotRequestsController } from './slot-requests.controller';
import { AdminSlotRequestsController } from './admin-slot-requests.controller';

/** The slot catalogue: its public pages' reads and its admin routes. */
@Module({
  imports: [SlotsModule],
  controllers: [SlotsController, SlotRequestsController, AdminSlotsController, AdminSlotRequestsController],
})
export class SlotsHttpModule {}
