import { Module } from '@nestjs/common';
import { BonusHuntsModule, RafflesModule, StoreModule, TournamentsModule } from '@kickback/domain';
import { AdminArchiveController } from './admin-archive.controller';

/** The admin's bulk archive across raffles, hunts, tournaments and store items. */
@Module({
  imports: [RafflesModule, BonusHuntsModule, TournamentsModule, StoreModule],
  controllers: [AdminArchiveController],
})
export class ArchiveHttpModule {}
