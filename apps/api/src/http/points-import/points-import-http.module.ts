import { Module } from '@nestjs/common';
import { PointsImportModule } from '@kickback/domain';
import { AdminPointsImportController } from './admin-points-import.controller';

/** The admin's points import from other loyalty tools. */
@Module({
  imports: [PointsImportModule],
  controllers: [AdminPointsImportController],
})
export class PointsImportHttpModule {}
