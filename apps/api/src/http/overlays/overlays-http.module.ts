import { Module } from '@nestjs/common';
import { OverlaysModule } from '@kickback/domain';
import { AdminOverlaysController } from './admin-overlays.controller';

/** The admin's Overlays section over HTTP (the overlay pages themselves are served by the pages module). */
@Module({
  imports: [OverlaysModule],
  controllers: [AdminOverlaysController],
})
export class OverlaysHttpModule {}
