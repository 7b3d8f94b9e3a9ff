import { Module } from '@nestjs/common';
import { ViewerSafetyModule } from '../safety/viewer-safety.module';
import { TournamentsModule } from '@kickback/domain';
import { AdminTournamentsController } from './admin-tournaments.controller';
import { TournamentsController } from './tournaments.controller';

/** Slot tournaments and bracket predictions; the admin's brackets and match winners. */
@Module({
  imports: [TournamentsModule, ViewerSafetyModule],
  controllers: [TournamentsController, AdminTournamentsController],
})
export class TournamentsHttpModule {}
