import { Module } from '@nestjs/common';
import { SlotsModule } from '@kickback/domain';
import { AdminSlotsController } from './admin-slots.controller';

/** The slot catalogue's admin routes. */
@Module({
  imports: [SlotsModule],
  controllers: [AdminSlotsController],
})
export class SlotsHttpModule {}
