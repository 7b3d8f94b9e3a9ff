import { Module } from '@nestjs/common';
import { RacesModule } from '@kickback/domain';
import { AdminRacesController } from './admin-races.controller';
import { RacesController } from './races.controller';
import { ViewerSafetyModule } from '../safety/viewer-safety.module';

/** Wager races: the public list and pages, and the admin's races. */
@Module({
  imports: [RacesModule, ViewerSafetyModule],
  controllers: [RacesController, AdminRacesController],
})
export class RacesHttpModule {}
