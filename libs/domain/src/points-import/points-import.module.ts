import { Module } from '@nestjs/common';
import { EconomyModule } from '../economy/economy.module';
import { PointsImportRepository } from './points-import.repository';
import { PointsImportService } from './points-import.service';
import { WaitingPointsHandler } from './waiting-points.handler';

@Module({
  imports: [EconomyModule],
  providers: [PointsImportRepository, PointsImportService, WaitingPointsHandler],
  exports: [PointsImportService],
})
export class PointsImportModule {}
