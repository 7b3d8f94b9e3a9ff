import { Module } from '@nestjs/common';
import { SlotsModule } from '@kickback/domain';
import { AdminSlotsController } from './admin-slots.controller';
import { SlotsController } from './slots.controller';

/** The slot catalogue: its public pages' reads and its admin routes. */
@Module({
  imports: [SlotsModule],
  controllers: [SlotsController, AdminSlotsController],
})
export class SlotsHttpModule {}
