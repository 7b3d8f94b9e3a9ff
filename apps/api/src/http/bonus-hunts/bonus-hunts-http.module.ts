import { Module } from '@nestjs/common';
import { ViewerSafetyModule } from '../safety/viewer-safety.module';
import { BonusHuntsModule } from '@kickback/domain';
import { AdminBonusHuntsController } from './admin-bonus-hunts.controller';
import { AdminHuntSlotsController } from './admin-hunt-slots.controller';
import { BonusHuntsController } from './bonus-hunts.controller';

/** Bonus hunts and predictions; the admin's hunts and slot catalogue. */
@Module({
  imports: [BonusHuntsModule, ViewerSafetyModule],
  controllers: [BonusHuntsController, AdminBonusHuntsController, AdminHuntSlotsController],
})
export class BonusHuntsHttpModule {}
