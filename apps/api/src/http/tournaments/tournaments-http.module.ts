import { Module } from '@nestjs/common';
import { TournamentsModule } from '@kickback/domain';
import { AdminTournamentsController } from './admin-tournaments.controller';
import { TournamentsController } from './tournaments.controller';

/** Slot tournaments and bracket predictions; the admin's brackets and match winners. */
@Module({
  imports: [TournamentsModule],
  controllers: [TournamentsController, AdminTournamentsController],
})
export class TournamentsHttpModule {}
